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
// Only a change is followed: shopify_orders.applied keeps a fingerprint of the order's fields the
// sales order is made from, so a fulfillment, a payment or a tag changes nothing (staff's edits
// stay), and an update replaces only the words the import wrote in the notes. An order older
// than the one kept (a retried webhook, a poll page read before a webhook) changes nothing.
// Shopify rounds tax per line and our sales orders compute it once on the total (documentTotals):
// the two may differ by a cent or so, and a sales order has no field to state Shopify's tax, so
// a difference is put under More info (TAX_NOTE_ENTITY) with what to do on the invoice.
import { sentHashOf } from '../calls';
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

/** The instant an order was last changed in Shopify (ISO-8601 with the shop's offset), or null. */
const changedAt = (value: unknown) => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** Keeps the order (new or changed) and queues it: to become a sales order, or, when it is one
 * already, for its sales order to follow what changed in Shopify (importOrder). Inside the
 * caller's transaction. Answers whether it was queued. Shopify delivers at least once and in
 * no set order, and a poll page may be read before a webhook: an order older than the one kept
 * (its updated_at an earlier instant) is a late copy and changes nothing. */
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
  const payload = JSON.stringify(order);
  // twice at most: a first copy kept by a delivery running alongside is then locked and compared
  for (let attempt = 0; attempt < 2; attempt++) {
    const [kept] = rowsOf<{ id: string; redacted: boolean; updated_at: string | null }>(
      await db.execute(sql`SELECT id::text, redacted_at IS NOT NULL AS redacted, payload->>'updated_at' AS updated_at
        FROM shopify_orders WHERE company_id = ${companyId} AND shopify_order_id = ${shopifyId} FOR UPDATE`),
    );
    let id: string | undefined;
    if (kept) {
      // a redacted order keeps no payload and is never imported again (privacy.ts)
      if (kept.redacted) return false;
      const before = changedAt(kept.updated_at);
      const now = changedAt(order.updated_at);
      // kept when at least as new (the same instant: a repeat, which changes nothing anyway)
      if (before !== null && (now === null || now < before)) return false;
      await db.execute(sql`UPDATE shopify_orders SET payload = ${payload}::jsonb, name = ${name}, shop = ${shop},
          received_at = now()
        WHERE company_id = ${companyId} AND id = ${kept.id}`);
      id = kept.id;
    } else {
      id = rowsOf<{ id: string }>(
        await db.execute(sql`INSERT INTO shopify_orders (company_id, shop, shopify_order_id, name, payload)
          VALUES (${companyId}, ${shop}, ${shopifyId}, ${name}, ${payload}::jsonb)
          ON CONFLICT (company_id, shopify_order_id) DO NOTHING RETURNING id::text`),
      )[0]?.id;
      if (!id) continue;
    }
    // a failed order is tried again with what Shopify now says (it may have been corrected there);
    // an imported one is compared with its sales order (nothing changes when nothing did)
    await setLog(db, companyId, 'shopify', ORDER_ENTITY, id, { status: 'queued' });
    return true;
  }
  return false;
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
type OrderInput = Record<string, unknown> & { lines: Record<string, unknown>[]; notes: string };

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

/** What of Shopify's order its sales order follows, as one hash: the fields its lines, shipping
 * charge, taxes, notes and cancelling are made from (discounts.ts, salesOrderInput), nothing
 * that changes with a fulfillment, a payment or a tag. Worked from the order alone, so an order
 * that did not change is left without looking up products or taxes here (a SKU renamed or
 * deactivated since does not make a long-finished order fail). */
export function orderFingerprint(order: StoreOrder): string {
  const taxes = (lines: { title?: unknown; price?: unknown; rate?: unknown }[] | undefined) =>
    (lines ?? []).map((t) => [t.title ?? null, t.price ?? null, t.rate ?? null]);
  const amounts = (lines: { amount?: unknown; discount_application_index?: unknown }[] | undefined) =>
    Array.isArray(lines) ? lines.map((d) => [d.amount ?? null, d.discount_application_index ?? null]) : null;
  // ids as numbers, as a webhook's JSON has them (and fingerprints kept before the Admin client
  // read them as text): the same order gives the same fingerprint however it arrived
  const idOf = (id: unknown) => {
    if (id === undefined || id === null) return null;
    const n = Number(id);
    return /^\d+$/.test(String(id)) && Number.isSafeInteger(n) ? n : String(id);
  };
  const relevant = {
    cancelled: Boolean(order.cancelled_at),
    name: order.name ?? null,
    currency: order.currency ?? null,
    tax: [order.total_tax ?? null, order.current_total_tax ?? null, order.current_total_price ?? null],
    lines: (order.line_items ?? []).map((l) => [
      idOf(l.id),
      l.sku ?? null,
      l.title ?? null,
      l.quantity ?? null,
      l.current_quantity ?? null,
      l.price ?? null,
      l.total_discount ?? null,
      amounts(l.discount_allocations),
      taxes(l.tax_lines),
    ]),
    refunds: (order.refunds ?? []).map((r) =>
      (r.refund_line_items ?? []).map((i) => [idOf(i.line_item_id), i.quantity ?? null, i.subtotal ?? null]),
    ),
    shipping: Array.isArray(order.shipping_lines)
      ? order.shipping_lines.map((l) => [l.price ?? null, amounts(l.discount_allocations), taxes(l.tax_lines)])
      : (order.total_shipping_price_set?.shop_money?.amount ?? null),
  };
  return sentHashOf(relevant);
}

