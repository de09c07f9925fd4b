// npm run bench reports: SpiritsPeriodSummary over a year on a million-row excise ledger (issue 15,
// "Speed": p95 under 300 ms on PostgreSQL).
//   - builds the ledger with tests/bench/excise.ts buildLedger: 1,000,000 rows over three years
//     (2023-01-02 onwards), 500 tanks, ten spirits, all through post();
//   - times `report(name: "SpiritsPeriodSummary")` through Fastify + GraphQL (app.inject) for the
//     calendar year 2024 (whole months from excise_category_months), for a year starting
//     mid-month (the days of its partial first and last months from the rows), and for 2024 at
//     one site (the same month totals, narrowed to the site), each three ways: the first read
//     (the partial months' cache emptied before each request), after one back-dated row posted
//     into the range and read again (nothing changed); p50/p95;
//   - checks the answer: the closing LAA of every spirit equals the ledger's sum to the range's end.
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { membershipTable } from '../../src/generated/tables';
import { entityByName } from '../../src/generated/entities';
import { createRecord } from '../../src/server/domain/records/write';
import { post } from '../../src/server/domain/excise/ledger';
import { lockVessels } from '../../src/server/domain/excise/vessels';
import { laaOf } from '../../src/server/domain/excise/quantities';
import { forgetMonthSums } from '../../src/server/domain/reports/inventory/monthSums';
import { startApi, type Backend } from '../api/harness';
import { buildLedger } from './excise';

const REQUESTS = 100;
const FIRST_READS = 20;
const QUERY = `query($p: ReportParameters) { report(name: "SpiritsPeriodSummary", parameters: $p) { rows totals } }`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function runReportsBench(
  backend: Backend,
  rows: number,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  const api = await startApi(backend);
  try {
    const { db } = api.database;
    const built = await buildLedger(api, rows, { log });
    const { member, posted, buildSeconds } = built;
    // the bench member may run reports (spec 6: `reports` besides inventory or production)
    const [m] = await db.select().from(membershipTable).where(eq(membershipTable.user, member.userId));
    await db
      .update(membershipTable)
      .set({ permissions: [...m.permissions, 'reports'] })
      .where(eq(membershipTable.id, m.id));
    const [site] = rowsOf<{ id: string }>(
      await db.execute(
        sql`SELECT id::text AS id FROM sites WHERE company_id = ${member.companyId} ORDER BY id LIMIT 1`,
      ),
    );
    const token = await api.token(member.userId); // a test token lives 10 minutes: the build took longer
    const lines = [`reports on ${backend}: ${posted} excise ledger rows (built in ${buildSeconds.toFixed(0)} s)`];
    const { ctx } = built;
    const [spirit] = rowsOf<{ id: string }>(
      await db.execute(
        sql`SELECT id::text AS id FROM spirits WHERE company_id = ${member.companyId} ORDER BY id LIMIT 1`,
      ),
    );
    // a tank of its own for the back-dated rows: 1 L at 60 % each, always the same spirit and lot
    const tank = (
      await createRecord(ctx, entityByName.tank, { name: 'Report bench', capacity: 1_000_000, site: site.id })
    ).id;
    /** one row back-dated into the range: its month's sums change, the others stay */
    const oneRow = (date: string) =>
      db.transaction(async (tx) => {
        const locked = await lockVessels(tx, ctx.actor, [{ id: tank, field: 'vesselId' }]);
        const [{ id: refId }] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT nextval('object_ids')::text AS id`));
        await post({ ...ctx, db: tx }, { refType: 'Bench', refId }, [
          {
            date,
            excise: 'SpiritsAdditionProduced',
            alcoholType: 'Spirit',
            alcoholId: spirit.id,
            lot: 'R-1',
            vessel: locked.get(tank)!,
            volume: 1000,
            laa: laaOf(1000, 6000),
            kg: 0,
            value: 0,
            strength: 6000,
            description: 'ledger change',
          },
        ]);
      });
    const ask = async (p: Record<string, unknown>) => {
      const start = performance.now();
      const res = await api.gql<{ report: { rows: string[][]; totals: string[] } }>(
        member.companyId,
        QUERY,
        { p },
        token,
      );
      const took = performance.now() - start;
      if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
      return { took, report: res.body.data!.report };
    };
    const f = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}`;
    };
    const time = async (label: string, p: Record<string, unknown>, backdate: string) => {
      const first: number[] = [];
      const changed: number[] = [];
      const again: number[] = [];
      for (let i = 0; i < FIRST_READS + 2; i++) {
        forgetMonthSums();
        const { took } = await ask(p);
        if (i >= 2) first.push(took);
      }
      for (let i = 0; i < FIRST_READS + 2; i++) {
        await oneRow(backdate);
        const { took } = await ask(p);
        if (i >= 2) changed.push(took);
      }
      let last: { rows: string[][]; totals: string[] } | null = null;
      for (let i = 0; i < REQUESTS + 5; i++) {
        const { took, report } = await ask(p);
        last = report;
        if (i >= 5) again.push(took); // the first requests warm caches and the JIT
      }
      const [count] = rowsOf<{ n: number; laa: string }>(
        await db.execute(sql`
          SELECT count(*) FILTER (WHERE date BETWEEN ${p.from as string} AND ${p.to as string})::int AS n,
                 sum(laa)::text AS laa
          FROM excise_transactions WHERE company_id = ${member.companyId} AND alcohol_type = 'Spirit'
            AND date <= ${p.to as string} ${p.siteId ? sql`AND site_id = ${p.siteId as string}` : sql``}`),
      );
      // the closing LAA total (the last column) is the ledger's LAA to the range's end
      const closing = last!.totals[last!.totals.length - 1];
      if (Number(closing).toFixed(3) !== Number(count.laa).toFixed(3))
        throw new Error(`${label}: closing ${closing} LAA, the ledger holds ${count.laa}`);
      const line = `  SpiritsPeriodSummary, ${label} (${count.n} rows in the range, ${last!.rows.length} spirits) through GraphQL: first read (nothing cached) ${f(first)}; after a row back-dated into ${backdate.slice(0, 7)} ${f(changed)}; read again ${f(again)}`;
      log(line);
      lines.push(line);
    };
    await time('year 2024', { from: '2024-01-01', to: '2024-12-31' }, '2024-06-15');
    await time('2024-03-15 to 2025-03-14', { from: '2024-03-15', to: '2025-03-14' }, '2024-09-15');
    await time('year 2024 at one site', { from: '2024-01-01', to: '2024-12-31', siteId: site.id }, '2024-10-15');
    return lines;
  } finally {
    await api.close();
  }
}
