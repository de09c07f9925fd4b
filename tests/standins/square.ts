// A local stand-in for the documented subset of Square's API the point-of-sale connector uses,
// so tests run without the internet. Requests and answers follow developer.squareup.com's
// API reference (snake_case JSON, errors as {"errors":[{"category","code","detail","field"}]}):
// - OAuth: GET /oauth2/authorize (here it consents at once and sends the browser back to
//   redirect_uri with code and state), POST /oauth2/token (ObtainToken: JSON body with
//   client_id, client_secret, grant_type authorization_code + code, or refresh_token; answers
//   access_token, token_type "bearer", expires_at (30 days), merchant_id, refresh_token),
//   POST /oauth2/revoke (RevokeToken, "Authorization: Client {secret}").
// - GET /v2/locations (ListLocations), POST /v2/orders/search (SearchOrders: location_ids,
//   query.filter.state_filter.states, date_time_filter.closed_at or updated_at {start_at, end_at};
//   cursor pages; orders are answered as the test stored them, with their line amounts, taxes,
//   service_charges, rounding_adjustment, returns and refunds),
//   POST /v2/catalog/batch-retrieve (object_ids), POST /v2/catalog/batch-upsert
//   (idempotency_key, batches[].objects with "#" temporary ids; answers objects and id_mappings;
//   a repeated idempotency_key answers the first answer, whatever the objects now say; an object
//   sent with a version other than the stored one is refused 400 VERSION_MISMATCH; an item's
//   variations left out of its update are deleted), POST /v2/catalog/search
//   (object_types, exact_query or set_query), POST /v2/inventory/changes/batch-create (PHYSICAL_COUNT changes).
// - Failures: 401 ACCESS_TOKEN_EXPIRED (AUTHENTICATION_ERROR), 429 RATE_LIMITED with
//   Retry-After, 500 INTERNAL_SERVER_ERROR, injected before the next API calls.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export type Injected = { kind: '429'; retryAfter: number } | { kind: '500' } | { kind: '400'; detail: string };

type Money = { amount: number; currency: string };

/** A line of an order or of a return, with the amounts Square computes on it (Orders API,
 * OrderLineItem / OrderReturnLineItem): gross = base x quantity; total_discount_money holds the
 * line's share of the order's discounts too; total_money = gross - discount + additive tax. */
export interface StandInLine {
  uid: string;
  name: string;
  quantity: string;
  /** a catalog item's variation; none on a CUSTOM_AMOUNT line */
  catalog_object_id?: string;
  /** ITEM (the default) or CUSTOM_AMOUNT: an amount keyed in at the till, or given back by a
   * custom (amount-only) refund */
  item_type?: 'ITEM' | 'CUSTOM_AMOUNT';
  base_price_money: Money;
  gross_sales_money?: Money;
  gross_return_money?: Money;
  total_discount_money: Money;
  total_tax_money: Money;
  total_money: Money;
  applied_taxes?: { uid: string; tax_uid: string; applied_money: Money }[];
  applied_discounts?: { uid: string; discount_uid: string; applied_money: Money }[];
}

export interface StandInTax {
  uid: string;
  name: string;
  percentage: string;
  type: 'ADDITIVE' | 'INCLUSIVE';
  scope: 'ORDER' | 'LINE_ITEM';
}

/** A service charge of an order (OrderServiceCharge: a tasting fee, a gratuity), or one handed
 * back (OrderReturnServiceCharge): total_money = applied_money + total_tax_money. */
export interface StandInServiceCharge {
  uid: string;
  name: string;
  amount_money?: Money;
  applied_money: Money;
  total_tax_money: Money;
  total_money: Money;
  calculation_phase: 'SUBTOTAL_PHASE' | 'TOTAL_PHASE' | 'APPORTIONED_PERCENTAGE_PHASE' | 'APPORTIONED_AMOUNT_PHASE';
  taxable: boolean;
  applied_taxes?: { uid: string; tax_uid: string; applied_money: Money }[];
}

/** OrderRoundingAdjustment: the cash rounding of a total (Canada rounds cash to 5 cents). */
export interface StandInRounding {
  uid: string;
  name: string;
  amount_money: Money;
}

/** A refund of an order (Orders API Refund: id, location_id, reason, amount_money, status). */
export interface StandInRefund {
  id: string;
  location_id: string;
  reason: string;
  amount_money: Money;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'FAILED';
  created_at: string;
}

