// Quantities on hand read from stock_balances (kept by stock.ts in each posting's
// transaction): one indexed read, whatever the number of inventory transactions.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { hasPermission } from '../../../shared/permissions';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { formatScaled, parseScaled, shareOf } from '../excise/quantities';
import { MICRO, fromMicro, type StockStatus } from './stock';

export interface OnHandFilter {
  ids?: string[] | null;
  siteId?: string | null;
  status?: StockStatus | null;
  lot?: string | null;
}

export interface StockBalanceRow {
  stockId: string;
  stockName: string;
  siteId: string | null;
  siteName: string | null;
  lot: string | null;
  status: StockStatus | null;
  quantity: number;
  laa: number;
  value: number | null;
}

const MAX_IDS = 5000;

/** Buckets holding stock (or value), with the names lists show; the value only with `values`. */
export async function stockBalances(ctx: DomainContext, filter: OnHandFilter): Promise<StockBalanceRow[]> {
  const { companyId, permissions } = ctx.actor;
  if (filter.ids && filter.ids.length > MAX_IDS) throw validationError({ ids: `At most ${MAX_IDS} at once` });
  const where: SQL[] = [sql`b.company_id = ${companyId}`, sql`(b.quantity <> 0 OR b.value <> 0)`];
  if (filter.ids)
    where.push(
      filter.ids.length
        ? sql`b.stock_id IN (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (filter.siteId) where.push(sql`b.site_id = ${filter.siteId}`);
  if (filter.status) where.push(sql`b.status = ${filter.status}`);
  if (filter.lot !== undefined && filter.lot !== null) where.push(sql`b.lot = ${filter.lot}`);
  const rows = rowsOf<{
    stock_id: string;
    name: string;
    site_id: string;
    site_name: string | null;
    lot: string;
    status: string;
    quantity: string;
    laa: string;
    value: string;
  }>(
    await ctx.db.execute(sql`
      SELECT b.stock_id::text AS stock_id, coalesce(p.name, i.name, b.stock_id::text) AS name, b.site_id::text AS site_id,
             s.name AS site_name, b.lot, b.status, b.quantity::text AS quantity, b.laa::text AS laa, b.value::text AS value
      FROM stock_balances b
      LEFT JOIN products p ON p.company_id = b.company_id AND p.id = b.stock_id AND b.stock_kind = 'Product'
      LEFT JOIN items i ON i.company_id = b.company_id AND i.id = b.stock_id AND b.stock_kind = 'Item'
      LEFT JOIN sites s ON s.company_id = b.company_id AND s.id = b.site_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY name, b.stock_id, s.name, b.lot, b.status`),
  );
  const values = hasPermission(permissions, 'values');
  return rows.map((r) => ({
    stockId: r.stock_id,
    stockName: r.name,
    siteId: r.site_id === '0' ? null : r.site_id,
    siteName: r.site_name,
    lot: r.lot || null,
    status: (r.status || null) as StockStatus | null,
    quantity: fromMicro(parseScaled(r.quantity, 6)),
    laa: Number(r.laa),
    value: values ? Number(r.value) : null,
  }));
}

/** One product's or item's total and buckets. */
export async function onHandOf(ctx: DomainContext, stockId: string, filter: Omit<OnHandFilter, 'ids'>) {
  const buckets = await stockBalances(ctx, { ...filter, ids: [stockId] });
  const raw = await ctx.db.execute(sql`
    SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(laa), 0)::text AS laa, coalesce(sum(value), 0)::text AS value
    FROM stock_balances WHERE company_id = ${ctx.actor.companyId} AND stock_id = ${stockId}
      ${filter.siteId ? sql`AND site_id = ${filter.siteId}` : sql``} ${filter.status ? sql`AND status = ${filter.status}` : sql``}`);
  const [t] = rowsOf<{ quantity: string; laa: string; value: string }>(raw);
  const quantity = parseScaled(t.quantity, 6);
  const value = parseScaled(t.value, 2);
  const values = hasPermission(ctx.actor.permissions, 'values');
  return {
    quantity: fromMicro(quantity),
    laa: Number(t.laa),
    value: values ? value / 100 : null,
    // dollars per unit to 4 decimals: (cents x 100) x 10^6 / millionths of a unit
    averageCost: values && quantity > 0 ? Number(formatScaled(shareOf(value * 100, MICRO, quantity), 4)) : null,
    buckets: buckets.filter((b) => b.quantity !== 0),
  };
}

/** One total per product or item (over the buckets the filter keeps), for whole catalogues. */
export async function stockTotals(
  ctx: DomainContext,
  filter: { kind: 'Product' | 'Item'; ids?: string[] | null; siteId?: string | null; status?: StockStatus | null },
) {
  const { companyId, permissions } = ctx.actor;
  if (filter.ids && filter.ids.length > MAX_IDS) throw validationError({ ids: `At most ${MAX_IDS} at once` });
  const where: SQL[] = [sql`company_id = ${companyId}`, sql`stock_kind = ${filter.kind}`];
  if (filter.ids)
    where.push(
      filter.ids.length
        ? sql`stock_id IN (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (filter.siteId) where.push(sql`site_id = ${filter.siteId}`);
  if (filter.status) where.push(sql`status = ${filter.status}`);
  const rows = rowsOf<{ stock_id: string; quantity: string; laa: string; value: string }>(
    await ctx.db.execute(sql`
      SELECT stock_id::text AS stock_id, sum(quantity)::text AS quantity, sum(laa)::text AS laa, sum(value)::text AS value
      FROM stock_balances WHERE ${sql.join(where, sql` AND `)}
      GROUP BY stock_id HAVING sum(quantity) <> 0 OR sum(value) <> 0
      ORDER BY stock_id`),
  );
  const values = hasPermission(permissions, 'values');
  return rows.map((r) => ({
    stockId: r.stock_id,
    quantity: fromMicro(parseScaled(r.quantity, 6)),
    laa: Number(r.laa),
    value: values ? Number(r.value) : null,
  }));
}
