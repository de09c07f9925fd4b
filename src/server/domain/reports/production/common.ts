// What the production reports share: the ledgers' "standing" rule (a row that is not a reversal
// and not reversed, as the transaction lists show by default), a record's date-time turned into
// the company's day, and the cells' text (quantities exact to 3 decimals, percents to 2).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { formatScaled, parseScaled, shareOf } from '../../excise/quantities';
import type { ReportParams } from '../params';
import { standing } from '../../kernel/ledgerRows';

/** The rows of a ledger that stand (the transaction lists' default), for the runners here. */
export { standing };

/** A record's date-time (timestamptz) within the range's days in the company's time zone. */
export const recordInRange = (column: SQL, p: ReportParams): SQL =>
  sql`${column} >= (${p.from}::date::timestamp AT TIME ZONE ${p.timeZone}) AND ${column} < ((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.timeZone})`;

/** The day a record's date-time falls on in the company's time zone (its ledger rows' date). */
export const recordDay = (column: SQL, p: ReportParams): SQL =>
  sql`to_char(${column} AT TIME ZONE ${p.timeZone}, 'YYYY-MM-DD')`;

/** A record at a site: its own site, or (none given) the site its ledger rows posted at. */
export const recordAtSite = (alias: string, p: ReportParams): SQL =>
  p.siteId
    ? sql`AND (${sql.raw(alias)}.site_id = ${p.siteId} OR (${sql.raw(alias)}.site_id IS NULL AND EXISTS (
        SELECT 1 FROM excise_transactions s_ WHERE s_.company_id = ${sql.raw(alias)}.company_id
          AND s_.ref_id = ${sql.raw(alias)}.id AND s_.site_id = ${p.siteId})))`
    : sql``;

export const run = async <T>(ctx: DomainContext, query: SQL): Promise<T[]> => rowsOf<T>(await ctx.db.execute(query));

/** A numeric's text (3 decimals or fewer) as thousandths. */
export const milli = (text: string | null | undefined): number => parseScaled(text ?? '0', 3);
/** Thousandths as a cell: "1234.500". */
export const q3 = (m: number): string => formatScaled(m, 3);
/** Thousandths as a chart's number. */
export const n3 = (m: number): number => Number(formatScaled(m, 3));

const trimZeros = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
/** Hundredths of a percent as a cell, up to 2 decimals: "72", "7.25". */
export const centiCell = (c: number): string => trimZeros(formatScaled(c, 2));
/** part / whole as a percent cell rounded once to 2 decimals; blank when there is no whole. */
export const percent = (part: number, whole: number): string =>
  whole === 0 ? '' : centiCell(shareOf(10_000, part, whole));
/** A strength numeric's text ("72.00") as a percent cell ("72"); blank when none. */
export const strengthCell = (text: string | null | undefined): string =>
  text === null || text === undefined ? '' : centiCell(parseScaled(text, 2));

/** Every month of the range, YYYY-MM, for charts that show empty months too (and month spans). */
export function monthsOf(p: { from: string; to: string }): string[] {
  const out: string[] = [];
  let [y, m] = p.from.split('-').map(Number);
  const [ty, tm] = p.to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** Sums thousandths by month: a chart series over monthsOf(p). */
export function byMonth(p: ReportParams, rows: { day: string; value: number }[]): number[] {
  const months = monthsOf(p);
  const sums = new Map(months.map((m) => [m, 0]));
  for (const r of rows) {
    const key = r.day.slice(0, 7);
    if (sums.has(key)) sums.set(key, sums.get(key)! + r.value);
  }
  return months.map((m) => n3(sums.get(m)!));
}

/** The items each record consumed (standing stock rows), as "Malted barley 400 kg, Rye 300 kg",
 * by record id: what a mash or blend used, read from the stock ledger its lists read. */
export async function itemsUsed(ctx: DomainContext, refType: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await run<{ ref: string; name: string; units: string | null; quantity: string }>(
    ctx,
    sql`
      SELECT t.ref_id::text AS ref, i.name, i.track_units AS units, (-sum(t.quantity))::text AS quantity
      FROM inventory_transactions t
      JOIN items i ON i.company_id = t.company_id AND i.id = t.stock_id
      WHERE t.company_id = ${ctx.actor.companyId} AND t.ref_type = ${refType} AND t.stock_kind = 'Item'
        AND t.category = 'Consumed' AND ${standing('inventory_transactions', 't')}
        AND t.ref_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      GROUP BY t.ref_id, i.id, i.name, i.track_units
      ORDER BY t.ref_id, min(t.id)`,
  );
  const out = new Map<string, string[]>();
  for (const r of rows) {
    // stock quantities carry 6 decimals; the record's lines have 3
    const qty = trimZeros(formatScaled(shareOf(parseScaled(r.quantity, 6), 1, 1000), 3));
    const list = out.get(r.ref) ?? [];
    list.push(`${r.name} ${qty}${r.units ? ` ${r.units}` : ''}`);
    out.set(r.ref, list);
  }
  return new Map([...out].map(([k, v]) => [k, v.join(', ')]));
}

/** The name of an alcohol record of any kind, for a ledger row alias. */
export const alcoholJoins = (alias: string): SQL =>
  sql.raw(`
  LEFT JOIN spirits sp_${alias} ON ${alias}.alcohol_type = 'Spirit' AND sp_${alias}.company_id = ${alias}.company_id AND sp_${alias}.id = ${alias}.alcohol_id
  LEFT JOIN wines wi_${alias} ON ${alias}.alcohol_type = 'Wine' AND wi_${alias}.company_id = ${alias}.company_id AND wi_${alias}.id = ${alias}.alcohol_id
  LEFT JOIN non_excises ne_${alias} ON ${alias}.alcohol_type = 'NonExcise' AND ne_${alias}.company_id = ${alias}.company_id AND ne_${alias}.id = ${alias}.alcohol_id`);
export const alcoholName = (alias: string): SQL =>
  sql.raw(`coalesce(sp_${alias}.name, wi_${alias}.name, ne_${alias}.name)`);

/** The name of a ledger row's vessel (a cask by its number). */
export const vesselJoins = (alias: string): SQL =>
  sql.raw(`
  LEFT JOIN tanks tk_${alias} ON ${alias}.vessel_type = 'Tank' AND tk_${alias}.company_id = ${alias}.company_id AND tk_${alias}.id = ${alias}.vessel_id
  LEFT JOIN fermenters fe_${alias} ON ${alias}.vessel_type = 'Fermenter' AND fe_${alias}.company_id = ${alias}.company_id AND fe_${alias}.id = ${alias}.vessel_id
  LEFT JOIN casks ca_${alias} ON ${alias}.vessel_type = 'Cask' AND ca_${alias}.company_id = ${alias}.company_id AND ca_${alias}.id = ${alias}.vessel_id
  LEFT JOIN bulk_containers bc_${alias} ON ${alias}.vessel_type = 'BulkContainer' AND bc_${alias}.company_id = ${alias}.company_id AND bc_${alias}.id = ${alias}.vessel_id`);
export const vesselName = (alias: string): SQL =>
  sql.raw(`coalesce(tk_${alias}.name, fe_${alias}.name, ca_${alias}.number, bc_${alias}.name)`);
