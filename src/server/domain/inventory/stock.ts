// The inventory posting module: the only code that inserts into inventory_transactions. Every
// movement of products and items (inventory actions, production, sales, purchasing) calls
// postStock() or reverseStock() inside its own transaction. Each call locks the balance rows
// of every (stock, site) it touches in key order, checks that no bucket goes below zero (now
// or at any later date, for back-dated rows), writes the rows and the balances, and audits.
//
// Value is a moving average per product or item per site: a row taking stock out carries its
// share of the site's value (the whole of it when it takes the whole quantity, so nothing
// drifts); a row bringing stock in carries the value it is given (a receipt's cost), the value
// of the row it pairs with (a transfer), or the site's average cost.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import { formatScaled, parseScaled, shareOf, type Milli } from '../excise/quantities';
import type { Ref } from '../excise/ledger';

export type StockKind = 'Product' | 'Item';
export const STOCK_STATUSES = ['InBond', 'DutyPaid'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** an integer count of millionths of a unit (a bottle, a kg of malt) */
export type Micro = number;
export const MICRO = 1_000_000;
/** Largest quantity one row may carry: 9,000,000,000 units keeps every sum below 2^53. */
export const MAX_MICRO = 9_000_000_000 * MICRO;

/** The reasons a row moves stock: what the product and item transaction lists show. */
export const STOCK_CATEGORIES = [
  'Initial',
  'Produced',
  'Consumed',
  'Received',
  'Sold',
  'Returned',
  'Adjusted',
  'Reduced',
  'TransferredSite',
  'TransferredLot',
  // out of bond to another licensee or a licensed user, and out of bond for export (sales shipments)
  'DeliveredInBond',
  'Exported',
  'MovedToDutyPaid',
  'MovedToInBond',
  'ReturnedToTank',
  'Unpacked',
  'Converted',
  'Reconciled',
] as const;
export type StockCategory = (typeof STOCK_CATEGORIES)[number];

/** One row to post. */
export interface StockPosting {
  date: string;
  kind: StockKind;
  stockId: string;
  siteId: string | null;
  lot: string | null;
  /** products: InBond or DutyPaid; items: null */
  status: StockStatus | null;
  /** signed: into stock positive, out of it negative */
  quantity: Micro;
  /** signed packaged alcohol of a product row; an outgoing row takes its share of the bucket's when not given */
  laa?: Milli;
  /** signed cents; see the file comment for what a row carries when none is given */
  value?: number | null;
  /** carry the value of the row at this index of the same call, negated (the other half of a transfer) */
  pairedWith?: number;
  category: StockCategory;
  description: string;
  comments?: string | null;
  /** what a refusal for this row names first ("Bundle Gift set": "Bundle Gift set: <refusal>")
   * and the input field it points at (info.field); without them the refusal is the stock's own */
  label?: string;
  field?: string;
}

/** A refusal for a row, in the row's words when it carries a label and field. */
function rowRefusal(row: StockPosting | undefined, message: string, info: Record<string, unknown>): AppError {
  return new AppError(
    'CONFLICT',
    row?.label ? `${row.label}: ${message}` : message,
    row?.field ? { ...info, field: row.field } : info,
  );
}

interface Bucket {
  stockId: string;
  siteId: string;
  lot: string;
  status: string;
  kind: StockKind;
  quantity: Micro;
  laa: Milli;
  value: number;
}

interface StockInfo {
  id: string;
  kind: StockKind;
  name: string;
  units: string;
  precision: number;
  counted: boolean;
  cost: number | null;
}

const bucketKey = (stockId: string, siteId: string | null, lot: string | null, status: string | null) =>
  `${stockId}|${siteId ?? '0'}|${lot ?? ''}|${status ?? ''}`;
const siteKey = (stockId: string, siteId: string | null) => `${stockId}|${siteId ?? '0'}`;
const cmpId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/** "12", "2.5", "0.125 kg": a quantity in its units, to the stock's precision (no trailing zeros). */
export function quantityText(q: Micro, units = ''): string {
  const [int, frac = ''] = formatScaled(q, 6).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = frac.replace(/0+$/, '');
  return `${grouped}${decimals ? `.${decimals}` : ''}${units ? ` ${units}` : ''}`;
}

export const microOf = (x: number): Micro => Math.sign(x) * Math.round(Math.abs(x) * MICRO);
export const fromMicro = (m: Micro): number => Number(formatScaled(m, 6));

/** The products and items rows name, checked to belong to the company. */
async function readStock(ctx: DomainContext, ids: string[]): Promise<Map<string, StockInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const idList = sql.join(
    unique.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    id: string;
    kind: StockKind;
    name: string;
    units: string | null;
    precision: number | null;
    counted: boolean;
    cost: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, 'Product' AS kind, coalesce(name, sku, id::text) AS name,
             lower(coalesce(container_type, 'unit')) || 's' AS units, 0 AS precision, true AS counted, NULL::text AS cost
        FROM products WHERE company_id = ${ctx.actor.companyId} AND id IN (${idList})
      UNION ALL
      SELECT id::text, 'Item', coalesce(name, sku, id::text), track_units, precision, coalesce(type, 'Inventory') = 'Inventory', cost::text
        FROM items WHERE company_id = ${ctx.actor.companyId} AND id IN (${idList})`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind,
        name: r.name,
        units: r.units ?? '',
        precision: r.precision ?? 0,
        counted: r.counted,
        cost: r.cost === null ? null : parseScaled(r.cost, 4),
      },
    ]),
  );
}

async function siteNames(ctx: DomainContext, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id) => id !== '0'))];
  if (!unique.length) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, coalesce(name, id::text) AS name FROM sites
      WHERE company_id = ${ctx.actor.companyId} AND id IN (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Locks every balance row of the (stock, site) pairs given, creating the buckets rows will
 * land in; in key order, so two postings never wait on each other in a cycle. */
async function lockBuckets(
  ctx: DomainContext,
  wanted: { stockId: string; siteId: string | null; lot: string | null; status: string | null; kind: StockKind }[],
): Promise<Map<string, Bucket>> {
  const { companyId } = ctx.actor;
  const fresh = [...new Map(wanted.map((w) => [bucketKey(w.stockId, w.siteId, w.lot, w.status), w])).values()].sort(
    (a, b) =>
      cmpId(a.stockId, b.stockId) ||
      cmpId(a.siteId ?? '0', b.siteId ?? '0') ||
      (a.lot ?? '').localeCompare(b.lot ?? '') ||
      (a.status ?? '').localeCompare(b.status ?? ''),
  );
  if (!fresh.length) return new Map();
  await ctx.db.execute(sql`
    INSERT INTO stock_balances (company_id, stock_id, site_id, lot, status, stock_kind)
    VALUES ${sql.join(
      fresh.map(
        (w) => sql`(${companyId}, ${w.stockId}, ${w.siteId ?? '0'}, ${w.lot ?? ''}, ${w.status ?? ''}, ${w.kind})`,
      ),
      sql`, `,
    )}
    ON CONFLICT DO NOTHING`);
  const pairs = [...new Set(fresh.map((w) => siteKey(w.stockId, w.siteId)))].map((k) => k.split('|'));
  const rows = rowsOf<{
    stock_id: string;
    site_id: string;
    lot: string;
    status: string;
    stock_kind: StockKind;
    quantity: string;
    laa: string;
    value: string;
  }>(
    await ctx.db.execute(sql`
      SELECT stock_id::text AS stock_id, site_id::text AS site_id, lot, status, stock_kind,
             quantity::text AS quantity, laa::text AS laa, value::text AS value
      FROM stock_balances
      WHERE company_id = ${companyId} AND (stock_id, site_id) IN (${sql.join(
        pairs.map(([s, site]) => sql`(${s}::bigint, ${site}::bigint)`),
        sql`, `,
      )})
      ORDER BY stock_id, site_id, lot, status
      FOR UPDATE`),
  );
  return new Map(
    rows.map((r) => [
      bucketKey(r.stock_id, r.site_id, r.lot, r.status),
      {
        stockId: r.stock_id,
        siteId: r.site_id,
        lot: r.lot,
        status: r.status,
        kind: r.stock_kind,
        quantity: parseScaled(r.quantity, 6),
        laa: parseScaled(r.laa, 3),
        value: parseScaled(r.value, 2),
      },
    ]),
  );
}

const STATUS_TEXT: Record<string, string> = { InBond: 'in bond', DutyPaid: 'duty paid' };

function bucketLabel(info: StockInfo | undefined, b: Bucket, sites: Map<string, string>): string {
  const where = [
    b.siteId !== '0' ? `at ${sites.get(b.siteId) ?? b.siteId}` : null,
    b.lot ? `lot ${b.lot}` : null,
    STATUS_TEXT[b.status] ?? null,
  ].filter(Boolean);
  return `${info?.name ?? b.stockId}${where.length ? ` (${where.join(', ')})` : ''}`;
}

/** The company's last filed excise period: packaged alcohol may not move inside it. FOR SHARE,
 * as in the excise ledger: a posting waits for a filing in progress and reads the period it set. */
async function assertPeriodOpen(ctx: DomainContext, dates: string[]) {
  if (!dates.length) return;
  const [row] = rowsOf<{ end: string | null }>(
    await ctx.db.execute(
      sql`SELECT to_char(excise_period_end, 'YYYY-MM-DD') AS end FROM companies WHERE id = ${ctx.actor.companyId} FOR SHARE`,
    ),
  );
  const filed = dates.filter((d) => row?.end && d <= row.end);
  if (filed.length)
    throw new AppError(
      'CONFLICT',
      `The excise period to ${row!.end} is filed: transactions dated ${filed.sort()[0]} can no longer change`,
      { excisePeriodEnd: row!.end },
    );
}

interface Planned extends StockPosting {
  value: number;
  laa: Milli;
  reversesId?: string;
}

/** Applies rows to the locked buckets in order, deriving value and LAA; refuses a bucket
 * going below zero. */
function apply(
  rows: StockPosting[],
  buckets: Map<string, Bucket>,
  stock: Map<string, StockInfo>,
  sites: Map<string, string>,
  reversing: boolean,
): Planned[] {
  const planned: Planned[] = [];
  // each (stock, site)'s quantity and value, kept as rows apply
  const sitesTotal = new Map<string, { quantity: Micro; value: number }>();
  for (const x of buckets.values()) {
    const t = sitesTotal.get(siteKey(x.stockId, x.siteId)) ?? { quantity: 0, value: 0 };
    t.quantity += x.quantity;
    t.value += x.value;
    sitesTotal.set(siteKey(x.stockId, x.siteId), t);
  }
  for (const row of rows) {
    const key = bucketKey(row.stockId, row.siteId, row.lot, row.status);
    const b = buckets.get(key);
    if (!b) throw new Error(`Bucket ${key} was not locked`);
    const info = stock.get(row.stockId);
    const total = sitesTotal.get(siteKey(b.stockId, b.siteId))!;
    const { quantity: siteQuantity, value: siteValue } = total;
    let value: number;
    if (typeof row.value === 'number') value = row.value;
    else if (row.pairedWith !== undefined) value = -(planned[row.pairedWith]?.value ?? 0);
    else if (row.quantity < 0) value = -shareOf(siteValue, -row.quantity, siteQuantity);
    else if (siteQuantity > 0) value = shareOf(siteValue, row.quantity, siteQuantity);
    else value = info?.cost ? shareOf(info.cost, row.quantity, 100 * MICRO) : 0;
    const laa = row.laa ?? (row.quantity < 0 ? -shareOf(b.laa, -row.quantity, b.quantity) : 0);
    const quantity = b.quantity + row.quantity;
    if (quantity < 0) {
      const label = bucketLabel(info, b, sites);
      const message = `${label} holds ${quantityText(b.quantity, info?.units)}; the transaction takes ${quantityText(-row.quantity, info?.units)} out of it`;
      throw rowRefusal(row, reversing ? `This cannot be undone: ${message}` : message, { stockId: row.stockId });
    }
    if (Math.abs(row.quantity) > MAX_MICRO || quantity > MAX_MICRO)
      throw new AppError('VALIDATION_ERROR', `A quantity cannot exceed ${quantityText(MAX_MICRO)}`, {
        quantity: 'Too large',
      });
    b.quantity = quantity;
    b.laa = quantity === 0 ? 0 : b.laa + laa;
    b.value += value;
    total.quantity += row.quantity;
    total.value += value;
    planned.push({ ...row, value, laa });
  }
  return planned;
}

async function insertRows(ctx: DomainContext, ref: Ref, rows: Planned[]): Promise<string[]> {
  const { companyId, userId } = ctx.actor;
  const inserted = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      INSERT INTO inventory_transactions (company_id, date, ref_type, ref_id, stock_kind, stock_id, site_id, lot, status,
        category, description, comments, quantity, laa, value, reverses_id, user_id)
      VALUES ${sql.join(
        rows.map(
          (r) => sql`(${companyId}, ${r.date}, ${ref.refType}, ${ref.refId}, ${r.kind}, ${r.stockId}, ${r.siteId},
            ${r.lot || null}, ${r.status}, ${r.category}, ${r.description}, ${r.comments ?? null},
            ${formatScaled(r.quantity, 6)}, ${formatScaled(r.laa, 3)}, ${formatScaled(r.value, 2)}, ${r.reversesId ?? null}, ${userId})`,
        ),
        sql`, `,
      )}
      RETURNING id::text AS id`),
  );
  return inserted.map((r) => r.id);
}

