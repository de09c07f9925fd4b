// Invariant of excise_category_months (migration 0022, issues 14 and 15): after any sequence of
// postings and reversals through the posting module, the table holds exactly what a GROUP BY
// over the ledger gives, per company, month, site, alcohol record, category, strength class and
// type: volume, litres, LAA, kg, value and the number of rows. The expected side is written here
// from the returns' banding rule (over 7 %, over 1.2 %, over 0.5 %, the rest; the stored
// strength, else LAA / volume), not from the posting module's expression. Steps post one to three
// rows (two spirits and a wine, strengths around the band limits, some without a strength so it
// is derived, dates over five months, some rows counted at another site or at none) or reverse
// an earlier posting. On PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { companyTable } from '../../src/generated/tables';
import { entityByName } from '../../src/generated/entities';
import { createRecord } from '../../src/server/domain/records/write';
import type { DomainContext } from '../../src/server/domain/records/actor';
import { featuresOf } from '../../src/server/domain/company/companies';
import { AppError } from '../../src/server/domain/kernel/errors';
import { post, reverse, vesselsOfRef, type Posting } from '../../src/server/domain/excise/ledger';
import { lockVessels } from '../../src/server/domain/excise/vessels';
import { laaOf } from '../../src/server/domain/excise/quantities';
import type { ExciseCategory } from '../../src/shared/excise/categories';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const SPIRIT_CATEGORIES: ExciseCategory[] = [
  'SpiritsAdditionProduced',
  'SpiritsAdditionImported',
  'SpiritsAdditionOther',
  'SpiritsAdjustment',
];
const WINE_CATEGORIES: ExciseCategory[] = ['WineAdditionProduced', 'WineAdditionOther'];
/** hundredths of a percent, on and around the band limits */
const STRENGTHS = [30, 50, 51, 120, 121, 500, 700, 701, 4000, 6000];
const DAYS = ['2026-01-01', '2026-01-31', '2026-02-01', '2026-02-28', '2026-03-15', '2026-04-30', '2026-05-01'];

interface Row {
  alcohol: number; // 0, 1 spirits, 2 the wine
  category: number;
  litres: number; // whole litres, 10 to 400
  strength: number;
  /** posted without a strength: the ledger derives it from LAA / volume */
  derived: boolean;
  day: number;
  /** where the row counts: its tank's site, the other site, or none */
  site: 'tank' | 'other' | 'none';
  value: number;
}
type Step = { kind: 'post'; rows: Row[] } | { kind: 'reverse'; which: number };

const rowArb: fc.Arbitrary<Row> = fc.record({
  alcohol: fc.integer({ min: 0, max: 2 }),
  category: fc.nat({ max: 9 }),
  litres: fc.integer({ min: 10, max: 400 }),
  strength: fc.constantFrom(...STRENGTHS),
  derived: fc.boolean(),
  day: fc.nat({ max: DAYS.length - 1 }),
  site: fc.constantFrom('tank' as const, 'tank' as const, 'other' as const, 'none' as const),
  value: fc.integer({ min: 0, max: 100_000 }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      rows: fc.array(rowArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), which: fc.nat() }) },
);

const TABLE = sql`
  SELECT to_char(month, 'YYYY-MM-DD') AS month, site_id::text AS site, alcohol_id::text AS alcohol, excise, class,
         alcohol_type AS type, volume::text AS volume, litres::text AS litres, laa::text AS laa, kg::text AS kg,
         value::text AS value, row_count AS n
  FROM excise_category_months`;
const EXPECTED = sql`
  SELECT to_char(date_trunc('month', t.date), 'YYYY-MM-DD') AS month, t.site_id::text AS site, t.alcohol_id::text AS alcohol,
         t.excise, x.class, t.alcohol_type AS type, sum(t.volume)::numeric(18, 3)::text AS volume,
         sum(t.litres)::numeric(18, 3)::text AS litres, sum(t.laa)::numeric(18, 3)::text AS laa,
         coalesce(sum(t.kg), 0)::numeric(18, 3)::text AS kg, coalesce(sum(t.value), 0)::numeric(18, 2)::text AS value,
         count(*)::int AS n
  FROM excise_transactions t,
       LATERAL (SELECT coalesce(t.strength, CASE WHEN t.volume <> 0 THEN abs(t.laa) * 100 / abs(t.volume) ELSE 0 END) AS s) st,
       LATERAL (SELECT CASE WHEN st.s > 7 THEN 'a' WHEN st.s > 1.2 THEN 'b' WHEN st.s > 0.5 THEN 'c' ELSE 'd' END AS class) x`;

