// The Shopify connector's Admin calls, made through @shopify/shopify-api's REST client, against
// the local stand-in (tests/standins/shopify.ts): Shopify's cursor pagination followed to the
// last page with the first request's filters, ids read as text, and each failure Shopify answers
// sorted as the sync needs it (429 waits Retry-After rounded up, 5xx and no answer retry later,
// 401 asks to connect again, 422 is a refusal in Shopify's words). No database: the connector
// alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorFailure, ConnectorTokens } from '../../src/server/domain/integrations/connector';
import { connectorFailureOf as failureOf } from './support/failures';
import { shopifyConnector } from '../../src/server/domain/integrations/shopify/connector';
import { startShopifyStandIn, type ShopifyInjected, type ShopifyStandIn } from '../standins/shopify';

let shopify: ShopifyStandIn;
let tokens: ConnectorTokens;
const saved = { ...process.env };

/** Approval as a browser goes through it: the authorize URL, Shopify's redirect, the code. */
async function connect(): Promise<ConnectorTokens> {
  const url = shopifyConnector.authorizeUrlForShop(shopify.shop, 'state-1', 'http://app.example/callback');
  const consent = await fetch(url, { redirect: 'manual' });
  return shopifyConnector.exchangeCode(consent.headers.get('location')!, 'http://app.example/callback');
}

beforeAll(async () => {
  shopify = await startShopifyStandIn();
  Object.assign(process.env, {
    SHOPIFY_API_KEY: shopify.apiKey,
    SHOPIFY_API_SECRET: shopify.apiSecret,
    SHOPIFY_BASE_URL: shopify.url,
  });
  tokens = await connect();
});

afterAll(async () => {
  for (const key of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_BASE_URL'])
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  await shopify.close();
});

describe('Shopify Admin calls through the library client', () => {
  it('follows the Link header to the last page, keeping the first request filter', async () => {
    // 600 orders, one a minute from 2026-11-01 00:00; the first 80 are before 01:20
    shopify.orders = Array.from({ length: 600 }, (_, i) => ({
      id: 450789469 + i,
      name: `#${1001 + i}`,
      updated_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      line_items: [],
    }));
    const before = shopify.requests.length;
    const orders = await shopifyConnector.listOrdersUpdatedSince(tokens, '2026-11-01T01:20:00Z');
    // 520 = 600 - 80, read 250 + 250 + 20
    expect(orders).toHaveLength(520);
    expect(orders[0].id).toBe('450789549');
    expect(orders[519].id).toBe('450790068');
    expect(shopify.requests.slice(before)).toEqual([
      { method: 'GET', path: 'orders.json', status: 200 },
      { method: 'GET', path: 'orders.json', status: 200 },
      { method: 'GET', path: 'orders.json', status: 200 },
    ]);
  });

  it('reads every variant of a catalogue longer than a page, by SKU, ids as text', async () => {
    shopify.products = Array.from({ length: 301 }, (_, i) => ({
      id: 632910392 + i,
      variants: [{ id: 808950810 + i, sku: `SKU-${i}`, inventory_item_id: 39072856 + i }],
    }));
    const bySku = await shopifyConnector.variantsBySku(tokens);
    expect(bySku.size).toBe(301);
    expect(bySku.get('SKU-300')).toEqual({ sku: 'SKU-300', variantId: '808951110', inventoryItemId: '39073156' });
  });

  it('sorts the answers Shopify fails with as the sync needs them', async () => {
    shopify.locations = [{ id: 487838322, name: 'Tasting room', active: true }];
    shopify.inject({ kind: '429', retryAfter: '2.5' });
    expect(await failureOf(shopifyConnector.listLocations(tokens))).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 3,
      message: 'Shopify: too many requests',
    });
    shopify.inject({ kind: '500' });
    expect(await failureOf(shopifyConnector.listLocations(tokens))).toEqual({
      kind: 'unavailable',
      message: 'Shopify failed (Internal Server Error)',
    });
    // an unknown location: Shopify's 422 {"errors":{"location_id":["is invalid"]}}
    expect(await failureOf(shopifyConnector.setAvailable(tokens, '1', '39072856', 5))).toEqual({
      kind: 'rejected',
      message: 'Shopify refused the request: location_id is invalid',
    });
    await shopifyConnector.setAvailable(tokens, '487838322', '39072856', 5);
    expect(shopify.levelsSet.at(-1)).toEqual({ location_id: 487838322, inventory_item_id: 39072856, available: 5 });
    expect(await shopifyConnector.listLocations(tokens)).toEqual([
      { id: '487838322', name: 'Tasting room', active: true },
    ]);
  });

  it('reads an answer that is not JSON by its status: a refusal is refused, an outage or a passing refusal retried', async () => {
    shopify.locations = [{ id: 487838322, name: 'Tasting room', active: true }];
    const pages: [Omit<Extract<ShopifyInjected, { kind: 'page' }>, 'kind'>, ConnectorFailure][] = [
      // Shopify's edge answers some requests with its own HTML page, not the API's JSON: its
      // firewall's "Access denied" passes, so it is retried as an outage, not failed for good
      [
        {
          status: 403,
          contentType: 'text/html; charset=utf-8',
          body: '<!DOCTYPE html><html><head><title>Access denied</title></head><body>Access denied</body></html>',
        },
        { kind: 'unavailable', message: 'Shopify failed (403 Forbidden)' },
      ],
      [
        { status: 408, contentType: 'text/html', body: '<html>Request Timeout</html>' },
        { kind: 'unavailable', message: 'Shopify failed (408 Request Timeout)' },
      ],
      // JSON that is not the API's object ({"errors": …}) is no answer of the API either
      [
        { status: 422, contentType: 'application/json', body: 'null' },
        { kind: 'rejected', message: 'Shopify refused the request: 422 Unprocessable Entity' },
      ],
      [
        { status: 404, contentType: 'text/plain', body: 'Not Found\n' },
        { kind: 'rejected', message: 'Shopify refused the request: Not Found' },
      ],
      [
        { status: 400, contentType: 'application/json', body: '' },
        { kind: 'rejected', message: 'Shopify refused the request: 400 Bad Request' },
      ],
      [
        { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
        { kind: 'unavailable', message: 'Shopify failed (502 Bad Gateway)' },
      ],
    ];
    for (const [page, failure] of pages) {
      shopify.inject({ kind: 'page', ...page });
      expect(await failureOf(shopifyConnector.listLocations(tokens))).toEqual(failure);
    }
    // the answers after them are read as before
    expect(await shopifyConnector.listLocations(tokens)).toEqual([
      { id: '487838322', name: 'Tasting room', active: true },
    ]);
  });

  it('asks to connect again once the app gave up its access, and says when the shop does not answer', async () => {
    const own = await connect();
    await shopifyConnector.revoke(own);
    expect(await failureOf(shopifyConnector.listLocations(own))).toEqual({
      kind: 'unauthorized',
      message:
        'Shopify refused the access token ([API] Invalid API key or access token (unrecognized login or wrong password)): connect Shopify again from Apps',
    });
    // nothing listens on port 9 of this machine (discard): no answer at all
    process.env.SHOPIFY_BASE_URL = 'http://127.0.0.1:9';
    try {
      const failure = await failureOf(shopifyConnector.listLocations(tokens));
      expect(failure.kind).toBe('unavailable');
      expect(failure.message).toMatch(/^Shopify did not answer \(/);
    } finally {
      process.env.SHOPIFY_BASE_URL = shopify.url;
    }
  });
});
