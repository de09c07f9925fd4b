// inventoryReceiptFromPurchaseOrder: a new receipt for what an order has not yet received, linked
// to the order, made through the generic create path (so validation, references, every entity
// hook, the postings and the audit run as for a receipt typed by hand), in one transaction.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { entityByName } from '../../../generated/entities';
import { AppError } from '../kernel/errors';
import { lendingValues, type DomainContext } from '../records/actor';
import { createRecord } from '../records/write';
import { visibleTo, type ApiRecord } from '../records/hydrate';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { fromMilli } from '../excise/quantities';
import { receivedOf } from './received';

/** Receipt numbers fit the schema's 20 characters. */
const NUMBER_MAX = 20;

interface OrderRow {
  number: string;
  status: string;
  supplier: string;
  site: string | null;
  currency: string | null;
  exchange_rate: string | null;
}

interface OrderLineRow {
  id: string;
  product: string | null;
  item: string | null;
  description: string | null;
  unit_price: string | null;
  discount_percent: string | null;
  tax: string | null;
}

/** "PO-1001-R2": the order's number and the receipt's count against it, the first one free. */
async function receiptNumber(ctx: DomainContext, orderId: string, orderNumber: string): Promise<string> {
  const [{ n }] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n FROM inventory_receipts WHERE company_id = ${ctx.actor.companyId} AND purchase_order_id = ${orderId}`),
  );
  for (let k = n + 1; ; k++) {
    const suffix = `-R${k}`;
    const candidate = orderNumber.slice(0, NUMBER_MAX - suffix.length) + suffix;
    const [taken] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`
        SELECT id::text AS id FROM inventory_receipts WHERE company_id = ${ctx.actor.companyId} AND number = ${candidate} LIMIT 1`),
    );
    if (!taken) return candidate;
  }
}

export async function receiptFromPurchaseOrder(ctx: DomainContext, purchaseOrderId: string): Promise<ApiRecord> {
  if (!/^\d{1,18}$/.test(purchaseOrderId))
    throw new AppError('NOT_FOUND', `Purchase order ${purchaseOrderId} not found`, { id: purchaseOrderId });
  return ctx.db.transaction(async (tx) => {
    const inTx: DomainContext = { ...ctx, db: tx };
    const { companyId } = ctx.actor;
    // locked: two receipts made from one order at once see each other's quantities
    const [order] = rowsOf<OrderRow>(
      await tx.execute(sql`
        SELECT number, status, supplier_id::text AS supplier, site_id::text AS site, currency,
               exchange_rate::text AS exchange_rate
        FROM purchase_orders WHERE company_id = ${companyId} AND id = ${purchaseOrderId} FOR UPDATE`),
    );
    if (!order) throw new AppError('NOT_FOUND', `Purchase order ${purchaseOrderId} not found`, { id: purchaseOrderId });
    if (order.status === 'Cancelled' || order.status === 'Closed')
      throw new AppError(
        'CONFLICT',
        `Purchase order ${order.number} is ${order.status.toLowerCase()}: nothing more can be received against it`,
        { id: purchaseOrderId },
      );
    const details = new Map(
      rowsOf<OrderLineRow>(
        await tx.execute(sql`
          SELECT id::text AS id, product_id::text AS product, item_id::text AS item, description,
                 unit_price::text AS unit_price, discount_percent::text AS discount_percent, tax_id::text AS tax
          FROM purchase_orders_lines WHERE company_id = ${companyId} AND parent_id = ${purchaseOrderId}`),
      ).map((l) => [l.id, l]),
    );
    const lines = (await receivedOf(inTx, purchaseOrderId))
      .filter((l) => l.stockId !== null && l.quantity > l.received)
      .map((l) => {
        const d = details.get(l.id)!;
        return {
          product: d.product,
          item: d.item,
          description: d.description,
          quantity: fromMilli(l.quantity - l.received),
          unitPrice: d.unit_price === null ? null : Number(d.unit_price),
          discountPercent: d.discount_percent === null ? null : Number(d.discount_percent),
          tax: d.tax,
        };
      });
    if (!lines.length)
      throw new AppError(
        'CONFLICT',
        `Everything on purchase order ${order.number} has been received: there is nothing left to receive`,
        { id: purchaseOrderId },
      );
    const input: Record<string, unknown> = {
      number: await receiptNumber(inTx, purchaseOrderId, order.number),
      supplier: order.supplier,
      purchaseOrder: purchaseOrderId,
      date: dayIn(await timeZoneOf(inTx), new Date()),
      status: 'Received',
      site: order.site,
      currency: order.currency,
      exchangeRate: order.exchange_rate === null ? null : Number(order.exchange_rate),
      lines,
    };
    // the receipt carries the order's own prices (its cost feeds the moving average) even for a
    // person without `values`; the answer is cut down to what that person may read
    const copying: DomainContext = { ...inTx, actor: lendingValues(ctx.actor) };
    const entity = entityByName.inventoryReceipt;
    return visibleTo(entity, ctx.actor, await createRecord(copying, entity, input));
  });
}
