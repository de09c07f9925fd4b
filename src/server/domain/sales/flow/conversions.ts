// The steps of the sales flow, each one transaction that creates the next document through the
// generic create path (so its totals and this flow's hooks run) and keeps the link to the one
// before: an accepted estimate becomes a sales order; an order ships what is still undelivered
// (a draft shipment the person edits, quantities and lots, before saving it as Shipped); a
// shipment, or an order's quantities not yet invoiced, become an invoice; an invoice's
// quantities not yet returned become a draft return. Each answers the new document's id.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ApiRecord } from '../../records/hydrate';
import {
  conflict,
  copyLine,
  createDocument,
  fromMilli,
  linesOf,
  milli,
  nextNumber,
  readDocument,
  refId,
  titleOf,
  todayOf,
  type DocLine,
} from './documents';
import { firstDependent } from './dependents';
import { allocate, keyOf, refreshOrder, totalsByKey, type CountedRow } from './progress';

/** Leaves out what is not set, so the new document takes its own defaults. */
function compact(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}
const compactLines = (lines: Record<string, unknown>[]) => lines.map(compact);

const sells = (l: DocLine) => lineKey(l) !== '' || !!l.description;
const lineKey = (l: DocLine) => keyOf(refId(l.product), refId(l.item), refId(l.bundle));

async function inTransaction<T>(ctx: DomainContext, work: (tx: DomainContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (db) => work({ ...ctx, db }));
}

/** The date a term's days after `date` fall on. */
async function dueDateOf(ctx: DomainContext, termId: string | null, date: string): Promise<string | null> {
  if (!termId) return null;
  const [term] = rowsOf<{ days: number | null }>(
    await ctx.db.execute(
      sql`SELECT due_days AS days FROM terms WHERE company_id = ${ctx.actor.companyId} AND id = ${termId}`,
    ),
  );
  if (term?.days == null) return null;
  const due = new Date(`${date}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + Number(term.days));
  return due.toISOString().slice(0, 10);
}

async function customerDefaults(ctx: DomainContext, customerId: string | null) {
  const [c] = rowsOf<{ term: string | null; zone: string | null }>(
    await ctx.db.execute(sql`
      SELECT term_id::text AS term, shipment_zone_id::text AS zone FROM customers
      WHERE company_id = ${ctx.actor.companyId} AND id = ${customerId}`),
  );
  return { term: c?.term ?? null, shipmentZone: c?.zone ?? null };
}

const isCancelled = (order: ApiRecord) => order.status === 'Cancelled';

export function salesOrderFromEstimate(ctx: DomainContext, estimateId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const estimate = await readDocument(tx, 'estimate', estimateId);
    if (estimate.status !== 'Accepted')
      throw conflict(
        `${titleOf('estimate', estimate)} is ${String(estimate.status).toLowerCase()}: only an accepted estimate becomes a sales order`,
      );
    const order = await firstDependent(tx, 'estimate', estimate.id);
    if (order) throw conflict(`${titleOf('estimate', estimate)} is already sales order ${order.number}`);
    const lines = linesOf(estimate).filter((l) => sells(l) && milli(l.quantity) > 0n);
    if (!lines.length) throw conflict(`${titleOf('estimate', estimate)} has no lines to order`);
    const customer = refId(estimate.customer);
    return createDocument(
      tx,
      'salesOrder',
      compact({
        number: await nextNumber(tx, 'salesOrder'),
        customer,
        date: await todayOf(tx),
        status: 'Open',
        estimate: estimate.id,
        salesRep: refId(estimate.salesRep),
        site: refId(estimate.site),
        ...(await customerDefaults(tx, customer)),
        currency: estimate.currency,
        exchangeRate: estimate.exchangeRate,
        shippingCharge: estimate.shippingCharge,
        notes: estimate.notes,
        lines: compactLines(lines.map((l) => copyLine(l, l.quantity))),
      }),
    );
  });
}

export function shipmentFromSalesOrder(ctx: DomainContext, salesOrderId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const order = await readDocument(tx, 'salesOrder', salesOrderId);
    if (isCancelled(order)) throw conflict(`${titleOf('salesOrder', order)} is cancelled: nothing ships from it`);
    const progress = await refreshOrder(tx, order.id);
    const shipped = new Map(progress!.lines.map((l) => [l.id, l.shipped]));
    const lines = linesOf(order).flatMap((l) => {
      const left = milli(l.quantity) - (shipped.get(l.id) ?? 0n);
      return sells(l) && left > 0n ? [copyLine(l, fromMilli(left))] : [];
    });
    if (!lines.length) throw conflict(`${titleOf('salesOrder', order)} has nothing left to ship`);
    return createDocument(
      tx,
      'shipment',
      compact({
        number: await nextNumber(tx, 'shipment'),
        customer: refId(order.customer),
        salesOrder: order.id,
        date: await todayOf(tx),
        status: 'Draft',
        site: refId(order.site),
        shipmentZone: refId(order.shipmentZone),
        dutyPaid: true,
        shippingAddress: order.shippingAddress,
        currency: order.currency,
        exchangeRate: order.exchangeRate,
        lines: compactLines(lines),
      }),
    );
  });
}

/** The order's shipping charge goes on its first invoice only. */
async function shippingChargeOf(ctx: DomainContext, order: ApiRecord | null) {
  if (!order?.shippingCharge) return null;
  const [charged] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n FROM invoices WHERE company_id = ${ctx.actor.companyId}
        AND sales_order_id = ${order.id} AND status <> 'Void' AND coalesce(shipping_charge, 0) > 0`),
  );
  return charged.n ? null : order.shippingCharge;
}

