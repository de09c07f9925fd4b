// Bulk alcohol from the excise ledger: the period summaries of spirits, wines and non-excise
// alcohol (opening, additions, reductions, transfers and adjustments, closing, in litres and
// LAA) and the non-excise activity. Set-based: sums grouped by alcohol record and category. The
// whole months (before the range for the opening, inside it by category) come from the ledger's
// month totals by category (excise_category_months, migration 0022); only the days of a partial
// first or last month read the rows (./monthSums, kept while the month is unchanged).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { standing } from '../../kernel/ledgerRows';
import { ALCOHOL_KINDS } from '../../excise/vessels';
import { EXCISE_CATEGORIES, isExciseCategory, type AlcoholType } from '../../../../shared/excise/categories';
import { fromScaled, toScaled } from '../../../../shared/money';
import { REPORT_MAX_ROWS, type ReportRun } from '../../../../shared/reports/types';
import { reportMeta } from '../../../../shared/reports/catalogue';
import type { ReportParams } from '../params';
import { maybe, q3, totalsOf } from './format';
import { monthOf, monthSums, type CategorySum } from './monthSums';
import { addDays, endOfMonth } from '../../returns/periods';

const SUMMARY: Record<AlcoholType, string> = {
  Spirit: 'SpiritsPeriodSummary',
  Wine: 'WinesPeriodSummary',
  NonExcise: 'NonExcisesPeriodSummary',
};

const idOf = (type: AlcoholType, p: ReportParams) =>
  type === 'Spirit' ? p.spiritId : type === 'Wine' ? p.wineId : undefined;

/** volume and LAA in thousandths */
interface Pair {
  l: bigint;
  laa: bigint;
}
const zero = (): Pair => ({ l: 0n, laa: 0n });
const add = (a: Pair, l: string, laa: string) => {
  a.l += toScaled(l, 3);
  a.laa += toScaled(laa, 3);
};
const cellsOf = (a: Pair) => [fromScaled(a.l, 3), fromScaled(a.laa, 3)];

interface Figures {
  opening: Pair;
  additions: Pair;
  reductions: Pair;
  adjustments: Pair;
}

/** the first day of the month after d's */
const nextMonth = (d: string) => addDays(endOfMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7))), 1);

/** Opening + additions - reductions + transfers and adjustments = closing, per alcohol record. */
export async function alcoholSummary(ctx: DomainContext, p: ReportParams, type: AlcoholType): Promise<ReportRun> {
  const { companyId } = ctx.actor;
  const table = sql.identifier(ALCOHOL_KINDS[type].table);
  const only = idOf(type, p);
  const records = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(
      sql`SELECT id::text AS id, name FROM ${table} WHERE company_id = ${companyId}${maybe(sql`id`, only)}`,
    ),
  );
  const meta = reportMeta(SUMMARY[type])!;
  if (!records.length) return { rows: [], totals: totalsOf(meta, [], 2) };
  const names = new Map(records.map((r) => [r.id, r.name]));
  const alcoholIds = records.map((r) => r.id);
  /** the days first to last (inside one month), cached with the month sums */
  const rowSums = (first: string, last: string) =>
    first > last ? Promise.resolve([]) : monthSums(ctx, type, alcoholIds, p.siteId, [{ first, last }]);
  const figures = new Map<string, Figures>();
  const of = (id: string) => {
    let f = figures.get(id);
    if (!f) figures.set(id, (f = { opening: zero(), additions: zero(), reductions: zero(), adjustments: zero() }));
    return f;
  };

  // the whole months: the months before the range's first month (the opening, all categories)
  // and the range's whole months by category, in one read of the month totals by category
  // (excise_category_months, kept by the posting module); the days of a partial first or last
  // month from the rows. A reversal carries its row's category, so a pair nets inside it.
  const firstMonth = monthOf(p.from);
  const fullFrom = p.from === firstMonth ? firstMonth : nextMonth(p.from);
  const fullTo = nextMonth(p.to) === addDays(p.to, 1) ? monthOf(p.to) : addDays(monthOf(p.to), -1);
  const hasWhole = fullFrom <= fullTo;
  const months = rowsOf<{ id: string; excise: string | null; l: string; laa: string }>(
    await ctx.db.execute(sql`
      SELECT m.alcohol_id::text AS id, CASE WHEN m.month < ${firstMonth} THEN NULL ELSE m.excise END AS excise,
             sum(m.volume)::text AS l, sum(m.laa)::text AS laa
      FROM excise_category_months m
      WHERE m.company_id = ${companyId} AND m.alcohol_type = ${type}
        AND m.alcohol_id IN (${sql.join(
          alcoholIds.map((id) => sql`${id}`),
          sql`, `,
        )})${maybe(sql`m.site_id`, p.siteId)}
        AND (m.month < ${firstMonth}${hasWhole ? sql` OR m.month BETWEEN ${fullFrom} AND ${fullTo}` : sql``})
      GROUP BY 1, 2`),
  );
  const moves: CategorySum[] = [];
  for (const m of months)
    if (m.excise === null) add(of(m.id).opening, m.l, m.laa);
    else moves.push({ id: m.id, excise: m.excise, l: m.l, laa: m.laa });
  for (const s of await rowSums(firstMonth, addDays(p.from, -1))) add(of(s.id).opening, s.l, s.laa);
  if (hasWhole)
    moves.push(...(await rowSums(p.from, addDays(fullFrom, -1))), ...(await rowSums(nextMonth(fullTo), p.to)));
  else if (monthOf(p.from) === monthOf(p.to)) moves.push(...(await rowSums(p.from, p.to)));
  else moves.push(...(await rowSums(p.from, addDays(nextMonth(p.from), -1))), ...(await rowSums(monthOf(p.to), p.to)));
  for (const m of moves) {
    const kind = isExciseCategory(m.excise) ? EXCISE_CATEGORIES[m.excise].kind : 'adjustment';
    const f = of(m.id);
    if (kind === 'initial' || kind === 'addition') add(f.additions, m.l, m.laa);
    else if (kind === 'reduction') {
      // shown as a positive quantity taken out
      f.reductions.l -= toScaled(m.l, 3);
      f.reductions.laa -= toScaled(m.laa, 3);
    } else add(f.adjustments, m.l, m.laa);
  }

  const lines = [...figures.keys()]
    .filter((id) => names.has(id))
    .map((id) => {
      const f = figures.get(id)!;
      const closing: Pair = {
        l: f.opening.l + f.additions.l - f.reductions.l + f.adjustments.l,
        laa: f.opening.laa + f.additions.laa - f.reductions.laa + f.adjustments.laa,
      };
      return { name: names.get(id)!, id, all: [f.opening, f.additions, f.reductions, f.adjustments, closing] };
    })
    .filter((x) => x.all.some((a) => a.l !== 0n || a.laa !== 0n))
    .sort((a, b) => a.name.localeCompare(b.name) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const cells = lines.map((x) => [x.name, ...x.all.flatMap(cellsOf)]);
  return { rows: cells, totals: totalsOf(meta, cells, 2) };
}

