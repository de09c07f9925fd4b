// The sales reports built on lines (by product, item or bundle, details by item or by customer, customer x item):
// every line of the issued invoices dated in the range, and every line of the crediting returns
// dated in the range as a negative line. A line's amount (before tax, as stored on it, in its
// document's currency) is converted to the home currency at its document's rate and rounded
// once, per line; the totals add those rows. In the home currency this is exactly the sum of the
// documents' subtotals (a subtotal is the sum of its rounded line amounts: shared/money).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ReportRun } from '../../../../shared/reports/types';
import type { ReportParams } from '../params';
import {
  byName,
  chartNumber,
  crediting,
  docFilters,
  homeOf,
  inHome,
  lineFilters,
  milli,
  money,
  notSale,
  qty,
  units,
  decimalText,
  type Home,
} from './common';

export interface SaleLine {
  kind: 'invoice' | 'return';
  number: string;
  date: string;
  customerId: string;
  customer: string;
  itemKey: string;
  item: string;
  sku: string;
  currency: string;
  /** signed: a return's quantity is negative */
  quantity: string;
  unitPrice: string | null;
  /** signed, in the home currency */
  amount: string;
}

/** The sale lines of the range, in date order. */
export async function saleLines(ctx: DomainContext, p: ReportParams, home: Home): Promise<SaleLine[]> {
  const company = ctx.actor.companyId;
  const item = sql`coalesce(p.name, i.name, b.name, nullif(l.description, ''), '')`;
  const itemKey = sql`CASE WHEN l.product_id IS NOT NULL THEN 'p' || l.product_id
    WHEN l.item_id IS NOT NULL THEN 'i' || l.item_id WHEN l.bundle_id IS NOT NULL THEN 'b' || l.bundle_id
    ELSE 'd' || coalesce(l.description, '') END`;
  const joins = sql`
    LEFT JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
    LEFT JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
    LEFT JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
    LEFT JOIN bundles b ON b.company_id = l.company_id AND b.id = l.bundle_id`;
  return rowsOf<SaleLine>(
    await ctx.db.execute(sql`
      SELECT 'invoice' AS kind, d.number, to_char(d.date, 'YYYY-MM-DD') AS date, d.customer_id::text AS "customerId",
        coalesce(c.name, '') AS customer, ${itemKey} AS "itemKey", ${item} AS item, coalesce(p.sku, i.sku, b.sku, '') AS sku,
        coalesce(d.currency, ${home.currency}) AS currency, l.quantity::text AS quantity, l.unit_price::text AS "unitPrice",
        ${inHome(sql`coalesce(l.amount, 0)`, 'd', home)}::text AS amount, d.id AS doc, l.position
      FROM invoices d JOIN invoices_lines l ON l.company_id = d.company_id AND l.parent_id = d.id ${joins}
      WHERE d.company_id = ${company} AND d.status NOT IN ${notSale} AND ${docFilters('d', p)} ${lineFilters('l', p)}
        ${p.salesRepId ? sql`AND d.sales_rep_id = ${p.salesRepId}` : sql``}
      UNION ALL
      SELECT 'return', d.number, to_char(d.date, 'YYYY-MM-DD'), d.customer_id::text, coalesce(c.name, ''),
        ${itemKey}, ${item}, coalesce(p.sku, i.sku, b.sku, ''), coalesce(d.currency, ${home.currency}),
        (-l.quantity)::text, l.unit_price::text, (-${inHome(sql`coalesce(l.amount, 0)`, 'd', home)})::text, d.id, l.position
      FROM sales_returns d JOIN sales_returns_lines l ON l.company_id = d.company_id AND l.parent_id = d.id ${joins}
        LEFT JOIN invoices inv ON inv.company_id = d.company_id AND inv.id = d.invoice_id
      WHERE d.company_id = ${company} AND d.status IN ${crediting} AND ${docFilters('d', p)} ${lineFilters('l', p)}
        ${p.salesRepId ? sql`AND inv.sales_rep_id = ${p.salesRepId}` : sql``}
      ORDER BY date, number, doc, position`),
  );
}

const sumOf = <T>(rows: T[], pick: (r: T) => bigint) => rows.reduce((a, r) => a + pick(r), 0n);

