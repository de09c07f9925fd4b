// Shopify orders into sales orders. An order arrives by webhook or by polling; it is kept in
// shopify_orders (one row per Shopify order and company) and queued in the sync log under its
// local id (entity_type 'shopifyOrder'). The job turns it into a sales order through the sales
// flow's create path (createDocument -> createRecord: the same validation, numbering, totals
// and audit as an order entered by staff), in one transaction with the link that says it was
// done, so an order never becomes two sales orders however often it arrives or the job reruns.
// The customer is the one whose e-mail the order carries, else the web-store customer chosen on
// the setup page; each line's product is the one with the line's SKU. Prices and discounts are
// Shopify's to the cent (discounts.ts), the shipping charge is what the shipping came to after
// its discounts, Shopify's taxes are named in the notes as Shopify computed them, and the order
// is dated by the day it was placed in the company's time zone, not the day it was imported.
// What becomes the sales order is what the customer buys now: an order edited in Shopify before
// import (units taken off, a line removed) gives each line's current_quantity (discounts.ts).
// An order changed or cancelled in Shopify after import (orders/updated, orders/cancelled, or
// the poll) is queued again: while its sales order is still open with nothing shipped or
// invoiced from it, the sales order is updated to Shopify's lines, or cancelled, through the
// records layer (its validation, totals and audit) in the same transaction; once it has moved
// on it is left as it is and the order is logged as failed with what changed, for staff to act.
// Shopify rounds tax per line and our sales orders compute it once on the total (documentTotals):
// the two may differ by a cent or so, and a sales order has no field to state Shopify's tax, so
// a difference is put under More info (TAX_NOTE_ENTITY) with what to do on the invoice.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { featuresOf } from '../../company/companies';
import { createDocument, linesOf, nextNumber, readDocument, refId, todayOf } from '../../sales/flow/documents';
import { firstDependent } from '../../sales/flow/dependents';
import { SHIPPED_STATUSES } from '../../sales/flow/shipmentStock';
import { updateRecord } from '../../records/write';
import { AppError } from '../../kernel/errors';
import { entityByName } from '../../../../generated/entities';
import { dayIn, timeZoneOf } from '../../company/timeZone';
import { fromScaled, toScaled } from '../../../../shared/money';
import { linkOf, saveLink, setLog } from '../store';
import {
  currentQuantity,
  discountCents,
  MoneyProblem,
  priceLine,
  shippingCents,
  shopifyCents,
  wasEdited,
} from './discounts';
import { mappedSites, siteOfOrder } from './sites';
import type { StoreOrder } from './types';

export const ORDER_ENTITY = 'shopifyOrder';
/** A sales order whose tax differs from what Shopify charged (More info; Sync now clears it). */
export const TAX_NOTE_ENTITY = 'shopifyTaxDifference';
/** The actor the job creates sales orders as (the audit shows no person). */
export const SYNC_USER = 'shopify-sync';
const MAX_LINES = 500;

/** An order that cannot become a sales order until someone fixes the data: logged as failed
 * with these words (More info), and queued again by Sync now. */
export class OrderProblem extends Error {
  override name = 'OrderProblem';
}

/** Keeps the order (new or changed) and queues it: to become a sales order, or, when it is one
 * already, for its sales order to follow what changed in Shopify (importOrder). Inside the
 * caller's transaction. Answers whether it was queued. */
export async function receiveOrder(db: Db, companyId: string, shop: string, order: StoreOrder): Promise<boolean> {
  const shopifyId = String(order.id ?? '');
  if (!/^\d{1,20}$/.test(shopifyId)) return false;
  // an order a customer had erased before it was kept here is never kept (privacy.ts)
  const erased = rowsOf(
    await db.execute(sql`SELECT 1 FROM shopify_redacted_order_ids
      WHERE shop = ${shop} AND shopify_order_id = ${shopifyId}`),
  );
  if (erased.length) return false;
  const name = String(order.name ?? shopifyId).slice(0, 40);
  // a redacted order keeps no payload and is never imported again (privacy.ts)
  const [row] = rowsOf<{ id: string; redacted: boolean }>(
    await db.execute(sql`INSERT INTO shopify_orders AS s (company_id, shop, shopify_order_id, name, payload)
      VALUES (${companyId}, ${shop}, ${shopifyId}, ${name}, ${JSON.stringify(order)}::jsonb)
      ON CONFLICT (company_id, shopify_order_id) DO UPDATE SET
        payload = CASE WHEN s.redacted_at IS NULL THEN EXCLUDED.payload END, name = EXCLUDED.name,
        shop = EXCLUDED.shop, received_at = now()
      RETURNING s.id::text, s.redacted_at IS NOT NULL AS redacted`),
  );
  if (row.redacted) return false;
  // a failed order is tried again with what Shopify now says (it may have been corrected there);
  // an imported one is compared with its sales order (nothing changes when nothing did)
  await setLog(db, companyId, 'shopify', ORDER_ENTITY, row.id, { status: 'queued' });
  return true;
}

