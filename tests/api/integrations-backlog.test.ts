// A backlog longer than one run's batch (the QuickBooks push sends 200 records a run) goes on at
// once, run after run, until nothing waits: it does not sit until the next schedule (every 15
// minutes) between batches. Here 205 invoices are issued while the connection is paused; Resume
// asks for one run, through pg-boss as the server runs it (no schedule), and all 205 reach the
// stand-in (tests/standins/quickbooks.ts), each once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { withPushJobQueue } from './support/jobs';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const INVOICES = 205;

describe.each(backends)('QuickBooks Online: a backlog longer than a run, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer: string;
  const qb = quickBooksCalls(() => api);

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, { customer: { name: 'Backlog Wines' } }));
  });
  afterAll(() => rig?.close());

  const waiting = async () =>
    rowsOf<{ status: string; count: number }>(
      await api.database.db.execute(sql`SELECT status, count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'quickbooks' AND entity_type = 'invoice' GROUP BY status`),
    );

  it('sends every invoice issued while paused after Resume, batch after batch, each once', async () => {
    const paused = qb.ok(
      await qb.call<{ integrationPause: { status: string } }>(
        co,
        `mutation { integrationPause(app: quickbooks) { status } }`,
      ),
    );
    expect(paused.integrationPause.status).toBe('paused');
    for (let i = 1; i <= INVOICES; i++) await qb.issueInvoice(co, { number: `BL-${i}`, customer });
    expect(await waiting()).toEqual([{ status: 'queued', count: INVOICES }]);

    await withPushJobQueue(api, async () => {
      const resumed = qb.ok(
        await qb.call<{ integrationResume: { status: string } }>(
          co,
          `mutation { integrationResume(app: quickbooks) { status } }`,
        ),
      );
      expect(resumed.integrationResume.status).toBe('connected');
      await vi.waitFor(async () => expect(await waiting()).toEqual([{ status: 'succeeded', count: INVOICES }]), {
        timeout: 120_000,
        interval: 500,
      });
    });
    const sent = (qbo.records.Invoice ?? []).filter((r) => String(r.DocNumber).startsWith('BL-'));
    expect(sent).toHaveLength(INVOICES);
    expect(new Set(sent.map((r) => r.DocNumber)).size).toBe(INVOICES);
  }, 300_000);
});
