// The sales flow as a domain module (issue 13): the conversions from one document to the next
// (conversions.ts, schema/graphql/salesFlow.graphql), the stock a shipment takes and a return
// brings back (shipmentStock.ts, returnStock.ts), a sales order's shipped and invoiced
// quantities and status (progress.ts), and the refusal to delete a document the next one
// points at (dependents.ts). Wired after the sales module, whose hooks compute the totals.
import type { DomainModule, Resolver } from '../../kernel/module';
import type { DomainContext } from '../../records/actor';
import type { ApiRecord } from '../../records/hydrate';
import { validationError } from '../../kernel/errors';
import {
  invoiceFromSalesOrder,
  invoiceFromShipment,
  salesOrderFromEstimate,
  salesReturnFromInvoice,
  shipmentFromSalesOrder,
} from './conversions';
import { refuseIfDepended } from './dependents';
import { fromMilli, milli, refId } from './documents';
import { refreshOrder, showProgress } from './progress';
import { postReturn, unpostReturn } from './returnStock';
import { postShipment, SHIPPED_STATUSES, unpostShipment } from './shipmentStock';
import { refreshReturnedInvoice } from './credit';
import { returnTaxHooks } from './returnTax';

const convert =
  (argument: string, run: (ctx: DomainContext, id: string) => Promise<string>): Resolver =>
  async (_r, args, ctx) => {
    const id = args[argument];
    if (typeof id !== 'string' || !id) throw validationError({ [argument]: 'Required' });
    return run(await ctx.domain(), id);
  };

/** The orders a shipment or invoice counts for, before and after its save. */
async function refreshOrdersOf(ctx: DomainContext, before: ApiRecord | null, after: ApiRecord) {
  const ids = new Set([refId(after.salesOrder), refId(before?.salesOrder)]);
  for (const id of ids) if (id) await refreshOrder(ctx, id);
}

/** Whether an edit leaves what a shipment takes out of stock as it was: shipped or not, its
 * site, duty paid or in bond, and each line's product, item, bundle, quantity and lot. */
const sameStock = (before: ApiRecord, input: Record<string, unknown>) => {
  const shipped = (s: unknown) => SHIPPED_STATUSES.includes(String(s));
  if (input.status !== undefined && shipped(input.status) !== shipped(before.status)) return false;
  if (input.site !== undefined && (input.site ?? null) !== refId(before.site)) return false;
  if (input.dutyPaid !== undefined && (input.dutyPaid !== false) !== (before.dutyPaid !== false)) return false;
  if (input.lines === undefined) return true;
  // what each line takes: a field the input leaves out keeps its value (lines change in place)
  const kept = new Map(((before.lines as Record<string, unknown>[] | null) ?? []).map((l) => [String(l.id), l]));
  const stockOf = (l: Record<string, unknown>, was: Record<string, unknown> | undefined) => {
    const pick = (f: string) =>
      l[f] !== undefined ? l[f] : f === 'product' || f === 'item' || f === 'bundle' ? refId(was?.[f]) : was?.[f];
    return JSON.stringify([
      pick('product') ?? null,
      pick('item') ?? null,
      pick('bundle') ?? null,
      Number(pick('quantity') ?? 0),
      pick('lot') ?? null,
    ]);
  };
  const after = ((input.lines as Record<string, unknown>[] | null) ?? []).map((l) =>
    stockOf(l, l.id != null ? kept.get(String(l.id)) : undefined),
  );
  const now = [...kept.values()].map((l) => stockOf({}, l));
  return JSON.stringify(after) === JSON.stringify(now);
};

export const salesFlowModule: DomainModule = {
  name: 'salesFlow',
  mutation: {
    salesOrderFromEstimate: convert('estimateId', salesOrderFromEstimate),
    shipmentFromSalesOrder: convert('salesOrderId', shipmentFromSalesOrder),
    invoiceFromShipment: convert('shipmentId', invoiceFromShipment),
    invoiceFromSalesOrder: convert('salesOrderId', invoiceFromSalesOrder),
    salesReturnFromInvoice: convert('invoiceId', salesReturnFromInvoice),
  },
  types: {
    SalesOrderLinesLine: {
      undeliveredQuantity: (line) => {
        if (line.quantity === null || line.quantity === undefined) return null;
        const left = milli(line.quantity as number) - milli(line.shippedQuantity as number | null);
        return left > 0n ? fromMilli(left) : 0;
      },
    },
  },
  hooks: {
    estimate: {
      beforeDelete: (ctx, record) => refuseIfDepended(ctx, 'estimate', record),
    },
    salesOrder: {
      // the answer shows the quantities and status as stored (the record was read before)
      async afterWrite(ctx, { after }) {
        const stored = await refreshOrder(ctx, after.id);
        if (stored) showProgress(after, stored);
      },
      beforeDelete: (ctx, record) => refuseIfDepended(ctx, 'salesOrder', record),
    },
    shipment: {
      // what an invoice was made from keeps the stock it took: the invoice goes first
      async beforeWrite(ctx, { mode, before, input }) {
        if (mode === 'update' && before && !sameStock(before, input))
          await refuseIfDepended(ctx, 'shipment', before, 'change what it ships');
      },
      afterWrite: (ctx, { before, after }) => refreshOrdersOf(ctx, before, after),
      async beforeDelete(ctx, record) {
        await refuseIfDepended(ctx, 'shipment', record);
        await refreshOrder(ctx, refId(record.salesOrder), record.id);
      },
      post: postShipment,
      unpost: unpostShipment,
    },
    invoice: {
      afterWrite: (ctx, { before, after }) => refreshOrdersOf(ctx, before, after),
      async beforeDelete(ctx, record) {
        await refuseIfDepended(ctx, 'invoice', record);
        await refreshOrder(ctx, refId(record.salesOrder), record.id);
      },
    },
    salesReturn: {
      // its share of its invoice's tax as charged follows its lines (returnTax.ts)
      beforeWrite: returnTaxHooks.beforeWrite,
      async afterWrite(ctx, { before, after }) {
        const ids = new Set([refId(after.invoice), refId(before?.invoice)]);
        for (const id of ids) if (id) await refreshReturnedInvoice(ctx, id);
      },
      async beforeDelete(ctx, record) {
        await refreshReturnedInvoice(ctx, refId(record.invoice), record.id);
      },
      post: postReturn,
      unpost: unpostReturn,
    },
  },
};
