// Shopify's mandatory privacy webhooks and how long Shopify's data is kept here. What this app
// keeps of a shop's customers is the order as Shopify sent it (shopify_orders.payload: names,
// e-mails, addresses). The sales orders made from them are the company's own business records
// (the law has it keep its sales books) and stay.
// - customers/data_request {customer {id, email}, orders_requested [ids], data_request {id}}:
//   Shopify leaves it to the app to tell the shop owner what it holds; the request is put before
//   the company under Apps (More info, the alert dot) naming the orders and their sales orders.
//   Sync now clears the note once dealt with.
// - customers/redact {customer {id}, orders_to_redact [ids]}: those orders' payloads are erased;
//   the ids of those not kept here yet are remembered (shopify_redacted_order_ids: shop and id
//   only), so an order erased before it arrived is never kept or imported later either.
// - shop/redact {shop_domain} (48 hours after the app was uninstalled): every payload and
//   delivery record of the shop is erased. The rows keep only the shop, Shopify's order id and
//   its "#1001" (no person's data): they are what keeps an order that arrives again after a
//   reinstall from becoming a second sales order.
// The schedule (queueShopifyRefresh) also erases payloads some weeks after their order became a
// sales order, and forgets webhook deliveries once Shopify has long stopped retrying them
// (Shopify retries a failed delivery for up to 48 hours).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { setLog } from '../store';
import { ORDER_ENTITY } from './orders';

export const PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'];
export const DATA_REQUEST_ENTITY = 'shopifyDataRequest';
/** an order's payload is kept this long after it became a sales order (to look into a problem) */
export const PAYLOAD_KEEP_DAYS = 60;
/** a delivery id is remembered this long (Shopify stops retrying after 48 hours) */
export const DELIVERY_KEEP_DAYS = 30;
const ERASED = "Erased at the customer's request before import";

const ids = (list: unknown): string[] =>
  Array.isArray(list) ? list.map(String).filter((id) => /^\d{1,20}$/.test(id)) : [];

interface PrivacyBody {
  customer?: { id?: unknown; email?: unknown } | null;
  orders_requested?: unknown;
  orders_to_redact?: unknown;
  data_request?: { id?: unknown } | null;
}

