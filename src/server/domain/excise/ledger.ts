// The posting module: the only code that inserts into excise_transactions. Every movement of
// alcohol (vessel actions here; production, inventory and sales later) calls post() or
// reverse() inside its own transaction, with the vessels it touches already locked
// (vessels.ts lockVessels). Each call checks the ledger's invariants against the vessels'
// state, writes the rows, the vessels' new contents and the month totals, and audits.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { EXCISE_CATEGORIES, type AlcoholType, type ExciseCategory } from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import { formatScaled, litresText, parseScaled, strengthOf, type Centi, type Milli, MAX_MILLI } from './quantities';
import { lowestBalanceFrom } from './transactions';
import { isEmpty, saveVessel, vesselLabel, type Vessel } from './vessels';

/** One row to post. Quantities are signed: into the vessel positive, out of it negative. */
export interface Posting {
  date: string;
  excise: ExciseCategory;
  alcoholType: AlcoholType;
  alcoholId: string;
  alcoholName?: string | null;
  lot: string | null;
  /** the locked vessel the alcohol goes into or out of */
  vessel: Vessel;
  /** the site the row counts at, when not the vessel's (a vessel moving between sites) */
  siteId?: string | null;
  volume: Milli;
  laa: Milli;
  kg: Milli;
  /** cents */
  value: number;
  /** of what moved; laa / volume when not given */
  strength?: Centi | null;
  description: string;
  comments?: string | null;
  ageDate?: string | null;
}

/** The source of a set of rows: an action or a record, by kind and id. */
export interface Ref {
  refType: string;
  refId: string;
}

const noun = (t: AlcoholType) => (t === 'Spirit' ? 'spirit' : t === 'Wine' ? 'wine' : 'alcohol');

/** The invariants of one vessel for one row; changes the vessel in memory. */
function apply(v: Vessel, p: Posting, reversing: boolean): void {
  const refuse = (message: string) => {
    throw new AppError('CONFLICT', reversing ? `This cannot be undone: ${message}` : message, { vesselId: v.id });
  };
  const label = vesselLabel(v);
  if (!isEmpty(v) && (p.volume !== 0 || p.laa !== 0)) {
    if (v.alcoholId !== p.alcoholId)
      refuse(
        `${label} holds ${v.alcoholName ?? 'other alcohol'}; it cannot take ${p.alcoholName ?? `another ${noun(p.alcoholType)}`} as well. Empty it first, or record a blend to mix them.`,
      );
    if ((v.lot ?? '') !== (p.lot ?? ''))
      refuse(
        `${label} holds lot ${v.lot ?? '(none)'}; moving lot ${p.lot ?? '(none)'} into it would mix two lots. Reassign the lot first, or record a blend.`,
      );
  }
  const volume = v.volume + p.volume;
  const laa = v.laa + p.laa;
  if (volume < 0 || laa < 0)
    refuse(`${label} holds ${litresText(v.volume)}; the transaction takes ${litresText(-p.volume)} out of it`);
  if (reversing && volume > 0 && laa === 0 && v.laa > 0)
    refuse(
      `${label} would keep ${litresText(volume)} with no alcohol (water added since): reverse the later transactions first`,
    );
  if (volume === 0 && laa !== 0)
    refuse(`${label} would be empty with ${litresText(laa, 'LAA')} left: adjust its strength instead`);
  if (volume > MAX_MILLI) refuse(`${label} cannot hold more than ${litresText(MAX_MILLI)}`);
  if (v.capacity && p.volume > 0 && volume > v.capacity && !reversing)
    refuse(
      `${label} holds ${litresText(v.volume)} of ${litresText(v.capacity)}; ${litresText(p.volume)} more would overflow it`,
    );
  if (isEmpty(v) && volume !== 0) {
    v.alcoholType = p.alcoholType;
    v.alcoholId = p.alcoholId;
    v.alcoholName = p.alcoholName ?? null;
    v.lot = p.lot;
    v.ageDate = p.ageDate ?? null;
  }
  if (p.ageDate !== undefined && volume !== 0) v.ageDate = p.ageDate;
  v.volume = volume;
  v.laa = laa;
  v.kg = volume === 0 ? 0 : v.kg + p.kg;
  v.value = volume === 0 ? 0 : v.value + p.value;
  if (volume === 0) {
    v.alcoholType = v.alcoholId = v.alcoholName = v.lot = v.ageDate = null;
  }
}

/** The company's last filed excise period: nothing may be posted or reversed inside it. The
 * company row is read FOR SHARE: postings do not wait for each other, but one waits for a filing
 * in progress (which holds the row FOR UPDATE) and then reads the period that filing set, and a
 * filing waits for the postings already past this check, so none can commit into a filed period. */
