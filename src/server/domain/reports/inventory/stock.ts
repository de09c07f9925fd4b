// Products and items: their activity (each movement in the range with a running balance) and
// period summaries (opening, in, out, closing per record and site), read from the inventory
// ledger the transaction lists read. Reversed pairs (a deleted or edited action) are left out
// of the movements as the lists leave them out by default; a pair shares its date, so it nets
// to nothing inside the range and the balances are the same with it or without it.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { standing as standingOf } from '../../kernel/ledgerRows';
import type { StockKind } from '../../inventory/stock';
import { fromScaled, roundDecimal, toScaled } from '../../../../shared/money';
import { REPORT_MAX_ROWS, type ReportRun } from '../../../../shared/reports/types';
import { reportMeta } from '../../../../shared/reports/catalogue';
import type { ReportParams } from '../params';
import { maybe, moneyPrecision, q3, totalsOf } from './format';

const TABLE = { Product: sql`products`, Item: sql`items` } as const;
const UNITS = {
  Product: sql`lower(coalesce(r.container_type, 'unit')) || 's'`,
  Item: sql`coalesce(r.track_units, '')`,
} as const;

/** The rows of the range, standing (not reversed, not a reversal). */
const standing = standingOf('inventory_transactions', 't');

function filters(kind: StockKind, p: ReportParams) {
  return sql`${maybe(sql`t.site_id`, p.siteId)}${maybe(sql`t.stock_id`, kind === 'Product' ? p.productId : p.itemId)}`;
}

interface ActivityRow {
  stock_id: string;
  date: string;
  name: string;
  units: string;
  site: string | null;
  lot: string | null;
  status: string | null;
  category: string;
  description: string | null;
  quantity: string;
  laa: string;
  value: string;
}

export async function stockActivity(ctx: DomainContext, p: ReportParams, kind: StockKind): Promise<ReportRun> {
  const { companyId } = ctx.actor;
  const where = sql`t.company_id = ${companyId} AND t.stock_kind = ${kind}${filters(kind, p)}`;
  // each record's balance the day before the range (all rows: a reversed pair nets to nothing)
  const opening = new Map(
    rowsOf<{ stock_id: string; q: string }>(
      await ctx.db.execute(sql`
        SELECT t.stock_id::text AS stock_id, sum(t.quantity)::text AS q FROM inventory_transactions t
        WHERE ${where} AND t.date < ${p.from} GROUP BY t.stock_id`),
    ).map((r) => [r.stock_id, toScaled(r.q, 6)]),
  );
  const rows = rowsOf<ActivityRow>(
    await ctx.db.execute(sql`
      SELECT t.stock_id::text AS stock_id, to_char(t.date, 'YYYY-MM-DD') AS date,
             coalesce(r.name, r.sku, r.id::text) AS name, ${UNITS[kind]} AS units, s.name AS site, t.lot, t.status,
             t.category, t.description, t.quantity::text AS quantity, t.laa::text AS laa, t.value::text AS value
      FROM inventory_transactions t
      JOIN ${TABLE[kind]} r ON r.company_id = t.company_id AND r.id = t.stock_id
      LEFT JOIN sites s ON s.company_id = t.company_id AND s.id = t.site_id
      WHERE ${where} AND t.date BETWEEN ${p.from} AND ${p.to} AND ${standing}
      ORDER BY 3, t.stock_id, t.date, t.id
      LIMIT ${REPORT_MAX_ROWS + 1}`),
  );
  const money = await moneyPrecision(ctx);
  const balance = new Map<string, bigint>();
  const cells = rows.slice(0, REPORT_MAX_ROWS).map((r) => {
    const q = toScaled(r.quantity, 6);
    const b = (balance.get(r.stock_id) ?? opening.get(r.stock_id) ?? 0n) + q;
    balance.set(r.stock_id, b);
    const inOut = [q > 0n ? q3(r.quantity) : '', q < 0n ? q3(fromScaled(-q, 6)) : ''];
    const bal = roundDecimal(fromScaled(b, 6), 3);
    const value = roundDecimal(r.value, money);
    return kind === 'Product'
      ? [
          r.date,
          r.name,
          r.site ?? '',
          r.lot ?? '',
          r.status ?? '',
          r.category,
          r.description ?? '',
          ...inOut,
          bal,
          q3(r.laa),
          value,
        ]
      : [r.date, r.name, r.site ?? '', r.lot ?? '', r.category, r.description ?? '', r.units, ...inOut, bal, value];
  });
  const meta = reportMeta(kind === 'Product' ? 'ProductsActivity' : 'ItemsActivity')!;
  return { rows: cells, totals: totalsOf(meta, cells, money), truncated: rows.length > REPORT_MAX_ROWS };
}

