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
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { featuresOf } from '../../company/companies';
import { createDocument, nextNumber, todayOf } from '../../sales/flow/documents';
import { dayIn, timeZoneOf } from '../../company/timeZone';
import { fromScaled } from '../../../../shared/money';
import { linkOf, saveLink, setLog } from '../store';
import { shopifyCents, discountCents, MoneyProblem, priceLine, shippingCents } from './discounts';
import { mappedSites, siteOfOrder } from './sites';
import type { StoreOrder } from './types';

export const ORDER_ENTITY = 'shopifyOrder';
/** The actor the job creates sales orders as (the audit shows no person). */
export const SYNC_USER = 'shopify-sync';
const MAX_LINES = 500;

/** An order that cannot become a sales order until someone fixes the data: logged as failed
 * with these words (More info), and queued again by Sync now. */
export class OrderProblem extends Error {
  override name = 'OrderProblem';
}

/** Keeps the order (new or changed) and queues it unless it became a sales order already.
 * Inside the caller's transaction. Answers whether it was queued. */
export async function receiveOrder(db: Db, companyId: string, shop: string, order: StoreOrder): Promise<boolean> {
  const shopifyId = String(order.id ?? '');
  if (!/^\d{1,20}$/.test(shopifyId)) return false;
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
  if (row.redacted || (await linkOf(db, companyId, 'shopify', ORDER_ENTITY, row.id))) return false;
  // a failed order is tried again with what Shopify now says (it may have been corrected there)
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
  const lines = order.line_items ?? [];
  if (!lines.length) throw new OrderProblem(`Shopify order ${order.name} has no lines`);
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

function notesOf(order: StoreOrder) {
  const taxes = new Map<string, bigint>();
  // cents, summed exactly, per tax as Shopify named it
  for (const line of [...order.line_items, ...(order.shipping_lines ?? [])])
    for (const tax of line.tax_lines ?? [])
      taxes.set(tax.title, (taxes.get(tax.title) ?? 0n) + shopifyCents(tax.price, `tax ${tax.title}`));
  const words = [...taxes].map(([title, cents]) => `${title} ${text(cents)}`);
  const discounts = discountCents(order);
  return [
    `Shopify order ${order.name}`,
    discounts > 0n ? `discounts ${text(discounts)} ${order.currency}` : '',
    words.length ? `taxes charged by Shopify: ${words.join(', ')} ${order.currency}` : '',
    order.total_tax ? `total tax ${order.total_tax} ${order.currency}` : '',
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
      priced: order.line_items.flatMap((line, i) => priceLine(line, i)),
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

/** The job's work for one queued order: its sales order's id, or why there is nothing to do
 * (cancelled before import, erased at the customer's request, or gone). Throws OrderProblem
 * for data to fix. */
export async function importOrder(db: Db, companyId: string, localId: string): Promise<string | Skipped> {
  const done = await linkOf(db, companyId, 'shopify', ORDER_ENTITY, localId);
  if (done) return done;
  return db.transaction(async (tx) => {
    // the row lock makes two runs of the job wait for each other; the second finds the link
    const [row] = rowsOf<{ payload: StoreOrder | null }>(
      await tx.execute(sql`SELECT payload FROM shopify_orders WHERE company_id = ${companyId} AND id = ${localId}
        FOR UPDATE`),
    );
    if (!row) return { skipped: 'No longer kept' };
    const already = await linkOf(tx, companyId, 'shopify', ORDER_ENTITY, localId);
    if (already) return already;
    const order = row.payload;
    if (!order) return { skipped: "Erased at the customer's request before import" };
    if (order.cancelled_at) return { skipped: 'Cancelled in Shopify before import' };
    const customer = await customerFor(tx, companyId, order);
    const products = await productsBySku(tx, companyId, order);
    const ctx: DomainContext = {
      db: tx,
      actor: {
        userId: SYNC_USER,
        companyId,
        permissions: ['selling.write', 'values'],
        features: await featuresOf(tx, companyId),
      },
    };
    const taxOf = await taxesByLine(tx, companyId, order);
    const { priced, shipping, notes } = moneyOf(order);
    const site = siteOfOrder(order, await mappedSites(tx, companyId));
    const id = await createDocument(ctx, 'salesOrder', {
      number: await nextNumber(ctx, 'salesOrder'),
      customer,
      date: await dateOf(ctx, order),
      status: 'Open',
      customerPO: order.name.slice(0, 40),
      site: site ?? undefined,
      currency: /^[A-Z]{3}$/.test(order.currency) ? order.currency : undefined,
      shippingCharge: shipping > 0n ? Number(text(shipping)) : undefined,
      notes: notes.slice(0, 2000),
      lines: priced.map((p) => {
        const line = order.line_items[p.index];
        return {
          product: products.get((line.sku ?? '').trim()),
          description: line.title.slice(0, 200),
          quantity: p.quantity,
          // exact two-decimal text read as a number: no arithmetic is done on it
          unitPrice: Number(p.unitPrice),
          discountPercent: p.discountPercent === undefined ? undefined : Number(p.discountPercent),
          tax: taxOf[p.index],
        };
      }),
    });
    await saveLink(tx, companyId, 'shopify', ORDER_ENTITY, localId, id);
    await setLog(tx, companyId, 'shopify', ORDER_ENTITY, localId, { status: 'succeeded' });
    return id;
  });
}
