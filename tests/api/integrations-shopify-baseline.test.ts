// Shopify orders imported before migration 0045 have no baseline (shopify_orders.applied): what
// the sales order was made from is not known. When Shopify shows units taken off such an order,
// the sales order is not changed (the difference may be staff's own edit) nor is the change
// hidden: More info asks staff to check the order against its sales order, the order as it is
// now becomes the baseline, and a later change is followed as for any order. Against the
// stand-in (tests/standins/shopify.ts).
//
// Worked by hand (HST 13 %): #5001, Gin 3 x 34.50 = 103.50 + shipping 10.00 = 113.50; HST
// 13.455 + 1.30 -> 14.76; 128.26. Shopify takes a Gin off (current_quantity 2): 69.00 + 10.00 =
// 79.00, HST 10.27, 89.27; the sales order keeps its 3 and More info names the order. Then a
// second Gin off (current_quantity 1): 34.50 + 10.00 = 44.50, HST 5.785 -> 5.79, 50.29, followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';
import { rowsOf } from '../../src/server/db/connect';
import { startShopifyStandIn, type ShopifyStandIn } from '../standins/shopify';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';

type Company = Awaited<ReturnType<typeof exciseCompany>>;

const SHOP = 'distillerie-baseline.myshopify.com';
const BOUTIQUE = 655441493;
const hst = (price: string) => [{ title: 'HST', price, rate: 0.13 }];

