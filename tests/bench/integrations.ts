// npm run bench integrations: how fast the accounting sync sends a backlog, on PostgreSQL, through
// the same push job the queue runs (pushAllQueued), against the QuickBooks Online stand-in on
// loopback (tests/standins/quickbooks.ts: no network latency, so this is our side's cost: the
// claims, the sync log, the links, the payload and the answer's bookkeeping):
//   1. INVOICES invoices (3 lines each, HST) issued through GraphQL over CUSTOMERS customers, each
//      queued by its own save; then the push job's runs send them all (200 a run, each run asking
//      for the next while a backlog is left, as the queue does): invoices per second, and the
//      calls made per invoice;
//   2. Sync now with nothing changed (everything linked, the hashes equal): how long the run
//      takes to find there is nothing to send, and that it sends nothing;
//   3. every invoice edited (a quantity changed): the runs send each as a sparse update (a read
//      for its SyncToken, then the update): updates per second.
// The run fails if QuickBooks does not hold exactly one invoice per invoice issued, at our total.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { accountingMember, quickBooksCalls, startQuickBooksApi } from '../api/support/quickbooks';
import type { Backend } from '../api/harness';

const INVOICES = Number(process.env.BENCH_INTEGRATIONS_INVOICES ?? 500);
const CUSTOMERS = 50;

/** The push job's runs until no backlog is left (the queue asks for each next run at once). */
async function runsUntilDone(db: Parameters<typeof pushAllQueued>[0], companyId: string): Promise<number> {
  let runs = 0;
  let backlog = true;
  while (backlog) {
    backlog = false;
    await pushAllQueued(db, { companyId }, async () => void (backlog = true));
    runs++;
  }
  return runs;
}

export async function runIntegrationsBench(backend: Backend, log: (line: string) => void = () => undefined) {
  const rig = await startQuickBooksApi(backend);
  try {
    const { api, qbo } = rig;
    const qb = quickBooksCalls(() => api);
    const co = await accountingMember(api);
    await qb.connectThroughConsent(co);
    await qb.push(co);
    const hst = qb.ok(
      await qb.call<{ taxCreate: { id: string } }>(
        co,
        `mutation { taxCreate(input: { name: "HST", code: "HST", rate: 13 }) { id } }`,
      ),
    ).taxCreate.id;
    const customers: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await qb.newCustomer(co, { name: `Bench customer ${i + 1}` }));
    const lines = (quantity: number) => [
      { description: 'Gin 750 mL', quantity, unitPrice: 34.5, tax: hst },
      { description: 'Vodka 750 mL', quantity: 1, unitPrice: 29.95, tax: hst },
      { description: 'Rye 750 mL', quantity: 3, unitPrice: 41.25, tax: hst },
    ];
    const issued: { id: string; number: string }[] = [];
    const made = performance.now();
    for (let i = 0; i < INVOICES; i++) {
      issued.push(
        await qb.issueInvoice(co, { number: `B-${i + 1}`, customer: customers[i % CUSTOMERS], lines: lines(2) }),
      );
      if ((i + 1) % 100 === 0) log(`  issued ${i + 1} of ${INVOICES}`);
    }
    const issuing = performance.now() - made;

    const requestsBefore = qbo.requests.length;
    const sent = performance.now();
    const runs = await runsUntilDone(api.database.db, co.companyId);
    const sending = performance.now() - sent;
    const calls = qbo.requests.length - requestsBefore;

    const invoicesThere = qbo.records.Invoice ?? [];
    const ours = rowsOf<{ number: string; total: string }>(
      await api.database.db.execute(
        sql`SELECT number, total::text FROM invoices WHERE company_id = ${co.companyId} AND number LIKE 'B-%'`,
      ),
    );
    const theirs = new Map(invoicesThere.map((r) => [String(r.DocNumber), Number(r.TotalAmt)]));
    const wrong = ours.filter((o) => theirs.get(o.number) !== Number(o.total));
    if (invoicesThere.filter((r) => String(r.DocNumber).startsWith('B-')).length !== INVOICES || wrong.length)
      throw new Error(`QuickBooks holds ${invoicesThere.length} invoices; ${wrong.length} differ from ours`);

    const idleStart = performance.now();
    const before = qbo.requests.length;
    await qb.sync(co);
    await pushAllQueued(api.database.db, { companyId: co.companyId });
    const idle = performance.now() - idleStart;
    const idleCalls = qbo.requests.length - before;

    for (const invoice of issued) await qb.updateInvoice(co, invoice.id, { lines: lines(3) });
    const updateBefore = qbo.requests.length;
    const updateStart = performance.now();
    const updateRuns = await runsUntilDone(api.database.db, co.companyId);
    const updating = performance.now() - updateStart;
    const updateCalls = qbo.requests.length - updateBefore;

    const perSecond = (n: number, ms: number) => ((n * 1000) / ms).toFixed(1);
    return [
      `integrations (${backend}): ${INVOICES} invoices issued through GraphQL (each queued in its save) in ${(issuing / 1000).toFixed(1)} s; ` +
        `${runs} push runs sent them (and their ${CUSTOMERS} customers) in ${(sending / 1000).toFixed(1)} s: ${perSecond(INVOICES, sending)} invoices/s, ` +
        `${(calls / INVOICES).toFixed(2)} calls per invoice; QuickBooks' totals equal ours`,
      `integrations (${backend}): Sync now with nothing changed: ${idle.toFixed(0)} ms for ${INVOICES} invoices, ${idleCalls} calls`,
      `integrations (${backend}): every invoice edited, ${updateRuns} runs sent ${INVOICES} sparse updates in ${(updating / 1000).toFixed(1)} s: ` +
        `${perSecond(INVOICES, updating)} updates/s, ${(updateCalls / INVOICES).toFixed(2)} calls per invoice`,
    ];
  } finally {
    await rig.close();
  }
}
