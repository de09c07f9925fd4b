// Shopify connected again to another shop: what belonged to the first shop (its locations the
// sites were mapped to, how far its orders were read) is forgotten, so the new shop's orders are
// read from its own connection on and its locations are chosen again; the web-store customer,
// ours, stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { ecommerceCompany, ok, shopifyCalls, startShopifyApi, type Company, type ShopifyRig } from './support/shopify';

describe.each(backends)('Shopify connected again to another shop, on %s', (backend) => {
  let rig: ShopifyRig;
  let api: TestApi;
  let co: Company;
  let customer = '';
  const sh = shopifyCalls(() => rig);
  const settings = async () =>
    rowsOf<{ web_customer_id: string | null; orders_polled_at: string | null }>(
      await api.database.db.execute(sql`SELECT web_customer_id::text, orders_polled_at::text FROM shopify_settings
        WHERE company_id = ${co.companyId}`),
    )[0];
  const mapped = async () =>
    rowsOf<{ location_id: string }>(
      await api.database.db.execute(
        sql`SELECT location_id FROM shopify_site_locations WHERE company_id = ${co.companyId}`,
      ),
    ).map((r) => r.location_id);

  beforeAll(async () => {
    rig = await startShopifyApi(backend);
    api = rig.api;
    co = await ecommerceCompany(api);
    customer = await co.create('customer', { name: 'Boutique en ligne' });
    rig.shopify.locations.push({ id: 655441491, name: 'Boutique', active: true });
  });
  afterAll(() => rig?.close());

  it('forgets the first shop’s locations and order reading, keeps the web-store customer', async () => {
    await sh.connect(co, 'premiere-boutique.myshopify.com');
    await sh.syncOrders(co, customer, co.site, 655441491);
    await api.database.db.execute(sql`UPDATE shopify_settings SET orders_polled_at = '2026-11-20T12:00:00Z'
      WHERE company_id = ${co.companyId}`);
    expect(await mapped()).toEqual(['655441491']);
    ok(await co.call(`mutation { integrationDisconnect(app: shopify) { status } }`));
    // the same shop again keeps everything
    await sh.connect(co, 'premiere-boutique.myshopify.com');
    expect(await mapped()).toEqual(['655441491']);
    expect((await settings()).orders_polled_at).not.toBeNull();
    ok(await co.call(`mutation { integrationDisconnect(app: shopify) { status } }`));
    await sh.connect(co, 'seconde-boutique.myshopify.com');
    expect(await mapped()).toEqual([]);
    expect(await settings()).toEqual({ web_customer_id: customer, orders_polled_at: null });
  });
});
