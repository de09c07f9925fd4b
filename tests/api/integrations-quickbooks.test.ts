// QuickBooks Online against its local stand-in (tests/standins/quickbooks.ts): connect through
// the OAuth callback, push issued invoices through the sync, and every failure the issue names:
// an expired token refreshed, a 429 waited out, a 500 retried by the job queue, a 400 fault
// logged with Intuit's words and lighting the Apps alert, the same work run twice making one
// QuickBooks invoice; tenancy and the config.write permission. Expected amounts are the lines'
// quantity x unit price worked by hand (2 x 34.50 = 69.00; 3 x 12.25 = 36.75).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, type TestApi } from './harness';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  accountingMember,
  quickBooksCalls,
  quickBooksCompany,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { pushQueued } from '../../src/server/domain/integrations/sync';
import { PUSH_JOB } from '../../src/server/domain/integrations/queue';
import { withPushJobQueue } from './support/jobs';

const INTEGRATION = `{ app addOn provider enabled status lastSyncAt connectedAt failures { entityType entityId attempts error at } }`;

describe.each(backends)('QuickBooks Online integration on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';
  let invoiceSeq = 0;

  const { call, ok, connectThroughConsent: connect, sync, syncLogOf } = quickBooksCalls(() => api);
  const integration = async (member: Member) =>
    ok(await call<{ integrations: Record<string, unknown>[] }>(member, `{ integrations ${INTEGRATION} }`))
      .integrations[0];
  const alerts = async (member: Member) =>
    ok(await call<{ addOnsWithAlerts: string[] }>(member, `{ addOnsWithAlerts }`)).addOnsWithAlerts;
  const issueInvoice = async (lines = [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }]) => {
    invoiceSeq += 1;
    const r = await call<{ invoiceCreate: { id: string; number: string } }>(
      co,
      `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number } }`,
      { input: { number: `QB-${invoiceSeq}`, customer, date: '2026-11-02', status: 'Sent', lines } },
    );
    return ok(r).invoiceCreate;
  };
  const logOf = (invoiceId: string) =>
    syncLogOf(co, 'invoice', invoiceId, ['status', 'attempts', 'last_error'] as const);
  const linkOf = async (invoiceId: string) =>
    rowsOf<{ external_id: string }>(
      await api.database.db.execute(sql`SELECT external_id FROM integration_links
        WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoiceId}`),
    )[0]?.external_id;
  const qboInvoicesNumbered = (number: string) => qbo.records.Invoice.filter((i) => i.DocNumber === number);

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      connect: false,
      customer: { name: "Bar l'Alambic" },
    }));
  });
  afterAll(() => rig?.close());

  it('shows accounting not connected, with the alert lit, before connecting', async () => {
    expect(await integration(co)).toMatchObject({
      app: 'quickbooks',
      addOn: 'accounting',
      provider: 'QuickBooks Online',
      enabled: true,
      status: 'enabled',
      lastSyncAt: null,
      failures: [],
    });
    expect(await alerts(co)).toEqual(['accounting']);
  });

  it('connects through the callback with a code, keeping the tokens sealed', async () => {
    const { url, callbackPath, callback } = await connect(co);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${qbo.url}/connect/oauth2`);
    expect(authorize.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:0/api/integrations/quickbooks/callback');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/apps?connected=quickbooks');
    expect(qbo.tokenGrants).toEqual(['authorization_code']);

    const view = await integration(co);
    expect(view).toMatchObject({ status: 'connected', failures: [] });
    expect(view.connectedAt).toEqual(expect.any(String));
    expect(await alerts(co)).toEqual([]);
    const [company] = await api.database.db.select().from(companyTable).where(eq(companyTable.id, co.companyId));
    expect(company.connectedToAccounting).toBe(true);

    // sealed at rest: the row holds neither token in clear
    const [row] = rowsOf<{ secrets: string; external_company_id: string; pending_state: string | null }>(
      await api.database.db.execute(sql`SELECT secrets, external_company_id, pending_state FROM integration_connections
        WHERE company_id = ${co.companyId}`),
    );
    expect(row.external_company_id).toBe(qbo.realmId);
    expect(row.pending_state).toBeNull();
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toMatch(/access|refresh/i);

    // the same callback again (a reload) stores nothing: the state was used
    const again = await api.app.inject({ method: 'GET', url: callbackPath });
    expect(again.headers.location).toBe('/apps?failed=quickbooks&reason=expired');
    // a forged state is refused before any exchange
    const forged = await api.app.inject({
      method: 'GET',
      url: '/api/integrations/quickbooks/callback?code=x&realmId=1&state=e30.bad',
    });
    expect(forged.headers.location).toBe('/apps?failed=quickbooks&reason=expired');
    expect(qbo.tokenGrants).toEqual(['authorization_code']);
  });

  it('pushes an issued invoice once, with its customer, and stores the QuickBooks id', async () => {
    const invoice = await issueInvoice([
      { description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 },
      { description: 'Vodka 375 mL', quantity: 3, unitPrice: 12.25 },
    ]);
    expect(await sync(co)).toBe(1);
    await pushAllQueued(api.database.db);
    const [pushed] = qboInvoicesNumbered(invoice.number);
    expect(pushed).toMatchObject({
      DocNumber: invoice.number,
      TxnDate: '2026-11-02',
      TotalAmt: 105.75,
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 69,
          Description: 'Gin 750 mL',
          SalesItemLineDetail: { Qty: 2, UnitPrice: 34.5 },
        },
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 36.75,
          Description: 'Vodka 375 mL',
          SalesItemLineDetail: { Qty: 3, UnitPrice: 12.25 },
        },
      ],
    });
    expect(qbo.records.Customer.map((c) => c.DisplayName)).toEqual(["Bar l'Alambic"]);
    expect((pushed.CustomerRef as { value: string }).value).toBe(qbo.records.Customer[0].Id);
    expect(await linkOf(invoice.id)).toBe(pushed.Id);
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', attempts: 1, last_error: null });
    expect((await integration(co)).lastSyncAt).toEqual(expect.any(String));

    // the same work again: nothing queued, nothing created
    expect(await sync(co)).toBe(0);
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
  });

  it('queues an invoice when it is saved as issued, in its own transaction, and not a draft', async () => {
    invoiceSeq += 1;
    const draft = ok(
      await call<{ invoiceCreate: { id: string; number: string } }>(
        co,
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number } }`,
        {
          input: {
            number: `QB-${invoiceSeq}`,
            customer,
            date: '2026-11-03',
            status: 'Draft',
            lines: [{ description: 'Rye 750 mL', quantity: 1, unitPrice: 52 }],
          },
        },
      ),
    ).invoiceCreate;
    expect(await logOf(draft.id)).toBeUndefined();
    ok(
      await call(co, `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id } }`, {
        id: draft.id,
        input: { status: 'Sent' },
      }),
    );
    // no Sync pressed: saving it issued queued it
    expect(await logOf(draft.id)).toEqual({ status: 'queued', attempts: 0, last_error: null });
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(draft.number)).toHaveLength(1);
    expect(qboInvoicesNumbered(draft.number)[0].TotalAmt).toBe(52);
    // a refused save queues nothing: the queue row is in the invoice's transaction
    invoiceSeq += 1;
    const refused = await call(co, `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`, {
      input: {
        number: draft.number,
        customer,
        date: '2026-11-03',
        status: 'Sent',
        lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
      },
    });
    expect(refused.body.errors?.[0].extensions.code).toMatch(/VALIDATION_ERROR|CONFLICT/);
    const [{ count }] = rowsOf<{ count: number }>(
      await api.database.db.execute(sql`SELECT count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND status = 'queued'`),
    );
    expect(count).toBe(0);
  });

  it('an invoice saved as issued is pushed by the job on its own, woken from the save', async () => {
    // as startJobs does: the save's hook asks this queue for a run
    await withPushJobQueue(api, async () => {
      const invoice = await issueInvoice([{ description: 'Gin 375 mL', quantity: 4, unitPrice: 19.75 }]);
      await vi.waitFor(async () => expect(await logOf(invoice.id)).toMatchObject({ status: 'succeeded' }), {
        timeout: 60_000,
        interval: 250,
      });
      // 4 x 19.75 = 79.00
      expect(qboInvoicesNumbered(invoice.number).map((i) => i.TotalAmt)).toEqual([79]);
    });
  }, 90_000);

  it('a job retried after QuickBooks created the invoice but the link was lost makes no second invoice', async () => {
    const invoice = await issueInvoice();
    expect(await sync(co)).toBe(1);
    await pushAllQueued(api.database.db);
    const first = await linkOf(invoice.id);
    const posts = () => qbo.requests.filter((r) => r.entity === 'invoice' && r.method === 'POST');
    const created = posts().at(-1)!;
    // as if the job died between QuickBooks' answer and saving the link
    await api.database.db.execute(sql`DELETE FROM integration_links WHERE company_id = ${co.companyId}
      AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await api.database.db
      .execute(sql`UPDATE integration_sync_log SET status = 'queued' WHERE company_id = ${co.companyId}
      AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    const before = posts().length;
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
    expect(await linkOf(invoice.id)).toBe(first);
    // the create sent again with its requestid (QuickBooks answers the invoice it made), then,
    // as the create was sent before, an update so QuickBooks has the invoice as it is now
    const retried = posts().slice(before);
    expect(retried[0].requestId).toBe(created.requestId);
    expect(retried).toHaveLength(2);
    expect(retried[1].requestId).not.toBe(created.requestId);
  });

  it('refreshes an expired access token and tries once more', async () => {
    const invoice = await issueInvoice();
    await sync(co);
    qbo.expireAccessTokens();
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
    expect(qbo.tokenGrants.at(-1)).toBe('refresh_token');
    expect(qbo.requests.filter((r) => r.status === 401)).toHaveLength(1);
    expect(await logOf(invoice.id)).toMatchObject({ status: 'succeeded' });
    // the new tokens were kept: the next push needs no refresh
    const grants = qbo.tokenGrants.length;
    const next = await issueInvoice();
    await sync(co);
    await pushAllQueued(api.database.db);
    expect(await linkOf(next.id)).toEqual(expect.any(String));
    expect(qbo.tokenGrants).toHaveLength(grants);
  });

  it('waits out a 429 for Retry-After, then succeeds', async () => {
    const invoice = await issueInvoice();
    await sync(co);
    qbo.inject({ kind: '429', retryAfter: 1 });
    const started = Date.now();
    await pushAllQueued(api.database.db);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(qbo.requests.filter((r) => r.status === 429)).toHaveLength(1);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
    expect(await logOf(invoice.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a 500 fails the job run, which the queue retries until QuickBooks answers', async () => {
    // issued while connected, the invoice is queued by itself (Sync now would also queue a
    // chart of accounts read, which the injected failure would hit first)
    const invoice = await issueInvoice();
    qbo.inject({ kind: '500' });
    // the push itself gives up this run with the attempt logged
    await expect(pushAllQueued(api.database.db)).rejects.toThrow(/QuickBooks Online failed \(500\)/);
    expect(await logOf(invoice.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(0);

    // through pg-boss: the job fails on another 500 and its retry pushes
    qbo.inject({ kind: '500' });
    await withPushJobQueue(api, async (queue) => {
      const jobId = await queue.boss.send(PUSH_JOB, { companyId: co.companyId, app: 'quickbooks' });
      await vi.waitFor(async () => expect(await logOf(invoice.id)).toMatchObject({ status: 'succeeded' }), {
        timeout: 60_000,
        interval: 250,
      });
      const job = await queue.boss.getJobById(PUSH_JOB, jobId!);
      expect(job?.retryCount).toBeGreaterThanOrEqual(1);
    });
    expect(qbo.requests.filter((r) => r.status === 500)).toHaveLength(2);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
    expect(await logOf(invoice.id)).toMatchObject({ attempts: 3, last_error: null });
  }, 90_000);

  it('logs a 400 fault as failed with Intuit’s message, lights the alert, and a later sync sends it again', async () => {
    // issued while connected, the invoice is queued by itself (Sync now would also queue a
    // chart of accounts read, which the injected failure would hit first)
    const invoice = await issueInvoice();
    qbo.inject({ kind: '400', detail: 'Business Validation Error: Select a customer that is not a sub-customer.' });
    await pushAllQueued(api.database.db);
    const message =
      'QuickBooks Online refused it: Business Validation Error: Business Validation Error: Select a customer that is not a sub-customer.';
    expect(await logOf(invoice.id)).toEqual({ status: 'failed', attempts: 1, last_error: message });
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(0);
    const view = await integration(co);
    expect(view.failures).toEqual([
      { entityType: 'invoice', entityId: invoice.id, attempts: 1, error: message, at: expect.any(String) },
    ]);
    expect(await alerts(co)).toEqual(['accounting']);
    // not retried by the job by itself
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(0);

    // corrected over there, Sync sends it again and the alert goes out
    expect(await sync(co)).toBe(1);
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);
    expect((await integration(co)).failures).toEqual([]);
    expect(await alerts(co)).toEqual([]);
  });

  const invoiceWith = async (input: Record<string, unknown>) => {
    invoiceSeq += 1;
    const r = await call<{ invoiceCreate: { id: string; number: string; total: number } }>(
      co,
      `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number total } }`,
      { input: { number: `QB-${invoiceSeq}`, customer, date: '2026-11-02', status: 'Sent', ...input } },
    );
    return ok(r).invoiceCreate;
  };
  const pay = async (invoiceId: string, amountPaid: number) =>
    ok(
      await call(co, `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id } }`, {
        id: invoiceId,
        input: { amountPaid },
      }),
    );
  const paymentsOf = (qboInvoiceId: string) =>
    qbo.records.Payment.filter(
      (p) => (p.Line as { LinkedTxn: { TxnId: string }[] }[])[0].LinkedTxn[0].TxnId === qboInvoiceId,
    );
  /** today where the company is (its default zone), the day a payment recorded now was made */
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

  it('sends an invoice with its tax and shipping, so a full payment leaves nothing owing in QuickBooks', async () => {
    const hst = ok(
      await call<{ taxCreate: { id: string } }>(
        co,
        `mutation { taxCreate(input: { name: "HST ON", rate: 13 }) { id } }`,
      ),
    ).taxCreate.id;
    // by hand: lines 2 x 34.50 = 69.00 and 3 x 12.25 = 36.75, subtotal 105.75; shipping 15.00;
    // HST 13 % of (105.75 + 15.00) = 15.6975, 15.70; total 105.75 + 15.00 + 15.70 = 136.45
    const invoice = await invoiceWith({
      shippingCharge: 15,
      lines: [
        { description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5, tax: hst },
        { description: 'Vodka 375 mL', quantity: 3, unitPrice: 12.25, tax: hst },
      ],
    });
    expect(invoice.total).toBe(136.45);
    await pushAllQueued(api.database.db);
    const [pushed] = qboInvoicesNumbered(invoice.number);
    expect(pushed).toMatchObject({
      TotalAmt: 136.45,
      Balance: 136.45,
      GlobalTaxCalculation: 'TaxExcluded',
      TxnTaxDetail: { TotalTax: 15.7 },
    });
    expect((pushed.Line as unknown[]).at(-1)).toEqual({
      DetailType: 'SalesItemLineDetail',
      Amount: 15,
      Description: 'Shipping',
      SalesItemLineDetail: { ItemRef: { value: 'SHIPPING_ITEM_ID' } },
    });

    // paid in full: one Payment of 136.45, dated the day it was paid, and nothing left owing
    await pay(invoice.id, 136.45);
    await pushAllQueued(api.database.db);
    expect(paymentsOf(pushed.Id)).toMatchObject([{ TotalAmt: 136.45, TxnDate: today() }]);
    expect(pushed.Balance).toBe(0);
  });

  it('sends a credit memo with its tax and restocking fee, its QuickBooks total ours to the cent', async () => {
    const hst = ok(
      await call<{ taxCreate: { id: string } }>(
        co,
        `mutation { taxCreate(input: { name: "HST ON returns", rate: 13 }) { id } }`,
      ),
    ).taxCreate.id;
    // by hand: 1 x 40.00 less a 5.00 restocking fee = 35.00; HST 13 % = 4.55; credit 39.55
    const credit = ok(
      await call<{ salesReturnCreate: { id: string; total: number } }>(
        co,
        `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id total } }`,
        {
          input: {
            number: 'RET-TAX-1',
            customer,
            date: '2026-11-06',
            status: 'Credited',
            restock: false,
            restockingFee: 5,
            lines: [{ description: 'Gin 750 mL', quantity: 1, unitPrice: 40, tax: hst }],
          },
        },
      ),
    ).salesReturnCreate;
    expect(credit.total).toBe(39.55);
    await pushAllQueued(api.database.db);
    const [memo] = qbo.records.CreditMemo.filter((m) => m.DocNumber === 'RET-TAX-1');
    expect(memo).toMatchObject({ TotalAmt: 39.55, TxnTaxDetail: { TotalTax: 4.55 } });
    expect((memo.Line as unknown[]).at(-1)).toEqual({
      DetailType: 'SalesItemLineDetail',
      Amount: -5,
      Description: 'Restocking fee',
      SalesItemLineDetail: { Qty: 1, UnitPrice: -5 },
    });
  });

  it('two push jobs at once send a payment once: the second sends only what the first did not', async () => {
    // 1 x 1000.00: room enough that QuickBooks would take both payments of a double send
    const invoice = await invoiceWith({ lines: [{ description: 'Cask share', quantity: 1, unitPrice: 1000 }] });
    await pushAllQueued(api.database.db);
    const [pushed] = qboInvoicesNumbered(invoice.number);
    await pay(invoice.id, 100);
    // the first job's Payment takes 1.5 s to be answered, and meanwhile 50.00 more is paid
    qbo.inject({ kind: 'delay', ms: 1500 });
    const first = pushQueued(api.database.db, co.companyId, 'quickbooks');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pay(invoice.id, 150);
    const second = pushQueued(api.database.db, co.companyId, 'quickbooks');
    await Promise.all([first, second]);
    await pushAllQueued(api.database.db);
    // 100.00 by the first, the 50.00 rise by the second: QuickBooks has 150.00, what was paid
    expect(paymentsOf(pushed.Id).map((p) => p.TotalAmt)).toEqual([100, 50]);
    expect(pushed.Balance).toBe(850);
  });

  it('a payment being sent holds no transaction open: another request answers meanwhile', async () => {
    const invoice = await invoiceWith({ lines: [{ description: 'Cask share', quantity: 1, unitPrice: 200 }] });
    await pushAllQueued(api.database.db);
    const [pushed] = qboInvoicesNumbered(invoice.number);
    await pay(invoice.id, 80);
    // QuickBooks takes 2 s to answer the Payment (as a throttled call would wait longer)
    qbo.inject({ kind: 'delay', ms: 2000 });
    const job = pushQueued(api.database.db, co.companyId, 'quickbooks');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const started = Date.now();
    const [{ count: inTransaction }] = rowsOf<{ count: number }>(
      await api.database.db.execute(
        backend === 'pglite'
          ? sql`SELECT 0 AS count`
          : sql`SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE datname = current_database() AND state = 'idle in transaction'`,
      ),
    );
    const waited = Date.now() - started;
    await job;
    // on PGlite a transaction left open would make this wait out the whole call
    expect(waited).toBeLessThan(1000);
    expect(inTransaction).toBe(0);
    expect(paymentsOf(pushed.Id).map((p) => p.TotalAmt)).toEqual([80]);

    // a job that holds the claim is left to send; one held 11 minutes was left by a job that died
    await pay(invoice.id, 120);
    const claimedAgo = (minutes: number) =>
      api.database.db.execute(sql`UPDATE integration_sync_log
        SET claimed_at = now() - make_interval(mins => ${minutes})
        WHERE company_id = ${co.companyId} AND entity_type = 'payment' AND entity_id = ${invoice.id}`);
    await claimedAgo(5);
    await pushQueued(api.database.db, co.companyId, 'quickbooks');
    expect(paymentsOf(pushed.Id).map((p) => p.TotalAmt)).toEqual([80]);
    await claimedAgo(11);
    await pushQueued(api.database.db, co.companyId, 'quickbooks');
    expect(paymentsOf(pushed.Id).map((p) => p.TotalAmt)).toEqual([80, 40]);
  });

  it('a payment whose invoice another job is sending stays queued, and goes once the invoice is there', async () => {
    // 2 x 30.00 = 60.00, paid in full when made
    const invoice = await invoiceWith({
      amountPaid: 60,
      lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 30 }],
    });
    const payLog = async () =>
      rowsOf<{ status: string }>(
        await api.database.db.execute(sql`SELECT status FROM integration_sync_log WHERE company_id = ${co.companyId}
          AND entity_type = 'payment' AND entity_id = ${invoice.id}`),
      )[0]?.status;
    // another job holds the invoice (claimed a minute ago) and has not sent it yet
    const holdInvoice = (held: boolean) =>
      api.database.db.execute(sql`UPDATE integration_sync_log
        SET claimed_at = ${held ? sql`now() - interval '1 minute'` : sql`NULL`},
          claim_token = ${held ? '00000000-0000-4000-8000-000000000001' : null}
        WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await holdInvoice(true);
    await pushQueued(api.database.db, co.companyId, 'quickbooks');
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(0);
    // not settled as sent: the payment waits, queued
    expect(await payLog()).toBe('queued');
    await holdInvoice(false);
    await pushQueued(api.database.db, co.companyId, 'quickbooks');
    const [pushed] = qboInvoicesNumbered(invoice.number);
    expect(paymentsOf(pushed.Id).map((p) => p.TotalAmt)).toEqual([60]);
    expect(pushed.Balance).toBe(0);
    expect(await payLog()).toBe('succeeded');
  });

  it('dates a payment the day it was paid: an invoice created paid on its date, a rise on the day recorded', async () => {
    // a till's day brought in already paid, days later: the Payment is the invoice's day
    const tillDay = await invoiceWith({
      date: '2026-10-05',
      amountPaid: 60,
      lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 30 }],
    });
    await pushAllQueued(api.database.db);
    const [tillInvoice] = qboInvoicesNumbered(tillDay.number);
    expect(paymentsOf(tillInvoice.Id)).toMatchObject([{ TotalAmt: 60, TxnDate: '2026-10-05' }]);

    // paid on 15 September, before it was ever queued (as before connecting): Sync now dates it
    // the day the audit log recorded the rise, not today
    const older = await invoiceWith({
      date: '2026-09-01',
      lines: [{ description: 'Vodka 375 mL', quantity: 4, unitPrice: 12.5 }],
    });
    await pushAllQueued(api.database.db);
    await pay(older.id, 50);
    await api.database.db.execute(sql`DELETE FROM integration_sync_log
      WHERE company_id = ${co.companyId} AND entity_type = 'payment' AND entity_id = ${older.id}`);
    await api.database.db.execute(sql`UPDATE audit_log SET at = '2026-09-15T16:00:00Z'
      WHERE company_id = ${co.companyId} AND entity_id = ${older.id} AND event = 'updated'`);
    await sync(co);
    await pushAllQueued(api.database.db);
    const [olderInvoice] = qboInvoicesNumbered(older.number);
    expect(paymentsOf(olderInvoice.Id)).toMatchObject([{ TotalAmt: 50, TxnDate: '2026-09-15' }]);
  });

  it('another company can neither see nor disconnect the connection', async () => {
    const other = await accountingMember(api);
    expect(await integration(other)).toMatchObject({
      status: 'enabled',
      connectedAt: null,
      lastSyncAt: null,
      failures: [],
    });
    const refused = await call(other, `mutation { integrationDisconnect(app: quickbooks) { status } }`);
    expect(refused.body.errors?.[0].extensions.code).toBe('CONFLICT');
    // the other company's user, with the first company's id, is not a member there
    const crossed = await api.gql(
      co.companyId,
      `mutation { integrationDisconnect(app: quickbooks) { status } }`,
      {},
      other.token,
    );
    expect(crossed.body.errors?.[0].extensions.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    expect((await integration(co)).status).toBe('connected');
  });

  it('refuses a member without config.write, and a company without the accounting add-on', async () => {
    const [user] = await api.database.db
      .insert(userTable)
      .values({ email: `reader-${randomBytes(4).toString('hex')}@example.test`, name: 'Reader' })
      .returning({ id: userTable.id });
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: user.id, permissions: ['config.read', 'selling.read'] });
    const reader = { ...co, userId: user.id, token: await api.token(user.id) };
    for (const mutation of [
      'integrationConnect(app: quickbooks)',
      'integrationSync(app: quickbooks)',
      'integrationPause(app: quickbooks) { status }',
      'integrationDisconnect(app: quickbooks) { status }',
    ]) {
      const r = await call(reader, `mutation { ${mutation} }`);
      expect(r.body.errors?.[0].extensions.code, mutation).toBe('FORBIDDEN');
    }
    // a member without config sees the status but not the failed records
    const seller = await api.database.db
      .insert(userTable)
      .values({ email: `seller-${randomBytes(4).toString('hex')}@example.test`, name: 'Seller' })
      .returning({ id: userTable.id });
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: seller[0].id, permissions: ['selling.read'] });
    expect(await integration({ ...co, token: await api.token(seller[0].id) })).toMatchObject({
      status: 'connected',
      failures: [],
    });

    const plain = await makeMember(api, EVERYTHING);
    const off = await call(plain, `mutation { integrationConnect(app: quickbooks) }`);
    expect(off.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(off.body.errors?.[0].message).toMatch(/allowAccounting/);
  });

  it('pauses (nothing is sent), resumes, and disconnects', async () => {
    expect(
      ok(
        await call<{ integrationPause: { status: string } }>(
          co,
          `mutation { integrationPause(app: quickbooks) { status } }`,
        ),
      ).integrationPause.status,
    ).toBe('paused');
    const invoice = await issueInvoice();
    const paused = await call(co, `mutation { integrationSync(app: quickbooks) }`);
    expect(paused.body.errors?.[0].message).toBe('QuickBooks Online is not connected (or is paused)');
    expect(
      ok(
        await call<{ integrationResume: { status: string } }>(
          co,
          `mutation { integrationResume(app: quickbooks) { status } }`,
        ),
      ).integrationResume.status,
    ).toBe('connected');
    await sync(co);
    expect(
      ok(
        await call<{ integrationPause: { status: string } }>(
          co,
          `mutation { integrationPause(app: quickbooks) { status } }`,
        ),
      ).integrationPause.status,
    ).toBe('paused');
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(0);
    await call(co, `mutation { integrationResume(app: quickbooks) { status } }`);
    await pushAllQueued(api.database.db);
    expect(qboInvoicesNumbered(invoice.number)).toHaveLength(1);

    // the company's plan as QuickBooks names it (CompanyInfo's OfferingSku), read with the chart
    const planOf = async () =>
      ok(
        await call<{ companies: { id: string; qboPlan: string | null }[] }>(co, `{ companies { id qboPlan } }`),
      ).companies.find((c) => String(c.id) === co.companyId)?.qboPlan;
    expect(await planOf()).toBe('QuickBooks Online Plus');

    const gone = ok(
      await call<{ integrationDisconnect: Record<string, unknown> }>(
        co,
        `mutation { integrationDisconnect(app: quickbooks) ${INTEGRATION} }`,
      ),
    ).integrationDisconnect;
    expect(gone).toMatchObject({ status: 'enabled', connectedAt: null });
    const [row] = rowsOf<{ secrets: string | null }>(
      await api.database.db.execute(
        sql`SELECT secrets FROM integration_connections WHERE company_id = ${co.companyId}`,
      ),
    );
    expect(row.secrets).toBeNull();
    const [company] = await api.database.db.select().from(companyTable).where(eq(companyTable.id, co.companyId));
    expect(company.connectedToAccounting).toBe(false);
    expect(await planOf()).toBeNull();
    expect(await alerts(co)).toEqual(['accounting']);
    const twice = await call(co, `mutation { integrationDisconnect(app: quickbooks) { status } }`);
    expect(twice.body.errors?.[0].message).toBe('QuickBooks Online is not connected');
  });

  it('refuses to connect without INTEGRATIONS_KEY, saying so', async () => {
    const key = process.env.INTEGRATIONS_KEY;
    delete process.env.INTEGRATIONS_KEY;
    try {
      const r = await call(co, `mutation { integrationConnect(app: quickbooks) }`);
      expect(r.body.errors?.[0]).toMatchObject({
        message: 'Integrations are not set up on this server: INTEGRATIONS_KEY (32 bytes, base64) is missing',
        extensions: { code: 'VALIDATION_ERROR' },
      });
    } finally {
      process.env.INTEGRATIONS_KEY = key;
    }
  });
});