async function invoiceInput(
  tx: DomainContext,
  order: ApiRecord | null,
  from: { shipment?: ApiRecord; lines: Record<string, unknown>[] },
) {
  const date = await todayOf(tx);
  const source = from.shipment ?? order!;
  const term = refId(order?.term);
  return compact({
    number: await nextNumber(tx, 'invoice'),
    customer: refId(source.customer),
    date,
    dueDate: await dueDateOf(tx, term, date),
    status: 'Draft',
    salesOrder: order?.id,
    shipment: from.shipment?.id,
    customerPO: order?.customerPO,
    term,
    salesRep: refId(order?.salesRep),
    site: refId(source.site),
    currency: source.currency,
    exchangeRate: source.exchangeRate,
    shippingCharge: await shippingChargeOf(tx, order),
    lines: compactLines(from.lines),
  });
}

export function invoiceFromShipment(ctx: DomainContext, shipmentId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const shipment = await readDocument(tx, 'shipment', shipmentId);
    if (shipment.status === 'Cancelled')
      throw conflict(`${titleOf('shipment', shipment)} is cancelled: there is nothing to invoice`);
    const [invoiced] = rowsOf<{ number: string }>(
      await tx.db.execute(sql`
        SELECT number FROM invoices WHERE company_id = ${tx.actor.companyId} AND shipment_id = ${shipment.id}
          AND status <> 'Void' ORDER BY id LIMIT 1`),
    );
    if (invoiced) throw conflict(`${titleOf('shipment', shipment)} is already invoiced: invoice ${invoiced.number}`);
    const lines = linesOf(shipment)
      .filter((l) => sells(l) && milli(l.quantity) > 0n)
      .map((l) => copyLine(l, l.quantity));
    if (!lines.length) throw conflict(`${titleOf('shipment', shipment)} has nothing left to invoice`);
    const orderId = refId(shipment.salesOrder);
    const order = orderId ? await readDocument(tx, 'salesOrder', orderId) : null;
    return createDocument(tx, 'invoice', await invoiceInput(tx, order, { shipment, lines }));
  });
}

export function invoiceFromSalesOrder(ctx: DomainContext, salesOrderId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const order = await readDocument(tx, 'salesOrder', salesOrderId);
    if (isCancelled(order)) throw conflict(`${titleOf('salesOrder', order)} is cancelled: there is nothing to invoice`);
    const progress = await refreshOrder(tx, order.id);
    const invoiced = new Map(progress!.lines.map((l) => [l.id, l.invoiced]));
    const lines = linesOf(order).flatMap((l) => {
      const left = milli(l.quantity) - (invoiced.get(l.id) ?? 0n);
      return sells(l) && left > 0n ? [copyLine(l, fromMilli(left))] : [];
    });
    if (!lines.length) throw conflict(`${titleOf('salesOrder', order)} has nothing left to invoice`);
    return createDocument(tx, 'invoice', await invoiceInput(tx, order, { lines }));
  });
}

export function salesReturnFromInvoice(ctx: DomainContext, invoiceId: string): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const invoice = await readDocument(tx, 'invoice', invoiceId);
    if (invoice.status === 'Void') throw conflict(`${titleOf('invoice', invoice)} is void: nothing can come back`);
    // what earlier returns (not cancelled) took back, shared over the invoice's lines
    const returned = rowsOf<CountedRow>(
      await tx.db.execute(sql`
        SELECT l.product_id::text AS product, l.item_id::text AS item, l.bundle_id::text AS bundle,
               sum(l.quantity)::text AS quantity
        FROM sales_returns r JOIN sales_returns_lines l ON l.company_id = r.company_id AND l.parent_id = r.id
        WHERE r.company_id = ${tx.actor.companyId} AND r.invoice_id = ${invoice.id} AND r.status <> 'Cancelled'
        GROUP BY 1, 2, 3`),
    );
    const invoiceLines = linesOf(invoice).filter((l) => lineKey(l) !== '');
    const taken = allocate(
      invoiceLines.map((l) => ({ id: l.id, key: lineKey(l), quantity: milli(l.quantity) })),
      totalsByKey(returned),
    );
    const shipmentId = refId(invoice.shipment);
    const shipment = shipmentId ? await readDocument(tx, 'shipment', shipmentId) : null;
    // the lot each product left in, from the shipment it was invoiced for
    const lots = new Map<string, string>();
    for (const l of shipment ? linesOf(shipment) : []) if (l.lot && !lots.has(lineKey(l))) lots.set(lineKey(l), l.lot);
    const lines = invoiceLines.flatMap((l) => {
      const left = milli(l.quantity) - (taken.get(l.id) ?? 0n);
      return left > 0n ? [copyLine(l, fromMilli(left), { lot: lots.get(lineKey(l)) ?? null })] : [];
    });
    if (!lines.length) throw conflict(`${titleOf('invoice', invoice)} has nothing left to return`);
    // its share of the invoice's tax as charged is set by the return's own hook (returnTax.ts)
    return createDocument(
      tx,
      'salesReturn',
      compact({
        number: await nextNumber(tx, 'salesReturn'),
        customer: refId(invoice.customer),
        invoice: invoice.id,
        date: await todayOf(tx),
        status: 'Draft',
        restock: true,
        dutyPaid: shipment ? shipment.dutyPaid !== false : true,
        site: refId(invoice.site) ?? refId(shipment?.site),
        currency: invoice.currency,
        exchangeRate: invoice.exchangeRate,
        lines: compactLines(lines),
      }),
    );
  });
}