/** An order as Square stores it (only the fields the connector reads and the search filters). */
export interface StandInOrder {
  id: string;
  location_id: string;
  state: 'OPEN' | 'COMPLETED' | 'CANCELED';
  closed_at: string;
  /** when it last changed (uploaded by a till back online, refunded); closed_at when not given */
  updated_at?: string;
  line_items: StandInLine[];
  taxes?: StandInTax[];
  discounts?: { uid: string; name: string; percentage?: string; amount_money?: Money; scope: string }[];
  service_charges?: StandInServiceCharge[];
  rounding_adjustment?: StandInRounding;
  /** on a return order (Square's Refunds and Exchanges guide: an itemized refund and a custom
   * refund both make one): what came back, the sale it came from, the taxes refunded with it.
   * An itemized refund names the lines handed back; a custom refund one return line item of
   * item_type CUSTOM_AMOUNT, with no catalog_object_id, holding the amount */
  returns?: {
    uid: string;
    source_order_id: string;
    return_line_items: StandInLine[];
    return_service_charges?: StandInServiceCharge[];
    return_taxes?: StandInTax[];
    rounding_adjustment?: StandInRounding;
  }[];
  /** the payment refunds of a return order (and, listed again, on the sale refunded): the money
   * moved, not what it was for; the connector reads what came back from `returns` alone */
  refunds?: StandInRefund[];
  total_money?: Money;
}

export interface CatalogObjectJson {
  type: string;
  id: string;
  version?: number;
  item_data?: { name?: string; variations?: CatalogObjectJson[] };
  item_variation_data?: {
    item_id?: string;
    name?: string;
    sku?: string;
    price_money?: { amount: number; currency: string };
  };
  [field: string]: unknown;
}

export interface SquareStandIn {
  url: string;
  applicationId: string;
  applicationSecret: string;
  merchantId: string;
  locations: { id: string; name: string; status: string }[];
  orders: StandInOrder[];
  /** the catalogue by object id (items and variations) */
  catalog: Map<string, CatalogObjectJson>;
  /** every upsert and inventory request body, in order */
  upserts: Record<string, unknown>[];
  inventoryChanges: Record<string, unknown>[];
  /** every API request (not OAuth): method, path, status */
  requests: { method: string; path: string; status: number }[];
  tokenGrants: string[];
  revoked: number;
  inject(...failures: Injected[]): void;
  /** every access token handed out so far stops working (401), as after 30 days */
  expireAccessTokens(): void;
  /** adds an item with one variation the seller made in Square's dashboard; answers the variation id */
  addVariation(name: string, sku: string | null, cents: number): string;
  /** adds a variation of the seller's own to the item of `variationId`; answers its id */
  addVariationTo(variationId: string, name: string, sku: string, cents: number): string;
  close(): Promise<void>;
}

const errors = (category: string, code: string, detail: string, field?: string) => ({
  errors: [{ category, code, detail, ...(field ? { field } : {}) }],
});

/** A custom (amount-only) refund as Square records it: a COMPLETED return order of its own
 * whose one return line item is of item_type CUSTOM_AMOUNT with no catalog_object_id, carrying
 * the amount given back (total_money, its tax in total_tax_money and applied_taxes against the
 * return_taxes), and the payment refund in `refunds`. `tax` 0 refunds no tax. */
export function customRefundOrder(refund: {
  id: string;
  sourceOrderId: string;
  locationId: string;
  closedAt: string;
  name: string;
  /** before tax, cents */
  amount: number;
  tax: number;
  returnTax?: StandInTax;
  currency?: string;
}): StandInOrder {
  const currency = refund.currency ?? 'CAD';
  const money = (amount: number) => ({ amount, currency });
  const taxed = refund.tax !== 0 && refund.returnTax;
  return {
    id: refund.id,
    location_id: refund.locationId,
    state: 'COMPLETED',
    closed_at: refund.closedAt,
    line_items: [],
    returns: [
      {
        uid: `${refund.id}-R`,
        source_order_id: refund.sourceOrderId,
        return_line_items: [
          {
            uid: `${refund.id}-R1`,
            name: refund.name,
            quantity: '1',
            item_type: 'CUSTOM_AMOUNT',
            base_price_money: money(refund.amount),
            gross_return_money: money(refund.amount),
            total_discount_money: money(0),
            total_tax_money: money(refund.tax),
            total_money: money(refund.amount + refund.tax),
            ...(taxed
              ? {
                  applied_taxes: [
                    { uid: `${refund.id}-RT`, tax_uid: refund.returnTax!.uid, applied_money: money(refund.tax) },
                  ],
                }
              : {}),
          },
        ],
        ...(taxed ? { return_taxes: [refund.returnTax!] } : {}),
      },
    ],
    refunds: [
      {
        id: `${refund.id}-P`,
        location_id: refund.locationId,
        reason: refund.name,
        amount_money: money(refund.amount + refund.tax),
        status: 'APPROVED',
        created_at: refund.closedAt,
      },
    ],
  };
}

