// A Shopify poll that finds more orders than one run imports (the Shopify push takes 200 records a
// run) asks for the next run at once: the orders the poll queued count as the run's backlog
// (PushSummary.waitingAfterPull), so the rest do not wait 15 minutes for the schedule. Here the
// webhooks missed 205 orders; Sync now's run imports 200 and asks for another (onBacklog, what
// the job answers by waking itself), which imports the last 5 and asks for none. Each order
// becomes one sales order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import type { ShopifyStandIn } from '../standins/shopify';
import {
  ecommerceCall,
  ecommerceCompany,
  ginLineItem,
  ok,
  orderResource,
  shopifyCalls,
  type Company,
  type ShopifyRig,
  startShopifyApi,
} from './support/shopify';

const SHOP = 'distillerie-backlog.myshopify.com';
const ORDERS = 205;

describe.each(backends)('Shopify: a poll that finds more orders than a run takes, on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let co: Company;
  const shop = shopifyCalls(() => rig);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    co = await ecommerceCompany(api);
    await co.create('product', { name: 'Gin 750', sku: 'GIN-750', strength: 40, containerSize: 0.75, caseSize: 12 });
    const web = await co.create('customer', { name: 'Web store' });
    await shop.connect(co, SHOP);
    ok(
      await ecommerceCall(
        co,
        `mutation { ecommerceSettingsSave(input: { webCustomerId: "${web}", orderSync: true, siteLocations: [] }) { orderSync } }`,
      ),
    );
  });
  afterAll(() => rig?.close());

  const importedOrders = async () =>
    rowsOf<{ count: number; distinct: number }>(
      await api.database.db.execute(sql`SELECT count(*)::int AS count, count(DISTINCT customer_po)::int AS distinct
        FROM sales_orders WHERE company_id = ${co.companyId}`),
    )[0];

  it('imports 200 orders in the first run and asks for the next at once, which imports the rest', async () => {
    // placed after the connection, so the poll reads them (one Gin each: 34.50, HST 4.49)
    const now = new Date().toISOString();
    for (let n = 1; n <= ORDERS; n++)
      shopify.orders.push(
        orderResource(900000 + n, `#B${n}`, {
          updated_at: now,
          line_items: [ginLineItem(800000 + n, 1, 1, '4.49')],
        }),
      );
    await shop.syncNow(co);
    const asked: { companyId: string; app: string }[] = [];
    const run = () =>
      pushAllQueued(api.database.db, { companyId: co.companyId, app: 'shopify' }, async (b) => {
        asked.push(b);
      });
    await run();
    expect(await importedOrders()).toEqual({ count: 200, distinct: 200 });
    expect(asked).toEqual([{ companyId: co.companyId, app: 'shopify' }]);
    await run();
    expect(await importedOrders()).toEqual({ count: ORDERS, distinct: ORDERS });
    // nothing left: the second run asked for no other
    expect(asked).toHaveLength(1);
  });
});