async function saveBuckets(ctx: DomainContext, buckets: Iterable<Bucket>) {
  for (const b of buckets)
    await ctx.db.execute(sql`
      UPDATE stock_balances SET quantity = ${formatScaled(b.quantity, 6)}, laa = ${formatScaled(b.laa, 3)},
        value = ${formatScaled(b.value, 2)}
      WHERE company_id = ${ctx.actor.companyId} AND stock_id = ${b.stockId} AND site_id = ${b.siteId}
        AND lot = ${b.lot} AND status = ${b.status}`);
}

/** Back-dated withdrawals (and reversals of earlier receipts) must not take a bucket below
 * zero at any later date: its lowest running balance from the earliest such row on. */
async function assertHistoryNotNegative(
  ctx: DomainContext,
  rows: Planned[],
  buckets: Map<string, Bucket>,
  stock: Map<string, StockInfo>,
  sites: Map<string, string>,
  reversing: boolean,
) {
  // each bucket's earliest withdrawal: its date, and the row a refusal names
  const earliest = new Map<string, Planned>();
  for (const r of rows)
    if (r.quantity < 0) {
      const key = bucketKey(r.stockId, r.siteId, r.lot, r.status);
      const d = earliest.get(key);
      if (!d || r.date < d.date) earliest.set(key, r);
    }
  for (const [key, row] of earliest) {
    const { date } = row;
    const b = buckets.get(key)!;
    const bucket = sql`company_id = ${ctx.actor.companyId} AND stock_id = ${b.stockId} AND coalesce(site_id, 0) = ${b.siteId}
      AND coalesce(lot, '') = ${b.lot} AND coalesce(status, '') = ${b.status}`;
    // nothing dated after it: the balance now (checked as the rows applied) is the lowest
    const [later] = rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM inventory_transactions WHERE ${bucket} AND date > ${date} LIMIT 1) x`,
      ),
    );
    if (!later.n) continue;
    // end-of-day balances from that date on: today's balance less what later days moved
    const [low] = rowsOf<{ date: string | null; quantity: string | null }>(
      await ctx.db.execute(sql`
        WITH days AS (
          SELECT date, sum(quantity) AS moved FROM inventory_transactions WHERE ${bucket} AND date >= ${date} GROUP BY date),
        running AS (
          SELECT date, ${formatScaled(b.quantity, 6)}::numeric - (SELECT sum(moved) FROM days)
                 + sum(moved) OVER (ORDER BY date) AS balance
          FROM days)
        SELECT to_char(date, 'YYYY-MM-DD') AS date, balance::text AS quantity FROM running
        WHERE balance < 0 ORDER BY date LIMIT 1`),
    );
    if (low?.date) {
      const info = stock.get(b.stockId);
      throw rowRefusal(
        row,
        `${reversing ? 'This cannot be undone: ' : ''}${bucketLabel(info, b, sites)} would hold less than nothing on ${low.date} (${quantityText(parseScaled(low.quantity, 6), info?.units)}): the stock it takes had not arrived by ${date}`,
        { stockId: b.stockId, date: low.date },
      );
    }
  }
}

/** Posts rows under a source, in one go: all of them or none. Rows of items that are not
 * counted (services, non-inventory) are left out. Answers the new rows' ids. */
export async function postStock(ctx: DomainContext, ref: Ref, rows: StockPosting[]): Promise<string[]> {
  if (!rows.length) return [];
  const stock = await readStock(
    ctx,
    rows.map((r) => r.stockId),
  );
  for (const r of rows) {
    const info = stock.get(r.stockId);
    if (!info || info.kind !== r.kind)
      throw new AppError('NOT_FOUND', `No ${r.kind === 'Product' ? 'product' : 'item'} with id ${r.stockId}`, {
        id: r.stockId,
      });
    if (r.kind === 'Product' && !r.status) throw new Error('A product row needs a status (InBond or DutyPaid)');
    if (r.kind === 'Item' && r.status) throw new Error('An item row has no status');
    if (!Number.isSafeInteger(r.quantity)) throw new Error(`Quantity ${r.quantity} is not an integer of millionths`);
  }
  // keep the indexes pairedWith points at: drop uncounted items only when nothing pairs with them
  const counted = rows.filter((r) => stock.get(r.stockId)!.counted);
  if (!counted.length) return [];
  if (counted.length !== rows.length && rows.some((r) => r.pairedWith !== undefined))
    throw new Error('pairedWith cannot point across uncounted items');
  await assertPeriodOpen(
    ctx,
    counted.filter((r) => r.kind === 'Product' && (r.laa ?? 0) !== 0).map((r) => r.date),
  );
  const buckets = await lockBuckets(ctx, counted);
  const sites = await siteNames(
    ctx,
    counted.map((r) => r.siteId ?? '0'),
  );
  const planned = apply(counted, buckets, stock, sites, false);
  const ids = await insertRows(ctx, ref, planned);
  await assertHistoryNotNegative(ctx, planned, buckets, stock, sites, false);
  await saveBuckets(ctx, buckets.values());
  await recordAudit(ctx.db, ctx.actor, {
    entity: ref.refType,
    entityId: ref.refId,
    event: 'posted',
    after: { stockTransactions: ids, rows: planned.map(summary(stock)) },
  });
  return ids;
}

const summary = (stock: Map<string, StockInfo>) => (r: Planned) => ({
  date: r.date,
  category: r.category,
  stock: stock.get(r.stockId)?.name ?? r.stockId,
  quantity: formatScaled(r.quantity, 6),
});

interface OpenRow {
  id: string;
  date: string;
  stock_kind: StockKind;
  stock_id: string;
  site_id: string | null;
  lot: string | null;
  status: StockStatus | null;
  category: StockCategory;
  quantity: string;
  laa: string;
  value: string;
}

/** Rows of a source not yet reversed, newest first. */
export async function openStockRowsOf(ctx: DomainContext, refId: string): Promise<OpenRow[]> {
  return rowsOf<OpenRow>(
    await ctx.db.execute(sql`
      SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.stock_kind, t.stock_id::text AS stock_id,
             t.site_id::text AS site_id, t.lot, t.status, t.category, t.quantity::text AS quantity, t.laa::text AS laa,
             t.value::text AS value
      FROM inventory_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND t.ref_id = ${refId} AND t.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM inventory_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id)
      ORDER BY t.id DESC`),
  );
}

/** Reverses every open row of a source with rows of the opposite sign, dated as the rows they
 * reverse (newest first). Answers the reversal rows' ids. */
export async function reverseStock(ctx: DomainContext, ref: Ref): Promise<string[]> {
  const open = await openStockRowsOf(ctx, ref.refId);
  if (!open.length) return [];
  const rows: (StockPosting & { reversesId: string; laa: Milli; value: number })[] = open.map((r) => ({
    date: r.date,
    kind: r.stock_kind,
    stockId: r.stock_id,
    siteId: r.site_id,
    lot: r.lot,
    status: r.status,
    quantity: -parseScaled(r.quantity, 6),
    laa: -parseScaled(r.laa, 3),
    value: -parseScaled(r.value, 2),
    category: r.category,
    description: `Reversal of transaction ${r.id}`,
    reversesId: r.id,
  }));
  await assertPeriodOpen(
    ctx,
    rows.filter((r) => r.kind === 'Product' && r.laa !== 0).map((r) => r.date),
  );
  const stock = await readStock(
    ctx,
    rows.map((r) => r.stockId),
  );
  const buckets = await lockBuckets(ctx, rows);
  const sites = await siteNames(
    ctx,
    rows.map((r) => r.siteId ?? '0'),
  );
  const planned = apply(rows, buckets, stock, sites, true).map((p, i) => ({ ...p, reversesId: rows[i].reversesId }));
  const ids = await insertRows(ctx, ref, planned);
  await assertHistoryNotNegative(ctx, planned, buckets, stock, sites, true);
  await saveBuckets(ctx, buckets.values());
  await recordAudit(ctx.db, ctx.actor, {
    entity: ref.refType,
    entityId: ref.refId,
    event: 'reversed',
    before: { stockTransactions: open.map((r) => r.id) },
    after: { reversals: ids },
  });
  return ids;
}