for (const backend of backends)
  describe(`excise month totals by category equal the ledger's (${backend})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startApi(backend);
    });
    afterAll(() => api?.close());

    async function company() {
      const m = await makeMember(api, [...EVERYTHING, 'audit']);
      await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, m.companyId));
      const ctx: DomainContext = {
        db: api.database.db,
        actor: {
          userId: m.userId,
          companyId: m.companyId,
          permissions: [...EVERYTHING, 'audit'],
          features: await featuresOf(api.database.db, m.companyId),
        },
      };
      const make = async (entity: string, input: Record<string, unknown>) =>
        (await createRecord(ctx, entityByName[entity], input)).id;
      const site = await make('site', { name: 'Main', spiritsLicense: 'SL-1', wineLicense: 'WL-1' });
      const other = await make('site', { name: 'Annex', spiritsLicense: 'SL-2' });
      const alcohols = [
        await make('spirit', { name: 'Rye', class: 'Whisky', exciseCategory: 'Spirits' }),
        await make('spirit', { name: 'Gin', class: 'Gin', exciseCategory: 'Spirits' }),
        await make('wine', { name: 'Vidal' }),
      ];
      // one tank per alcohol, so rows of one never meet another in a vessel
      const tanks = [];
      for (let i = 0; i < alcohols.length; i++)
        tanks.push(await make('tank', { name: `T${i}`, capacity: 10_000_000, site }));
      return { ctx, other, alcohols, tanks };
    }

    const compare = async (ctx: DomainContext) => {
      const where = sql` WHERE company_id = ${ctx.actor.companyId}`;
      const order = sql` ORDER BY 1, 2, 3, 4, 5, 6`;
      const table = rowsOf(await ctx.db.execute(sql`${TABLE}${where}${order}`));
      const expected = rowsOf(
        await ctx.db.execute(
          sql`${EXPECTED} WHERE t.company_id = ${ctx.actor.companyId} GROUP BY 1, 2, 3, 4, 5, 6${order}`,
        ),
      );
      expect(table).toEqual(expected);
      return table.length;
    };

    it('after random postings and reversals, the table is the GROUP BY of the ledger', async () => {
      let nonEmpty = 0;
      let reversals = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 8 }), async (steps) => {
          const { ctx, other, alcohols, tanks } = await company();
          const refs: string[] = [];
          for (const step of steps) {
            try {
              await ctx.db.transaction(async (tx) => {
                const inTx = { ...ctx, db: tx };
                if (step.kind === 'reverse') {
                  if (!refs.length) return;
                  const refId = refs[step.which % refs.length];
                  const ids = await vesselsOfRef(tx, ctx.actor.companyId, refId);
                  if (!ids.length) return; // reversed already
                  const locked = await lockVessels(
                    tx,
                    ctx.actor,
                    ids.map((id) => ({ id, field: 'vesselId' })),
                  );
                  if ((await reverse(inTx, { refType: 'Test', refId }, locked)).length) reversals++;
                  return;
                }
                const locked = await lockVessels(
                  tx,
                  ctx.actor,
                  [...new Set(step.rows.map((r) => tanks[r.alcohol]))].map((id) => ({ id, field: 'vesselId' })),
                );
                const postings: Posting[] = step.rows.map((r) => {
                  const wine = r.alcohol === 2;
                  const categories = wine ? WINE_CATEGORIES : SPIRIT_CATEGORIES;
                  const volume = r.litres * 1000;
                  return {
                    date: DAYS[r.day],
                    excise: categories[r.category % categories.length],
                    alcoholType: wine ? 'Wine' : 'Spirit',
                    alcoholId: alcohols[r.alcohol],
                    lot: 'L1',
                    vessel: locked.get(tanks[r.alcohol])!,
                    ...(r.site === 'tank' ? {} : { siteId: r.site === 'other' ? other : null }),
                    volume,
                    laa: laaOf(volume, r.strength),
                    kg: volume,
                    value: r.value,
                    strength: r.derived ? undefined : r.strength,
                    description: 'property',
                  };
                });
                const [{ id: refId }] = rowsOf<{ id: string }>(
                  await tx.execute(sql`SELECT nextval('object_ids')::text AS id`),
                );
                await post(inTx, { refType: 'Test', refId }, postings);
                refs.push(refId);
              });
            } catch (e) {
              // a refused step (the ledger's own rules) writes nothing: still compared below
              if (!(e instanceof AppError)) throw e;
            }
            if ((await compare(ctx)) > 0) nonEmpty++;
          }
        }),
        { numRuns: 8 },
      );
      // the runs did post and reverse (a property over nothing proves nothing)
      expect(nonEmpty).toBeGreaterThan(10);
      expect(reversals).toBeGreaterThan(0);
    }, 600_000);

    it('a posting and its reversal net to zero in their month, and the rows stay counted', async () => {
      const { ctx, alcohols, tanks } = await company();
      const refId = await ctx.db.transaction(async (tx) => {
        const locked = await lockVessels(tx, ctx.actor, [{ id: tanks[0], field: 'vesselId' }]);
        const [{ id }] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT nextval('object_ids')::text AS id`));
        // 250 L at 40 % = 100 LAA on the 15th of March, worth $12.34
        await post({ ...ctx, db: tx }, { refType: 'Test', refId: id }, [
          {
            date: '2026-03-15',
            excise: 'SpiritsAdditionProduced',
            alcoholType: 'Spirit',
            alcoholId: alcohols[0],
            lot: 'L1',
            vessel: locked.get(tanks[0])!,
            volume: 250_000,
            laa: 100_000,
            kg: 0,
            value: 1234,
            strength: 4000,
            description: 'hand-worked',
          },
        ]);
        return id;
      });
      const read = async () =>
        rowsOf<{ month: string; laa: string; value: string; n: number; class: string }>(
          await ctx.db.execute(sql`${TABLE} WHERE company_id = ${ctx.actor.companyId}`),
        );
      expect(await read()).toMatchObject([{ month: '2026-03-01', laa: '100.000', value: '12.34', n: 1, class: 'a' }]);
      await ctx.db.transaction(async (tx) => {
        const locked = await lockVessels(tx, ctx.actor, [{ id: tanks[0], field: 'vesselId' }]);
        await reverse({ ...ctx, db: tx }, { refType: 'Test', refId }, locked);
      });
      expect(await read()).toMatchObject([{ month: '2026-03-01', laa: '0.000', value: '0.00', n: 2, class: 'a' }]);
    });
  });