async function assertPeriodOpen(db: Db, companyId: string, dates: string[]) {
  const [row] = rowsOf<{ end: string | null }>(
    await db.execute(
      sql`SELECT to_char(excise_period_end, 'YYYY-MM-DD') AS end FROM companies WHERE id = ${companyId} FOR SHARE`,
    ),
  );
  const filed = dates.filter((d) => row?.end && d <= row.end);
  if (filed.length)
    throw new AppError(
      'CONFLICT',
      `The excise period to ${row!.end} is filed: transactions dated ${filed.sort()[0]} can no longer change`,
      { excisePeriodEnd: row!.end },
    );
}

interface Inserted {
  id: string;
}

async function insertRows(
  ctx: DomainContext,
  ref: Ref,
  rows: (Posting & { reversesId?: string })[],
): Promise<string[]> {
  const { companyId, userId } = ctx.actor;
  const values = rows.map((p) => {
    const derived = p.strength ?? (p.volume !== 0 ? strengthOf(p.volume, p.laa) : null);
    // a difference row (an adjustment, a loss) may not be a liquid of its own: no strength then
    const strength = derived !== null && Math.abs(derived) <= 10_000 ? derived : null;
    const litres = p.alcoholType === 'Spirit' ? p.laa : p.volume;
    const site = p.siteId === undefined ? p.vessel.siteId : p.siteId;
    return sql`(${companyId}, ${p.date}, ${ref.refType}, ${ref.refId}, ${p.excise}, ${p.alcoholType}, ${p.alcoholId},
      ${p.lot}, ${p.vessel.type}, ${p.vessel.id}, ${site}, ${p.description}, ${p.comments ?? null},
      ${formatScaled(p.volume, 3)}, ${formatScaled(litres, 3)}, ${formatScaled(p.laa, 3)}, ${formatScaled(p.kg, 3)},
      ${strength === null ? null : formatScaled(Math.abs(strength), 2)}, ${formatScaled(p.value, 2)}, ${p.ageDate ?? null},
      ${p.reversesId ?? null}, ${userId},
      (SELECT CASE ${p.alcoholType} WHEN 'Wine' THEN wine_license ELSE spirits_license END
         FROM sites WHERE company_id = ${companyId} AND id = ${site}))`;
  });
  const inserted = rowsOf<Inserted>(
    await ctx.db.execute(sql`
      INSERT INTO excise_transactions (company_id, date, ref_type, ref_id, excise, alcohol_type, alcohol_id, lot,
        vessel_type, vessel_id, site_id, description, comments, volume, litres, laa, kg, strength, value, age_date,
        reverses_id, user_id, licence)
      VALUES ${sql.join(values, sql`, `)}
      RETURNING id::text AS id`),
  );
  const ids = inserted.map((r) => r.id);
  await addMonthTotals(ctx, rows, ids);
  return ids;
}

/** A ledger row's strength class (alias t), as the returns band it: a over 7 %, b over 1.2 %,
 * c over 0.5 %, d the rest; the stored strength compared first (most rows have one), else LAA /
 * volume (a difference row). Migration 0022 backfilled excise_category_months with this same
 * expression. */
export const STRENGTH_CLASS = sql.raw(
  `CASE WHEN t.strength IS NOT NULL THEN (CASE WHEN t.strength > 7 THEN 'a' WHEN t.strength > 1.2 THEN 'b' WHEN t.strength > 0.5 THEN 'c' ELSE 'd' END)
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 7 THEN 'a'
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 1.2 THEN 'b'
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 0.5 THEN 'c' ELSE 'd' END`,
);

/** Adds the rows just inserted to excise_category_months (migration 0022). Summed from the
 * stored rows, not from the postings, so the table holds exactly what a GROUP BY over the
 * ledger would (the same rounding, the same strength class); a reversal's rows are negative and
 * subtract. Sorted by the key, so two postings upsert the same rows in the same order. */
async function addCategoryMonths(ctx: DomainContext, ids: string[]) {
  await ctx.db.execute(sql`
    INSERT INTO excise_category_months AS m (company_id, month, site_id, alcohol_id, excise, class, alcohol_type,
      volume, litres, laa, kg, value, row_count)
    SELECT t.company_id, date_trunc('month', t.date)::date, t.site_id, t.alcohol_id, t.excise, ${STRENGTH_CLASS},
      t.alcohol_type, sum(t.volume), sum(t.litres), sum(t.laa), coalesce(sum(t.kg), 0), coalesce(sum(t.value), 0),
      count(*)::int
    FROM excise_transactions t
    WHERE t.company_id = ${ctx.actor.companyId} AND t.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (company_id, month, site_id, alcohol_id, excise, class, alcohol_type) DO UPDATE SET
      volume = m.volume + excluded.volume, litres = m.litres + excluded.litres, laa = m.laa + excluded.laa,
      kg = m.kg + excluded.kg, value = m.value + excluded.value, row_count = m.row_count + excluded.row_count`);
}

