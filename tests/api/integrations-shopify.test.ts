// Shopify against its local stand-in (tests/standins/shopify.ts): connect through the OAuth
// callback (a valid and a forged HMAC), webhooks (valid, forged, a duplicate delivery), an order
// becoming a sales order with its lines matched by SKU, an unknown SKU logged as failed with the
// SKU named, the polling fallback retried after a 500 making one sales order, a 429 waited out,
// a refused token (the app uninstalled) logged as "connect again", duty-paid stock per site
// pushed to the mapped locations, and tenancy (another company's shop never lands here).
// Orders follow the shape of Shopify's Order resource reference (id, name "#1001", email,
// line_items with sku, price, quantity, tax_lines); amounts worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { membershipTable, userTable } from '../../src/generated/tables';
import { sql } from 'drizzle-orm';
import { EVERYTHING, backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type ShopifyStandIn } from '../standins/shopify';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { queueShopifyRefresh } from '../../src/server/domain/integrations/shopify/sync';
import {
  ecommerceCall,
  ecommerceCompany,
  ok,
  shopifyCalls,
  startShopifyApi,
  type Company,
  type ShopifyRig,
} from './support/shopify';

const SHOP_A = 'distillerie-a.myshopify.com';
const SHOP_B = 'distillerie-b.myshopify.com';
const INTEGRATION = `{ app addOn provider enabled status failures { entityType entityId attempts error } }`;

let orderSeq = 450789469;
const shopifyOrder = (
  name: string,
  lines: { sku: string; title: string; quantity: number; price: string; tax?: string }[],
  email = 'bob.norman@mail.example.com',
  verified = true,
) => ({
  id: ++orderSeq,
  name,
  email,
  // a customer account whose address Shopify verified (Customer resource: verified_email)
  customer: { email, verified_email: verified },
  currency: 'CAD',
  created_at: '2026-11-20T10:00:00-05:00',
  updated_at: '2026-11-20T10:00:00-05:00',
  cancelled_at: null,
  total_tax: lines
    .reduce((cents, l) => cents + Math.round(Number(l.tax ?? '0') * 100), 130)
    .toString()
    .replace(/(\d\d)$/, '.$1'),
  total_shipping_price_set: { shop_money: { amount: '10.00', currency_code: 'CAD' } },
  // Ontario: HST on shipping too, 10.00 x 13 % = 1.30
  shipping_lines: [{ title: 'Standard', price: '10.00', tax_lines: [{ title: 'HST', price: '1.30', rate: 0.13 }] }],
  line_items: lines.map((l, i) => ({
    id: 466157049 + i,
    sku: l.sku,
    title: l.title,
    quantity: l.quantity,
    price: l.price,
    total_discount: '0.00',
    tax_lines: l.tax ? [{ title: 'HST', price: l.tax, rate: 0.13 }] : [],
  })),
});

