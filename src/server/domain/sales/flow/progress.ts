// A sales order's progress: how much of each line has shipped and been invoiced, and the
// order's status, recomputed from its shipments and invoices whenever one of them is created,
// edited or deleted (and when the order itself is saved). Shipped counts shipments that are
// Shipped or Delivered (a draft or cancelled one moved nothing); invoiced counts invoices that
// are not Void. Quantities go to the order's lines with the same product (or item, or bundle) in line
// order, each line filled up to its quantity, the last one taking any excess.
import { and, eq, sql } from 'drizzle-orm';
import { salesOrderLinesTable, salesOrderTable } from '../../../../generated/tables';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ApiRecord } from '../../records/hydrate';
import { fromScaled } from '../../../../shared/money/decimal';
import { fromMilli, milli } from './documents';

export type OrderStatus = 'Open' | 'PartiallyShipped' | 'Shipped' | 'Invoiced' | 'Closed' | 'Cancelled';
/** set by a person; the flow never replaces them */
const KEPT: OrderStatus[] = ['Closed', 'Cancelled'];

interface Line {
  id: string;
  key: string;
  quantity: bigint;
}

export interface LineProgress {
  id: string;
  shipped: bigint;
  invoiced: bigint;
}

/** Shares each product's total over the order lines of that product, in line order. */
export function allocate(lines: Line[], totals: Map<string, bigint>): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const left = new Map(totals);
  for (const [i, line] of lines.entries()) {
    const available = left.get(line.key) ?? 0n;
    const isLast = !lines.slice(i + 1).some((l) => l.key === line.key);
    const taken = isLast ? available : available < line.quantity ? available : line.quantity;
    out.set(line.id, taken > 0n ? taken : 0n);
    left.set(line.key, available - taken);
  }
  return out;
}

/** The status the quantities give (a person's Closed or Cancelled stays). */
export function statusOf(current: string, lines: { quantity: bigint; shipped: bigint; invoiced: bigint }[]) {
  if (KEPT.includes(current as OrderStatus)) return current as OrderStatus;
  const counted = lines.filter((l) => l.quantity > 0n);
  if (counted.length && counted.every((l) => l.invoiced >= l.quantity)) return 'Invoiced';
  if (counted.length && counted.every((l) => l.shipped >= l.quantity)) return 'Shipped';
  if (lines.some((l) => l.shipped > 0n)) return 'PartiallyShipped';
  return 'Open';
}

/** What a line sells, as the key quantities are matched by: its product, else its item, else its bundle. */
export const keyOf = (product: string | null, item: string | null, bundle: string | null = null) =>
  product ? `p${product}` : item ? `i${item}` : bundle ? `b${bundle}` : '';

export interface CountedRow {
  product: string | null;
  item: string | null;
  bundle: string | null;
  quantity: string;
}

/** Quantities summed by what they sell; a key may come from several groups (a line naming a
 * product and an item counts as the product). */
export function totalsByKey(rows: CountedRow[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const r of rows) {
    const key = keyOf(r.product, r.item, r.bundle);
    out.set(key, (out.get(key) ?? 0n) + milli(r.quantity));
  }
  return out;
}

async function totalsOf(ctx: DomainContext, orderId: string, kind: 'shipment' | 'invoice', excluding: string | null) {
  const counted =
    kind === 'shipment'
      ? sql`SELECT l.product_id::text AS product, l.item_id::text AS item, l.bundle_id::text AS bundle,
                   sum(l.quantity)::text AS quantity
            FROM shipments d JOIN shipments_lines l ON l.company_id = d.company_id AND l.parent_id = d.id
            WHERE d.company_id = ${ctx.actor.companyId} AND d.sales_order_id = ${orderId}
              AND d.status IN ('Shipped', 'Delivered') ${excluding ? sql`AND d.id <> ${excluding}` : sql``}
            GROUP BY 1, 2, 3`
      : sql`SELECT l.product_id::text AS product, l.item_id::text AS item, l.bundle_id::text AS bundle,
                   sum(l.quantity)::text AS quantity
            FROM invoices d JOIN invoices_lines l ON l.company_id = d.company_id AND l.parent_id = d.id
            WHERE d.company_id = ${ctx.actor.companyId} AND d.sales_order_id = ${orderId}
              AND d.status <> 'Void' ${excluding ? sql`AND d.id <> ${excluding}` : sql``}
            GROUP BY 1, 2, 3`;
  return totalsByKey(rowsOf<CountedRow>(await ctx.db.execute(counted)));
}

/** Recomputes and stores an order's shipped and invoiced quantities and status, leaving out
 * one document (being deleted). Answers what it stored, or null when there is no such order. */
export async function refreshOrder(
  ctx: DomainContext,
  orderId: string | null,
  excluding: string | null = null,
): Promise<{ status: OrderStatus; lines: LineProgress[] } | null> {
  if (!orderId) return null;
  const { companyId } = ctx.actor;
  const [order] = rowsOf<{ status: string }>(
    await ctx.db.execute(
      sql`SELECT status FROM sales_orders WHERE company_id = ${companyId} AND id = ${orderId} FOR UPDATE`,
    ),
  );
  if (!order) return null;
  const lines = rowsOf<{
    id: string;
    product: string | null;
    item: string | null;
    bundle: string | null;
    quantity: string;
  }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, product_id::text AS product, item_id::text AS item, bundle_id::text AS bundle,
             quantity::text AS quantity
      FROM sales_orders_lines WHERE company_id = ${companyId} AND parent_id = ${orderId} ORDER BY position, id`),
  ).map((l) => ({ id: l.id, key: keyOf(l.product, l.item, l.bundle), quantity: milli(l.quantity) }));
  const shipped = allocate(lines, await totalsOf(ctx, orderId, 'shipment', excluding));
  const invoiced = allocate(lines, await totalsOf(ctx, orderId, 'invoice', excluding));
  const progress = lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    shipped: l.key ? shipped.get(l.id)! : 0n,
    invoiced: l.key ? invoiced.get(l.id)! : 0n,
  }));
  for (const p of progress)
    await ctx.db
      .update(salesOrderLinesTable)
      .set({ shippedQuantity: fromScaled(p.shipped, 3), invoicedQuantity: fromScaled(p.invoiced, 3) })
      .where(and(eq(salesOrderLinesTable.companyId, companyId), eq(salesOrderLinesTable.id, p.id)));
  const status = statusOf(order.status, progress);
  if (status !== order.status)
    await ctx.db
      .update(salesOrderTable)
      .set({ status })
      .where(and(eq(salesOrderTable.companyId, companyId), eq(salesOrderTable.id, orderId)));
  return { status, lines: progress };
}

/** The order as the save answers it, with what refreshOrder stored (the record was read before). */
export function showProgress(record: ApiRecord, stored: { status: OrderStatus; lines: LineProgress[] }) {
  record.status = stored.status;
  const byId = new Map(stored.lines.map((l) => [l.id, l]));
  for (const line of (record.lines as Record<string, unknown>[] | null) ?? []) {
    const p = byId.get(String(line.id));
    if (p) {
      line.shippedQuantity = fromMilli(p.shipped);
      line.invoicedQuantity = fromMilli(p.invoiced);
    }
  }
}
