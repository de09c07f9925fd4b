// Pause on /apps ("keeps the connection but sends nothing until resumed") for Shopify and Square,
// as a person uses it: connected and set up, paused, business goes on here and over there, and
// nothing moves either way until Resume; then what was held goes, once. A Shopify webhook that
// arrives while paused is kept and queued (Shopify does not send it again once answered 200),
// and becomes a sales order on resume. Fresh companies of their own: the arrange is short and
// the Shopify and Square files' sequences stay as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { integrationsPushJob, PUSH_JOB, setIntegrationJobSender } from '../../src/server/domain/integrations/queue';
import { queueShopifyRefresh } from '../../src/server/domain/integrations/shopify/sync';
import { queueSquareForAllCompanies } from '../../src/server/domain/integrations/square/sync';
import { type ShopifyStandIn } from '../standins/shopify';
import { type SquareStandIn } from '../standins/square';
import {
  ecommerceCompany,
  ginLineItem,
  ok,
  orderResource,
  shopifyCalls,
  startShopifyApi,
  type Company,
  type ShopifyRig,
} from './support/shopify';
import {
  closedAt,
  money,
  pointOfSaleCompany,
  squareCalls,
  startSquareApi,
  yesterdayInToronto,
  type Co,
  type SquareRig,
} from './support/square';

const SHOP = 'distillerie-pause.myshopify.com';
const BOUTIQUE = 655441493;
const GIN_ITEM = 808950811;