describe.each(backends)('Shopify integration on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;
  let b: Company;
  let warehouse = '';
  let gin = '';
  let rye = '';
  let bobA = '';
  let hst = '';

  const sh = shopifyCalls(() => rig);
  const { connectThroughConsent: connect, post: deliver, run, syncNow, dutyPaid } = sh;
  const integration = async (co: Company) =>
    ok(await co.call<{ integrations: Record<string, unknown>[] }>(`{ integrations ${INTEGRATION} }`)).integrations.find(
      (i) => i.app === 'shopify',
    )!;
  const salesOrders = async (co: Company) =>
    rowsOf<{
      id: string;
      number: string;
      customer_id: string;
      customer_po: string;
      shipping_charge: string;
      notes: string;
    }>(
      await api.database.db.execute(sql`SELECT id::text, number, customer_id::text, customer_po,
          shipping_charge::text, notes FROM sales_orders WHERE company_id = ${co.companyId} ORDER BY id`),
    );
  const linesOf = async (co: Company, orderId: string) =>
    rowsOf<{ product_id: string; quantity: string; unit_price: string; tax_id: string | null }>(
      await api.database.db.execute(sql`SELECT product_id::text, quantity::text, unit_price::text, tax_id::text
        FROM sales_orders_lines WHERE company_id = ${co.companyId} AND parent_id = ${orderId} ORDER BY position`),
    );
  const logOf = async (co: Company, entityType: string) =>
    rowsOf<{ entity_id: string; status: string; attempts: number; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT entity_id::text, status, attempts, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'shopify' AND entity_type = ${entityType} ORDER BY entity_id`),
    );
  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    a = await ecommerceCompany(api);
    b = await ecommerceCompany(api);
    warehouse = await a.create('site', { name: 'Warehouse' });
    gin = await a.create('product', {
      name: 'Gin 750',
      sku: 'GIN-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    rye = await a.create('product', {
      name: 'Rye 750',
      sku: 'RYE-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    await a.create('product', { name: 'Vodka 750', sku: 'VOD-750', strength: 40, containerSize: 0.75, caseSize: 12 });
    hst = await a.create('tax', { name: 'HST', rate: 13 });
    bobA = await a.create('customer', { name: 'Bob Norman', email: 'Bob.Norman@mail.example.com' });
    shopify.products.push(
      { id: 632910392, variants: [{ id: 808950810, sku: 'GIN-750', inventory_item_id: 808950810 }] },
      { id: 921728736, variants: [{ id: 39072856, sku: 'RYE-750', inventory_item_id: 39072856 }] },
    );
    shopify.locations.push(
      { id: 655441491, name: 'Boutique', active: true },
      { id: 487838322, name: 'Entrepôt', active: true },
    );
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('refuses a shop domain that is not a myshopify.com domain', async () => {
    const r = await ecommerceCall(a, `mutation { shopifyConnect(shop: "https://evil.example.com") }`);
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(r.errors?.[0].extensions.info.fields).toEqual({
      account: "Enter the shop's domain, like your-store.myshopify.com",
    });
  });

  it('refuses a callback whose HMAC is forged, and connects with a genuine one', async () => {
    const forged = await connect(a, SHOP_A, (params) => params.set('shop', SHOP_B));
    expect(forged.location).toBe('/apps?failed=shopify&reason=forged');
    expect(await integration(a)).toMatchObject({ status: 'enabled' });
    expect(shopify.tokensIssued).toHaveLength(0);

    const genuine = await connect(a, SHOP_A);
    const authorize = new URL(genuine.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${shopify.url}/admin/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(shopify.apiKey);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:0/api/integrations/shopify/callback');
    expect(genuine.location).toBe('/apps?connected=shopify');
    expect(await integration(a)).toMatchObject({ status: 'connected', addOn: 'ecommerce', provider: 'Shopify' });
    const [row] = rowsOf<{ external_company_id: string; secrets: string }>(
      await api.database.db.execute(sql`SELECT external_company_id, secrets FROM integration_connections
        WHERE company_id = ${a.companyId} AND app = 'shopify'`),
    );
    expect(row.external_company_id).toBe(SHOP_A);
    // sealed: the token is nowhere in the row
    expect(row.secrets).not.toContain(shopify.tokensIssued[0]);
  });

  it('another company cannot take a shop already connected, and connects its own', async () => {
    const taken = await connect(b, SHOP_A);
    expect(taken.location).toBe('/apps?failed=shopify&reason=taken');
    expect((await connect(b, SHOP_B)).location).toBe('/apps?connected=shopify');
  });

  it('turns a webhook order into a sales order with lines by SKU, once for a duplicate delivery', async () => {
    // 2 x 34.50 + 1 x 52.00 = 121.00; HST 13 %: 8.97 + 6.76 + 1.30 on the 10.00 shipping = 17.03
    const order = shopifyOrder('#1001', [
      { sku: 'GIN-750', title: 'Gin 750 mL', quantity: 2, price: '34.50', tax: '8.97' },
      { sku: 'RYE-750', title: 'Rye 750 mL', quantity: 1, price: '52.00', tax: '6.76' },
    ]);
    const delivery = shopify.webhook('orders/create', order, {
      shop: SHOP_A,
      webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    });
    const first = await deliver(delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'queued' });
    const again = await deliver(delivery);
    expect(again.json()).toEqual({ outcome: 'duplicate' });

    await run(a);
    await run(a);
    const orders = await salesOrders(a);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ customer_id: bobA, customer_po: '#1001', shipping_charge: '10.00' });
    expect(orders[0].notes).toBe('Shopify order #1001; taxes charged by Shopify: HST 17.03 CAD; total tax 17.03 CAD');
    expect(await linesOf(a, orders[0].id)).toEqual([
      { product_id: gin, quantity: '2.000', unit_price: '34.50', tax_id: hst },
      { product_id: rye, quantity: '1.000', unit_price: '52.00', tax_id: hst },
    ]);
    // the company's HST at 13 % gives Shopify's own figure: (121.00 + 10.00) x 13 % = 17.03
    const [totals] = rowsOf<{ subtotal: string; tax_total: string }>(
      await api.database.db.execute(sql`SELECT subtotal::text, tax_total::text FROM sales_orders
        WHERE company_id = ${a.companyId} AND id = ${orders[0].id}`),
    );
    expect(totals).toEqual({ subtotal: '121.000', tax_total: '17.030' });
    expect((await logOf(a, 'shopifyOrder')).map((l) => l.status)).toEqual(['succeeded']);
    // an orders/updated of the same order later never makes a second sales order
    await deliver(
      shopify.webhook('orders/updated', { ...order, updated_at: '2026-11-21T09:00:00-05:00' }, { shop: SHOP_A }),
    );
    await run(a);
    expect(await salesOrders(a)).toHaveLength(1);
  });

  it('refuses a forged webhook and drops one from a shop no company holds', async () => {
    const order = shopifyOrder('#1002', [{ sku: 'GIN-750', title: 'Gin', quantity: 1, price: '34.50' }]);
    const forged = await deliver(shopify.webhook('orders/create', order, { shop: SHOP_A, secret: 'not-the-secret' }));
    expect(forged.statusCode).toBe(401);
    const stranger = await deliver(shopify.webhook('orders/create', order, { shop: 'someone-else.myshopify.com' }));
    expect(stranger.json()).toEqual({ outcome: 'ignored' });
    const stored = rowsOf(
      await api.database.db.execute(sql`SELECT 1 FROM shopify_orders WHERE shopify_order_id = ${String(order.id)}`),
    );
    expect(stored).toHaveLength(0);
  });

  it("keeps another company's shop out: shop B's order lands in company B only", async () => {
    const order = shopifyOrder('#2001', [{ sku: 'GIN-750', title: 'Gin', quantity: 1, price: '34.50' }]);
    expect((await deliver(shopify.webhook('orders/create', order, { shop: SHOP_B }))).json()).toEqual({
      outcome: 'queued',
    });
    await run(a);
    expect(await salesOrders(a)).toHaveLength(1);
    expect((await logOf(b, 'shopifyOrder')).map((l) => l.status)).toEqual(['queued']);
    expect(await logOf(a, 'shopifyOrder')).toHaveLength(1);
  });

  it('logs an order with an unknown SKU as failed, naming the SKU, and lights the alert', async () => {
    const order = shopifyOrder('#1003', [
      { sku: 'GIN-750', title: 'Gin', quantity: 1, price: '34.50' },
      { sku: 'CIDRE-500', title: 'Cidre 500 mL', quantity: 3, price: '9.00' },
    ]);
    await deliver(shopify.webhook('orders/create', order, { shop: SHOP_A }));
    await run(a);
    expect(await salesOrders(a)).toHaveLength(1);
    const view = await integration(a);
    expect(view.failures).toEqual([
      expect.objectContaining({
        entityType: 'shopifyOrder',
        error: 'Shopify order #1003: no product has the SKU CIDRE-500',
      }),
    ]);
    expect(ok(await a.call<{ addOnsWithAlerts: string[] }>(`{ addOnsWithAlerts }`)).addOnsWithAlerts).toContain(
      'ecommerce',
    );
  });

  it('polls orders as a fallback; a 500 is retried by the queue and never makes two sales orders', async () => {
    const missed = {
      ...shopifyOrder('#1004', [{ sku: 'RYE-750', title: 'Rye', quantity: 4, price: '52.00' }], 'new@example.com'),
      // updated after the shop was connected: new business the webhook missed
      updated_at: new Date().toISOString(),
    };
    // the shop's history from before the connection (updated 2026-11-20): never imported
    const history = shopifyOrder('#0999', [{ sku: 'RYE-750', title: 'Rye', quantity: 1, price: '52.00' }]);
    shopify.orders.push(history, missed);
    ok(
      await ecommerceCall(
        a,
        `mutation { ecommerceSettingsSave(input: { webCustomerId: "${bobA}", orderSync: true, siteLocations: [] }) { orderSync } }`,
      ),
    );
    const queued = await syncNow(a);
    // the poll, and the failed #1003 queued again
    expect(queued).toBe(2);
    shopify.inject({ kind: '500' });
    await expect(run(a)).rejects.toThrow(/Shopify failed/);
    expect((await logOf(a, 'shopifyPoll'))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    await run(a);
    await run(a);
    const orders = await salesOrders(a);
    // #1001, then #1004 (its e-mail matches no customer: the web-store customer)
    expect(orders.map((o) => o.customer_po)).toEqual(['#1001', '#1004']);
    expect(orders[1].customer_id).toBe(bobA);
    expect(await linesOf(a, orders[1].id)).toEqual([
      { product_id: rye, quantity: '4.000', unit_price: '52.00', tax_id: null },
    ]);
    // polled again (the order is listed again): still one sales order for it
    await syncNow(a);
    await run(a);
    expect(await salesOrders(a)).toHaveLength(2);
  });

  it("puts a guest's order on the web-store customer even when it gives a trade customer's e-mail", async () => {
    const webStore = await a.create('customer', { name: 'Web store' });
    const save = (id: string) =>
      ecommerceCall(
        a,
        `mutation { ecommerceSettingsSave(input: { webCustomerId: "${id}", orderSync: true, siteLocations: [] }) { orderSync } }`,
      );
    ok(await save(webStore));
    // Bob Norman's address typed at a guest checkout: Shopify never verified it
    const guest = shopifyOrder(
      '#1005',
      [{ sku: 'GIN-750', title: 'Gin', quantity: 1, price: '34.50' }],
      undefined,
      false,
    );
    const delivered = await deliver(
      shopify.webhook('orders/create', guest, { shop: SHOP_A, webhookId: '7d1c2f0e-guest-1005' }),
    );
    expect(delivered.json()).toEqual({ outcome: 'queued' });
    await run(a);
    const placed = (await salesOrders(a)).find((o) => o.customer_po === '#1005');
    expect(placed?.customer_id).toBe(webStore);
    ok(await save(bobA));
  });

  it('pushes duty-paid stock per site to the mapped locations, waiting out a 429', async () => {
    // Main: Gin 30 duty-paid (+5 in bond, not offered); Warehouse: Gin 7.5; Rye none anywhere
    // -> 0; Vodka is not on the shop -> not sent. Shopify's own orders still hold Gin: open
    // sales orders #1001 (2) and #1005 (1), and #1003 (1, failed on a SKU, not a sales order
    // yet). None names a site (no site was mapped when they came), so each is held at both:
    // Main 30 - 4 = 26; Warehouse 7.5 - 4 = 3.5 -> 3 whole bottles.
    await dutyPaid(a, gin, a.site, 30, '9001');
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: a.userId, companyId: a.companyId, permissions: EVERYTHING, features: {} } },
        { refType: 'test', refId: '9002' },
        [
          {
            date: '2026-11-01',
            kind: 'Product',
            stockId: gin,
            siteId: a.site,
            lot: null,
            status: 'InBond',
            quantity: 5 * MICRO,
            laa: 0,
            value: 0,
            category: 'Received',
            description: 'in bond',
          },
        ],
      ),
    );
    await dutyPaid(a, gin, warehouse, 7.5, '9003');
    const locations = ok(
      await ecommerceCall<{ shopifyLocations: { id: string; name: string }[] }>(a, `{ shopifyLocations { id name } }`),
    );
    expect(locations.shopifyLocations.map((l) => l.id)).toEqual(['655441491', '487838322']);
    // Shopify failing is Shopify's to say, never an internal error of ours
    shopify.inject({ kind: '500' });
    const failed = await ecommerceCall(a, `{ shopifyLocations { id } }`);
    expect(failed.errors?.[0]).toMatchObject({
      message: 'Shopify could not list its locations now: Shopify failed (Internal Server Error)',
      extensions: { code: 'CONFLICT' },
    });
    ok(
      await ecommerceCall(
        a,
        `mutation($input: EcommerceSettingsInput!) { ecommerceSettingsSave(input: $input) { siteLocations { siteId locationId } } }`,
        {
          input: {
            webCustomerId: bobA,
            orderSync: true,
            siteLocations: [
              { siteId: a.site, locationId: '655441491' },
              { siteId: warehouse, locationId: '487838322' },
            ],
          },
        },
      ),
    );
    shopify.levelsSet.length = 0;
    await syncNow(a);
    shopify.inject({ kind: '429', retryAfter: '1.0' });
    const started = Date.now();
    await run(a);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(shopify.requests.some((r) => r.status === 429)).toBe(true);
    const sorted = [...shopify.levelsSet].sort(
      (x, y) => x.location_id - y.location_id || x.inventory_item_id - y.inventory_item_id,
    );
    expect(sorted).toEqual([
      { location_id: 487838322, inventory_item_id: 39072856, available: 0 },
      { location_id: 487838322, inventory_item_id: 808950810, available: 3 },
      { location_id: 655441491, inventory_item_id: 39072856, available: 0 },
      { location_id: 655441491, inventory_item_id: 808950810, available: 26 },
    ]);
    expect((await logOf(a, 'shopifyStock')).map((l) => l.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('keeps the setup for those with config.write, inventory.write and selling, and only company sites', async () => {
    // a member of the same company without inventory.write
    const [user] = await api.database.db
      .insert(userTable)
      .values({ email: `${randomUUID()}@example.test`, name: 'Seller' })
      .returning({ id: userTable.id });
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: a.companyId, user: user.id, permissions: ['selling.write', 'config.write'] });
    const refused = await ecommerceCall(a, `{ ecommerceSettings { orderSync } }`, {}, await api.token(user.id));
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const foreign = await ecommerceCall(
      a,
      `mutation { ecommerceSettingsSave(input: { orderSync: true, siteLocations: [{ siteId: "${b.site}", locationId: "1" }] }) { orderSync } }`,
    );
    expect(foreign.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const settingsB = ok(
      await ecommerceCall<{ ecommerceSettings: { siteLocations: unknown[] } }>(
        b,
        `{ ecommerceSettings { siteLocations { siteId } } }`,
      ),
    );
    expect(settingsB.ecommerceSettings.siteLocations).toEqual([]);
  });

  it('sends a signed install from Shopify to /apps with the shop filled in, and refuses an unsigned one', async () => {
    const params = { shop: SHOP_A, timestamp: String(Math.floor(Date.now() / 1000)) };
    const signed = await api.app.inject({
      method: 'GET',
      url: `/ecommerce/connect?${new URLSearchParams({ ...params, hmac: shopify.signQuery(params) })}`,
      // a page route: asked at the app's public address (others are sent there first)
      headers: { host: 'localhost:0' },
    });
    expect(signed.headers.location).toBe(`/apps?addOn=ecommerce&shop=${encodeURIComponent(SHOP_A)}`);
    const unsigned = await api.app.inject({
      method: 'GET',
      url: `/ecommerce/connect?shop=${SHOP_A}&hmac=00`,
      headers: { host: 'localhost:0' },
    });
    expect(unsigned.headers.location).toBe('/apps?failed=shopify&reason=forged');
  });

  it('queues the scheduled poll and stock for each company with a connected shop', async () => {
    const companies = await queueShopifyRefresh(api.database.db);
    expect((await logOf(a, 'shopifyStock')).map((l) => l.status)).toEqual(['queued', 'queued']);
    expect(companies).toEqual(expect.arrayContaining([a.companyId, b.companyId]));
    expect((await logOf(b, 'shopifyPoll')).map((l) => l.status)).toEqual(['queued']);
    await run(b);
    expect((await logOf(b, 'shopifyPoll')).map((l) => l.status)).toEqual(['succeeded']);
    // with the add-on switched off on /apps, the schedule leaves the company alone and what
    // waits is not sent until it is on again
    ok(await b.call(`mutation { addOnSet(addOn: "ecommerce", enabled: false) }`));
    expect(await queueShopifyRefresh(api.database.db)).not.toContain(b.companyId);
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${b.companyId} AND app = 'shopify' AND entity_type = 'shopifyPoll'`);
    await run(b);
    expect((await logOf(b, 'shopifyPoll')).map((l) => l.status)).toEqual(['queued']);
    ok(await b.call(`mutation { addOnSet(addOn: "ecommerce", enabled: true) }`));
  });

  it('logs a refused token as "connect again", and app/uninstalled disconnects', async () => {
    shopify.revokeAllTokens();
    await syncNow(a);
    await run(a);
    const [poll] = await logOf(a, 'shopifyPoll');
    expect(poll.status).toBe('failed');
    expect(poll.last_error).toMatch(/connect Shopify again from Apps/);
    const uninstalled = await deliver(shopify.webhook('app/uninstalled', { id: 1, domain: SHOP_A }, { shop: SHOP_A }));
    expect(uninstalled.json()).toEqual({ outcome: 'uninstalled' });
    expect(await integration(a)).toMatchObject({ status: 'enabled' });
    expect(await integration(b)).toMatchObject({ status: 'connected' });
  });
});