interface Group {
  key: string;
  name: string;
  sku: string;
  quantity: bigint;
  amount: bigint;
}

/** Lines added up by `keyOf`, sorted by name. */
function grouped(lines: SaleLine[], home: Home, keyOf: (l: SaleLine) => [string, string, string]): Group[] {
  const groups = new Map<string, Group>();
  for (const l of lines) {
    const [key, name, sku] = keyOf(l);
    const g = groups.get(key) ?? { key, name, sku, quantity: 0n, amount: 0n };
    g.quantity += milli(l.quantity);
    g.amount += units(l.amount, home);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => byName(a.name, b.name) || byName(a.key, b.key));
}

export async function salesByItem(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const groups = grouped(await saleLines(ctx, p, home), home, (l) => [l.itemKey, l.item, l.sku]);
  const top = [...groups].sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0)).slice(0, 10);
  return {
    rows: groups.map((g) => [g.name, g.sku, qty(g.quantity), money(g.amount, home)]),
    totals: [
      '',
      '',
      qty(sumOf(groups, (g) => g.quantity)),
      money(
        sumOf(groups, (g) => g.amount),
        home,
      ),
    ],
    charts: [
      {
        key: 'byItem',
        labels: top.map((g) => g.name),
        series: [{ key: 'amount', data: top.map((g) => chartNumber(g.amount, home.precision)) }],
      },
    ],
  };
}

export async function salesByCustomerItem(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const lines = await saleLines(ctx, p, home);
  const customers = grouped(lines, home, (l) => [l.customerId, l.customer, '']);
  const rank = new Map(customers.map((c, i) => [c.key, i]));
  // customer x item, then in the customers' order (each customer's items by name)
  const pairs = grouped(lines, home, (l) => [`${l.customerId}|${l.itemKey}`, l.item, l.sku]);
  const customerOf = new Map(lines.map((l) => [`${l.customerId}|${l.itemKey}`, l.customerId]));
  const nameOf = new Map(customers.map((c) => [c.key, c.name]));
  const rows = pairs
    .map((g, i) => ({ g, i, c: customerOf.get(g.key)! }))
    .sort((a, b) => rank.get(a.c)! - rank.get(b.c)! || a.i - b.i)
    .map(({ g, c }) => [nameOf.get(c)!, g.name, g.sku, qty(g.quantity), money(g.amount, home)]);
  return {
    rows,
    totals: [
      '',
      '',
      '',
      qty(sumOf(customers, (g) => g.quantity)),
      money(
        sumOf(customers, (g) => g.amount),
        home,
      ),
    ],
  };
}

/** Each line, grouped by item or by customer (groups by name, lines by date within a group). */
async function details(ctx: DomainContext, p: ReportParams, by: 'item' | 'customer'): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const lines = await saleLines(ctx, p, home);
  const groupOf = (l: SaleLine) => (by === 'item' ? l.itemKey : l.customerId);
  const order = grouped(lines, home, (l) => (by === 'item' ? [l.itemKey, l.item, ''] : [l.customerId, l.customer, '']));
  const rank = new Map(order.map((g, i) => [g.key, i]));
  const sorted = lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank.get(groupOf(a.l))! - rank.get(groupOf(b.l))! || a.i - b.i)
    .map(({ l }) => l);
  const price = (l: SaleLine) => (l.unitPrice === null ? '' : decimalText(l.unitPrice, 2));
  return {
    rows: sorted.map((l) => {
      const [first, third] = by === 'item' ? [l.item, l.customer] : [l.customer, l.item];
      return [
        first,
        l.date,
        l.number,
        third,
        qty(milli(l.quantity)),
        l.currency,
        price(l),
        money(units(l.amount, home), home),
      ];
    }),
    totals: [
      '',
      '',
      '',
      '',
      qty(sumOf(lines, (l) => milli(l.quantity))),
      '',
      '',
      money(
        sumOf(lines, (l) => units(l.amount, home)),
        home,
      ),
    ],
  };
}

export const salesDetailsByItem = (ctx: DomainContext, p: ReportParams) => details(ctx, p, 'item');
export const salesDetailsByCustomer = (ctx: DomainContext, p: ReportParams) => details(ctx, p, 'customer');
