// What the sales reports share: the home currency, a document's amount in it (SQL), the filters
// that fit each document, and cell formatting. A sale is an issued invoice (not Draft, not Void,
// as a sales rep's commission counts them: sales/commission.ts) dated in the range; a sales
// return dated in the range takes its goods off once it credits its invoice (Received or
// Credited, as the invoice's balance counts it: sales/balance.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import { currencyPrecision, fromScaled, roundDecimal, toScaled } from '../../../../shared/money';
import { CREDITING_RETURN_STATUSES } from '../../sales/balance';
import { moneySettings } from '../../sales/settings';
import type { ReportParams } from '../params';

/** Invoices that are not sales (yet, or ever). */
export const NOT_SALE_INVOICE_STATUSES = ['Draft', 'Void'] as const;

export interface Home {
  currency: string;
  precision: number;
}

export async function homeOf(ctx: DomainContext): Promise<Home> {
  const { homeCurrency } = await moneySettings(ctx);
  return { currency: homeCurrency, precision: currencyPrecision(homeCurrency) };
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const notSale = sql`(${list(NOT_SALE_INVOICE_STATUSES)})`;
export const crediting = sql`(${list(CREDITING_RETURN_STATUSES)})`;

/** `value` of document `d` in the home currency, rounded once (half away from zero): as is in
 * the home currency (whatever rate is stored), else x its rate (home = foreign x rate), as
 * commission.ts reads it. */
export const inHome = (value: SQL, d: string, home: Home): SQL => {
  const t = sql.raw(d);
  return sql`(CASE WHEN coalesce(${t}.currency, ${home.currency}) = ${home.currency} THEN round(${value}, ${home.precision})
    ELSE round(${value} * coalesce(${t}.exchange_rate, 0), ${home.precision}) END)`;
};

/** The range and the document filters (site, customer) of document `d` dated by `date`. */
export const docFilters = (d: string, p: ReportParams): SQL => {
  const t = sql.raw(d);
  return sql`${t}.date >= ${p.from} AND ${t}.date <= ${p.to}
    ${p.siteId ? sql`AND ${t}.site_id = ${p.siteId}` : sql``}
    ${p.customerId ? sql`AND ${t}.customer_id = ${p.customerId}` : sql``}`;
};

/** The product / item filters of line `l`. */
export const lineFilters = (l: string, p: ReportParams): SQL => {
  const t = sql.raw(l);
  return sql`${p.productId ? sql`AND ${t}.product_id = ${p.productId}` : sql``}
    ${p.itemId ? sql`AND ${t}.item_id = ${p.itemId}` : sql``}`;
};

/** Money text (exact SQL numeric) as units of the home currency. */
export const units = (value: string | null | undefined, home: Home) => toScaled(value ?? '0', home.precision);
export const money = (u: bigint, home: Home) => fromScaled(u, home.precision);
/** Quantities with 3 decimals; thousandths are exact integers. */
export const milli = (value: string | null | undefined) => toScaled(value ?? '0', 3);
export const qty = (m: bigint) => fromScaled(m, 3);
export const decimalText = (value: string | null | undefined, scale: number) => roundDecimal(value ?? '0', scale);

/** A chart value (a number is what a chart draws; the exact figure is in the table). */
export const chartNumber = (u: bigint, scale: number) => Number(fromScaled(u, scale));

/** Sorting by a name as a person reads it (case-insensitive, then exact). */
export const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
