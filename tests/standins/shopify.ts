// A local stand-in for the documented subset of Shopify the connector uses, so tests run
// without the internet. Requests and answers follow Shopify's public references:
// - "Authorization code grant" (shopify.dev/docs/apps/build/authentication-authorization/
//   access-tokens/authorization-code-grant): GET /admin/oauth/authorize?client_id&scope&
//   redirect_uri&state (here it approves at once and sends the browser back with code, hmac,
//   host, shop, state, timestamp; hmac = hex HMAC-SHA256 of the other parameters sorted and
//   joined as a query string, under the app's secret), POST /admin/oauth/access_token
//   {client_id, client_secret, code} -> {access_token, scope} (an offline token: no expiry).
// - Admin REST 2026-04 (any version is answered alike): GET orders.json?status=any&
//   updated_at_min= -> {orders: [...]};
//   GET products.json?fields=id,variants -> {products: [{id, variants: [{id, sku,
//   inventory_item_id}]}]}; GET locations.json -> {locations: [{id, name, active}]};
//   POST inventory_levels/set.json {location_id, inventory_item_id, available} ->
//   {inventory_level: {...}}; DELETE /admin/api_permissions/current.json -> {}.
//   Orders and products are paged as "Paginating results with REST" says: `limit` records a page
//   (50 unless asked, at most 250), a Link header <…?limit=&page_info=…>; rel="next" (and
//   rel="previous") naming the other pages, the first request's filters kept in the cursor; a
//   request with page_info may carry only limit and fields beside it (otherwise 400 here).
//   Errors: 401 {"errors":"[API] Invalid API key or access token (unrecognized login or wrong
//   password)"}, 429 {"errors":"Exceeded 2 calls per second for api client. Reduce request rates
//   to resume uninterrupted service."} with Retry-After: 2.0, 5xx {"errors":"Internal Server Error"}.
// - Webhooks ("About webhooks", HTTPS delivery): POST with X-Shopify-Topic, X-Shopify-Hmac-Sha256
//   (base64 HMAC-SHA256 of the raw body under the app's secret), X-Shopify-Shop-Domain,
//   X-Shopify-API-Version, X-Shopify-Webhook-Id, X-Shopify-Event-Id, X-Shopify-Triggered-At.
// The origin stands for https://{shop}: `shop` says which shop the next approval is for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export type ShopifyInjected =
  | { kind: '429'; retryAfter: string }
  | { kind: '500' }
  | { kind: '401' }
  /** an answer that is not JSON, as Shopify's edge sends for some refusals and outages */
  | { kind: 'page'; status: number; contentType: string; body: string };

export interface StandInVariant {
  id: number;
  sku: string;
  inventory_item_id: number;
}

export interface ShopifyStandIn {
  url: string;
  apiKey: string;
  apiSecret: string;
  /** the shop the next approval is for */
  shop: string;
  orders: Record<string, unknown>[];
  products: { id: number; variants: StandInVariant[] }[];
  locations: { id: number; name: string; active: boolean }[];
  /** every inventory_levels/set received, in order */
  levelsSet: { location_id: number; inventory_item_id: number; available: number }[];
  /** every Admin API request: method, path (after the version), status */
  requests: { method: string; path: string; status: number }[];
  tokensIssued: string[];
  inject(...failures: ShopifyInjected[]): void;
  /** every token issued so far stops working (as after app/uninstalled) */
  revokeAllTokens(): void;
  /** signs the OAuth query as Shopify does */
  signQuery(params: Record<string, string>): string;
  /** a webhook delivery's headers and raw body, signed as Shopify does (or with a wrong secret) */
  webhook(
    topic: string,
    body: unknown,
    options?: { shop?: string; webhookId?: string; secret?: string },
  ): { headers: Record<string, string>; payload: string };
  close(): Promise<void>;
}