export async function startSquareStandIn(port = 0): Promise<SquareStandIn> {
  const applicationId = 'sq0idp-standin';
  const applicationSecret = 'sq0csp-standin-secret';
  const merchantId = 'MLSTANDIN0001';
  const codes = new Map<string, string>(); // code -> redirect_uri
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const upsertAnswers = new Map<string, unknown>();
  const changeAnswers = new Map<string, unknown>();
  const catalog = new Map<string, CatalogObjectJson>();
  const requests: SquareStandIn['requests'] = [];
  const injected: Injected[] = [];
  const upserts: Record<string, unknown>[] = [];
  const inventoryChanges: Record<string, unknown>[] = [];
  const tokenGrants: string[] = [];
  const locations = [
    { id: 'L1TASTINGROOM', name: 'Tasting room', status: 'ACTIVE', currency: 'CAD' },
    { id: 'L2MARKET', name: 'Farmers market', status: 'ACTIVE', currency: 'CAD' },
  ];
  const orders: StandInOrder[] = [];
  let revoked = 0;
  let nextId = 1000;

  const newId = () => `SQ${(nextId++).toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
  const token = () => `EAAA${randomBytes(24).toString('base64url')}`;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  const issueTokens = (res: ServerResponse) => {
    const access = token();
    const refresh = token();
    accessTokens.add(access);
    refreshTokens.add(refresh);
    send(res, 200, {
      access_token: access,
      token_type: 'bearer',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      merchant_id: merchantId,
      refresh_token: refresh,
      short_lived: false,
    });
  };

  const oauth = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== applicationId || !redirect)
        return send(res, 400, errors('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'unknown client_id'));
      const code = `sq0cgp-${randomBytes(12).toString('hex')}`;
      codes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('response_type', 'code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const body = JSON.parse((await bodyOf(req)) || '{}') as Record<string, string>;
    if (url.pathname === '/oauth2/token') {
      if (body.client_id !== applicationId || body.client_secret !== applicationSecret)
        return send(res, 401, errors('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials'));
      tokenGrants.push(body.grant_type);
      if (body.grant_type === 'authorization_code') {
        const redirect = codes.get(body.code);
        codes.delete(body.code);
        if (!redirect || (body.redirect_uri && body.redirect_uri !== redirect))
          return send(res, 401, errors('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid authorization code'));
        return issueTokens(res);
      }
      if (body.grant_type === 'refresh_token') {
        if (!refreshTokens.has(body.refresh_token))
          return send(res, 401, errors('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid refresh token'));
        // Square keeps the refresh token of the code flow; a new access token comes with it
        const access = token();
        accessTokens.add(access);
        return send(res, 200, {
          access_token: access,
          token_type: 'bearer',
          expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          merchant_id: merchantId,
          refresh_token: body.refresh_token,
          short_lived: false,
        });
      }
      return send(res, 400, errors('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'unsupported grant_type', 'grant_type'));
    }
    if (url.pathname === '/oauth2/revoke') {
      if (req.headers.authorization !== `Client ${applicationSecret}`)
        return send(res, 401, errors('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Client secret required'));
      revoked++;
      accessTokens.clear();
      refreshTokens.clear();
      return send(res, 200, { success: true });
    }
    return send(res, 404, errors('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'no such OAuth endpoint'));
  };

  const searchOrders = (body: Record<string, unknown>) => {
    const q = body.query as {
      filter?: {
        state_filter?: { states?: string[] };
        date_time_filter?: {
          closed_at?: { start_at?: string; end_at?: string };
          updated_at?: { start_at?: string; end_at?: string };
        };
      };
    };
    const ids = (body.location_ids as string[]) ?? [];
    const states = q?.filter?.state_filter?.states;
    const closed = q?.filter?.date_time_filter?.closed_at;
    const updated = q?.filter?.date_time_filter?.updated_at;
    const updatedAt = (o: StandInOrder) => o.updated_at ?? o.closed_at;
    const found = orders
      .filter((o) => ids.includes(o.location_id))
      .filter((o) => !states || states.includes(o.state))
      .filter((o) => !closed?.start_at || Date.parse(o.closed_at) >= Date.parse(closed.start_at))
      .filter((o) => !closed?.end_at || Date.parse(o.closed_at) < Date.parse(closed.end_at))
      .filter((o) => !updated?.start_at || Date.parse(updatedAt(o)) >= Date.parse(updated.start_at))
      .filter((o) => !updated?.end_at || Date.parse(updatedAt(o)) < Date.parse(updated.end_at))
      .sort((a, b) => (updated ? updatedAt(a).localeCompare(updatedAt(b)) : a.closed_at.localeCompare(b.closed_at)));
    const limit = Number(body.limit ?? 500);
    const start = body.cursor ? Number(body.cursor) : 0;
    const page = found.slice(start, start + limit);
    return { orders: page, ...(start + limit < found.length ? { cursor: String(start + limit) } : {}) };
  };

  const batchUpsert = (body: { idempotency_key?: string; batches?: { objects?: CatalogObjectJson[] }[] }) => {
    const key = body.idempotency_key ?? '';
    if (!key)
      return {
        status: 400,
        body: errors(
          'INVALID_REQUEST_ERROR',
          'MISSING_REQUIRED_PARAMETER',
          'idempotency_key is required',
          'idempotency_key',
        ),
      };
    if (upsertAnswers.has(key)) return { status: 200, body: upsertAnswers.get(key) };
    const mappings: { client_object_id: string; object_id: string }[] = [];
    const real = (id: string) => {
      if (!id.startsWith('#')) return id;
      let found = mappings.find((m) => m.client_object_id === id);
      if (!found) mappings.push((found = { client_object_id: id, object_id: newId() }));
      return found.object_id;
    };
    // an update names the version it read (CatalogObject.version): an older one is refused
    const stale = (body.batches ?? [])
      .flatMap((b) => b.objects ?? [])
      .flatMap((o) => [o, ...(o.item_data?.variations ?? [])])
      .find((o) => !o.id.startsWith('#') && o.version !== undefined && catalog.get(o.id)?.version !== o.version);
    if (stale)
      return {
        status: 400,
        body: errors(
          'INVALID_REQUEST_ERROR',
          'VERSION_MISMATCH',
          `Object \`${stale.id}\` of type ${stale.type} at version ${stale.version} does not match the server version of ${catalog.get(stale.id)?.version}.`,
        ),
      };
    upserts.push(body as Record<string, unknown>);
    const objects: CatalogObjectJson[] = [];
    for (const batch of body.batches ?? [])
      for (const object of batch.objects ?? []) {
        // an item's variations are the ones the upsert sends: the others are deleted
        const sent = new Set((object.item_data?.variations ?? []).map((v) => real(v.id)));
        for (const old of catalog.get(real(object.id))?.item_data?.variations ?? [])
          if (!sent.has(old.id)) catalog.delete(old.id);
        const itemId = real(object.id);
        const variations = (object.item_data?.variations ?? []).map((v) => {
          const variation: CatalogObjectJson = {
            ...v,
            id: real(v.id),
            version: (catalog.get(real(v.id))?.version ?? 0) + 1,
            item_variation_data: { ...v.item_variation_data, item_id: itemId },
          };
          catalog.set(variation.id, variation);
          return variation;
        });
        const item: CatalogObjectJson = {
          ...object,
          id: itemId,
          version: (catalog.get(itemId)?.version ?? 0) + 1,
          item_data: { ...object.item_data, variations },
        };
        catalog.set(itemId, item);
        objects.push(item);
      }
    const answer = { objects, id_mappings: mappings, updated_at: new Date().toISOString() };
    upsertAnswers.set(key, answer);
    return { status: 200, body: answer };
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method: req.method ?? '', path: url.pathname, status });
      send(res, status, body, headers);
    };
    const text = await bodyOf(req);
    if (!bearer || !accessTokens.has(bearer))
      return answer(401, errors('AUTHENTICATION_ERROR', 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.'));
    const failure = injected.shift();
    if (failure?.kind === '429')
      return answer(429, errors('RATE_LIMIT_ERROR', 'RATE_LIMITED', 'Rate limited'), {
        'retry-after': String(failure.retryAfter),
      });
    if (failure?.kind === '500')
      return answer(500, errors('API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error has occurred'));
    if (failure?.kind === '400') return answer(400, errors('INVALID_REQUEST_ERROR', 'INVALID_VALUE', failure.detail));
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /v2/locations') return answer(200, { locations });
    if (route === 'POST /v2/orders/search') return answer(200, searchOrders(body));
    if (route === 'POST /v2/catalog/batch-retrieve') {
      const ids = (body.object_ids as string[]) ?? [];
      return answer(200, { objects: ids.map((id) => catalog.get(id)).filter(Boolean) });
    }
    if (route === 'POST /v2/catalog/batch-upsert') {
      const result = batchUpsert(body);
      return answer(result.status, result.body);
    }
    if (route === 'POST /v2/catalog/search') {
      const types = (body.object_types as string[]) ?? [];
      const query = body.query as {
        exact_query?: { attribute_name: string; attribute_value: string };
        set_query?: { attribute_name: string; attribute_values: string[] };
      };
      const exact = query?.exact_query;
      const set = query?.set_query;
      const objects = [...catalog.values()]
        .filter((o) => !types.length || types.includes(o.type))
        .filter(
          (o) =>
            !exact ||
            (exact.attribute_name === 'sku' && o.item_variation_data?.sku === exact.attribute_value) ||
            (exact.attribute_name === 'name' && o.item_data?.name === exact.attribute_value),
        )
        .filter(
          (o) =>
            !set || (set.attribute_name === 'sku' && set.attribute_values.includes(o.item_variation_data?.sku ?? '')),
        );
      return answer(200, { objects });
    }
    if (route === 'POST /v2/inventory/changes/batch-create') {
      const key = String(body.idempotency_key ?? '');
      if (changeAnswers.has(key)) return answer(200, changeAnswers.get(key));
      inventoryChanges.push(body);
      const counts = ((body.changes as { physical_count?: Record<string, unknown> }[]) ?? []).map((c) => ({
        ...c.physical_count,
        calculated_at: new Date().toISOString(),
      }));
      const result = { counts };
      changeAnswers.set(key, result);
      return answer(200, result);
    }
    return answer(404, errors('INVALID_REQUEST_ERROR', 'NOT_FOUND', `no route ${route}`));
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const handle = url.pathname.startsWith('/oauth2/') ? oauth(req, res, url) : api(req, res, url);
    handle.catch((error: unknown) => send(res, 500, errors('API_ERROR', 'INTERNAL_SERVER_ERROR', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    applicationId,
    applicationSecret,
    merchantId,
    locations,
    orders,
    catalog,
    upserts,
    inventoryChanges,
    requests,
    tokenGrants,
    get revoked() {
      return revoked;
    },
    inject: (...failures) => injected.push(...failures),
    expireAccessTokens: () => accessTokens.clear(),
    addVariation(name, sku, cents) {
      const itemId = newId();
      const variation: CatalogObjectJson = {
        type: 'ITEM_VARIATION',
        id: newId(),
        version: 1,
        item_variation_data: {
          item_id: itemId,
          name: 'Regular',
          ...(sku ? { sku } : {}),
          price_money: { amount: cents, currency: 'CAD' },
        },
      };
      catalog.set(variation.id, variation);
      catalog.set(itemId, { type: 'ITEM', id: itemId, version: 1, item_data: { name, variations: [variation] } });
      return variation.id;
    },
    addVariationTo(variationId, name, sku, cents) {
      const itemId = catalog.get(variationId)!.item_variation_data!.item_id!;
      const item = catalog.get(itemId)!;
      const variation: CatalogObjectJson = {
        type: 'ITEM_VARIATION',
        id: newId(),
        version: 1,
        item_variation_data: { item_id: itemId, name, sku, price_money: { amount: cents, currency: 'CAD' } },
      };
      catalog.set(variation.id, variation);
      item.item_data = { ...item.item_data, variations: [...(item.item_data?.variations ?? []), variation] };
      item.version = (item.version ?? 0) + 1;
      return variation.id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