describe.each(backends)('Shopify paused and resumed on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;
  let gin = '';

  const sh = shopifyCalls(() => rig);
  const status = async (mutation: 'integrationPause' | 'integrationResume') =>
    ok(await a.call<Record<string, { status: string }>>(`mutation { ${mutation}(app: shopify) { status } }`))[mutation]
      .status;
  const salesOrders = async () =>
    rowsOf<{ customer_po: string; quantity: string }>(
      await api.database.db.execute(sql`SELECT o.customer_po, l.quantity::text FROM sales_orders o
        JOIN sales_orders_lines l ON l.company_id = o.company_id AND l.parent_id = o.id
        WHERE o.company_id = ${a.companyId} ORDER BY o.customer_po`),
    );
  const queuedLog = async () =>
    rowsOf<{ entity_type: string }>(
      await api.database.db.execute(sql`SELECT entity_type FROM integration_sync_log
        WHERE company_id = ${a.companyId} AND app = 'shopify' AND status = 'queued' ORDER BY entity_type`),
    ).map((r) => r.entity_type);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    a = await ecommerceCompany(api);
    gin = await a.create('product', {
      name: 'Gin 750',
      sku: 'GIN-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    await a.create('tax', { name: 'HST', rate: 13 });
    const bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    shopify.products.push({ id: 632910393, variants: [{ id: GIN_ITEM, sku: 'GIN-750', inventory_item_id: GIN_ITEM }] });
    shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    await sh.connect(a, SHOP);
    await sh.syncOrders(a, bob, a.site, BOUTIQUE);
    await sh.dutyPaid(a, gin, a.site, 20, '7001');
    // running before the pause: the first poll and the shop's stock (20, nothing held)
    await sh.syncNow(a);
    await sh.run(a);
    expect(shopify.levelsSet).toEqual([{ location_id: BOUTIQUE, inventory_item_id: GIN_ITEM, available: 20 }]);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('sends and imports nothing while paused, then imports the held orders and pushes the stock on resume', async () => {
    shopify.levelsSet.length = 0;
    // a Sync pressed just before the pause: its poll and stock wait
    expect(await sh.syncNow(a)).toBe(2);
    expect(await status('integrationPause')).toBe('paused');

    // while paused: 10 more duty-paid, an order by webhook (#3001, 2 gin: 69.00, HST 8.97),
    // and one the webhook missed that only the poll would find (#3002, 4 gin: 138.00, HST 17.94)
    await sh.dutyPaid(a, gin, a.site, 10, '7002');
    const hooked = orderResource(3001001, '#3001', {
      updated_at: new Date().toISOString(),
      line_items: [ginLineItem(3101, 2, 2, '8.97')],
    });
    expect((await sh.deliver(SHOP, 'orders/create', hooked, 'pause-3001')).outcome).toBe('queued');
    shopify.orders.push(
      orderResource(3002001, '#3002', {
        updated_at: new Date().toISOString(),
        line_items: [ginLineItem(3201, 4, 4, '17.94')],
      }),
    );
    const paused = await a.call(`mutation { integrationSync(app: shopify) }`);
    expect(paused.errors?.[0]).toMatchObject({ message: 'Shopify is not connected (or is paused)' });
    expect(await queueShopifyRefresh(api.database.db)).not.toContain(a.companyId);
    const asked = shopify.requests.length;
    // the queue's run for the company, and the schedule's run that names none
    await sh.run(a);
    await integrationsPushJob(api.database.db).handler({});
    expect(shopify.requests).toHaveLength(asked);
    expect(shopify.levelsSet).toEqual([]);
    expect(await salesOrders()).toEqual([]);
    expect(await queuedLog()).toEqual(['shopifyOrder', 'shopifyPoll', 'shopifyStock']);

    expect(await status('integrationResume')).toBe('connected');
    await sh.run(a);
    // the webhook's order kept while paused, and the poll's from where the last poll stopped
    expect(await salesOrders()).toEqual([
      { customer_po: '#3001', quantity: '2.000' },
      { customer_po: '#3002', quantity: '4.000' },
    ]);
    // 20 + 10 duty-paid, less the 2 + 4 the shop's open orders hold: 24
    expect(shopify.levelsSet).toEqual([{ location_id: BOUTIQUE, inventory_item_id: GIN_ITEM, available: 24 }]);
    expect(await queuedLog()).toEqual([]);
    // run again: nothing twice
    await sh.run(a);
    expect(await salesOrders()).toHaveLength(2);
  });
});

describe.each(backends)('Square paused and resumed on %s', (backend) => {
  let rig: SquareRig;
  let api: TestApi;
  let square: SquareStandIn;
  let co: Co;
  let gin = '';
  const yesterday = yesterdayInToronto();

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const status = async (mutation: 'integrationPause' | 'integrationResume') =>
    (await sq.ok<Record<string, { status: string }>>(`mutation { ${mutation}(app: square) { status } }`))[mutation]
      .status;

  beforeAll(async () => {
    rig = await startSquareApi(backend);
    ({ api, square } = rig);
    co = await pointOfSaleCompany(api);
    const tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    gin = await sq.product('Gin 750', 'GIN-750', 39.95);
    await sq.adjust(gin, null, 30);
    const ginVariation = square.addVariation('Gin 750', 'GIN-750', 3995);
    await sq.connect();
    await sq.setup(co.site, 'L1TASTINGROOM', tastingRoom);
    // yesterday's one sale at the till: 2 gin at 39.95, no tax
    square.orders.push({
      id: 'PAUSED1',
      location_id: 'L1TASTINGROOM',
      state: 'COMPLETED',
      closed_at: closedAt(yesterday, 11),
      line_items: [
        {
          uid: 'P1-0',
          name: 'Gin 750',
          quantity: '2',
          catalog_object_id: ginVariation,
          base_price_money: money(3995),
          gross_sales_money: money(7990),
          total_discount_money: money(0),
          total_tax_money: money(0),
          total_money: money(7990),
        },
      ],
    });
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('pulls no day and sends no catalogue or counts while paused, and does both once resumed', async () => {
    // Sync pressed, then paused before the job ran: yesterday, the changes and the catalogue wait
    expect(await sq.sync()).toBe(3);
    expect(await status('integrationPause')).toBe('paused');
    const paused = await sq.gql(`mutation { integrationSync(app: square) }`);
    expect(paused.errors?.[0].message).toBe('Square is not connected (or is paused)');
    expect(await queueSquareForAllCompanies(api.database.db)).not.toContain(co.companyId);
    await sq.push();
    await integrationsPushJob(api.database.db).handler({});
    expect(square.requests).toEqual([]);
    expect(await sq.invoicesOf(yesterday)).toEqual([]);
    expect(await sq.dutyPaidAtSite(gin)).toBe(30);
    expect(square.upserts).toEqual([]);
    expect(square.inventoryChanges).toEqual([]);

    // resumed: the push job is asked for at once (here a stand-in sender takes the request),
    // not left to the next scheduled run
    const asked: { name: string; data: object }[] = [];
    setIntegrationJobSender(async (name, data) => asked.push({ name, data }));
    try {
      expect(await status('integrationResume')).toBe('connected');
    } finally {
      setIntegrationJobSender(null);
    }
    expect(asked).toEqual([{ name: PUSH_JOB, data: { companyId: co.companyId, app: 'square' } }]);
    await sq.push();
    // 2 x 39.95 = 79.90, taken from the 30 duty-paid at the site: 28 left, and counted so
    expect((await sq.invoicesOf(yesterday)).map((i) => Number(i.total))).toEqual([79.9]);
    expect(await sq.dutyPaidAtSite(gin)).toBe(28);
    expect(square.upserts).toHaveLength(1);
    const [counts] = square.inventoryChanges as { changes: { physical_count: { quantity: string } }[] }[];
    expect(counts.changes.map((c) => c.physical_count.quantity)).toEqual(['28']);
  });
});
