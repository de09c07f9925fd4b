// The filing vs posting race (issue 14, filing locks the period): filing holds the company row
// FOR UPDATE while it checks, stores and moves the period lock; the ledgers' filed-period check
// reads that row FOR SHARE, so a posting dated in the period either commits before the filing
// reads the ledger (and is on the return) or waits and is then refused naming the period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const FILE = `mutation($s: Date!, $e: Date!, $on: Date!) { exciseReturnsFile(periodStart: $s, periodEnd: $e, filedOn: $on) {
  form status lines { key quantity } } }`;
type Filed = { exciseReturnsFile: { form: string; lines: { key: string; quantity: number }[] }[] };

describe.each(backends)('filing and posting at once on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api.close());

  /** a company with one tank holding 1000 L at 50 % (500 LAA) from 2025-02-10 */
  const company = async () => {
    const co = await exciseCompany(api);
    const tank = await co.tank('R1');
    const init = await co.act('exciseInitial', {
      vesselId: tank,
      date: '2025-02-10',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      volume: 1000,
      strength: 50,
    });
    expect(init.errors).toBeUndefined();
    return { co, tank };
  };
  // 10 L at 50 % = 5 LAA destroyed on 2025-03-15, inside March
  const destroy = (co: Awaited<ReturnType<typeof company>>['co'], tank: string) =>
    co.act('exciseReduceInventory', {
      vesselId: tank,
      date: '2025-03-15',
      volume: 10,
      excise: 'SpiritsReductionDestroyed',
    });

  it('never leaves a posting in a filed period outside its return', async () => {
    const { co, tank } = await company();
    // February filed first so March is next in order (opening 500 LAA)
    expect((await co.call(FILE, { s: '2025-02-01', e: '2025-02-28', on: '2025-03-05' })).errors).toBeUndefined();
    const [filing, posting] = await Promise.all([
      co.call<Filed>(FILE, { s: '2025-03-01', e: '2025-03-31', on: '2025-04-05' }),
      destroy(co, tank),
    ]);
    expect(filing.errors).toBeUndefined();
    const march = filing.data!.exciseReturnsFile[0].lines;
    const closing = march.find((l) => l.key === 'closing')!.quantity;
    if (posting.errors) {
      // the posting waited for the filing: refused, and the return holds nothing of it
      expect(posting.errors[0].extensions.code).toBe('CONFLICT');
      expect(posting.errors[0].message).toMatch(/excise period to 2025-03-31 is filed/);
      expect(closing).toBe(500);
    } else {
      // the posting committed first: the filing read it (500 - 5 = 495 LAA)
      expect(march.find((l) => l.key === 'red.destroyed')!.quantity).toBe(5);
      expect(closing).toBe(495);
    }
    // either way the filed closing is what the ledger holds to the end of March
    const [ledger] = (
      (await api.database.db.execute(
        sql`SELECT sum(litres)::text AS laa FROM excise_transactions WHERE company_id = ${co.companyId} AND date <= '2025-03-31'`,
      )) as unknown as { rows: { laa: string }[] }
    ).rows;
    expect(Number(ledger.laa)).toBe(closing);
  });

  // a second connection holding the company row is needed to make a posting wait: PGlite has one
  // connection (its transactions run one after another), so this case runs on PostgreSQL only
  it.runIf(backend === 'postgres')('refuses a posting that waited on a filing once the period is filed', async () => {
    const { co, tank } = await company();
    let release!: () => void;
    let held!: () => void;
    const isHeld = new Promise<void>((r) => (held = r));
    // another transaction holds the company row, as a filing that has not finished does
    const blocker = api.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM companies WHERE id = ${co.companyId} FOR UPDATE`);
      held();
      await new Promise<void>((r) => (release = r));
    });
    await isHeld;
    const filing = co.call<Filed>(FILE, { s: '2025-03-01', e: '2025-03-31', on: '2025-04-05' });
    await new Promise((r) => setTimeout(r, 300));
    let posted = false;
    const posting = destroy(co, tank).finally(() => (posted = true));
    await new Promise((r) => setTimeout(r, 300));
    // the posting is waiting: it passed its vessel locks and stopped at the period check
    expect(posted).toBe(false);
    release();
    await blocker;
    const [f, p] = await Promise.all([filing, posting]);
    expect(f.errors).toBeUndefined();
    expect(p.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(p.errors?.[0].message).toMatch(/excise period to 2025-03-31 is filed: transactions dated 2025-03-15/);
    // the filed March: opening 500 LAA, nothing moved, closing 500 LAA
    expect(f.data!.exciseReturnsFile[0].lines.find((l) => l.key === 'closing')!.quantity).toBe(500);
    const rows = (
      (await api.database.db.execute(
        sql`SELECT count(*)::int AS n FROM excise_transactions WHERE company_id = ${co.companyId} AND date = '2025-03-15'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(rows[0].n).toBe(0);
  });
});