/** The shop's orders named by Shopify's ids or carrying that Shopify customer. */
function ordersOf(shop: string, orderIds: string[], customerId: string | null) {
  const byId = orderIds.length
    ? sql`s.shopify_order_id IN (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const byCustomer = customerId ? sql`s.payload->'customer'->>'id' = ${customerId}` : sql`false`;
  return sql`s.shop = ${shop} AND (${byId} OR ${byCustomer})`;
}

/** Marks the waiting or failed imports of erased orders as done with nothing to make (their
 * logged errors may quote the customer's e-mail). */
async function closeErased(db: Db, rows: { company_id: string; id: string; status: string | null }[]) {
  for (const row of rows)
    if (row.status === 'queued' || row.status === 'failed')
      await setLog(db, row.company_id, 'shopify', ORDER_ENTITY, row.id, { status: 'succeeded', error: ERASED });
}

/** `forGood`: a customer's redaction holds for later updates of the same orders; a shop's
 * (after uninstalling) does not, since a reinstalled shop's orders are its own again. */
async function redact(db: Db, where: ReturnType<typeof ordersOf>, forGood: boolean) {
  const rows = rowsOf<{ company_id: string; id: string; status: string | null }>(
    await db.execute(sql`UPDATE shopify_orders s SET payload = NULL,
      redacted_at = ${forGood ? sql`coalesce(s.redacted_at, now())` : sql`s.redacted_at`} WHERE ${where}
      RETURNING s.company_id::text, s.id::text,
        (SELECT l.status FROM integration_sync_log l WHERE l.company_id = s.company_id AND l.app = 'shopify'
          AND l.entity_type = ${ORDER_ENTITY} AND l.entity_id = s.id) AS status`),
  );
  await closeErased(db, rows);
  return rows.length;
}

/** Puts a customer's data request before the company that holds (or held) the shop. */
async function recordDataRequest(db: Db, shop: string, body: PrivacyBody, holder: string | null) {
  const requestId = ids([body.data_request?.id])[0];
  const customerId = ids([body.customer?.id])[0] ?? null;
  const orders = rowsOf<{ company_id: string; name: string; sales_order: string | null }>(
    await db.execute(sql`SELECT s.company_id::text, s.name, o.number AS sales_order FROM shopify_orders s
      LEFT JOIN integration_links k ON k.company_id = s.company_id AND k.app = 'shopify'
        AND k.entity_type = ${ORDER_ENTITY} AND k.entity_id = s.id
      LEFT JOIN sales_orders o ON o.company_id = s.company_id AND o.id::text = k.external_id
      WHERE ${ordersOf(shop, ids(body.orders_requested), customerId)} ORDER BY s.id`),
  );
  const companies = new Set([...(holder ? [holder] : []), ...orders.map((o) => o.company_id)]);
  if (!requestId || !companies.size) return false;
  for (const companyId of companies) {
    const mine = orders.filter((o) => o.company_id === companyId);
    const listed = mine.length
      ? mine
          .map((o) => `${o.name} (${o.sales_order ? `sales order ${o.sales_order}` : 'not a sales order'})`)
          .join(', ')
      : 'none kept here';
    const words =
      `Shopify customer ${customerId ?? 'unknown'} asked for the data kept about them (Shopify data request ${requestId}). ` +
      `Their Shopify orders here: ${listed}. Send them what these orders and their customer record hold; ` +
      `Sync now clears this note.`;
    await setLog(db, companyId, 'shopify', DATA_REQUEST_ENTITY, requestId, {
      status: 'failed',
      error: words.slice(0, 2000),
    });
  }
  return true;
}

export type PrivacyOutcome = 'redacted' | 'recorded' | 'ignored';

/** One privacy webhook, inside the delivery's transaction. */
export async function handlePrivacy(
  db: Db,
  delivery: { shop: string; topic: string; body: unknown },
  holder: string | null,
): Promise<PrivacyOutcome> {
  const body = (delivery.body && typeof delivery.body === 'object' ? delivery.body : {}) as PrivacyBody;
  if (delivery.topic === 'customers/data_request')
    return (await recordDataRequest(db, delivery.shop, body, holder)) ? 'recorded' : 'ignored';
  if (delivery.topic === 'customers/redact') {
    const customerId = ids([body.customer?.id])[0] ?? null;
    const orderIds = ids(body.orders_to_redact);
    await redact(db, ordersOf(delivery.shop, orderIds, customerId), true);
    if (orderIds.length)
      await db.execute(sql`INSERT INTO shopify_redacted_order_ids (shop, shopify_order_id)
        SELECT ${delivery.shop}, unnest(${`{${orderIds.join(',')}}`}::text[])
        ON CONFLICT (shop, shopify_order_id) DO NOTHING`);
    return 'redacted';
  }
  await redact(db, sql`s.shop = ${delivery.shop} AND s.payload IS NOT NULL`, false);
  await db.execute(sql`DELETE FROM shopify_webhook_deliveries WHERE shop = ${delivery.shop}`);
  return 'redacted';
}

/** The schedule's retention step: payloads of orders imported long ago, old delivery ids. */
export async function pruneShopifyData(db: Db): Promise<void> {
  await db.execute(sql`UPDATE shopify_orders s SET payload = NULL FROM integration_links k
    WHERE k.company_id = s.company_id AND k.app = 'shopify' AND k.entity_type = ${ORDER_ENTITY}
      AND k.entity_id = s.id AND s.payload IS NOT NULL
      AND k.created_at < now() - make_interval(days => ${PAYLOAD_KEEP_DAYS})`);
  await db.execute(sql`DELETE FROM shopify_webhook_deliveries
    WHERE received_at < now() - make_interval(days => ${DELIVERY_KEEP_DAYS})`);
}
