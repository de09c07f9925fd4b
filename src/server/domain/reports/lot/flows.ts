// What the lot trace reads: the standing rows of the two ledgers (excise_transactions for
// alcohol in vessels, inventory_transactions for products and items), summed per source record
// (refType, refId), holder (a vessel or a product/item), lot and direction. A row into its
// holder is positive, out of it negative; a row that moves no volume (a loss or gain of LAA, a
// strength adjustment) carries nothing anywhere and is left out. Reversed rows and reversals are
// history and left out too, as the transaction lists leave them out by default.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { standing } from '../../kernel/ledgerRows';

export type LedgerName = 'excise' | 'stock';

/** Who holds a lot: a vessel (Tank, Cask, Fermenter, BulkContainer) or a Product / Item. */
export interface Holder {
  ledger: LedgerName;
  holderId: string;
  holderType: string;
  lot: string | null;
}

/** One record's movement of one lot into (sign 1) or out of (sign -1) one holder. */
export interface Flow extends Holder {
  refType: string;
  refId: string;
  alcoholId: string | null;
  date: string;
  /** absolute, 3 decimals: litres for vessels, the stock's units for products and items */
  quantity: string;
  sign: 1 | -1;
}

export const holderKey = (h: Holder) => `${h.ledger}:${h.holderId}:${h.lot ?? ''}`;
export const refKey = (f: Pick<Flow, 'refType' | 'refId'>) => `${f.refType}:${f.refId}`;

interface RawFlow {
  ref_type: string;
  ref_id: string;
  holder_id: string;
  holder_type: string;
  alcohol_id: string | null;
  lot: string | null;
  date: string;
  quantity: string;
  sign: number;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const toFlow =
  (ledger: LedgerName) =>
  (r: RawFlow): Flow => ({
    ledger,
    refType: r.ref_type,
    refId: r.ref_id,
    holderId: r.holder_id,
    holderType: r.holder_type,
    alcoholId: r.alcohol_id,
    lot: r.lot,
    date: r.date,
    quantity: r.quantity,
    sign: Number(r.sign) > 0 ? 1 : -1,
  });

async function exciseFlows(ctx: DomainContext, where: SQL): Promise<Flow[]> {
  const rows = rowsOf<RawFlow>(
    await ctx.db.execute(sql`
      SELECT t.ref_type, t.ref_id::text AS ref_id, t.vessel_id::text AS holder_id, t.vessel_type AS holder_type,
             t.alcohol_id::text AS alcohol_id, t.lot, to_char(min(t.date), 'YYYY-MM-DD') AS date,
             abs(sum(t.volume))::numeric(18, 3)::text AS quantity, sign(t.volume)::int AS sign
      FROM excise_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND t.vessel_id IS NOT NULL AND t.volume <> 0
        AND ${standing('excise_transactions', 't')}
        AND ${where}
      GROUP BY t.ref_type, t.ref_id, t.vessel_id, t.vessel_type, t.alcohol_id, t.lot, sign(t.volume)
      ORDER BY min(t.date), t.ref_id, t.vessel_id`),
  );
  return rows.map(toFlow('excise'));
}

async function stockFlows(ctx: DomainContext, where: SQL): Promise<Flow[]> {
  const rows = rowsOf<RawFlow>(
    await ctx.db.execute(sql`
      SELECT t.ref_type, t.ref_id::text AS ref_id, t.stock_id::text AS holder_id, t.stock_kind AS holder_type,
             NULL::text AS alcohol_id, t.lot, to_char(min(t.date), 'YYYY-MM-DD') AS date,
             round(abs(sum(t.quantity)), 3)::numeric(24, 3)::text AS quantity, sign(t.quantity)::int AS sign
      FROM inventory_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND t.quantity <> 0
        AND ${standing('inventory_transactions', 't')}
        AND ${where}
      GROUP BY t.ref_type, t.ref_id, t.stock_id, t.stock_kind, t.lot, sign(t.quantity)
      ORDER BY min(t.date), t.ref_id, t.stock_id`),
  );
  return rows.map(toFlow('stock'));
}

/** Every movement of the lot (any case), narrowed to one object when `id` is given: a vessel,
 * the alcohol in vessels (a spirit, wine or non-excise alcohol), a product or an item. */
export async function flowsOfLot(ctx: DomainContext, lot: string, id: string | null): Promise<Flow[]> {
  const same = sql`lower(t.lot) = lower(${lot})`;
  return [
    ...(await exciseFlows(ctx, id ? sql`${same} AND (t.vessel_id = ${id} OR t.alcohol_id = ${id})` : same)),
    ...(await stockFlows(ctx, id ? sql`${same} AND t.stock_id = ${id}` : same)),
  ];
}

/** The movements of the given holders (each in its own lot). */
export async function flowsOfHolders(ctx: DomainContext, holders: Holder[]): Promise<Flow[]> {
  const of = (ledger: LedgerName) => holders.filter((h) => h.ledger === ledger && h.lot !== null);
  const pairs = (hs: Holder[], column: SQL) =>
    sql.join(
      hs.map((h) => sql`(${column} = ${h.holderId} AND t.lot = ${h.lot})`),
      sql` OR `,
    );
  const vessels = of('excise');
  const stocks = of('stock');
  return [
    ...(vessels.length ? await exciseFlows(ctx, sql`(${pairs(vessels, sql`t.vessel_id`)})`) : []),
    ...(stocks.length ? await stockFlows(ctx, sql`(${pairs(stocks, sql`t.stock_id`)})`) : []),
  ];
}

/** Every movement the given source records posted. */
export async function flowsOfRefs(ctx: DomainContext, refIds: string[]): Promise<Flow[]> {
  if (!refIds.length) return [];
  const ids = list([...new Set(refIds)]);
  return [
    ...(await exciseFlows(ctx, sql`t.ref_id IN (${ids})`)),
    ...(await stockFlows(ctx, sql`t.ref_id IN (${ids})`)),
  ];
}
