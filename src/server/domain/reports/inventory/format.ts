// Cell text of the inventory reports: quantities and LAA with 3 decimals, money with the home
// currency's precision, each rounded once from the ledger's exact sums (numeric text), and
// totals added as integers of the cell's scale so they match the cells they sum.
import { sql, type SQL } from 'drizzle-orm';
import { fromScaled, roundDecimal, toScaled, currencyPrecision } from '../../../../shared/money';
import type { ReportColumn, ReportMeta } from '../../../../shared/reports/types';
import { moneySettings } from '../../sales/settings';
import type { DomainContext } from '../../records/actor';

export const q3 = (v: string | number | null | undefined) => roundDecimal(v ?? 0, 3);

/** The home currency's precision (CAD: 2): money cells are written with it. */
export async function moneyPrecision(ctx: DomainContext): Promise<number> {
  return currencyPrecision((await moneySettings(ctx)).homeCurrency);
}

const scaleOf = (c: ReportColumn, money: number): number | null =>
  c.type === 'quantity' || c.type === 'laa' ? 3 : c.type === 'money' ? money : c.type === 'integer' ? 0 : null;

/** The totals row: the sum of each `total` column's cells, '' elsewhere. */
export function totalsOf(meta: ReportMeta, rows: string[][], money: number): string[] {
  return meta.columns.map((c, i) => {
    const scale = scaleOf(c, money);
    if (!c.total || scale === null) return '';
    let sum = 0n;
    for (const r of rows) if (r[i]) sum += toScaled(r[i], scale);
    return fromScaled(sum, scale);
  });
}

/** `AND col = id`, or no condition when the filter is not set. */
export const maybe = (col: SQL, id: string | undefined): SQL => (id ? sql` AND ${col} = ${id}` : sql``);
