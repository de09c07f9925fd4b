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
import { sql } from 'drizzle-orm';
import { backends } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import {
  ecommerceCompany,
  ginLineItem,
  ok,
  orderResource as order,
  shopifyCalls,
  startShopifyApi,
  type Company,
  type ShopifyRig,
} from './support/shopify';

const SHOP = 'distillerie-baseline.myshopify.com';
const BOUTIQUE = 655441493;

const gin = (quantity: number, current: number, tax: string) => ginLineItem(7101, quantity, current, tax);

describe.each(backends)('Shopify orders imported before their baseline was kept, on %s', (backend) => {
  let rig: ShopifyRig;
  let a: Company;

  const sh = shopifyCalls(() => rig);
  const db = () => rig.api.database.db;
  const deliver = (topic: string, body: unknown) => sh.deliver(SHOP, topic, body);
  const run = () => sh.run(a);
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
  const logOf = (shopifyId: number) => sh.orderLogOf(a, shopifyId);
  const updatesOf = (salesOrderId: string) => sh.salesOrderUpdates(a, salesOrderId);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    a = await ecommerceCompany(rig.api);
    await a.create('product', { name: 'Gin 750', sku: 'GIN-750', strength: 40, containerSize: 0.75, caseSize: 12 });
    await a.create('tax', { name: 'HST', rate: 13 });
    const bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    rig.shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    await sh.connect(a, SHOP);
    await sh.syncOrders(a, bob, a.site, BOUTIQUE);
  });
  afterAll(async () => {
    await rig?.close();
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