export async function startShopifyStandIn(): Promise<ShopifyStandIn> {
  const apiKey = 'standin-shopify-key';
  const apiSecret = 'standin-shopify-secret';
  const codes = new Map<string, string>(); // code -> shop
  const tokens = new Map<string, string>(); // token -> shop
  const injected: ShopifyInjected[] = [];

  const signQuery = (params: Record<string, string>) => {
    const message = Object.keys(params)
      .filter((k) => k !== 'hmac' && k !== 'signature')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return createHmac('sha256', apiSecret).update(message).digest('hex');
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  const standIn: ShopifyStandIn = {
    url: '',
    apiKey,
    apiSecret,
    shop: 'distillerie-test.myshopify.com',
    orders: [],
    products: [],
    locations: [],
    levelsSet: [],
    requests: [],
    tokensIssued: [],
    inject: (...failures) => injected.push(...failures),
    revokeAllTokens: () => tokens.clear(),
    signQuery,
    webhook(topic, body, options = {}) {
      const payload = JSON.stringify(body);
      const hmac = createHmac('sha256', options.secret ?? apiSecret)
        .update(payload)
        .digest('base64');
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': options.shop ?? standIn.shop,
          'x-shopify-api-version': '2026-04',
          'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
          'x-shopify-event-id': randomUUID(),
          'x-shopify-triggered-at': new Date().toISOString(),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** One page of `all` (already filtered by the first request's parameters, which the cursor
   * carries as `filters`), with the Link header of the pages beside it. */
  function page(
    res: ServerResponse,
    url: URL,
    base: string,
    key: string,
    all: (filters: Record<string, string>) => unknown[],
  ) {
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? '50') || 50, 1), 250);
    const cursor = url.searchParams.get('page_info');
    let at = 0;
    let filters = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'limit' && k !== 'fields'));
    if (cursor) {
      if (Object.keys(filters).some((k) => k !== 'page_info'))
        return send(res, 400, { errors: { page_info: ['only limit and fields may be given with page_info'] } });
      ({ at, filters } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as {
        at: number;
        filters: Record<string, string>;
      });
    }
    const records = all(filters);
    const linkTo = (start: number, rel: string) =>
      `<${standIn.url}${base}?limit=${limit}&page_info=${Buffer.from(JSON.stringify({ at: start, filters })).toString('base64url')}>; rel="${rel}"`;
    const links = [
      ...(at > 0 ? [linkTo(Math.max(at - limit, 0), 'previous')] : []),
      ...(at + limit < records.length ? [linkTo(at + limit, 'next')] : []),
    ];
    return send(res, 200, { [key]: records.slice(at, at + limit) }, links.length ? { link: links.join(', ') } : {});
  }

  async function admin(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const record = (status: number) => standIn.requests.push({ method: req.method ?? 'GET', path, status });
    const token = String(req.headers['x-shopify-access-token'] ?? '');
    const failure = injected.shift();
    if (!tokens.has(token) || failure?.kind === '401') {
      record(401);
      return send(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    if (failure?.kind === '429') {
      record(429);
      return send(
        res,
        429,
        { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
        { 'retry-after': failure.retryAfter },
      );
    }
    if (failure?.kind === '500') {
      record(500);
      return send(res, 500, { errors: 'Internal Server Error' });
    }
    if (failure?.kind === 'page') {
      record(failure.status);
      res.writeHead(failure.status, { 'content-type': failure.contentType });
      return res.end(failure.body);
    }
    record(200);
    if (req.method === 'GET' && path === 'orders.json')
      return page(res, url, url.pathname, 'orders', ({ updated_at_min: since }) =>
        standIn.orders.filter((o) => !since || Date.parse(String(o.updated_at)) >= Date.parse(since)),
      );
    if (req.method === 'GET' && path === 'products.json')
      return page(res, url, url.pathname, 'products', () => standIn.products);
    if (req.method === 'GET' && path === 'locations.json') return send(res, 200, { locations: standIn.locations });
    if (req.method === 'POST' && path === 'inventory_levels/set.json') {
      const body = JSON.parse(await bodyOf(req)) as ShopifyStandIn['levelsSet'][number];
      if (!standIn.locations.some((l) => l.id === body.location_id))
        return send(res, 422, { errors: { location_id: ['is invalid'] } });
      standIn.levelsSet.push(body);
      return send(res, 200, {
        inventory_level: { ...body, updated_at: new Date().toISOString(), admin_graphql_api_id: 'gid://x' },
      });
    }
    return send(res, 404, { errors: 'Not Found' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    void (async () => {
      if (req.method === 'GET' && url.pathname === '/admin/oauth/authorize') {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== apiKey) return send(res, 400, { error: 'invalid client_id' });
        const code = randomBytes(12).toString('hex');
        codes.set(code, standIn.shop);
        const params: Record<string, string> = {
          code,
          host: Buffer.from(`admin.shopify.com/store/${standIn.shop.split('.')[0]}`).toString('base64url'),
          shop: standIn.shop,
          state: url.searchParams.get('state') ?? '',
          timestamp: String(Math.floor(Date.now() / 1000)),
        };
        const query = new URLSearchParams({ ...params, hmac: signQuery(params) });
        res.writeHead(302, { location: `${redirect}?${query}` });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/admin/oauth/access_token') {
        const body = JSON.parse(await bodyOf(req)) as { client_id?: string; client_secret?: string; code?: string };
        const shop = codes.get(body.code ?? '');
        if (body.client_id !== apiKey || body.client_secret !== apiSecret || !shop)
          return send(res, 400, {
            error: 'invalid_request',
            error_description: 'The authorization code was not found or was already used',
          });
        codes.delete(body.code!);
        const token = `shpat_${randomBytes(16).toString('hex')}`;
        tokens.set(token, shop);
        standIn.tokensIssued.push(token);
        return send(res, 200, {
          access_token: token,
          scope: 'read_orders,read_products,read_inventory,write_inventory,read_locations',
        });
      }
      if (req.method === 'DELETE' && url.pathname === '/admin/api_permissions/current.json') {
        tokens.delete(String(req.headers['x-shopify-access-token'] ?? ''));
        return send(res, 200, {});
      }
      const api = /^\/admin\/api\/\d{4}-\d{2}\/(.+)$/.exec(url.pathname);
      if (api) return admin(req, res, api[1], url);
      return send(res, 404, { errors: 'Not Found' });
    })().catch((error: unknown) => send(res, 500, { errors: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
