// The QuickBooks Online push job keeps going, and stops, when it should (sync.ts pushQueued),
// against the local stand-in (tests/standins/quickbooks.ts):
// - two customers here with one name find the same QuickBooks customer (QuickBooks needs display
//   names unique): the second is refused on its record, with words saying what to do, and the
//   company's later records still go;
// - a fault of ours on one record (not the other system's answer) is logged on it, naming the
//   fault by an id in the server's log, and the records after it still go;
// - throttling is not the record's fault: a record throttled more runs than MAX_ATTEMPTS stays
//   queued, with no attempt counted, and goes once QuickBooks answers again;
// - Pause or Disconnect pressed while a run works through the queue: the run stops before the
//   next record, and what Disconnect cleared is not queued again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { MAX_ATTEMPTS } from '../../src/server/domain/integrations/sync';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

describe.each(backends)('QuickBooks Online: the push job keeps going and stops as it should, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;

  const qb = quickBooksCalls(() => api);
  const numbered = (number: string) => qbo.records.Invoice.filter((i) => i.DocNumber === number);
  const logOf = (id: string) => qb.syncLogOf(co, 'invoice', id, ['status', 'attempts', 'last_error'] as const);
  const failures = async () =>
    qb
      .ok(
        await qb.call<{
          integrations: { app: string; failures: { entityType: string; entityId: string; error: string }[] }[];
        }>(co, `{ integrations { app failures { entityType entityId error } } }`),
      )
      .integrations.find((i) => i.app === 'quickbooks')!.failures;

  beforeAll(async () => {
    ({ rig, api, qbo, co } = await quickBooksCompany(backend));
  });
  afterAll(() => rig?.close());

  it('a second customer of the same name is refused on its invoice, and the records after it still go', async () => {
    const first = await qb.newCustomer(co, { name: 'Jane Smith' });
    const second = await qb.newCustomer(co, { name: 'Jane Smith' });
    const one = await qb.issueInvoice(co, { number: 'RB-1', customer: first });
    const two = await qb.issueInvoice(co, { number: 'RB-2', customer: second });
    await qb.push(co);
    const words =
      'QuickBooks Online customer "Jane Smith" is already linked to another customer here: give one of them a different name';
    expect(await logOf(one.id)).toMatchObject({ status: 'succeeded' });
    expect(numbered('RB-1')).toHaveLength(1);
    expect(await logOf(two.id)).toMatchObject({ status: 'failed', last_error: words });
    expect(numbered('RB-2')).toHaveLength(0);
    expect(qbo.records.Customer.filter((c) => c.DisplayName === 'Jane Smith')).toHaveLength(1);
    // More info says what to do
    expect(await failures()).toContainEqual({ entityType: 'invoice', entityId: two.id, error: words });
    // the company's sync goes on: a newer record is sent
    const three = await qb.issueInvoice(co, { number: 'RB-3', customer: first });
    await qb.push(co);
    expect(await logOf(three.id)).toMatchObject({ status: 'succeeded' });
    expect(numbered('RB-3')).toHaveLength(1);
    expect(await qb.linkOf(co, 'customer', second)).toBeUndefined();
  });

  it('a fault of ours on one record logs it failed, naming the fault, and the records after it still go', async () => {
    const customer = await qb.newCustomer(co, { name: 'Faulty Bar' });
    const broken = await qb.issueInvoice(co, { number: 'RB-F1', customer });
    const fine = await qb.issueInvoice(co, { number: 'RB-F2', customer });
    // an amount past what exact cents can hold (calls.ts centsOf throws a plain Error)
    await api.database.db.execute(sql`UPDATE invoices_lines SET amount = 100000000000000
      WHERE company_id = ${co.companyId} AND parent_id = ${broken.id}`);
    await qb.push(co);
    expect(await logOf(broken.id)).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/^This record could not be sent: an internal error, logged as [0-9a-f-]{36}$/),
    });
    expect(numbered('RB-F1')).toHaveLength(0);
    expect(await logOf(fine.id)).toMatchObject({ status: 'succeeded' });
    expect(numbered('RB-F2')).toHaveLength(1);
  });

  it('a record throttled more runs than the attempt limit stays queued, and goes once QuickBooks answers', async () => {
    const customer = await qb.newCustomer(co, { name: 'Throttled Bar' });
    const invoice = await qb.issueInvoice(co, { number: 'RB-429', customer });
    // Retry-After past what the job waits: each run gives up at the first 429 and asks to run later
    const runs = MAX_ATTEMPTS + 2;
    for (let run = 0; run < runs; run++) {
      qbo.inject({ kind: '429', retryAfter: 120 });
      await expect(qb.push(co)).rejects.toThrow(/throttling/);
      expect(await logOf(invoice.id)).toMatchObject({ status: 'queued', attempts: 0 });
    }
    expect(numbered('RB-429')).toHaveLength(0);
    await qb.push(co);
    expect(await logOf(invoice.id)).toMatchObject({ status: 'succeeded', last_error: null });
    expect(numbered('RB-429')).toHaveLength(1);
  });

  /** Runs the push job, pressing `button` (a mutation on the QuickBooks card) as the run sends
   * its first invoice; answers the status the press left. */
  const pushPressing = async (button: 'integrationPause' | 'integrationDisconnect') => {
    let status = '';
    qbo.onRequest(async ({ method, entity }) => {
      if (method !== 'POST' || entity !== 'invoice' || status) return;
      const pressed = await qb.call<Record<string, { status: string }>>(
        co,
        `mutation { ${button}(app: quickbooks) { status } }`,
      );
      status = qb.ok(pressed)[button].status;
    });
    try {
      await qb.push(co);
    } finally {
      qbo.onRequest(null);
    }
    return status;
  };

  it('Pause pressed while a run sends stops the run before the next record', async () => {
    const customer = await qb.newCustomer(co, { name: 'Paused Bar' });
    // the customer goes first, so the run's next request after it is the first invoice's
    await qb.issueInvoice(co, { number: 'RB-P0', customer });
    await qb.push(co);
    const first = await qb.issueInvoice(co, { number: 'RB-P1', customer });
    const second = await qb.issueInvoice(co, { number: 'RB-P2', customer });
    expect(await pushPressing('integrationPause')).toBe('paused');
    // the invoice being sent as Pause was pressed is sent; the next one waits for Resume
    expect(numbered('RB-P1')).toHaveLength(1);
    expect(await logOf(first.id)).toMatchObject({ status: 'succeeded' });
    expect(numbered('RB-P2')).toHaveLength(0);
    expect(await logOf(second.id)).toMatchObject({ status: 'queued', attempts: 0 });
    qb.ok(await qb.call(co, `mutation { integrationResume(app: quickbooks) { status } }`));
    await qb.push(co);
    expect(numbered('RB-P2')).toHaveLength(1);
    expect(await logOf(second.id)).toMatchObject({ status: 'succeeded' });
  });

  it('Disconnect pressed while a run sends stops the run, and brings back none of the records it cleared', async () => {
    const customer = await qb.newCustomer(co, { name: 'Disconnected Bar' });
    await qb.issueInvoice(co, { number: 'RB-D0', customer });
    await qb.push(co);
    const first = await qb.issueInvoice(co, { number: 'RB-D1', customer });
    const second = await qb.issueInvoice(co, { number: 'RB-D2', customer });
    expect(await pushPressing('integrationDisconnect')).toBe('enabled');
    expect(numbered('RB-D2')).toHaveLength(0);
    // what Disconnect cleared stays cleared: no row is queued (or logged) again by the run
    expect(await logOf(first.id)).toBeUndefined();
    expect(await logOf(second.id)).toBeUndefined();
  });
});
