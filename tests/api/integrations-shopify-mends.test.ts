// Shopify review mends against the local stand-in (tests/standins/shopify.ts):
// - an order's discounts carried to the cent (a line's own discount and its share of an
//   order-level code, both in the line's discount_allocations as Shopify's Order reference
//   shows them), so the sales order's total is Shopify's current_total_price; dated by the
//   order's created_at in the company's time zone; shipping from the one mapped site;
// - the stock sent to Shopify less what Shopify's own orders still hold (open sales orders from
//   Shopify, orders received and not yet sales orders), the hold ending when the order ships;
// - the privacy webhooks customers/data_request, customers/redact, shop/redact (payloads as in
//   Shopify's "Privacy law compliance" page) and the schedule's retention of payloads and
//   delivery ids.
// Every amount is worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type ShopifyStandIn } from '../standins/shopify';
import { queueShopifyRefresh } from '../../src/server/domain/integrations/shopify/sync';
import {
  ecommerceCompany,
  hst,
  ok,
  orderResource,
  shopifyCalls,
  startShopifyApi,
  type Company,
  type ShopifyRig,
} from './support/shopify';

const SHOP = 'distillerie-remise.myshopify.com';
const BOUTIQUE = 655441491;
const GIN_ITEM = 808950810;
const RYE_ITEM = 39072856;

/** The shared order placed by customer 207119551 on 2026-11-21 03:30 UTC (still the 20th in Toronto, which
 * the dating test relies on). */
const order = (id: number, name: string, extra: Record<string, unknown>) =>
  orderResource(id, name, {
    customer: { id: 207119551, email: 'bob.norman@mail.example.com', verified_email: true },
    created_at: '2026-11-21T03:30:00Z',
    updated_at: '2026-11-21T03:30:00Z',
    ...extra,
  });

