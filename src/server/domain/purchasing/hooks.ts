// The lifecycle of receipts and purchase orders, inside the record mutation's transaction. A
// receipt Received or Billed posts its stock and bulk rows when saved; an edit reverses and
// posts again; a delete reverses (refused, with the ledgers' message, when what it brought in
// has been used since). Its purchase order's received quantities and status follow each change.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { hooksOf, type RecordOf } from '../records/hooks';
import { post, reverse, vesselsOfRef } from '../excise/ledger';
import { fromMilli } from '../excise/quantities';
import { lockVessels } from '../excise/vessels';
import { postStock, reverseStock } from '../inventory/stock';
import { refOf } from '../production/common';
import { planReceipt } from './receiptPlan';
import { refreshPurchaseOrder } from './received';

type Receipt = RecordOf<'inventoryReceipt'>;

const posts = (receipt: Receipt) => receipt.status === 'Received' || receipt.status === 'Billed';

async function postReceipt(ctx: DomainContext, receipt: Receipt) {
  if (!posts(receipt)) return;
  const plan = await planReceipt(ctx, receipt);
  const ref = { refType: 'inventoryReceipt', refId: String(receipt.id) };
  if (plan.stock.length) await postStock(ctx, ref, plan.stock);
  if (plan.vessels.length) {
    const vessels = await lockVessels(ctx.db, ctx.actor, plan.vessels);
    await post(ctx, ref, plan.postings(vessels));
  }
}

async function unpostReceipt(ctx: DomainContext, receipt: Receipt) {
  const ref = { refType: 'inventoryReceipt', refId: String(receipt.id) };
  const tanks = await vesselsOfRef(ctx.db, ctx.actor.companyId, ref.refId);
  if (tanks.length) {
    const vessels = await lockVessels(
      ctx.db,
      ctx.actor,
      tanks.map((id) => ({ id, field: 'id' })),
    );
    await reverse(ctx, ref, vessels);
  }
  await reverseStock(ctx, ref);
}

export const inventoryReceiptHooks = hooksOf('inventoryReceipt', {
  async beforeWrite(ctx, change) {
    // a receipt against an order is from that order's supplier
    const orderId =
      change.input.purchaseOrder !== undefined ? change.input.purchaseOrder : refOf(change.before?.purchaseOrder);
    const supplierId = change.input.supplier !== undefined ? change.input.supplier : refOf(change.before?.supplier);
    if (!orderId || !supplierId) return;
    const [order] = rowsOf<{ supplier: string; number: string }>(
      await ctx.db.execute(sql`
        SELECT supplier_id::text AS supplier, number FROM purchase_orders
        WHERE company_id = ${ctx.actor.companyId} AND id = ${String(orderId)}`),
    );
    if (order && order.supplier !== String(supplierId))
      throw validationError({ purchaseOrder: `Purchase order ${order.number} is from another supplier` });
  },
  // the order's row is locked before any stock or tank, as inventoryReceiptFromPurchaseOrder
  // does, so two receipts of one order never wait on each other in a cycle
  async post(ctx, receipt) {
    const order = refOf(receipt.purchaseOrder);
    if (order) await refreshPurchaseOrder(ctx, order);
    await postReceipt(ctx, receipt);
  },
  async unpost(ctx, receipt) {
    // on an edit the order may change: the old one forgets this receipt, post() counts it again
    const order = refOf(receipt.purchaseOrder);
    if (order) await refreshPurchaseOrder(ctx, order, String(receipt.id));
    await unpostReceipt(ctx, receipt);
  },
});

export const purchaseOrderHooks = hooksOf('purchaseOrder', {
  async afterWrite(ctx, change) {
    // edited lines are matched again; the answer shows what was stored
    const refreshed = await refreshPurchaseOrder(ctx, String(change.after.id));
    if (!refreshed) return;
    change.after.status = refreshed.status as typeof change.after.status;
    const byId = new Map(refreshed.lines.map((l) => [l.id, l.received]));
    for (const line of change.after.lines ?? [])
      if (byId.has(String(line.id))) line.receivedQuantity = fromMilli(byId.get(String(line.id))!);
  },
  async beforeDelete(ctx, order) {
    const receipts = rowsOf<{ number: string }>(
      await ctx.db.execute(sql`
        SELECT number FROM inventory_receipts WHERE company_id = ${ctx.actor.companyId} AND purchase_order_id = ${order.id}
        ORDER BY date, id LIMIT 4`),
    );
    if (!receipts.length) return;
    const named = receipts
      .slice(0, 3)
      .map((r) => r.number)
      .join(', ');
    throw new AppError(
      'CONFLICT',
      `Purchase order ${order.number} cannot be deleted: inventory receipt${receipts.length > 1 ? 's' : ''} ${named}${receipts.length > 3 ? ' and others' : ''} ${receipts.length > 1 ? 'were' : 'was'} received against it. Delete ${receipts.length > 1 ? 'them' : 'it'} first, or cancel the order.`,
      { id: order.id, receipts: receipts.map((r) => r.number) },
    );
  },
});
