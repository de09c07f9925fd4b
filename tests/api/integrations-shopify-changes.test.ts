// Shopify orders that change (issue 18), against the local stand-in (tests/standins/shopify.ts):
// - an order edited in Shopify before import: each line's current_quantity (Shopify's Order
//   resource keeps `quantity` as first ordered) is what becomes the sales order, a line taken
//   off is left out, a refunded unit's discount follows its refund_line_items subtotal, and the
//   total is Shopify's current_total_price;
// - an order changed or cancelled after import (orders/updated, orders/cancelled): its sales
//   order follows while nothing shipped, audited; once shipped it is left alone and the order is
//   logged as failed under More info in clear words; a repeated delivery changes nothing, nor
//   does a late copy of an earlier update (updated_at compared as instants), nor an update of
//   an order Shopify did not change (nothing looked up), nor one of an order imported before
//   migration 0045 (its state then taken as it is); an update keeps staff's own notes;
// - Shopify's tax rounded per line against ours rounded on the total: the cent shown under More
//   info (a sales order has no tax-as-charged field);
// - an order erased by customers/redact before it arrived is never kept or imported.
// Every amount is worked by hand in the comments (HST 13 %, half a cent rounded up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type ShopifyStandIn } from '../standins/shopify';
import {
  ecommerceCompany,
  ginLineItem,
  hst,
  ok,
  orderResource as order,
  shopifyCalls,
  startShopifyApi,
  type Company,
  type ShopifyRig,
} from './support/shopify';

const SHOP = 'distillerie-changes.myshopify.com';
const BOUTIQUE = 655441492;

const gin = (quantity: number, current: number, tax: string) => ginLineItem(7001, quantity, current, tax);