const order = (id: number, name: string, extra: Record<string, unknown>) => ({
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

const gin = (quantity: number, current: number, tax: string) => ({
  id: 7101,
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

describe.each(backends)('Shopify orders imported before their baseline was kept, on %s', (backend) => {
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;
  const saved: Record<string, string | undefined> = {};

  const ok = <T>(r: { data?: T; errors?: unknown[] }): T => {
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const db = () => api.database.db;
  const deliver = async (topic: string, body: unknown) => {
    const delivery = shopify.webhook(topic, body, { shop: SHOP });
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/integrations/shopify/webhooks',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    return r.json() as { outcome: string };
  };
  const run = () => pushAllQueued(db(), { companyId: a.companyId, app: 'shopify' });
  const salesOrderOf = async (shopifyName: string) =>
    rowsOf<{ id: string; number: string; total: string }>(
      await db().execute(sql`SELECT id::text, number, total::text FROM sales_orders
        WHERE company_id = ${a.companyId} AND customer_po = ${shopifyName}`),
    )[0];
  const quantities = async (id: string) =>
    rowsOf<{ quantity: string }>(
      await db().execute(sql`SELECT quantity::text FROM sales_orders_lines WHERE company_id = ${a.companyId}
        AND parent_id = ${id} ORDER BY position`),
    ).map((l) => l.quantity);
  const logOf = async (shopifyId: number) =>
    rowsOf<{ status: string; last_error: string | null }>(
      await db().execute(sql`SELECT l.status, l.last_error FROM integration_sync_log l
        JOIN shopify_orders s ON s.company_id = l.company_id AND s.id = l.entity_id
        WHERE l.company_id = ${a.companyId} AND l.entity_type = 'shopifyOrder'
          AND s.shopify_order_id = ${String(shopifyId)}`),
    )[0];
  const updatesOf = async (salesOrderId: string) =>
    rowsOf<{ count: number }>(
      await db().execute(sql`SELECT count(*)::int AS count FROM audit_log WHERE company_id = ${a.companyId}
        AND entity = 'salesOrder' AND entity_id = ${salesOrderId} AND event = 'updated'`),
    )[0].count;

  beforeAll(async () => {
    shopify = await startShopifyStandIn();
    const env = {
      INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
      SHOPIFY_API_KEY: shopify.apiKey,
      SHOPIFY_API_SECRET: shopify.apiSecret,
      SHOPIFY_BASE_URL: shopify.url,
    };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    api = await startApi(backend);
    a = await exciseCompany(api);
    ok(await a.call(`mutation { addOnSet(addOn: "ecommerce", enabled: true) }`));
    await a.create('product', { name: 'Gin 750', sku: 'GIN-750', strength: 40, containerSize: 0.75, caseSize: 12 });
    await a.create('tax', { name: 'HST', rate: 13 });
    const bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    shopify.shop = SHOP;
    const url = ok(
      await a.call<{ shopifyConnect: string }>(`mutation($shop: String!) { shopifyConnect(shop: $shop) }`, {
        shop: SHOP,
      }),
    ).shopifyConnect;
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    await api.app.inject({ method: 'GET', url: `${back.pathname}?${back.searchParams}` });
    ok(
      await a.call(`mutation($input: EcommerceSettingsInput!) { ecommerceSettingsSave(input: $input) { orderSync } }`, {
        input: {
          webCustomerId: bob,
          orderSync: true,
          siteLocations: [{ siteId: a.site, locationId: String(BOUTIQUE) }],
        },
      }),
    );
  });
  afterAll(async () => {
    await api?.close();
    await shopify?.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('asks staff to check a quantity Shopify changed on an order with no baseline, then follows later changes', async () => {
    const placed = order(5840000001, '#5001', {
      current_total_tax: '14.76',
      current_total_price: '128.26',
      line_items: [gin(3, 3, '13.46')],
    });
    await deliver('orders/create', placed);
    await run();
    const so = await salesOrderOf('#5001');
    expect(await quantities(so.id)).toEqual(['3.000']);
    // as imported before migration 0045: nothing kept of what the sales order follows
    await db().execute(sql`UPDATE shopify_orders SET applied = NULL WHERE company_id = ${a.companyId}
      AND shopify_order_id = '5840000001'`);

    // Shopify takes a Gin off: not applied, not hidden
    await deliver('orders/updated', {
      ...placed,
      updated_at: '2026-11-25T12:00:00Z',
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(3, 2, '13.46')],
    });
    await run();
    expect(await quantities(so.id)).toEqual(['3.000']);
    expect(await updatesOf(so.id)).toBe(0);
    const log = await logOf(5840000001);
    expect(log.status).toBe('failed');
    expect(log.last_error).toContain(
      `Shopify changed order #5001 after it was imported here; check it against the sales order (${so.number})`,
    );
    expect(log.last_error).toContain('Shopify now has 2 x Gin 750 mL');

    // Sync now clears the message: the order as it is now is the baseline, nothing changes
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    await run();
    expect(await logOf(5840000001)).toEqual({ status: 'succeeded', last_error: null });
    expect(await quantities(so.id)).toEqual(['3.000']);

    // a later change is followed as for any order
    await deliver('orders/updated', {
      ...placed,
      updated_at: '2026-11-25T13:00:00Z',
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(3, 1, '13.46')],
    });
    await run();
    expect(await quantities(so.id)).toEqual(['1.000']);
    expect((await salesOrderOf('#5001')).total).toBe('50.290');
    expect(await logOf(5840000001)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('says nothing of an order Shopify edited before it was imported: the sales order has its units', async () => {
    // #5002: a Gin taken off in Shopify before the import, which took the 2 left
    const edited = order(5840000002, '#5002', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(3, 2, '13.46')],
    });
    await deliver('orders/create', edited);
    await run();
    const so = await salesOrderOf('#5002');
    expect(await quantities(so.id)).toEqual(['2.000']);
    await db().execute(sql`UPDATE shopify_orders SET applied = NULL WHERE company_id = ${a.companyId}
      AND shopify_order_id = '5840000002'`);
    // then fulfilled: the same units, nothing for staff to check
    await deliver('orders/updated', { ...edited, updated_at: '2026-11-25T13:00:00Z', fulfillment_status: 'fulfilled' });
    await run();
    expect(await quantities(so.id)).toEqual(['2.000']);
    expect(await logOf(5840000002)).toEqual({ status: 'succeeded', last_error: null });
  });
});