interface SummaryRow {
  name: string;
  sku: string | null;
  units: string;
  site: string | null;
  opening: string;
  in_q: string;
  out_q: string;
  closing: string;
  closing_laa: string;
  opening_value: string;
  closing_value: string;
}

/** One row per record and site with any stock or movement: opening + in - out = closing. */
export async function stockSummary(ctx: DomainContext, p: ReportParams, kind: StockKind): Promise<ReportRun> {
  const { companyId } = ctx.actor;
  const rows = rowsOf<SummaryRow>(
    await ctx.db.execute(sql`
      WITH m AS (
        SELECT t.stock_id, t.site_id,
          coalesce(sum(t.quantity) FILTER (WHERE t.date < ${p.from}), 0) AS opening,
          coalesce(sum(t.quantity) FILTER (WHERE t.date >= ${p.from} AND t.quantity > 0 AND t.standing), 0) AS in_q,
          coalesce(-sum(t.quantity) FILTER (WHERE t.date >= ${p.from} AND t.quantity < 0 AND t.standing), 0) AS out_q,
          sum(t.quantity) AS closing, sum(t.laa) AS closing_laa,
          coalesce(sum(t.value) FILTER (WHERE t.date < ${p.from}), 0) AS opening_value, sum(t.value) AS closing_value
        FROM (SELECT t.*, ${standing} AS standing FROM inventory_transactions t
              WHERE t.company_id = ${companyId} AND t.stock_kind = ${kind} AND t.date <= ${p.to}${filters(kind, p)}) t
        GROUP BY t.stock_id, t.site_id)
      SELECT coalesce(r.name, r.sku, r.id::text) AS name, r.sku, ${UNITS[kind]} AS units, s.name AS site,
             m.opening::text AS opening, m.in_q::text AS in_q, m.out_q::text AS out_q, m.closing::text AS closing,
             m.closing_laa::text AS closing_laa, m.opening_value::text AS opening_value, m.closing_value::text AS closing_value
      FROM m
      JOIN ${TABLE[kind]} r ON r.company_id = ${companyId} AND r.id = m.stock_id
      LEFT JOIN sites s ON s.company_id = ${companyId} AND s.id = m.site_id
      WHERE m.opening <> 0 OR m.in_q <> 0 OR m.out_q <> 0 OR m.closing <> 0
      ORDER BY 1, m.stock_id, 4 NULLS FIRST, m.site_id
      LIMIT ${REPORT_MAX_ROWS + 1}`),
  );
  const money = await moneyPrecision(ctx);
  const cells = rows.slice(0, REPORT_MAX_ROWS).map((r) => {
    const figures = [q3(r.opening), q3(r.in_q), q3(r.out_q), q3(r.closing)];
    const values = [roundDecimal(r.opening_value, money), roundDecimal(r.closing_value, money)];
    return kind === 'Product'
      ? [r.name, r.sku ?? '', r.site ?? '', ...figures, q3(r.closing_laa), ...values]
      : [r.name, r.sku ?? '', r.site ?? '', r.units, ...figures, ...values];
  });
  const meta = reportMeta(kind === 'Product' ? 'ProductsPeriodSummary' : 'ItemsPeriodSummary')!;
  return { rows: cells, totals: totalsOf(meta, cells, money), truncated: rows.length > REPORT_MAX_ROWS };
}
