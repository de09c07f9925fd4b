// Undelivered sales orders: the lines of the open sales orders (not Closed, Cancelled or
// Invoiced: the customer summary's open orders) dated in the range, ordered less shipped (the
// shipped quantity the sales flow keeps on each line from the Shipped and Delivered shipments,
// sales/flow/progress.ts), where something is left. The value left is what those units come to
// before tax: undelivered x unit price less the line's discount, rounded to the order's currency
// as a line amount is (shared/money lineAmountUnits), then to the home currency at the order's
// rate, rounded once. By customer, or by the postal code of where the goods go: the order's
// shipping address, else (an order with none ships to the customer's own address) the customer's
// billing address (a Canadian code such as K1A 0B1, or a US ZIP code; '' when there is none).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ReportRun } from '../../../../shared/reports/types';
import { currencyPrecision, lineAmountUnits, toHomeUnits } from '../../../../shared/money';
import { CLOSED_ORDER_STATUSES } from '../../customers/summary';
import type { ReportParams } from '../params';
import { byName, homeOf, lineFilters, milli, money, qty } from './common';

interface Row {
  number: string;
  date: string;
  requiredDate: string | null;
  customer: string;
  address: string | null;
  item: string;
  quantity: string;
  shipped: string;
  unitPrice: string | null;
  discount: string | null;
  currency: string;
  rate: string;
}

const CANADIAN = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/i;
const ZIP = /\b(\d{5})(?:-\d{4})?\b/;

/** The postal code in an address: a Canadian one written as "A1A 1A1", else a US ZIP code. */
export function postalCodeOf(address: string | null | undefined): string {
  if (!address) return '';
  const ca = CANADIAN.exec(address);
  if (ca) return `${ca[1]} ${ca[2]}`.toUpperCase();
  return ZIP.exec(address)?.[1] ?? '';
}

export async function salesUndelivered(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const company = ctx.actor.companyId;
  const closed = sql.join(
    CLOSED_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      SELECT d.number, to_char(d.date, 'YYYY-MM-DD') AS date, to_char(d.required_date, 'YYYY-MM-DD') AS "requiredDate",
        coalesce(c.name, '') AS customer, coalesce(nullif(trim(d.shipping_address), ''), c.billing_address) AS address,
        coalesce(pr.name, it.name, bu.name, nullif(l.description, ''), '') AS item,
        l.quantity::text AS quantity, coalesce(l.shipped_quantity, 0)::text AS shipped,
        l.unit_price::text AS "unitPrice", l.discount_percent::text AS discount,
        coalesce(d.currency, ${home.currency}) AS currency, coalesce(d.exchange_rate, 0)::text AS rate
      FROM sales_orders d JOIN sales_orders_lines l ON l.company_id = d.company_id AND l.parent_id = d.id
        LEFT JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
        LEFT JOIN products pr ON pr.company_id = l.company_id AND pr.id = l.product_id
        LEFT JOIN items it ON it.company_id = l.company_id AND it.id = l.item_id
        LEFT JOIN bundles bu ON bu.company_id = l.company_id AND bu.id = l.bundle_id
      WHERE d.company_id = ${company} AND d.status NOT IN (${closed})
        AND d.date >= ${p.from} AND d.date <= ${p.to}
        AND coalesce(l.quantity, 0) > coalesce(l.shipped_quantity, 0)
        ${p.siteId ? sql`AND d.site_id = ${p.siteId}` : sql``}
        ${p.customerId ? sql`AND d.customer_id = ${p.customerId}` : sql``}
        ${p.salesRepId ? sql`AND d.sales_rep_id = ${p.salesRepId}` : sql``}
        ${lineFilters('l', p)}
      ORDER BY d.date, d.number, d.id, l.position`),
  );
  const lines = rows.map((r) => {
    const left = milli(r.quantity) - milli(r.shipped);
    const docP = currencyPrecision(r.currency);
    // the units left at the line's price and discount, as the order's currency rounds a line
    const amount = lineAmountUnits({ quantity: qty(left), unitPrice: r.unitPrice, discountPercent: r.discount }, docP);
    // to the home currency: amount (docP decimals) x rate (6 decimals), rounded once
    const value = r.currency === home.currency ? amount : toHomeUnits(amount, docP, r.rate, home.precision);
    return { r, postal: postalCodeOf(r.address), left, value };
  });
  const key = (l: (typeof lines)[number]) => (p.by === 'postalCode' ? l.postal : l.r.customer);
  const sorted = lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => byName(key(a.l), key(b.l)) || a.i - b.i)
    .map(({ l }) => l);
  const sum = (pick: (l: (typeof lines)[number]) => bigint) => lines.reduce((a, l) => a + pick(l), 0n);
  return {
    rows: sorted.map(({ r, postal, left, value }) => [
      postal,
      r.customer,
      r.number,
      r.date,
      r.requiredDate ?? '',
      r.item,
      qty(milli(r.quantity)),
      qty(milli(r.shipped)),
      qty(left),
      money(value, home),
    ]),
    totals: [
      '',
      '',
      '',
      '',
      '',
      '',
      qty(sum((l) => milli(l.r.quantity))),
      qty(sum((l) => milli(l.r.shipped))),
      qty(sum((l) => l.left)),
      money(
        sum((l) => l.value),
        home,
      ),
    ],
  };
}
