// What a purchase order has received: each receipt line (of receipts Received or Billed: a
// draft has not arrived) is matched to the order's lines of the same product or item in line
// order, filling each up to its ordered quantity before the next; what is left over stays on the
// last matching line. The order keeps the result in its lines' receivedQuantity and its status.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { formatScaled, parseScaled, type Milli } from '../excise/quantities';

export interface OrderLine {
  id: string;
  position: number;
  stockId: string | null;
  quantity: Milli;
  received: Milli;
}

/** Statuses a person sets that receiving never changes. */
const KEPT = new Set(['Closed', 'Cancelled']);

/** The order's lines with what its receipts (all but `exceptReceiptId`) brought in. */
export async function receivedOf(
  ctx: DomainContext,
  purchaseOrderId: string,
  exceptReceiptId: string | null = null,
): Promise<OrderLine[]> {
  const { companyId } = ctx.actor;
  const lines: OrderLine[] = rowsOf<{ id: string; position: number; stock_id: string | null; quantity: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, position, coalesce(product_id, item_id)::text AS stock_id, quantity::text AS quantity
      FROM purchase_orders_lines WHERE company_id = ${companyId} AND parent_id = ${purchaseOrderId}
      ORDER BY position, id`),
  ).map((r) => ({
    id: r.id,
    position: r.position,
    stockId: r.stock_id,
    quantity: parseScaled(r.quantity, 3),
    received: 0,
  }));
  const receipts = rowsOf<{ stock_id: string; quantity: string }>(
    await ctx.db.execute(sql`
      SELECT coalesce(l.product_id, l.item_id)::text AS stock_id, l.quantity::text AS quantity
      FROM inventory_receipts r
      JOIN inventory_receipts_lines l ON l.company_id = r.company_id AND l.parent_id = r.id
      WHERE r.company_id = ${companyId} AND r.purchase_order_id = ${purchaseOrderId} AND r.status <> 'Draft'
        AND coalesce(l.product_id, l.item_id) IS NOT NULL
        ${exceptReceiptId ? sql`AND r.id <> ${exceptReceiptId}` : sql``}
      ORDER BY r.date, r.id, l.position, l.id`),
  );
  for (const r of receipts) {
    const matching = lines.filter((l) => l.stockId === r.stock_id);
    if (!matching.length) continue;
    let left = parseScaled(r.quantity, 3);
    for (const l of matching) {
      const room = Math.max(l.quantity - l.received, 0);
      const take = l === matching[matching.length - 1] ? left : Math.min(room, left);
      l.received += take;
      left -= take;
      if (left === 0) break;
    }
  }
  return lines;
}

/** Sent, PartiallyReceived or Received from the lines; Closed and Cancelled stay, and so does
 * Draft while nothing has arrived (a receipt against a draft shows it was ordered after all). */
export function statusOf(current: string, lines: OrderLine[]): string {
  if (KEPT.has(current)) return current;
  const stocked = lines.filter((l) => l.stockId !== null);
  if (!stocked.length) return current;
  const any = stocked.some((l) => l.received > 0);
  if (!any) return current === 'Draft' ? 'Draft' : 'Sent';
  return stocked.every((l) => l.received >= l.quantity) ? 'Received' : 'PartiallyReceived';
}

/** Recomputes and stores an order's received quantities and status (inside the caller's
 * transaction, the order's row locked first so two receipts of one order queue). Answers them,
 * or null when the order is not the company's. */
export async function refreshPurchaseOrder(
  ctx: DomainContext,
  purchaseOrderId: string,
  exceptReceiptId: string | null = null,
): Promise<{ status: string; lines: OrderLine[] } | null> {
  const { companyId } = ctx.actor;
  const [order] = rowsOf<{ status: string }>(
    await ctx.db.execute(
      sql`SELECT status FROM purchase_orders WHERE company_id = ${companyId} AND id = ${purchaseOrderId} FOR UPDATE`,
    ),
  );
  if (!order) return null;
  const lines = await receivedOf(ctx, purchaseOrderId, exceptReceiptId);
  for (const l of lines)
    await ctx.db.execute(sql`
      UPDATE purchase_orders_lines SET received_quantity = ${formatScaled(l.received, 3)}
      WHERE company_id = ${companyId} AND id = ${l.id}`);
  const status = statusOf(order.status, lines);
  if (status !== order.status)
    await ctx.db.execute(
      sql`UPDATE purchase_orders SET status = ${status} WHERE company_id = ${companyId} AND id = ${purchaseOrderId}`,
    );
  return { status, lines };
}
