// The arrange the Shopify API tests share: the local stand-in of Shopify's Admin API and OAuth
// (tests/standins/shopify.ts) with the environment that points the connector at it (saved and put
// back), a company with the ecommerce add-on, connecting as a person connects (Connect answers the
// shop's authorize URL, the browser goes there and comes back to our callback, signed), the order
// sync settings, posting webhook deliveries as Shopify does, running the push job, and duty-paid
// stock put in directly. Not a test file: vitest includes tests/**/*.test.ts only.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EVERYTHING, type Backend, type TestApi } from '../harness';
import { exciseCompany } from '../exciseKit';
import { rowsOf } from '../../../src/server/db/connect';
import { pushAllQueued } from '../../../src/server/domain/integrations/pushers';
import { postStock, MICRO } from '../../../src/server/domain/inventory/stock';
import { startShopifyStandIn, type ShopifyStandIn } from '../../standins/shopify';
import { pressConnect, startApiBeside, type StartedApi } from './quickbooks';

export type Company = Awaited<ReturnType<typeof exciseCompany>>;

/** The data of a GraphQL body (what exciseCompany's `call` answers); its errors throw. */
export const ok = <T>(r: { data?: T; errors?: unknown[] }): T => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data!;
};

/** Shopify's tax_lines of HST (13 %) of that price */
/** A call on the e-commerce service's endpoint (spec 7): connect, the setup and the locations. */
export const ecommerceCall = <T = Record<string, unknown>>(
  co: Company,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) => co.call<T>(query, variables, token, 'ecommerce');

export const hst = (price: string) => [{ title: 'HST', price, rate: 0.13 }];

/** An order as Shopify's Order resource has it (the fields read): customer 207119552
 * (bob.norman@mail.example.com), CAD, placed 2026-11-24 15:00 UTC, shipped Standard for 10.00
 * (HST 1.30); `extra` adds or overrides fields (line_items, totals). */
export const orderResource = (id: number, name: string, extra: Record<string, unknown>) => ({
  id,
  name,
  email: 'bob.norman@mail.example.com',
  customer: { id: 207119552, email: 'bob.norman@mail.example.com', verified_email: true },
  currency: 'CAD',
  created_at: '2026-11-24T15:00:00Z',
  updated_at: '2026-11-24T15:00:00Z',
  cancelled_at: null,
  fulfillment_status: null,
  location_id: null,
  total_shipping_price_set: { shop_money: { amount: '10.00', currency_code: 'CAD' } },
  shipping_lines: [{ title: 'Standard', price: '10.00', discount_allocations: [], tax_lines: hst('1.30') }],
  ...extra,
});

/** An order's line of Gin 750 mL (GIN-750) at 34.50: ordered `quantity`, `current` left on it,
 * HST `tax`. */
export const ginLineItem = (id: number, quantity: number, current: number, tax: string) => ({
  id,
  sku: 'GIN-750',
  title: 'Gin 750 mL',
  quantity,
  current_quantity: current,
  fulfillable_quantity: current,
  price: '34.50',
  total_discount: '0.00',
  discount_allocations: [],
  tax_lines: hst(tax),
});

export type ShopifyRig = StartedApi & { shopify: ShopifyStandIn };

/** Starts the stand-in, points the connector at it (a fresh INTEGRATIONS_KEY, the stand-in's API
 * key and secret, its URL), then starts the API. */
export async function startShopifyApi(backend: Backend): Promise<ShopifyRig> {
  const shopify = await startShopifyStandIn();
  const started = await startApiBeside(
    backend,
    {
      INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
      SHOPIFY_API_KEY: shopify.apiKey,
      SHOPIFY_API_SECRET: shopify.apiSecret,
      SHOPIFY_BASE_URL: shopify.url,
    },
    () => shopify.close(),
  );
  return { shopify, ...started };
}

/** A company (exciseKit's) with the ecommerce add-on turned on. */
export async function ecommerceCompany(api: TestApi): Promise<Company> {
  const co = await exciseCompany(api);
  ok(await co.call(`mutation { addOnSet(addOn: "ecommerce", enabled: true) }`));
  return co;
}

/** The calls the Shopify tests make, on the API and stand-in `rig()` answers (started in
 * beforeAll, after these are made). */