/** Movement totals per month of each vessel and each alcohol record touched, and the month
 * totals by category of the rows inserted (`ids`). */
async function addMonthTotals(ctx: DomainContext, rows: (Posting & { reversesId?: string })[], ids: string[]) {
  await addCategoryMonths(ctx, ids);
  const totals = new Map<
    string,
    {
      key: string;
      month: string;
      volume: Milli;
      litres: Milli;
      laa: Milli;
      kg: Milli;
      value: number;
      n: number;
      hidden: number;
    }
  >();
  for (const p of rows) {
    const month = `${p.date.slice(0, 7)}-01`;
    for (const key of [p.vessel.id, p.alcoholId]) {
      const t = totals.get(`${key}:${month}`) ?? {
        key,
        month,
        volume: 0,
        litres: 0,
        laa: 0,
        kg: 0,
        value: 0,
        n: 0,
        hidden: 0,
      };
      t.volume += p.volume;
      t.litres += p.alcoholType === 'Spirit' ? p.laa : p.volume;
      t.laa += p.laa;
      t.kg += p.kg;
      t.value += p.value;
      t.n += 1;
      // a reversal hides itself and the row it reverses
      if (p.reversesId) t.hidden += 2;
      totals.set(`${key}:${month}`, t);
    }
  }
  // sorted, so two postings upsert the same rows in the same order (no deadlock)
  const list = [...totals.values()].sort((a, b) =>
    a.key === b.key ? a.month.localeCompare(b.month) : BigInt(a.key) < BigInt(b.key) ? -1 : 1,
  );
  await ctx.db.execute(sql`
    INSERT INTO excise_month_totals AS t (company_id, key_id, month, volume, litres, laa, kg, value, row_count, hidden_count)
    VALUES ${sql.join(
      list.map(
        (t) =>
          sql`(${ctx.actor.companyId}, ${t.key}, ${t.month}, ${formatScaled(t.volume, 3)}, ${formatScaled(t.litres, 3)},
               ${formatScaled(t.laa, 3)}, ${formatScaled(t.kg, 3)}, ${formatScaled(t.value, 2)}, ${t.n}, ${t.hidden})`,
      ),
      sql`, `,
    )}
    ON CONFLICT (company_id, key_id, month) DO UPDATE SET
      volume = t.volume + excluded.volume, litres = t.litres + excluded.litres, laa = t.laa + excluded.laa,
      kg = t.kg + excluded.kg, value = t.value + excluded.value, row_count = t.row_count + excluded.row_count,
      hidden_count = t.hidden_count + excluded.hidden_count`);
}

/** Back-dated withdrawals (and reversals of earlier additions) must not take a vessel below
 * zero at any date after them, not only today: checked once the rows are in. */