interface ActivityRow {
  alcohol_id: string;
  date: string;
  name: string;
  vessel: string | null;
  lot: string | null;
  excise: string;
  description: string | null;
  volume: string;
  laa: string;
}

/** Each standing non-excise row of the range with the record's running balance in litres. */
export async function nonExciseActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const { companyId } = ctx.actor;
  const where = sql`t.company_id = ${companyId} AND t.alcohol_type = 'NonExcise'${maybe(sql`t.site_id`, p.siteId)}`;
  const opening = new Map(
    rowsOf<{ id: string; l: string }>(
      await ctx.db.execute(sql`
        SELECT t.alcohol_id::text AS id, sum(t.volume)::text AS l FROM excise_transactions t
        WHERE ${where} AND t.date < ${p.from} GROUP BY t.alcohol_id`),
    ).map((r) => [r.id, toScaled(r.l, 3)]),
  );
  const vessel = (alias: string, table: string, type: string) =>
    sql`LEFT JOIN ${sql.identifier(table)} ${sql.identifier(alias)} ON ${sql.identifier(alias)}.company_id = t.company_id
        AND ${sql.identifier(alias)}.id = t.vessel_id AND t.vessel_type = ${type}`;
  const rows = rowsOf<ActivityRow>(
    await ctx.db.execute(sql`
      SELECT t.alcohol_id::text AS alcohol_id, to_char(t.date, 'YYYY-MM-DD') AS date, a.name,
             coalesce(tk.name, ck.number, bc.name, fe.name) AS vessel, t.lot, t.excise, t.description,
             t.volume::text AS volume, t.laa::text AS laa
      FROM excise_transactions t
      JOIN non_excises a ON a.company_id = t.company_id AND a.id = t.alcohol_id
      ${vessel('tk', 'tanks', 'Tank')} ${vessel('ck', 'casks', 'Cask')}
      ${vessel('bc', 'bulk_containers', 'BulkContainer')} ${vessel('fe', 'fermenters', 'Fermenter')}
      WHERE ${where} AND t.date BETWEEN ${p.from} AND ${p.to} AND ${standing('excise_transactions', 't')}
      ORDER BY a.name, t.alcohol_id, t.date, t.id
      LIMIT ${REPORT_MAX_ROWS + 1}`),
  );
  const balance = new Map<string, bigint>();
  const cells = rows.slice(0, REPORT_MAX_ROWS).map((r) => {
    const v = toScaled(r.volume, 3);
    const b = (balance.get(r.alcohol_id) ?? opening.get(r.alcohol_id) ?? 0n) + v;
    balance.set(r.alcohol_id, b);
    const type = isExciseCategory(r.excise) ? EXCISE_CATEGORIES[r.excise].en : r.excise;
    return [
      r.date,
      r.name,
      r.vessel ?? '',
      r.lot ?? '',
      type,
      r.description ?? '',
      v > 0n ? fromScaled(v, 3) : '',
      v < 0n ? fromScaled(-v, 3) : '',
      fromScaled(b, 3),
      q3(r.laa),
    ];
  });
  const meta = reportMeta('NonExciseActivity')!;
  return { rows: cells, totals: totalsOf(meta, cells, 2), truncated: rows.length > REPORT_MAX_ROWS };
}
