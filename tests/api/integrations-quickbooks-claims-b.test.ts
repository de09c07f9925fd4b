// QuickBooks Online: one job at a time sends a record (accounting/claim.ts). A customer changed
// after it was sent is sent under its own claim, so two jobs running at once send its change
// once; a document's push renews its claim before each send, so a push whose claim another job
// took over (left as by a dead job) sends nothing more. Against the local stand-in
// (tests/standins/quickbooks.ts), whose 'delay' switch answers a request late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends } from './harness';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('QuickBooks Online: claims, on %s', (backend) => {
  let rig: QuickBooksRig;
  let co: Member;
  let seq = 0;
  const qb = quickBooksCalls(() => rig.api);
  const { push } = qb;
  const db = () => rig.api.database.db;

  const newCustomer = (name: string) => qb.newCustomer(co, { name });
  const issue = (customer: string) => qb.issueInvoice(co, { number: `CL-${(seq += 1)}`, customer });
  const logOf = (entityType: string, id: string) => qb.syncLogOf(co, entityType, id, ['status', 'claim_token']);

  beforeAll(async () => {
    ({ rig, co } = await quickBooksCompany(backend));
  });
  afterAll(() => rig?.close());

  it('a customer renamed after it was sent is sent once when two jobs run at once', async () => {
    const customer = await newCustomer('Cave Saint-Roch');
    await issue(customer);
    await push(co);
    const [made] = rig.qbo.records.Customer.filter((c) => c.DisplayName === 'Cave Saint-Roch');
    expect(made).toBeDefined();
    await qb.updateCustomer(co, customer, { name: 'Cave Saint-Roch inc.' });
    expect(await logOf('customer', customer)).toMatchObject({ status: 'queued' });
    // the first job's first call is answered late: the second job runs while it waits
    rig.qbo.inject({ kind: 'delay', ms: 600 });
    await Promise.all([
      pushAllQueued(db(), { companyId: co.companyId }),
      pushAllQueued(db(), { companyId: co.companyId }),
    ]);
    const updates = rig.qbo.changes.filter((c) => c.entity === 'Customer' && String(c.body.Id) === made.Id);
    expect(updates).toHaveLength(1);
    expect(updates[0].body).toMatchObject({ DisplayName: 'Cave Saint-Roch inc.', sparse: true });
    expect(made).toMatchObject({ DisplayName: 'Cave Saint-Roch inc.', SyncToken: '1' });
    expect(await logOf('customer', customer)).toEqual({ status: 'succeeded', claim_token: null });
  });

  it('an invoice push whose claim another job took over sends nothing more', async () => {
    const customer = await newCustomer('Épicerie du Vieux-Port');
    const invoice = await issue(customer);
    // its customer's lookup is answered late; meanwhile another job takes the invoice over
    rig.qbo.inject({ kind: 'delay', ms: 1500 });
    const running = pushAllQueued(db(), { companyId: co.companyId });
    for (let i = 0; i < 100 && !(await logOf('invoice', invoice.id))?.claim_token; i++) await sleep(10);
    await db().execute(sql`UPDATE integration_sync_log SET claim_token = 'another-job', claimed_at = clock_timestamp()
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await running;
    // the job stopped before the invoice's create: the other job sends it
    expect(rig.qbo.records.Invoice.filter((i) => i.DocNumber === invoice.number)).toHaveLength(0);
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'queued', claim_token: 'another-job' });
    // that job gone too: its claim let go, the next run sends the invoice once
    await db().execute(sql`UPDATE integration_sync_log SET claim_token = NULL, claimed_at = NULL
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await push(co);
    expect(rig.qbo.records.Invoice.filter((i) => i.DocNumber === invoice.number)).toHaveLength(1);
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', claim_token: null });
  });
});