/** shopify_orders.applied: the fingerprint of the order its sales order last followed, and the
 * words the import last wrote into the sales order's notes (so a change replaces only those and
 * keeps what staff wrote). */
interface Applied {
  order: string;
  notes: string | null;
}

/** What `applied` holds, or null: none for an order imported before it was kept (migration
 * 0045), nor in the shape of the first days of 0045 (the sales order's lines as compared). */
function appliedOf(value: string | null): Applied | null {
  if (!value?.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(value) as Partial<Applied>;
    return typeof parsed.order === 'string'
      ? { order: parsed.order, notes: typeof parsed.notes === 'string' ? parsed.notes : null }
      : null;
  } catch {
    return null;
  }
}

async function setApplied(db: Db, companyId: string, localId: string, applied: Applied) {
  await db.execute(
    sql`UPDATE shopify_orders SET applied = ${JSON.stringify(applied)} WHERE company_id = ${companyId} AND id = ${localId}`,
  );
}

/** The sales order's notes with the import's words as Shopify now has them: the words it wrote
 * last are replaced where they still stand, else the new words are added on a line of their
 * own; whatever staff wrote stays. */
function notesWith(current: string, written: string | null, words: string): string {
  const at = written ? current.indexOf(written) : -1;
  const merged =
    at >= 0
      ? current.slice(0, at) + words + current.slice(at + written!.length)
      : current.trim()
        ? `${current.trimEnd()}\n${words}`
        : words;
  return merged.slice(0, 2000);
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
 * fulfillment, a tag, a payment: the fingerprint in `applied` is as it was) leaves it, and
 * staff's edits, alone, with nothing looked up. An order imported before `applied` was kept
 * takes the order as it is now as what its sales order follows, and changes nothing (what was
 * imported then is not known, so any difference may be staff's own edit), unless Shopify
 * cancelled it: that is followed as ever. When Shopify shows units taken off since the order
 * was placed, that change may be one the sales order never had: staff are asked to check it
 * (More info) rather than have it applied or hidden without a word. */
async function followChange(
  ctx: DomainContext,
  order: StoreOrder,
  local: { id: string; applied: string | null },
  salesOrderId: string,
): Promise<string | Skipped | NeedsHand> {
  const { db, actor } = ctx;
  const fingerprint = orderFingerprint(order);
  const applied = appliedOf(local.applied);
  if (applied?.order === fingerprint) return salesOrderId;
  const written = applied?.notes ?? null;
  const seen = (notes = written) => setApplied(db, actor.companyId, local.id, { order: fingerprint, notes });
  if (!applied && !order.cancelled_at) {
    await seen();
    if (!wasEdited(order)) return salesOrderId;
    const [so] = rowsOf<{ number: string; units: string | null }>(
      await db.execute(sql`SELECT o.number, (SELECT sum(l.quantity) FROM sales_orders_lines l
          WHERE l.company_id = o.company_id AND l.parent_id = o.id)::text AS units
        FROM sales_orders o WHERE o.company_id = ${actor.companyId} AND o.id = ${salesOrderId}`),
    );
    if (!so) return { skipped: 'Its sales order was deleted here' };
    // edited in Shopify before it was imported (the import took the units as they were then):
    // the sales order has Shopify's units, nothing to check
    const shopifyUnits = order.line_items.reduce((sum, l) => sum + currentQuantity(l), 0);
    if (Number(so.units ?? 0) === shopifyUnits) return salesOrderId;
    const now = order.line_items
      .filter((l) => currentQuantity(l) > 0)
      .map((l) => `${currentQuantity(l)} x ${l.title}`)
      .join(', ');
    return {
      failed:
        `Shopify changed order ${order.name} after it was imported here; check it against the sales order ` +
        `(${so.number}), which was not changed: it came in before changes in Shopify were followed. ` +
        `Shopify now has ${now || 'no units'}. Sync now clears this message; later changes are followed.`,
    };
  }
  const wanted = order.cancelled_at ? null : await salesOrderInput(ctx, order);
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
  const notes = String(record.notes ?? '');
  await updateRecord(
    ctx,
    entityByName.salesOrder,
    salesOrderId,
    wanted
      ? { ...wanted, notes: notesWith(notes, written, wanted.notes) }
      : { status: 'Cancelled', notes: `${notes}; cancelled in Shopify`.slice(0, 2000) },
  );
  await seen(wanted ? wanted.notes : written);
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
    await setApplied(tx, companyId, localId, { order: orderFingerprint(order), notes: wanted.notes });
    await setLog(tx, companyId, 'shopify', ORDER_ENTITY, localId, { status: 'succeeded' });
    await noteTaxDifference(ctx, order, localId, id);
    return id;
  });
}