export function shopifyCalls(rig: () => { api: TestApi; shopify: ShopifyStandIn }) {
  /** Connect pressed for the shop, then the consent (its redirect query may be tampered with on
   * the way back): answers the authorize URL and where the callback sends the browser. */
  const connectThroughConsent = async (co: Company, shop: string, tamper?: (params: URLSearchParams) => void) => {
    const { api, shopify } = rig();
    shopify.shop = shop;
    const { url, cookie } = await pressConnect(
      api,
      co,
      `mutation($shop: String!) { shopifyConnect(shop: $shop) }`,
      { shop },
      'ecommerce',
    );
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    tamper?.(back.searchParams);
    const callback = await api.app.inject({
      method: 'GET',
      url: `${back.pathname}?${back.searchParams}`,
      headers: { cookie },
    });
    return { url, location: callback.headers.location };
  };
  /** Connected, back on /apps. */
  const connect = async (co: Company, shop: string) => {
    expect((await connectThroughConsent(co, shop)).location).toBe('/apps?connected=shopify');
  };
  /** Orders sync on, web orders to that customer, the site sold from that Shopify location. */
  const syncOrders = async (co: Company, webCustomerId: string, siteId: string, locationId: number) =>
    ok(
      await ecommerceCall(
        co,
        `mutation($input: EcommerceSettingsInput!) { ecommerceSettingsSave(input: $input) { orderSync } }`,
        {
          input: { webCustomerId, orderSync: true, siteLocations: [{ siteId, locationId: String(locationId) }] },
        },
      ),
    );
  /** A webhook delivery posted to our endpoint: the raw answer. */
  const post = async (delivery: { headers: Record<string, string>; payload: string }) =>
    rig().api.app.inject({
      method: 'POST',
      url: '/api/integrations/shopify/webhooks',
      headers: delivery.headers,
      payload: delivery.payload,
    });
  /** A webhook of that topic from the shop, signed as Shopify does: answers our outcome. */
  const deliver = async (shop: string, topic: string, body: unknown, webhookId?: string) =>
    (await post(rig().shopify.webhook(topic, body, { shop, webhookId }))).json() as { outcome: string };
  /** The push job run for the company's Shopify work (what the queue would run). */
  const run = (co: Company) => pushAllQueued(rig().api.database.db, { companyId: co.companyId, app: 'shopify' });
  /** Sync now pressed: answers how many records it queued. */
  const syncNow = async (co: Company) =>
    ok(await co.call<{ integrationSync: number }>(`mutation { integrationSync(app: shopify) }`)).integrationSync;
  /** Duty-paid units of the product at the site, put in directly (opening stock on 2026-11-01). */
  const dutyPaid = (co: Company, productId: string, siteId: string, units: number, refId: string) =>
    rig().api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: EVERYTHING, features: {} } },
        { refType: 'test', refId },
        [
          {
            date: '2026-11-01',
            kind: 'Product',
            stockId: productId,
            siteId,
            lot: null,
            status: 'DutyPaid',
            quantity: Math.round(units * MICRO),
            laa: 0,
            value: 0,
            category: 'Received',
            description: 'opening stock',
          },
        ],
      ),
    );
  /** The sync log of the Shopify order with that Shopify id: its status and error. */
  const orderLogOf = async (co: Company, shopifyId: number) =>
    rowsOf<{ status: string; last_error: string | null }>(
      await rig().api.database.db.execute(sql`SELECT l.status, l.last_error FROM integration_sync_log l
        JOIN shopify_orders s ON s.company_id = l.company_id AND s.id = l.entity_id
        WHERE l.company_id = ${co.companyId} AND l.entity_type = 'shopifyOrder'
          AND s.shopify_order_id = ${String(shopifyId)}`),
    )[0];
  /** How many times the sales order was updated (its audit log's 'updated' events). */
  const salesOrderUpdates = async (co: Company, salesOrderId: string) =>
    rowsOf<{ count: number }>(
      await rig().api.database.db.execute(sql`SELECT count(*)::int AS count FROM audit_log
        WHERE company_id = ${co.companyId} AND entity = 'salesOrder' AND entity_id = ${salesOrderId}
          AND event = 'updated'`),
    )[0].count;
  return {
    connectThroughConsent,
    connect,
    syncOrders,
    post,
    deliver,
    run,
    syncNow,
    dutyPaid,
    orderLogOf,
    salesOrderUpdates,
  };
}