async function assertHistoryNotNegative(ctx: DomainContext, rows: Posting[], reversing: boolean) {
  const earliest = new Map<Vessel, string>();
  for (const p of rows)
    if (p.volume < 0 || p.laa < 0) {
      const d = earliest.get(p.vessel);
      if (!d || p.date < d) earliest.set(p.vessel, p.date);
    }
  for (const [vessel, date] of earliest) {
    const [later] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        SELECT count(*)::int AS n FROM (SELECT 1 FROM excise_transactions WHERE company_id = ${ctx.actor.companyId}
          AND vessel_id = ${vessel.id} AND date > ${date} LIMIT 1) x`),
    );
    if (!later.n) continue;
    const lowest = await lowestBalanceFrom(ctx, vessel.id, date);
    if (lowest.date)
      throw new AppError(
        'CONFLICT',
        `${reversing ? 'This cannot be undone: ' : ''}${vesselLabel(vessel)} would hold less than nothing on ${lowest.date} (${litresText(Math.min(lowest.volume, 0))}, ${litresText(Math.min(lowest.laa, 0), 'LAA')}): the alcohol it takes had not arrived by ${date}`,
        { vesselId: vessel.id, date: lowest.date },
      );
  }
}

async function saveVessels(ctx: DomainContext, vessels: Iterable<Vessel>) {
  for (const v of vessels) await saveVessel(ctx.db, ctx.actor, v);
}

/** Posts rows under a source. The vessels must be locked by the caller's transaction. */
export async function post(ctx: DomainContext, ref: Ref, postings: Posting[]): Promise<string[]> {
  if (!postings.length) return [];
  await assertPeriodOpen(
    ctx.db,
    ctx.actor.companyId,
    postings.map((p) => p.date),
  );
  for (const p of postings) {
    if (EXCISE_CATEGORIES[p.excise].alcoholType !== p.alcoholType)
      throw new Error(`Category ${p.excise} does not fit ${p.alcoholType}`);
    apply(p.vessel, p, false);
  }
  const ids = await insertRows(ctx, ref, postings);
  await assertHistoryNotNegative(ctx, postings, false);
  await saveVessels(ctx, new Set(postings.map((p) => p.vessel)));
  await recordAudit(ctx.db, ctx.actor, {
    entity: ref.refType,
    entityId: ref.refId,
    event: 'posted',
    after: { transactions: ids, rows: postings.map(summary) },
  });
  return ids;
}

const summary = (p: Posting) => ({
  date: p.date,
  excise: p.excise,
  vessel: p.vessel.name,
  volume: formatScaled(p.volume, 3),
  laa: formatScaled(p.laa, 3),
});

interface LedgerRow {
  id: string;
  date: string;
  excise: ExciseCategory;
  alcohol_type: AlcoholType;
  alcohol_id: string;
  lot: string | null;
  vessel_id: string;
  site_id: string | null;
  volume: string;
  laa: string;
  kg: string | null;
  value: string | null;
  strength: string | null;
  age_date: string | null;
}

/** Rows of a source not yet reversed, newest first (reversed in the opposite order they were posted). */
export async function openRowsOf(db: Db, companyId: string, refId: string): Promise<LedgerRow[]> {
  return rowsOf<LedgerRow>(
    await db.execute(sql`
      SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.excise, t.alcohol_type, t.alcohol_id::text AS alcohol_id,
             t.lot, t.vessel_id::text AS vessel_id, t.site_id::text AS site_id, t.volume::text AS volume, t.laa::text AS laa, t.kg::text AS kg,
             t.value::text AS value, t.strength::text AS strength, to_char(t.age_date, 'YYYY-MM-DD') AS age_date
      FROM excise_transactions t
      WHERE t.company_id = ${companyId} AND t.ref_id = ${refId} AND t.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM excise_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id)
      ORDER BY t.id DESC`),
  );
}

/** The vessels a source's open rows touch (to lock them before reversing). */
export async function vesselsOfRef(db: Db, companyId: string, refId: string): Promise<string[]> {
  return [...new Set((await openRowsOf(db, companyId, refId)).map((r) => r.vessel_id))];
}

/** Reverses every open row of a source with rows of the opposite sign, dated as the rows they
 * reverse. The vessels must be locked. Answers the reversal rows' ids. */
export async function reverse(ctx: DomainContext, ref: Ref, vessels: Map<string, Vessel>): Promise<string[]> {
  const open = await openRowsOf(ctx.db, ctx.actor.companyId, ref.refId);
  if (!open.length) return [];
  await assertPeriodOpen(
    ctx.db,
    ctx.actor.companyId,
    open.map((r) => r.date),
  );
  const rows = open.map((r) => {
    const vessel = vessels.get(r.vessel_id);
    if (!vessel) throw new Error(`Vessel ${r.vessel_id} of ${ref.refId} was not locked`);
    const p: Posting & { reversesId: string } = {
      date: r.date,
      excise: r.excise,
      alcoholType: r.alcohol_type,
      alcoholId: r.alcohol_id,
      lot: r.lot,
      vessel,
      siteId: r.site_id,
      volume: -parseScaled(r.volume, 3),
      laa: -parseScaled(r.laa, 3),
      kg: -parseScaled(r.kg, 3),
      value: -parseScaled(r.value, 2),
      strength: r.strength === null ? null : parseScaled(r.strength, 2),
      description: `Reversal of transaction ${r.id}`,
      ageDate: r.age_date ?? undefined,
      reversesId: r.id,
    };
    // a reversal that refills an emptied vessel brings its lot and age back
    if (isEmpty(vessel) && p.volume > 0) p.ageDate = r.age_date;
    else delete p.ageDate;
    apply(vessel, p, true);
    return p;
  });
  const ids = await insertRows(ctx, ref, rows);
  await assertHistoryNotNegative(ctx, rows, true);
  await saveVessels(ctx, new Set(rows.map((p) => p.vessel)));
  await recordAudit(ctx.db, ctx.actor, {
    entity: ref.refType,
    entityId: ref.refId,
    event: 'reversed',
    before: { transactions: open.map((r) => r.id) },
    after: { reversals: ids },
  });
  return ids;
}
