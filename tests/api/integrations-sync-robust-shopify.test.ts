// Shopify's push job (shopify/sync.ts pushShopify), against its local stand-in
// (tests/standins/shopify.ts): throttling is not a record's fault. Shopify answering 429 (with a
// Retry-After longer than the job waits) more runs than MAX_ATTEMPTS leaves the records queued,
// with no attempt counted, and they go once Shopify answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { MAX_ATTEMPTS } from '../../src/server/domain/integrations/sync';
import { type ShopifyStandIn } from '../standins/shopify';
import { ecommerceCompany, shopifyCalls, startShopifyApi, type Company, type ShopifyRig } from './support/shopify';
import { appSyncLog } from './support/syncLog';

const SHOP = 'distillerie-throttled.myshopify.com';
const BOUTIQUE = 655441493;
const GIN_ITEM = 808950811;

describe.each(backends)('Shopify: a throttled job leaves its records queued, on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let shopify: ShopifyStandIn;
  let a: Company;

  const sh = shopifyCalls(() => rig);
  const logs = () => appSyncLog(api, a.companyId, 'shopify', ['entity_type', 'status', 'attempts']);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    ({ api, shopify } = rig);
    a = await ecommerceCompany(api);
    const gin = await a.create('product', {
      name: 'Gin 750',
      sku: 'GIN-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    const bob = await a.create('customer', { name: 'Bob Norman', email: 'bob.norman@mail.example.com' });
    shopify.products.push({ id: 632910393, variants: [{ id: GIN_ITEM, sku: 'GIN-750', inventory_item_id: GIN_ITEM }] });
    shopify.locations.push({ id: BOUTIQUE, name: 'Boutique', active: true });
    await sh.connect(a, SHOP);
    await sh.syncOrders(a, bob, a.site, BOUTIQUE);
    await sh.dutyPaid(a, gin, a.site, 20, '7101');
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('throttled more runs than the attempt limit: still queued, then sent once Shopify answers', async () => {
    // the poll and the site's stock
    expect(await sh.syncNow(a)).toBe(2);
    const queued = await logs();
    expect(queued.map((r) => r.status)).toEqual(['queued', 'queued']);
    for (let run = 0; run < MAX_ATTEMPTS + 2; run++) {
      shopify.inject({ kind: '429', retryAfter: '120' });
      await expect(sh.run(a)).rejects.toThrow(/too many requests/);
      expect(await logs()).toEqual(queued.map((r) => ({ ...r, status: 'queued', attempts: 0 })));
    }
    shopify.levelsSet.length = 0;
    await sh.run(a);
    expect((await logs()).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(shopify.levelsSet).toEqual([{ location_id: BOUTIQUE, inventory_item_id: GIN_ITEM, available: 20 }]);
  });
});