describe.each(backends)('Shopify discounts, stock held, privacy on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;
  let gin = '';
  let rye = '';
  let bob = '';
  let tax = '';
  let salesOrderId = '';

  const sh = shopifyCalls(() => rig);
  const db = () => api.database.db;
  const deliver = (topic: string, body: unknown, webhookId?: string) => sh.deliver(SHOP, topic, body, webhookId);
  const run = () => sh.run(a);
  const payloadOf = async (shopifyId: number) =>
    rowsOf<{ payload: unknown }>(
      await db().execute(sql`SELECT payload FROM shopify_orders
        WHERE company_id = ${a.companyId} AND shopify_order_id = ${String(shopifyId)}`),
    )[0]?.payload;
  const levels = () =>
    [...shopify.levelsSet]
      .filter((l) => l.location_id === BOUTIQUE)
      .sort((x, y) => x.inventory_item_id - y.inventory_item_id)
      .map((l) => [l.inventory_item_id, l.available]);
  const pushStock = async () => {
    shopify.levelsSet.length = 0;
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    await run();
    return levels();
  };
  const dutyPaid = (productId: string, units: number, refId: string) => sh.dutyPaid(a, productId, a.site, units, refId);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    a = await ecommerceCompany(api);
    const product = { strength: 40, containerSize: 0.75, caseSize: 12 };
    gin = await a.create('product', { name: 'Gin 750', sku: 'GIN-750', ...product });
    rye = await a.create('product', { name: 'Rye 750', sku: 'RYE-750', ...product });
    tax = await a.create('tax', { name: 'HST', rate: 13 });
    bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    shopify.products.push(
      { id: 632910392, variants: [{ id: GIN_ITEM, sku: 'GIN-750', inventory_item_id: GIN_ITEM }] },
      { id: 921728736, variants: [{ id: RYE_ITEM, sku: 'RYE-750', inventory_item_id: RYE_ITEM }] },
    );
    shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    // connect: the consent redirect comes back to the app's callback, signed
    await sh.connect(a, SHOP);
    // the shop sells from one location, the Main site
    await sh.syncOrders(a, bob, a.site, BOUTIQUE);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("carries a line discount and an order-level code to the cent: the total is Shopify's, dated the day placed", async () => {
    // Gin 3 x 34.50 = 103.50, Rye 6 x 52.00 = 312.00. A 5.00 manual discount on the Gin line,
    // then a 13.00 code across the order, which Shopify spreads on what is left of each line:
    // Gin 13.00 x 98.50 / 410.50 = 3.119 -> 3.12, Rye 13.00 - 3.12 = 9.88.
    // Gin 103.50 - 5.00 - 3.12 = 95.38; Rye 312.00 - 9.88 = 302.12.
    // HST 13 % per line as Shopify rounds: 12.3994 -> 12.40, 39.2756 -> 39.28, shipping 1.30:
    // 52.98. current_total_price = 95.38 + 302.12 + 10.00 + 52.98 = 460.48.
    const placed = order(5820000001, '#3001', {
      total_tax: '52.98',
      total_discounts: '18.00',
      current_total_price: '460.48',
      discount_applications: [
        {
          type: 'manual',
          value: '5.0',
          value_type: 'fixed_amount',
          allocation_method: 'one',
          target_selection: 'explicit',
          target_type: 'line_item',
          title: 'Case deal',
        },
        {
          type: 'discount_code',
          code: 'HOLIDAY13',
          value: '13.0',
          value_type: 'fixed_amount',
          allocation_method: 'across',
          target_selection: 'all',
          target_type: 'line_item',
        },
      ],
      line_items: [
        {
          id: 1001,
          sku: 'GIN-750',
          title: 'Gin 750 mL',
          quantity: 3,
          price: '34.50',
          total_discount: '5.00',
          discount_allocations: [
            { amount: '5.00', discount_application_index: 0 },
            { amount: '3.12', discount_application_index: 1 },
          ],
          tax_lines: hst('12.40'),
        },
        {
          id: 1002,
          sku: 'RYE-750',
          title: 'Rye 750 mL',
          quantity: 6,
          price: '52.00',
          total_discount: '0.00',
          discount_allocations: [{ amount: '9.88', discount_application_index: 1 }],
          tax_lines: hst('39.28'),
        },
      ],
    });
    expect(await deliver('orders/create', placed)).toEqual({ outcome: 'queued' });
    await run();
    const [so] = rowsOf<{
      id: string;
      date: string;
      site_id: string;
      shipping_charge: string;
      subtotal: string;
      tax_total: string;
      total: string;
    }>(
      await db().execute(sql`SELECT id::text, date::text, site_id::text, shipping_charge::text, subtotal::text,
          tax_total::text, total::text FROM sales_orders WHERE company_id = ${a.companyId}`),
    );
    salesOrderId = so.id;
    // 03:30 UTC on the 21st is 22:30 on the 20th in Toronto
    expect(so).toMatchObject({ date: '2026-11-20', site_id: a.site, shipping_charge: '10.00' });
    // Gin keeps Shopify's price: 103.50 x (1 - 7.85 %) = 95.37525 -> 95.38. Rye's 302.12 over 6
    // is 50.3533: no percent of 312.00 gives it (9.83 % -> 302.11, 9.84 % -> 302.14... 0.01 %
    // of 312.00 is 3 cents), so 4 at 50.35 and 2 at 50.36 (302.12 = 6 x 50.35 + 0.02).
    const lines = rowsOf<Record<string, string | null>>(
      await db().execute(sql`SELECT product_id::text, quantity::text, unit_price::text, discount_percent::text,
          amount::text, tax_id::text FROM sales_orders_lines
        WHERE company_id = ${a.companyId} AND parent_id = ${so.id} ORDER BY position`),
    );
    expect(lines).toEqual([
      {
        product_id: gin,
        quantity: '3.000',
        unit_price: '34.50',
        discount_percent: '7.85',
        amount: '95.380',
        tax_id: tax,
      },
      {
        product_id: rye,
        quantity: '4.000',
        unit_price: '50.35',
        discount_percent: null,
        amount: '201.400',
        tax_id: tax,
      },
      {
        product_id: rye,
        quantity: '2.000',
        unit_price: '50.36',
        discount_percent: null,
        amount: '100.720',
        tax_id: tax,
      },
    ]);
    // subtotal 95.38 + 201.40 + 100.72 = 397.50; HST (397.50 + 10.00) x 13 % = 52.975 -> 52.98
    expect(so).toMatchObject({ subtotal: '397.500', tax_total: '52.980', total: '460.480' });
  });

  it('takes a free-shipping code off the shipping charge', async () => {
    // 1 Gin at 34.50, shipping 10.00 discounted 10.00: no shipping charge; total 34.50 + 4.49
    const placed = order(5820000002, '#3002', {
      current_total_price: '38.99',
      shipping_lines: [
        { title: 'Standard', price: '10.00', discount_allocations: [{ amount: '10.00' }], tax_lines: [] },
      ],
      line_items: [
        {
          id: 2001,
          sku: 'GIN-750',
          title: 'Gin',
          quantity: 1,
          price: '34.50',
          discount_allocations: [],
          tax_lines: hst('4.49'),
        },
      ],
    });
    expect(await deliver('orders/create', placed)).toEqual({ outcome: 'queued' });
    await run();
    const [so] = rowsOf<{ shipping_charge: string | null; total: string }>(
      await db().execute(sql`SELECT shipping_charge::text, total::text FROM sales_orders
        WHERE company_id = ${a.companyId} AND customer_po = '#3002'`),
    );
    // 34.50 x 13 % = 4.485 -> 4.49
    expect(so).toEqual({ shipping_charge: null, total: '38.990' });
    // cancelled here: it holds nothing from now on
    ok(
      await a.call(`mutation($id: ID!) { salesOrderUpdate(id: $id, input: { status: "Cancelled" }) { id } }`, {
        id: await soId('#3002'),
      }),
    );
  });

  const soId = async (po: string) =>
    rowsOf<{ id: string }>(
      await db().execute(
        sql`SELECT id::text FROM sales_orders WHERE company_id = ${a.companyId} AND customer_po = ${po}`,
      ),
    )[0].id;

  it("sends on-hand less what Shopify's own orders hold, until the order ships", async () => {
    await dutyPaid(gin, 40, '7001');
    await dutyPaid(rye, 10, '7002');
    // #3003 waits as no sales order (its second SKU is unknown here), holding 2 Gin
    const waiting = order(5820000003, '#3003', {
      line_items: [
        { id: 3001, sku: 'GIN-750', title: 'Gin', quantity: 2, price: '34.50', tax_lines: [] },
        { id: 3002, sku: 'CIDRE-500', title: 'Cidre', quantity: 1, price: '9.00', tax_lines: [] },
      ],
    });
    expect(await deliver('orders/create', waiting)).toEqual({ outcome: 'queued' });
    await run();
    // Gin 40 - 3 (#3001, open) - 2 (#3003, waiting) = 35; Rye 10 - 6 (#3001) = 4;
    // #3002 is cancelled and holds nothing
    expect(await pushStock()).toEqual([
      [RYE_ITEM, 4],
      [GIN_ITEM, 35],
    ]);
    // #3001 ships from Main: on-hand Gin 37, Rye 4, and it holds nothing any more
    const shipment = ok(
      await a.call<{ shipmentFromSalesOrder: string }>(
        `mutation { shipmentFromSalesOrder(salesOrderId: "${salesOrderId}") }`,
      ),
    ).shipmentFromSalesOrder;
    ok(
      await a.call(`mutation($id: ID!, $input: ShipmentInput!) { shipmentUpdate(id: $id, input: $input) { id } }`, {
        id: shipment,
        input: { status: 'Shipped' },
      }),
    );
    const [shipped] = rowsOf<{ status: string }>(
      await db().execute(
        sql`SELECT status FROM sales_orders WHERE company_id = ${a.companyId} AND id = ${salesOrderId}`,
      ),
    );
    expect(shipped.status).toBe('Shipped');
    // Gin 37 - 2 = 35; Rye 4 - 0 = 4: the shop's figure does not move when the order ships
    expect(await pushStock()).toEqual([
      [RYE_ITEM, 4],
      [GIN_ITEM, 35],
    ]);
  });

  it('answers the privacy webhooks: a data request shown to the company, redact erasing payloads only', async () => {
    const forged = shopify.webhook('customers/redact', { shop_domain: SHOP }, { shop: SHOP, secret: 'nope' });
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/integrations/shopify/webhooks',
      headers: forged.headers,
      payload: forged.payload,
    });
    expect(refused.statusCode).toBe(401);

    const request = {
      shop_id: 954889,
      shop_domain: SHOP,
      orders_requested: [5820000001],
      customer: { id: 207119551, email: 'bob.norman@mail.example.com', phone: '555-625-1199' },
      data_request: { id: 9999 },
    };
    expect(await deliver('customers/data_request', request, 'dr-9999')).toEqual({ outcome: 'recorded' });
    expect(await deliver('customers/data_request', request, 'dr-9999')).toEqual({ outcome: 'duplicate' });
    const view = ok(
      await a.call<{ integrations: { app: string; failures: { entityType: string; error: string }[] }[] }>(
        `{ integrations { app failures { entityType error } } }`,
      ),
    ).integrations.find((i) => i.app === 'shopify')!;
    const note = view.failures.find((f) => f.entityType === 'shopifyDataRequest');
    expect(note?.error).toMatch(
      /Shopify customer 207119551 asked for the data kept about them \(Shopify data request 9999\)/,
    );
    expect(note?.error).toContain('#3001 (sales order SO-1001)');
    expect(note?.error).toContain('#3002 (sales order SO-1002)');
    // Sync now says it was dealt with
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    const after = ok(
      await a.call<{ integrations: { app: string; failures: { entityType: string }[] }[] }>(
        `{ integrations { app failures { entityType } } }`,
      ),
    ).integrations.find((i) => i.app === 'shopify')!;
    expect(after.failures.map((f) => f.entityType)).not.toContain('shopifyDataRequest');

    // the customer's orders (by the ids Shopify names and by the customer) lose their payloads;
    // the sales orders stay; a waiting import of theirs is closed, its e-mail-quoting error gone
    expect(
      await deliver('customers/redact', {
        shop_id: 954889,
        shop_domain: SHOP,
        customer: { id: 207119551, email: 'bob.norman@mail.example.com', phone: '555-625-1199' },
        orders_to_redact: [5820000001],
      }),
    ).toEqual({ outcome: 'redacted' });
    expect(await payloadOf(5820000001)).toBeNull();
    expect(await payloadOf(5820000003)).toBeNull();
    const [{ count }] = rowsOf<{ count: number }>(
      await db().execute(sql`SELECT count(*)::int AS count FROM sales_orders WHERE company_id = ${a.companyId}`),
    );
    expect(count).toBe(2);
    const log = await sh.orderLogOf(a, 5820000003);
    expect(log).toEqual({ status: 'succeeded', last_error: "Erased at the customer's request before import" });

    // Shopify updates the erased order afterwards: its data is not kept again, nor imported
    const updated = order(5820000003, '#3003', {
      customer: { id: 207119551, email: 'bob.norman@mail.example.com', verified_email: true },
      line_items: [{ id: 3001, sku: 'GIN-750', title: 'Gin', quantity: 2, price: '34.50', tax_lines: [] }],
    });
    expect(await deliver('orders/updated', updated)).toEqual({ outcome: 'ignored' });
    expect(await payloadOf(5820000003)).toBeNull();
    const again = await sh.orderLogOf(a, 5820000003);
    expect(again.status).toBe('succeeded');
  });

  it('keeps payloads 60 days after import and delivery ids 30 days, on the schedule', async () => {
    const other = order(5820000004, '#3004', {
      customer: { id: 300, email: 'ann@example.com', verified_email: true },
      line_items: [{ id: 4001, sku: 'GIN-750', title: 'Gin', quantity: 1, price: '34.50', tax_lines: [] }],
    });
    const recent = order(5820000005, '#3005', {
      customer: { id: 301, email: 'cy@example.com', verified_email: true },
      line_items: [{ id: 5001, sku: 'RYE-750', title: 'Rye', quantity: 1, price: '52.00', tax_lines: [] }],
    });
    await deliver('orders/create', other, 'old-delivery');
    await deliver('orders/create', recent, 'new-delivery');
    await run();
    // #3004 was imported 61 days ago and its delivery came 31 days ago
    await db().execute(sql`UPDATE integration_links SET created_at = now() - interval '61 days'
      WHERE company_id = ${a.companyId} AND entity_type = 'shopifyOrder' AND entity_id =
        (SELECT id FROM shopify_orders WHERE company_id = ${a.companyId} AND shopify_order_id = '5820000004')`);
    await db().execute(sql`UPDATE shopify_webhook_deliveries SET received_at = now() - interval '31 days'
      WHERE shop = ${SHOP} AND webhook_id = 'old-delivery'`);
    await queueShopifyRefresh(db());
    expect(await payloadOf(5820000004)).toBeNull();
    expect(await payloadOf(5820000005)).toMatchObject({ name: '#3005' });
    const deliveries = rowsOf<{ webhook_id: string }>(
      await db().execute(sql`SELECT webhook_id FROM shopify_webhook_deliveries WHERE shop = ${SHOP}
        AND webhook_id IN ('old-delivery', 'new-delivery')`),
    );
    expect(deliveries.map((d) => d.webhook_id)).toEqual(['new-delivery']);
  });

  it('erases every payload and delivery id of the shop on shop/redact, keeping only the order ids', async () => {
    // Shopify sends shop/redact 48 hours after the app is uninstalled
    expect(await deliver('app/uninstalled', { id: 954889, domain: SHOP })).toEqual({ outcome: 'uninstalled' });
    expect(await deliver('shop/redact', { shop_id: 954889, shop_domain: SHOP })).toEqual({ outcome: 'redacted' });
    const kept = rowsOf<{ payloads: number; rows: number }>(
      await db().execute(sql`SELECT count(payload)::int AS payloads, count(*)::int AS rows FROM shopify_orders
        WHERE shop = ${SHOP}`),
    );
    // the five rows stay without their payloads: they keep a reinstalled shop's old orders from
    // becoming second sales orders
    expect(kept).toEqual([{ payloads: 0, rows: 5 }]);
    const deliveries = rowsOf(await db().execute(sql`SELECT 1 FROM shopify_webhook_deliveries WHERE shop = ${SHOP}`));
    expect(deliveries).toHaveLength(0);
  });
});
