// Purchasing as a domain module: receipts that move stock (items and products at their cost in
// the home currency, feeding the moving average) and bulk spirits or wine into tanks (the excise
// "received" additions), purchase orders that keep what they have received, and a receipt made
// from what an order still awaits.
import type { DomainModule } from '../kernel/module';
import { receiptFromPurchaseOrder } from './fromPurchaseOrder';
import { inventoryReceiptHooks, purchaseOrderHooks } from './hooks';

export const purchasingModule: DomainModule = {
  name: 'purchasing',
  mutation: {
    inventoryReceiptFromPurchaseOrder: async (_r, args, ctx) =>
      receiptFromPurchaseOrder(await ctx.domain(), String(args.purchaseOrderId)),
  },
  hooks: {
    inventoryReceipt: inventoryReceiptHooks,
    purchaseOrder: purchaseOrderHooks,
  },
};