/** A customer here is matched only by the e-mail of a Shopify customer account whose address
 * Shopify verified: a guest checkout takes any address unverified, and typing a trade
 * customer's address must not put an order on that customer's account and statement. */
async function customerFor(db: Db, companyId: string, order: StoreOrder): Promise<string> {
  const email = order.customer?.verified_email === true ? (order.customer.email ?? '').trim() : '';
  if (email) {
    const [match] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id::text FROM customers WHERE company_id = ${companyId} AND active
        AND lower(email) = lower(${email}) ORDER BY id LIMIT 1`),
    );
    if (match) return match.id;
  }
  const [settings] = rowsOf<{ web_customer_id: string | null }>(
    await db.execute(sql`SELECT web_customer_id::text FROM shopify_settings WHERE company_id = ${companyId}`),
  );
  if (settings?.web_customer_id) return settings.web_customer_id;
  throw new OrderProblem(
    `Shopify order ${order.name}: no customer has its verified e-mail (${email || 'none'}) and no web-store customer is chosen on the e-commerce setup page`,
  );
}

async function productsBySku(db: Db, companyId: string, order: StoreOrder) {
  const all = order.line_items ?? [];
  if (!all.length) throw new OrderProblem(`Shopify order ${order.name} has no lines`);
  const lines = all.filter((line) => currentQuantity(line) !== 0);
  if (!lines.length) throw new OrderProblem(`Shopify order ${order.name}: every line was taken off in Shopify`);
  if (lines.length > MAX_LINES) throw new OrderProblem(`Shopify order ${order.name} has more than ${MAX_LINES} lines`);
  const skus = lines.map((line) => (line.sku ?? '').trim());
  const missing = lines.find((_, i) => !skus[i]);
  if (missing) throw new OrderProblem(`Shopify order ${order.name}: the line "${missing.title}" has no SKU`);
  const found = rowsOf<{ id: string; sku: string }>(
    await db.execute(sql`SELECT id::text, sku FROM products WHERE company_id = ${companyId} AND active
      AND sku IN (${sql.join(
        [...new Set(skus)].map((s) => sql`${s}`),
        sql`, `,
      )})`),
  );
  const bySku = new Map(found.map((p) => [p.sku, p.id]));
  const unknown = skus.find((s) => !bySku.has(s));
  if (unknown) throw new OrderProblem(`Shopify order ${order.name}: no product has the SKU ${unknown}`);
  return bySku;
}

/** The company's own tax for a line Shopify taxed once: the active tax named (or coded) as
 * Shopify's tax line, at the same rate (Shopify: a fraction, 0.13; here a percentage, 13.000),
 * so the sales order's tax is the one the shop charged. Otherwise none (the notes keep it). */
async function taxesByLine(db: Db, companyId: string, order: StoreOrder): Promise<(string | undefined)[]> {
  const taxes = rowsOf<{ id: string; name: string; code: string | null; rate_thousandths: string }>(
    await db.execute(sql`SELECT id::text, name, code, round(rate * 1000)::text AS rate_thousandths FROM taxes
      WHERE company_id = ${companyId} AND active`),
  );
  return order.line_items.map((line) => {
    const only = line.tax_lines?.length === 1 ? line.tax_lines[0] : null;
    if (!only || typeof only.rate !== 'number') return undefined;
    // 0.13 -> 13 % -> 13000 thousandths of a percent
    const thousandths = String(Math.round(only.rate * 100_000));
    const title = only.title.trim().toLowerCase();
    return taxes.find(
      (t) =>
        t.rate_thousandths === thousandths &&
        (t.name.trim().toLowerCase() === title || (t.code ?? '').trim().toLowerCase() === title),
    )?.id;
  });
}

const text = (cents: bigint) => fromScaled(cents, 2);

/** The tax the order carries now (after edits and refunds), as Shopify sent it. */
const taxOfOrder = (order: StoreOrder) => order.current_total_tax ?? order.total_tax;

function notesOf(order: StoreOrder) {
  const taxes = new Map<string, bigint>();
  // cents, summed exactly, per tax as Shopify named it; a line's tax_lines stay those of the
  // units first ordered, so an edited order names only its current total tax
  const edited = wasEdited(order);
  for (const line of edited ? [] : [...order.line_items, ...(order.shipping_lines ?? [])])
    for (const tax of line.tax_lines ?? [])
      taxes.set(tax.title, (taxes.get(tax.title) ?? 0n) + shopifyCents(tax.price, `tax ${tax.title}`));
  const words = [...taxes].map(([title, cents]) => `${title} ${text(cents)}`);
  const discounts = discountCents(order);
  return [
    `Shopify order ${order.name}`,
    discounts > 0n ? `discounts ${text(discounts)} ${order.currency}` : '',
    words.length ? `taxes charged by Shopify: ${words.join(', ')} ${order.currency}` : '',
    edited ? 'edited in Shopify' : '',
    taxOfOrder(order) ? `total tax ${taxOfOrder(order)} ${order.currency}` : '',
    order.current_total_price ? `Shopify total ${order.current_total_price} ${order.currency}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The day the order was placed, in the company's time zone (an order placed at 22:30 in
 * Toronto is that day's sale, though it is already tomorrow in UTC). */
async function dateOf(ctx: DomainContext, order: StoreOrder): Promise<string> {
  const placed = Date.parse(order.created_at ?? '');
  return Number.isFinite(placed) ? dayIn(await timeZoneOf(ctx), new Date(placed)) : todayOf(ctx);
}

/** The lines, shipping and notes, every amount exact; money Shopify sent wrong is data to fix. */
function moneyOf(order: StoreOrder) {
  try {
    return {
      priced: order.line_items.flatMap((line, i) => priceLine(line, i, order)),
      shipping: shippingCents(order),
      notes: notesOf(order),
    };
  } catch (error) {
    if (error instanceof MoneyProblem) throw new OrderProblem(`Shopify order ${order.name}: ${error.message}`);
    throw error;
  }
}

/** An order there is nothing to make of, and why (the sync log keeps the words). */
export interface Skipped {
  skipped: string;
}

/** A change staff must make by hand, logged as failed with these words (More info). Unlike an
 * OrderProblem the transaction is kept: the change is remembered as seen, so Sync now (which
 * queues failed orders again) clears the message instead of raising it again. */
export interface NeedsHand {
  failed: string;
}

/** The sales order's fields that follow Shopify: its lines, shipping charge and notes. */
type OrderInput = Record<string, unknown> & { lines: Record<string, unknown>[] };

/** What the sales order of this order is to be, every amount exact. */
async function salesOrderInput(ctx: DomainContext, order: StoreOrder): Promise<OrderInput> {
  const { db, actor } = ctx;
  const products = await productsBySku(db, actor.companyId, order);
  const taxOf = await taxesByLine(db, actor.companyId, order);
  const { priced, shipping, notes } = moneyOf(order);
  return {
    shippingCharge: shipping > 0n ? Number(text(shipping)) : null,
    notes: notes.slice(0, 2000),
    lines: priced.map((p) => {
      const line = order.line_items[p.index];
      return {
        product: products.get((line.sku ?? '').trim()),
        description: line.title.slice(0, 200),
        quantity: p.quantity,
        // exact two-decimal text read as a number: no arithmetic is done on it
        unitPrice: Number(p.unitPrice),
        discountPercent: p.discountPercent === undefined ? null : Number(p.discountPercent),
        tax: taxOf[p.index] ?? null,
      };
    }),
  };
}

/** The lines as what they sell and for how much, to tell whether Shopify changed them. */
const sameLines = (
  lines: { product?: unknown; quantity?: unknown; unitPrice?: unknown; discountPercent?: unknown; tax?: unknown }[],
) =>
  JSON.stringify(
    lines.map((l) => [
      typeof l.product === 'string' ? l.product : refId(l.product),
      toScaled((l.quantity as number | null) ?? 0, 3).toString(),
      toScaled((l.unitPrice as number | null) ?? 0, 2).toString(),
      toScaled((l.discountPercent as number | null) ?? 0, 2).toString(),
      (typeof l.tax === 'string' ? l.tax : refId(l.tax)) ?? null,
    ]),
  );

/** What of Shopify's order a sales order follows, as one text (shopify_orders.applied). */
const followed = (order: StoreOrder, wanted: OrderInput | null) =>
  order.cancelled_at || !wanted ? 'cancelled' : `${sameLines(wanted.lines)}|${cents(wanted.shippingCharge)}`;

async function setApplied(db: Db, companyId: string, localId: string, applied: string) {
  await db.execute(
    sql`UPDATE shopify_orders SET applied = ${applied} WHERE company_id = ${companyId} AND id = ${localId}`,
  );
}

const cents = (value: unknown) => toScaled((value as number | string | null | undefined) ?? 0, 2);

/** "2 x Gin 750 mL, 6 x Rye 750 mL" */
const listed = (lines: { description?: unknown; quantity?: unknown }[]) => {
  const units = new Map<string, bigint>();
  for (const l of lines) {
    const what = String(l.description ?? '');
    units.set(what, (units.get(what) ?? 0n) + toScaled((l.quantity as number | null) ?? 0, 3));
  }
  return [...units].map(([what, milli]) => `${fromScaled(milli, 3).replace(/\.?0+$/, '')} x ${what}`).join(', ');
};

/** How far the sales order went, in words, or null while it is open with nothing made from it. */
async function movedOn(ctx: DomainContext, record: Record<string, unknown> & { id: string }) {
  const dependent = await firstDependent(ctx, 'salesOrder', record.id);
  if (dependent?.entity === 'shipment') {
    const [shipment] = rowsOf<{ status: string }>(
      await ctx.db.execute(sql`SELECT status FROM shipments WHERE company_id = ${ctx.actor.companyId}
        AND id = ${dependent.id}`),
    );
    return SHIPPED_STATUSES.includes(shipment?.status ?? '')
      ? `it was shipped (shipment ${dependent.number})`
      : `shipment ${dependent.number} was made from it`;
  }
  if (dependent?.entity === 'invoice') return `it was invoiced (invoice ${dependent.number})`;
  const status = String(record.status);
  if (status === 'Open') return null;
  const words: Record<string, string> = {
    PartiallyShipped: 'it was partly shipped',
    Shipped: 'it was shipped',
    Invoiced: 'it was invoiced',
    Closed: 'its sales order was closed here',
    Cancelled: 'its sales order was cancelled here',
  };
  return words[status] ?? `its sales order became ${status}`;
}

/** An imported order Shopify changed or cancelled: its sales order follows while nothing was
 * shipped or invoiced from it; otherwise it is left as it is and the order is logged as failed
 * with what changed (More info). An update that changes nothing the sales order follows (a
 * fulfillment, a tag, a payment: `applied` is as it was) leaves it, and staff's edits, alone. */
async function followChange(
  ctx: DomainContext,
  order: StoreOrder,
  local: { id: string; applied: string | null },
  salesOrderId: string,
): Promise<string | Skipped | NeedsHand> {
  const wanted = order.cancelled_at ? null : await salesOrderInput(ctx, order);
  const now = followed(order, wanted);
  if (local.applied === now) return salesOrderId;
  const { db, actor } = ctx;
  const seen = () => setApplied(db, actor.companyId, local.id, now);
  let record;
  try {
    record = await readDocument(ctx, 'salesOrder', salesOrderId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { skipped: 'Its sales order was deleted here' };
    throw error;
  }
  const number = String(record.number);
  const label = `Order ${order.name}`;
  const current = linesOf(record);
  // staff may have made the two agree already
  const agree = wanted
    ? sameLines(current) === sameLines(wanted.lines) && cents(record.shippingCharge) === cents(wanted.shippingCharge)
    : record.status === 'Cancelled';
  if (agree) {
    await seen();
    return salesOrderId;
  }
  const moved = await movedOn(ctx, record);
  if (moved) {
    await seen();
    const shipping = (value: unknown) => (cents(value) ? ` and ${text(cents(value))} shipping` : '');
    return {
      failed: wanted
        ? `${label} changed in Shopify after ${moved}: Shopify now has ${listed(wanted.lines)}${shipping(wanted.shippingCharge)}; ` +
          `sales order ${number} has ${listed(current)}${shipping(record.shippingCharge)} and was not changed. ` +
          'Sync now clears this message.'
        : `${label} was cancelled in Shopify after ${moved}: sales order ${number} was not changed; ` +
          'cancel it or take the goods back here. Sync now clears this message.',
    };
  }
  await updateRecord(
    ctx,
    entityByName.salesOrder,
    salesOrderId,
    wanted ?? { status: 'Cancelled', notes: `${String(record.notes ?? '')}; cancelled in Shopify`.slice(0, 2000) },
  );
  await seen();
  // the note follows the sales order as changed (only then: a note Sync now cleared stays so)
  await noteTaxDifference(ctx, order, local.id, salesOrderId);
  return salesOrderId;
}

/** Puts a difference between Shopify's tax and the sales order's under More info (or clears a
 * note that no longer holds). Only for orders whose lines carry our taxes: otherwise the notes
 * already name Shopify's taxes. */
async function noteTaxDifference(ctx: DomainContext, order: StoreOrder, localId: string, salesOrderId: string) {
  const { db, actor } = ctx;
  const [so] = rowsOf<{ number: string; tax_total: string; taxed: boolean; status: string }>(
    await db.execute(sql`SELECT o.number, o.tax_total::text, o.status,
        EXISTS (SELECT 1 FROM sales_orders_lines l WHERE l.company_id = o.company_id AND l.parent_id = o.id
          AND l.tax_id IS NOT NULL) AS taxed
      FROM sales_orders o WHERE o.company_id = ${actor.companyId} AND o.id = ${salesOrderId}`),
  );
  const charged = taxOfOrder(order);
  let words: string | null = null;
  if (so && so.taxed && so.status !== 'Cancelled' && charged !== undefined && charged !== null) {
    const shopify = shopifyCents(charged, 'total tax');
    const ours = toScaled(so.tax_total, 2);
    const gap = ours - shopify;
    if (gap !== 0n)
      words =
        `Order ${order.name}: Shopify charged ${text(shopify)} ${order.currency} of tax (it rounds each line's tax); ` +
        `sales order ${so.number} computes ${text(ours)} on its total, ${text(gap < 0n ? -gap : gap)} ${gap < 0n ? 'less' : 'more'}. ` +
        `A sales order cannot state the tax charged: on its invoice, remove the lines' taxes and enter ${text(shopify)} as Tax as charged. ` +
        'Sync now clears this note.';
  }
  const [note] = rowsOf<{ status: string }>(
    await db.execute(sql`SELECT status FROM integration_sync_log WHERE company_id = ${actor.companyId}
      AND app = 'shopify' AND entity_type = ${TAX_NOTE_ENTITY} AND entity_id = ${localId}`),
  );
  if (words) await setLog(db, actor.companyId, 'shopify', TAX_NOTE_ENTITY, localId, { status: 'failed', error: words });
  else if (note?.status === 'failed')
    await setLog(db, actor.companyId, 'shopify', TAX_NOTE_ENTITY, localId, { status: 'succeeded', error: null });
}

/** The job's work for one queued order: its sales order's id (made, updated, cancelled or
 * already as Shopify has it), or why there is nothing to do (cancelled before import, erased at
 * the customer's request, or gone). Throws OrderProblem for data to fix or a change staff must
 * make by hand. */
export async function importOrder(db: Db, companyId: string, localId: string): Promise<string | Skipped | NeedsHand> {
  return db.transaction(async (tx) => {
    // the row lock makes two runs of the job wait for each other; the second finds the link
    const [row] = rowsOf<{ payload: StoreOrder | null; applied: string | null }>(
      await tx.execute(sql`SELECT payload, applied FROM shopify_orders WHERE company_id = ${companyId}
        AND id = ${localId} FOR UPDATE`),
    );
    const already = await linkOf(tx, companyId, 'shopify', ORDER_ENTITY, localId);
    if (!row) return already ?? { skipped: 'No longer kept' };
    const order = row.payload;
    // an imported order whose payload is gone (erased, or kept past its time) has nothing new
    if (already && !order) return already;
    if (!order) return { skipped: "Erased at the customer's request before import" };
    if (!already && order.cancelled_at) return { skipped: 'Cancelled in Shopify before import' };
    const ctx: DomainContext = {
      db: tx,
      actor: {
        userId: SYNC_USER,
        companyId,
        permissions: ['selling.write', 'values'],
        features: await featuresOf(tx, companyId),
      },
    };
    if (already) return followChange(ctx, order, { id: localId, applied: row.applied }, already);
    if (order.line_items?.length && order.line_items.every((line) => currentQuantity(line) === 0))
      return { skipped: 'Every line was taken off in Shopify before import' };
    const customer = await customerFor(tx, companyId, order);
    const wanted = await salesOrderInput(ctx, order);
    const site = siteOfOrder(order, await mappedSites(tx, companyId));
    const id = await createDocument(ctx, 'salesOrder', {
      ...wanted,
      number: await nextNumber(ctx, 'salesOrder'),
      customer,
      date: await dateOf(ctx, order),
      status: 'Open',
      customerPO: order.name.slice(0, 40),
      site: site ?? undefined,
      currency: /^[A-Z]{3}$/.test(order.currency) ? order.currency : undefined,
      shippingCharge: wanted.shippingCharge ?? undefined,
    });
    await saveLink(tx, companyId, 'shopify', ORDER_ENTITY, localId, id);
    await setApplied(tx, companyId, localId, followed(order, wanted));
    await setLog(tx, companyId, 'shopify', ORDER_ENTITY, localId, { status: 'succeeded' });
    await noteTaxDifference(ctx, order, localId, id);
    return id;
  });
}