describe.each(backends)('Shopify orders edited, changed, cancelled, taxed, erased on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;
  let ginId = '';
  let ryeId = '';
  let tax = '';
  let edited = '';

  const sh = shopifyCalls(() => rig);
  const db = () => api.database.db;
  const deliver = (topic: string, body: unknown, webhookId?: string) => sh.deliver(SHOP, topic, body, webhookId);
  const run = () => sh.run(a);
  const salesOrderOf = async (shopifyName: string) =>
    rowsOf<{
      id: string;
      number: string;
      status: string;
      notes: string;
      subtotal: string;
      tax_total: string;
      total: string;
    }>(
      await db().execute(sql`SELECT id::text, number, status, notes, subtotal::text, tax_total::text, total::text
        FROM sales_orders WHERE company_id = ${a.companyId} AND customer_po = ${shopifyName}`),
    );
  const linesOf = (id: string) =>
    db()
      .execute(
        sql`SELECT product_id::text, quantity::text, unit_price::text, discount_percent::text, amount::text,
          tax_id::text FROM sales_orders_lines WHERE company_id = ${a.companyId} AND parent_id = ${id}
        ORDER BY position`,
      )
      .then((r) => rowsOf<Record<string, string | null>>(r));
  const logOf = (shopifyId: number) => sh.orderLogOf(a, shopifyId);
  const failures = async () =>
    ok(
      await a.call<{ integrations: { app: string; failures: { entityType: string; error: string }[] }[] }>(
        `{ integrations { app failures { entityType error } } }`,
      ),
    ).integrations.find((i) => i.app === 'shopify')!.failures;
  const updatesOf = async (salesOrderId: string) =>
    rowsOf<{ count: number }>(
      await db().execute(sql`SELECT count(*)::int AS count FROM audit_log WHERE company_id = ${a.companyId}
        AND entity = 'salesOrder' AND entity_id = ${salesOrderId} AND event = 'updated'`),
    )[0].count;

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    a = await ecommerceCompany(api);
    const product = { strength: 40, containerSize: 0.75, caseSize: 12 };
    ginId = await a.create('product', { name: 'Gin 750', sku: 'GIN-750', ...product });
    ryeId = await a.create('product', { name: 'Rye 750', sku: 'RYE-750', ...product });
    await a.create('product', { name: 'Vodka 750', sku: 'VOD-750', ...product });
    tax = await a.create('tax', { name: 'HST', rate: 13 });
    const bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    await sh.connect(a, SHOP);
    await sh.syncOrders(a, bob, a.site, BOUTIQUE);
    // stock for the order shipped below
    await sh.dutyPaid(a, ginId, a.site, 20, '8001');
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('imports an order edited in Shopify as what the customer now buys: current quantities, lines taken off left out', async () => {
    // First ordered: Gin 3 x 34.50, Rye 4 x 52.00 less 8.00 (2.00 a unit), Vodka 1 x 29.00.
    // Then in Shopify: an edit takes one Gin off (current 2) and removes the Vodka (current 0);
    // one Rye is refunded, its refund line saying it came to 50.00 after its discount.
    // Now: Gin 2 x 34.50 = 69.00; Rye 3 units = 208.00 - 8.00 - 50.00 = 150.00 (3 x 50.00).
    // Shopify's HST per line: 69.00 x 13 % = 8.97, 150.00 x 13 % = 19.50, shipping 1.30: 29.77.
    // current_total_price = 69.00 + 150.00 + 10.00 + 29.77 = 258.77.
    const placed = order(5830000001, '#4001', {
      total_tax: '40.82',
      current_total_tax: '29.77',
      total_price: '372.32',
      current_total_price: '258.77',
      line_items: [
        gin(3, 2, '13.46'),
        {
          id: 7002,
          sku: 'RYE-750',
          title: 'Rye 750 mL',
          quantity: 4,
          current_quantity: 3,
          fulfillable_quantity: 3,
          price: '52.00',
          total_discount: '8.00',
          discount_allocations: [{ amount: '8.00', discount_application_index: 0 }],
          tax_lines: hst('26.00'),
        },
        {
          id: 7003,
          sku: 'VOD-750',
          title: 'Vodka 750 mL',
          quantity: 1,
          current_quantity: 0,
          fulfillable_quantity: 0,
          price: '29.00',
          total_discount: '0.00',
          discount_allocations: [],
          tax_lines: hst('3.77'),
        },
      ],
      refunds: [
        {
          id: 509562969,
          refund_line_items: [{ id: 104689539, line_item_id: 7002, quantity: 1, subtotal: 50.0, total_tax: 6.5 }],
        },
      ],
    });
    expect(await deliver('orders/create', placed)).toEqual({ outcome: 'queued' });
    await run();
    const [so] = await salesOrderOf('#4001');
    edited = so.id;
    expect(await linesOf(so.id)).toEqual([
      {
        product_id: ginId,
        quantity: '2.000',
        unit_price: '34.50',
        discount_percent: null,
        amount: '69.000',
        tax_id: tax,
      },
      // 2.00 off 52.00 is 3.85 %: 3 x 52.00 x 96.15 % = 149.994 -> 149.99, not 150.00, so 50.00 a unit
      {
        product_id: ryeId,
        quantity: '3.000',
        unit_price: '50.00',
        discount_percent: null,
        amount: '150.000',
        tax_id: tax,
      },
    ]);
    // subtotal 219.00; HST (219.00 + 10.00) x 13 % = 29.77; total 258.77, Shopify's
    expect(so).toMatchObject({ subtotal: '219.000', tax_total: '29.770', total: '258.770', status: 'Open' });
    expect(so.notes).toContain('total tax 29.77 CAD');
    expect(so.notes).toContain('edited in Shopify');
    expect((await failures()).map((f) => f.entityType)).toEqual([]);
  });

  it('updates an open sales order to what Shopify changed after import, once however often it arrives', async () => {
    // another edit takes a second Gin off: Gin 1 x 34.50 = 34.50, Rye 150.00 as before.
    // Shopify: 34.50 x 13 % = 4.485 -> 4.49, 19.50, 1.30: 25.29; 34.50 + 150.00 + 10.00 + 25.29 = 219.79
    const changed = order(5830000001, '#4001', {
      updated_at: '2026-11-25T09:00:00Z',
      current_total_tax: '25.29',
      current_total_price: '219.79',
      line_items: [
        gin(3, 1, '13.46'),
        {
          id: 7002,
          sku: 'RYE-750',
          title: 'Rye 750 mL',
          quantity: 4,
          current_quantity: 3,
          price: '52.00',
          discount_allocations: [{ amount: '8.00', discount_application_index: 0 }],
          tax_lines: hst('26.00'),
        },
        {
          id: 7003,
          sku: 'VOD-750',
          title: 'Vodka 750 mL',
          quantity: 1,
          current_quantity: 0,
          price: '29.00',
          tax_lines: hst('3.77'),
        },
      ],
      refunds: [{ id: 509562969, refund_line_items: [{ line_item_id: 7002, quantity: 1, subtotal: '50.00' }] }],
    });
    expect(await deliver('orders/updated', changed, 'edit-4001')).toEqual({ outcome: 'queued' });
    await run();
    const [so] = await salesOrderOf('#4001');
    expect(so.id).toBe(edited);
    expect((await linesOf(so.id)).map((l) => [l.product_id, l.quantity, l.unit_price, l.amount])).toEqual([
      [ginId, '1.000', '34.50', '34.500'],
      [ryeId, '3.000', '50.00', '150.000'],
    ]);
    // subtotal 184.50; HST (184.50 + 10.00) x 13 % = 25.285 -> 25.29; total 219.79
    expect(so).toMatchObject({ subtotal: '184.500', tax_total: '25.290', total: '219.790', status: 'Open' });
    // the change is the sync's, audited once
    expect(await updatesOf(so.id)).toBe(1);
    expect(await logOf(5830000001)).toEqual({ status: 'succeeded', last_error: null });
    // the same delivery again, and the same order sent again by another webhook: nothing changes
    expect(await deliver('orders/updated', changed, 'edit-4001')).toEqual({ outcome: 'duplicate' });
    expect(await deliver('orders/updated', { ...changed, updated_at: '2026-11-25T09:05:00Z' })).toEqual({
      outcome: 'queued',
    });
    await run();
    expect(await updatesOf(so.id)).toBe(1);
    expect((await salesOrderOf('#4001'))[0].total).toBe('219.790');
    // staff add a line here; Shopify then marks the order fulfilled, its lines as they were:
    // the sales order keeps the staff's line
    const lines = (await linesOf(so.id)).map((l) => ({
      product: l.product_id,
      quantity: Number(l.quantity),
      unitPrice: Number(l.unit_price),
      tax: l.tax_id,
    }));
    ok(
      await a.call(`mutation($id: ID!, $input: SalesOrderInput!) { salesOrderUpdate(id: $id, input: $input) { id } }`, {
        id: so.id,
        input: { lines: [...lines, { product: ginId, description: 'Gift tin', quantity: 1, unitPrice: 0 }] },
      }),
    );
    expect(
      await deliver('orders/updated', {
        ...changed,
        updated_at: '2026-11-25T09:10:00Z',
        fulfillment_status: 'fulfilled',
      }),
    ).toEqual({
      outcome: 'queued',
    });
    await run();
    expect((await linesOf(so.id)).map((l) => [l.quantity, l.unit_price])).toEqual([
      ['1.000', '34.50'],
      ['3.000', '50.00'],
      ['1.000', '0.00'],
    ]);
    expect(await logOf(5830000001)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('cancels an open sales order when the order is cancelled in Shopify', async () => {
    // Gin 2 x 34.50 = 69.00; HST 8.97 + 1.30 = 10.27; 89.27
    const placed = order(5830000002, '#4002', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(2, 2, '8.97')],
    });
    await deliver('orders/create', placed);
    await run();
    const [before] = await salesOrderOf('#4002');
    expect(before).toMatchObject({ status: 'Open', total: '89.270' });
    // Shopify's orders/cancelled: cancelled_at set, the units restocked (current 0)
    const cancelled = order(5830000002, '#4002', {
      cancelled_at: '2026-11-25T10:00:00Z',
      cancel_reason: 'customer',
      current_total_tax: '0.00',
      current_total_price: '0.00',
      line_items: [gin(2, 0, '8.97')],
    });
    expect(await deliver('orders/cancelled', cancelled)).toEqual({ outcome: 'queued' });
    await run();
    const [after] = await salesOrderOf('#4002');
    expect(after.id).toBe(before.id);
    expect(after.status).toBe('Cancelled');
    expect(after.notes).toContain('cancelled in Shopify');
    expect(await updatesOf(after.id)).toBe(1);
  });

  it('leaves a shipped sales order alone and logs the change in Shopify as failed, in clear words', async () => {
    const placed = order(5830000003, '#4003', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(2, 2, '8.97')],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4003');
    const shipment = ok(
      await a.call<{ shipmentFromSalesOrder: string }>(`mutation { shipmentFromSalesOrder(salesOrderId: "${so.id}") }`),
    ).shipmentFromSalesOrder;
    ok(
      await a.call(`mutation($id: ID!, $input: ShipmentInput!) { shipmentUpdate(id: $id, input: $input) { id } }`, {
        id: shipment,
        input: { status: 'Shipped' },
      }),
    );
    const [{ number: shipmentNumber }] = rowsOf<{ number: string }>(
      await db().execute(sql`SELECT number FROM shipments WHERE company_id = ${a.companyId} AND id = ${shipment}`),
    );
    const updates = await updatesOf(so.id);
    // a Gin refunded in Shopify after the order went out
    const changed = order(5830000003, '#4003', {
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(2, 1, '8.97')],
    });
    expect(await deliver('orders/updated', changed)).toEqual({ outcome: 'queued' });
    await run();
    expect(await logOf(5830000003)).toEqual({
      status: 'failed',
      last_error:
        `Order #4003 changed in Shopify after it was shipped (shipment ${shipmentNumber}): ` +
        `Shopify now has 1 x Gin 750 mL and 10.00 shipping; sales order ${so.number} has 2 x Gin 750 mL and 10.00 shipping and was not changed. Sync now clears this message.`,
    });
    expect((await failures()).find((f) => f.entityType === 'shopifyOrder')?.error).toMatch(
      /^Order #4003 changed in Shopify after it was shipped/,
    );
    expect(await updatesOf(so.id)).toBe(updates);
    expect((await linesOf(so.id)).map((l) => l.quantity)).toEqual(['2.000']);
    // then cancelled there: still not touched here
    const cancelled = order(5830000003, '#4003', {
      cancelled_at: '2026-11-26T10:00:00Z',
      line_items: [gin(2, 0, '8.97')],
    });
    await deliver('orders/cancelled', cancelled);
    await run();
    expect((await logOf(5830000003)).last_error).toBe(
      `Order #4003 was cancelled in Shopify after it was shipped (shipment ${shipmentNumber}): ` +
        `sales order ${so.number} was not changed; cancel it or take the goods back here. Sync now clears this message.`,
    );
    expect((await salesOrderOf('#4003'))[0].status).toBe('Shipped');
    // staff dealt with it: Sync now clears the message, and the same order again raises nothing
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    await run();
    expect(await logOf(5830000003)).toEqual({ status: 'succeeded', last_error: null });
    await deliver('orders/updated', { ...cancelled, updated_at: '2026-11-26T11:00:00Z' });
    await run();
    expect((await logOf(5830000003)).status).toBe('succeeded');
    expect(await updatesOf(so.id)).toBe(updates);
  });

  it("shows under More info the cent by which Shopify's per-line tax differs from the sales order's", async () => {
    // Gin 1 x 34.65 and Rye 1 x 34.65, no shipping. Shopify taxes each line:
    // 34.65 x 13 % = 4.5045 -> 4.50, twice: 9.00; current_total_price 69.30 + 9.00 = 78.30.
    // The sales order taxes the total once: 69.30 x 13 % = 9.009 -> 9.01, a cent more.
    const placed = order(5830000004, '#4004', {
      total_shipping_price_set: { shop_money: { amount: '0.00', currency_code: 'CAD' } },
      shipping_lines: [],
      total_tax: '9.00',
      current_total_tax: '9.00',
      current_total_price: '78.30',
      line_items: [
        { id: 7401, sku: 'GIN-750', title: 'Gin 750 mL', quantity: 1, price: '34.65', tax_lines: hst('4.50') },
        { id: 7402, sku: 'RYE-750', title: 'Rye 750 mL', quantity: 1, price: '34.65', tax_lines: hst('4.50') },
      ],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4004');
    // a sales order has no field to state the tax charged: it keeps its own 9.01
    expect(so).toMatchObject({ subtotal: '69.300', tax_total: '9.010', total: '78.310' });
    const note = (await failures()).find((f) => f.entityType === 'shopifyTaxDifference');
    expect(note?.error).toBe(
      `Order #4004: Shopify charged 9.00 CAD of tax (it rounds each line's tax); sales order ${so.number} computes 9.01 on its total, 0.01 more. ` +
        `A sales order cannot state the tax charged: on its invoice, remove the lines' taxes and enter 9.00 as Tax as charged. ` +
        'Sync now clears this note.',
    );
    expect(await logOf(5830000004)).toEqual({ status: 'succeeded', last_error: null });
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    expect((await failures()).map((f) => f.entityType)).not.toContain('shopifyTaxDifference');
    // Shopify marks it fulfilled later: nothing the sales order carries changed, the note stays cleared
    expect(await deliver('orders/updated', { ...placed, fulfillment_status: 'fulfilled' })).toEqual({
      outcome: 'queued',
    });
    await run();
    expect((await failures()).map((f) => f.entityType)).not.toContain('shopifyTaxDifference');
    expect(await updatesOf(so.id)).toBe(0);
  });

  it('never keeps or imports an order erased by customers/redact before it arrived', async () => {
    expect(
      await deliver('customers/redact', {
        shop_id: 954890,
        shop_domain: SHOP,
        customer: { id: 207119553, email: 'cy@example.com', phone: '555-625-1200' },
        orders_to_redact: [5830000009],
      }),
    ).toEqual({ outcome: 'redacted' });
    const late = order(5830000009, '#4009', {
      customer: { id: 207119553, email: 'cy@example.com', verified_email: true },
      line_items: [gin(1, 1, '4.49')],
    });
    expect(await deliver('orders/create', late)).toEqual({ outcome: 'ignored' });
    expect(await deliver('orders/updated', late)).toEqual({ outcome: 'ignored' });
    // nor by the poll (the order updated just now)
    shopify.orders.push({ ...late, updated_at: new Date().toISOString() });
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    await run();
    const kept = rowsOf(
      await db().execute(sql`SELECT 1 FROM shopify_orders WHERE company_id = ${a.companyId}
        AND shopify_order_id = '5830000009'`),
    );
    expect(kept).toHaveLength(0);
    expect(await salesOrderOf('#4009')).toHaveLength(0);
  });

  it('holds for a waiting order only the units still ordered after an edit in Shopify', async () => {
    shopify.products.push({
      id: 632910393,
      variants: [{ id: 808950811, sku: 'GIN-750', inventory_item_id: 808950811 }],
    });
    // #4010 waits as no sales order (its cider is unknown here); an edit took 2 of its 3 Gin off
    const waiting = order(5830000010, '#4010', {
      line_items: [
        gin(3, 1, '4.49'),
        { id: 7101, sku: 'CIDRE-500', title: 'Cidre', quantity: 1, price: '9.00', tax_lines: [] },
      ],
    });
    expect(await deliver('orders/create', waiting)).toEqual({ outcome: 'queued' });
    shopify.levelsSet.length = 0;
    ok(await a.call(`mutation { integrationSync(app: shopify) }`));
    await run();
    // Gin on hand 20 - 2 shipped (#4003) = 18; held by open sales orders from Shopify: #4001's
    // Gin 1 and the staff's gift tin 1, #4004's Gin 1 (#4002 cancelled, #4003 shipped): 3;
    // by #4010 the 1 Gin still ordered: 18 - 3 - 1 = 14
    expect(
      shopify.levelsSet
        .filter((l) => l.location_id === BOUTIQUE && l.inventory_item_id === 808950811)
        .map((l) => l.available),
    ).toEqual([14]);
  });

  it('keeps the newest order: a late copy of an earlier update (its updated_at an earlier instant) changes nothing', async () => {
    // placed: Gin 3 x 34.50 = 103.50; HST 13.455 -> 13.46 + 1.30 = 14.76; 103.50 + 10.00 + 14.76 = 128.26
    const placed = order(5830000011, '#4011', {
      updated_at: '2026-11-25T08:00:00Z',
      current_total_tax: '14.76',
      current_total_price: '128.26',
      line_items: [gin(3, 3, '13.46')],
    });
    // A at 09:30 UTC takes one Gin off: 69.00; 8.97 + 1.30 = 10.27; 89.27
    const a1 = order(5830000011, '#4011', {
      updated_at: '2026-11-25T09:30:00Z',
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(3, 2, '13.46')],
    });
    // B at 05:00 Toronto time (10:00 UTC, later than A though its text sorts first) takes another:
    // 34.50; 4.485 -> 4.49 + 1.30 = 5.79; 50.29
    const b = order(5830000011, '#4011', {
      updated_at: '2026-11-25T05:00:00-05:00',
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(3, 1, '13.46')],
    });
    await deliver('orders/create', placed);
    await run();
    expect(await deliver('orders/updated', a1, 'update-4011-a')).toEqual({ outcome: 'queued' });
    await run();
    expect(await deliver('orders/updated', b, 'update-4011-b')).toEqual({ outcome: 'queued' });
    await run();
    const [so] = await salesOrderOf('#4011');
    expect((await linesOf(so.id)).map((l) => [l.quantity, l.amount])).toEqual([['1.000', '34.500']]);
    expect(await updatesOf(so.id)).toBe(2);
    // Shopify retries A's delivery (a new attempt, the same content): kept out, nothing queued
    expect(await deliver('orders/updated', a1, 'update-4011-a-retry')).toEqual({ outcome: 'ignored' });
    await run();
    const [after] = await salesOrderOf('#4011');
    expect((await linesOf(after.id)).map((l) => [l.quantity, l.amount])).toEqual([['1.000', '34.500']]);
    // 34.50 + 10.00 = 44.50; HST 5.785 -> 5.79; 50.29
    expect(after).toMatchObject({ total: '50.290', status: 'Open' });
    expect(await updatesOf(so.id)).toBe(2);
    const [kept] = rowsOf<{ current: string }>(
      await db().execute(sql`SELECT payload->'line_items'->0->>'current_quantity' AS current FROM shopify_orders
        WHERE company_id = ${a.companyId} AND shopify_order_id = '5830000011'`),
    );
    expect(kept.current).toBe('1');
    expect(await logOf(5830000011)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('takes an order imported before what it follows was kept as it is now, and changes nothing', async () => {
    // Gin 2 x 34.50 = 69.00; HST 8.97 + 1.30 = 10.27; 89.27
    const placed = order(5830000012, '#4012', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(2, 2, '8.97')],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4012');
    // staff add a gift tin here
    ok(
      await a.call(`mutation($id: ID!, $input: SalesOrderInput!) { salesOrderUpdate(id: $id, input: $input) { id } }`, {
        id: so.id,
        input: {
          lines: [
            { product: ginId, quantity: 2, unitPrice: 34.5, tax },
            { product: ginId, description: 'Gift tin', quantity: 1, unitPrice: 0 },
          ],
        },
      }),
    );
    // as imported before migration 0045: nothing kept of what the sales order follows
    await db().execute(sql`UPDATE shopify_orders SET applied = NULL WHERE company_id = ${a.companyId}
      AND shopify_order_id = '5830000012'`);
    // Shopify marks it fulfilled and tags it: the staff's gift tin stays
    expect(
      await deliver('orders/updated', {
        ...placed,
        updated_at: '2026-11-25T12:00:00Z',
        fulfillment_status: 'fulfilled',
        tags: 'gift',
      }),
    ).toEqual({ outcome: 'queued' });
    await run();
    expect((await linesOf(so.id)).map((l) => [l.quantity, l.unit_price])).toEqual([
      ['2.000', '34.50'],
      ['1.000', '0.00'],
    ]);
    expect(await updatesOf(so.id)).toBe(1);
    expect(await logOf(5830000012)).toEqual({ status: 'succeeded', last_error: null });
    // from then on it follows what Shopify changes: a Gin taken off there
    // 34.50 + 10.00 = 44.50; HST 5.785 -> 5.79; 50.29
    await deliver('orders/updated', {
      ...placed,
      updated_at: '2026-11-25T13:00:00Z',
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(2, 1, '8.97')],
    });
    await run();
    expect((await linesOf(so.id)).map((l) => [l.quantity, l.unit_price])).toEqual([['1.000', '34.50']]);
    expect((await salesOrderOf('#4012'))[0].total).toBe('50.290');
  });

  it('logs no change after shipping for an order imported before what it follows was kept, but follows its cancelling', async () => {
    // Gin 2 x 34.50 in Shopify; staff price it here at 30.00 (a trade price) and ship it
    const placed = order(5830000015, '#4015', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(2, 2, '8.97')],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4015');
    ok(
      await a.call(`mutation($id: ID!, $input: SalesOrderInput!) { salesOrderUpdate(id: $id, input: $input) { id } }`, {
        id: so.id,
        input: { lines: [{ product: ginId, quantity: 2, unitPrice: 30, tax }] },
      }),
    );
    const shipment = ok(
      await a.call<{ shipmentFromSalesOrder: string }>(`mutation { shipmentFromSalesOrder(salesOrderId: "${so.id}") }`),
    ).shipmentFromSalesOrder;
    ok(
      await a.call(`mutation($id: ID!, $input: ShipmentInput!) { shipmentUpdate(id: $id, input: $input) { id } }`, {
        id: shipment,
        input: { status: 'Shipped' },
      }),
    );
    await db().execute(sql`UPDATE shopify_orders SET applied = NULL WHERE company_id = ${a.companyId}
      AND shopify_order_id = '5830000015'`);
    await deliver('orders/updated', { ...placed, updated_at: '2026-11-25T12:00:00Z', fulfillment_status: 'fulfilled' });
    await run();
    expect(await logOf(5830000015)).toEqual({ status: 'succeeded', last_error: null });
    expect((await linesOf(so.id)).map((l) => [l.quantity, l.unit_price])).toEqual([['2.000', '30.00']]);
    // an order cancelled in Shopify is followed however it was imported: #4016, Gin 1 x 34.50, open
    const open = order(5830000016, '#4016', {
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(1, 1, '4.49')],
    });
    await deliver('orders/create', open);
    await run();
    await db().execute(sql`UPDATE shopify_orders SET applied = NULL WHERE company_id = ${a.companyId}
      AND shopify_order_id = '5830000016'`);
    await deliver('orders/cancelled', {
      ...open,
      updated_at: '2026-11-25T12:00:00Z',
      cancelled_at: '2026-11-25T12:00:00Z',
      line_items: [gin(1, 0, '4.49')],
    });
    await run();
    expect((await salesOrderOf('#4016'))[0].status).toBe('Cancelled');
  });

  it('looks nothing up for an order Shopify did not change: a SKU renamed here since does not fail a closed order', async () => {
    const aquavit = await a.create('product', {
      name: 'Aquavit 750',
      sku: 'AQV-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    // Aquavit 1 x 40.00; HST 5.20 + 1.30 = 6.50; 56.50
    const placed = order(5830000013, '#4013', {
      current_total_tax: '6.50',
      current_total_price: '56.50',
      line_items: [
        { id: 7301, sku: 'AQV-750', title: 'Aquavit 750 mL', quantity: 1, price: '40.00', tax_lines: hst('5.20') },
      ],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4013');
    expect(so).toMatchObject({ total: '56.500', status: 'Open' });
    ok(
      await a.call(`mutation($id: ID!, $input: SalesOrderInput!) { salesOrderUpdate(id: $id, input: $input) { id } }`, {
        id: so.id,
        input: { status: 'Closed' },
      }),
    );
    ok(
      await a.call(`mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { id } }`, {
        id: aquavit,
        input: { sku: 'AQV-750-2026' },
      }),
    );
    await deliver('orders/updated', {
      ...placed,
      updated_at: '2026-11-26T09:00:00Z',
      fulfillment_status: 'fulfilled',
      tags: 'picked up',
    });
    await run();
    expect(await logOf(5830000013)).toEqual({ status: 'succeeded', last_error: null });
    expect((await failures()).filter((f) => f.error.includes('#4013'))).toEqual([]);
    expect((await salesOrderOf('#4013'))[0].status).toBe('Closed');
  });

  it("replaces only the import's words in the notes of a sales order it updates, keeping what staff wrote", async () => {
    // Gin 2 x 34.50 = 69.00; HST 8.97 + 1.30 = 10.27; 89.27
    const placed = order(5830000014, '#4014', {
      current_total_tax: '10.27',
      current_total_price: '89.27',
      line_items: [gin(2, 2, '8.97')],
    });
    await deliver('orders/create', placed);
    await run();
    const [so] = await salesOrderOf('#4014');
    expect(so.notes).toBe(
      'Shopify order #4014; taxes charged by Shopify: HST 10.27 CAD; total tax 10.27 CAD; Shopify total 89.27 CAD',
    );
    ok(
      await a.call(`mutation($id: ID!, $input: SalesOrderInput!) { salesOrderUpdate(id: $id, input: $input) { id } }`, {
        id: so.id,
        input: { notes: `Deliver to the back door.\n${so.notes}\nCall before delivery` },
      }),
    );
    // a Gin taken off in Shopify: 34.50 + 10.00 = 44.50; HST 5.785 -> 5.79; 50.29
    await deliver('orders/updated', {
      ...placed,
      updated_at: '2026-11-26T10:00:00Z',
      current_total_tax: '5.79',
      current_total_price: '50.29',
      line_items: [gin(2, 1, '8.97')],
    });
    await run();
    const [after] = await salesOrderOf('#4014');
    expect(after.total).toBe('50.290');
    expect(after.notes).toBe(
      'Deliver to the back door.\nShopify order #4014; edited in Shopify; total tax 5.79 CAD; Shopify total 50.29 CAD\nCall before delivery',
    );
  });
});
