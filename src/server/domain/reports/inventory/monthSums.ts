// The excise ledger's sums of a few days inside one month (a report range's partial first or
// last month; whole months come from excise_category_months) by alcohol record and category,
// kept per process while the month has not changed: the ledger is append-only and every posting
// adds to its month's excise_month_totals.row_count in the same transaction, so a month's summed
// row_count is a version that grows with every row posted into it (a back-dated one, a
// reversal). Versions and sums are read in one statement (one snapshot), so a cached entry is
// never older than its version.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { AlcoholType } from '../../../../shared/excise/categories';

export interface CategorySum {
  id: string;
  excise: string;
  l: string;
  laa: string;
}

const MAX_ENTRIES = 5000;
/** per database (a process may hold two, as the tests do: their ids would meet), by key */
let caches = new WeakMap<object, Map<string, CategorySum[]>>();

function cacheOf(db: object): Map<string, CategorySum[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function remember(cache: Map<string, CategorySum[]>, key: string, sums: CategorySum[]) {
  cache.set(key, sums);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** Empties the cache (the bench times a first read with it). */
export const forgetMonthSums = () => {
  caches = new WeakMap();
};

const ids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** Days first to last (YYYY-MM-DD, both included) inside one month. */
export interface Span {
  first: string;
  last: string;
}

/** The first day of d's month. */
export const monthOf = (d: string) => `${d.slice(0, 7)}-01`;

/**
 * The sums of spans of days, each inside one month and each month once, by alcohol record and
 * category; the alcohol records narrowed to `alcoholIds` (the type's records, or the one asked
 * for) and optionally to one site.
 */
export async function monthSums(
  ctx: DomainContext,
  type: AlcoholType,
  alcoholIds: string[],
  siteId: string | undefined,
  spans: Span[],
): Promise<CategorySum[]> {
  if (!spans.length || !alcoholIds.length) return [];
  const span = new Map(spans.map((s) => [monthOf(s.first), s]));
  const months = [...span.keys()];
  const keyOf = (month: string, v: string) => `${scope}:${span.get(month)!.first}:${span.get(month)!.last}:${v}`;
  const { companyId } = ctx.actor;
  const cache = cacheOf(ctx.db);
  const scope = `${companyId}:${type}:${siteId ?? ''}:${alcoholIds.length === 1 ? alcoholIds[0] : '*'}`;
  const versions = rowsOf<{ month: string; v: string }>(
    await ctx.db.execute(sql`
      SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(row_count)::text AS v FROM excise_month_totals
      WHERE company_id = ${companyId} AND month IN (${ids(months)}) GROUP BY month`),
  );
  const out: CategorySum[] = [];
  const missing: string[] = [];
  for (const { month, v } of versions) {
    const hit = cache.get(keyOf(month, v));
    if (hit) out.push(...hit);
    else missing.push(month);
  }
  if (!missing.length) return out;
  const where: SQL = sql`t.company_id = ${companyId} AND t.alcohol_id IN (${ids(alcoholIds)})
    AND t.alcohol_type = ${type} ${siteId ? sql`AND t.site_id = ${siteId}` : sql``}`;
  const days = sql.join(
    missing.map((m) => sql`(t.date BETWEEN ${span.get(m)!.first} AND ${span.get(m)!.last})`),
    sql` OR `,
  );
  const rows = rowsOf<{
    month: string;
    v: string | null;
    id: string | null;
    excise: string | null;
    l: string;
    laa: string;
  }>(
    await ctx.db.execute(sql`
      SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(row_count)::text AS v, NULL AS id, NULL AS excise,
             '0' AS l, '0' AS laa
      FROM excise_month_totals WHERE company_id = ${companyId} AND month IN (${ids(missing)}) GROUP BY month
      UNION ALL
      SELECT to_char(date_trunc('month', t.date), 'YYYY-MM-DD'), NULL, t.alcohol_id::text, t.excise,
             sum(t.volume)::text, sum(t.laa)::text
      FROM excise_transactions t WHERE ${where} AND (${days})
      GROUP BY date_trunc('month', t.date), t.alcohol_id, t.excise`),
  );
  const byMonth = new Map<string, CategorySum[]>(missing.map((m) => [m, []]));
  const version = new Map<string, string>();
  for (const r of rows) {
    if (r.v !== null) version.set(r.month, r.v);
    else byMonth.get(r.month)?.push({ id: r.id!, excise: r.excise!, l: r.l, laa: r.laa });
  }
  for (const [month, sums] of byMonth) {
    out.push(...sums);
    const v = version.get(month);
    if (v) remember(cache, keyOf(month, v), sums);
  }
  return out;
}
