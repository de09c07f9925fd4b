// The Shopify connector: OAuth per shop (the authorization code grant of Shopify's "Authorization
// code grant" guide: GET /admin/oauth/authorize, POST /admin/oauth/access_token) and the Admin
// REST calls the sync makes (through the library's client, api.ts). Offline access tokens do not expire and have no refresh token: a
// refused token means the shop must be connected again, which refresh() says as a refusal.
import { serverConfig } from '../../../config';
import { ConnectorError, type ConnectorTokens } from '../connector';
import type { PageInfoParams } from '@shopify/shopify-api';
import { adminCall } from './api';
import { isShopDomain, SHOPIFY_SCOPES, shopifyEnv, shopOrigin } from './config';
import { shopifyLibrary } from './library';
import type { EcommerceConnector, StoreLocation, StoreOrder, StoreVariant } from './types';

/** Pages read per listing: 250 records each; a longer backlog goes on at the next sync. */
const MAX_PAGES = 40;
/** A listing this long was cut short: the poll goes on from its last order next time. */
export const MAX_LISTED = MAX_PAGES * 250;
/** Offline tokens never expire; the sync's expiry fields carry this. */
const NEVER = '9999-12-31T00:00:00.000Z';

async function allPages<T>(tokens: ConnectorTokens, first: PageInfoParams, pick: (body: unknown) => T[]): Promise<T[]> {
  const out: T[] = [];
  let page: PageInfoParams | null = first;
  for (let n = 0; page && n < MAX_PAGES; n++) {
    // the next page's request is Shopify's own (page_info, with only limit and fields beside it)
    const answer: { body: unknown; nextPage: PageInfoParams | null } = await adminCall<unknown>(tokens, {
      method: 'get',
      path: page.path,
      query: page.query as Record<string, string>,
    });
    out.push(...pick(answer.body));
    page = answer.nextPage;
  }
  return out;
}

export const shopifyConnector: EcommerceConnector = {
  provider: 'Shopify',

  authorizeUrl() {
    // the shop is needed: connections.ts calls authorizeUrlForShop for e-commerce apps
    throw new Error('Shopify connects per shop: use authorizeUrlForShop');
  },

  authorizeUrlForShop(shop, state, redirectUri) {
    const { apiKey } = shopifyEnv();
    const query = new URLSearchParams({
      client_id: apiKey,
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: redirectUri,
      state,
    });
    return `${shopOrigin(shop)}/admin/oauth/authorize?${query}`;
  },

  async verifyCallback(callbackUrl) {
    const params = Object.fromEntries(new URL(callbackUrl, 'http://callback').searchParams);
    try {
      return await shopifyLibrary().utils.validateHmac(params);
    } catch {
      // no hmac, or a timestamp outside the library's tolerance
      return false;
    }
  },

  async exchangeCode(callbackUrl) {
    const params = new URL(callbackUrl, 'http://callback').searchParams;
    const shop = params.get('shop') ?? '';
    const code = params.get('code') ?? '';
    if (!isShopDomain(shop) || !code)
      throw new ConnectorError({ kind: 'rejected', message: 'Shopify sent no shop or no code' });
    const { apiKey, apiSecret } = shopifyEnv();
    let response: Response;
    try {
      response = await fetch(`${shopOrigin(shop)}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ client_id: apiKey, client_secret: apiSecret, code }),
        signal: AbortSignal.timeout(serverConfig().integrationCallTimeoutMs),
      });
    } catch (error) {
      throw new ConnectorError({ kind: 'unavailable', message: `Shopify did not answer (${String(error)})` });
    }
    const json = (await response.json().catch(() => null)) as { access_token?: string } | null;
    if (!response.ok || !json?.access_token)
      throw new ConnectorError({
        kind: response.status >= 500 ? 'unavailable' : 'rejected',
        message: `Shopify refused the authorization code (HTTP ${response.status})`,
      });
    return {
      accessToken: json.access_token,
      refreshToken: '',
      accessExpiresAt: NEVER,
      refreshExpiresAt: NEVER,
      externalCompanyId: shop,
    };
  },

  async refresh() {
    throw new ConnectorError({
      kind: 'rejected',
      message:
        'Shopify refused the access token (the app was uninstalled or its access revoked): connect Shopify again from Apps',
    });
  },

  async revoke(tokens) {
    // Shopify's documented way for an app to give up its access: DELETE api_permissions/current
    await adminCall(tokens, { method: 'delete', path: 'admin/api_permissions/current' });
  },

  async listOrdersUpdatedSince(tokens, since) {
    const query: Record<string, string> = { status: 'any', limit: '250', order: 'updated_at asc' };
    if (since) query.updated_at_min = since;
    return allPages<StoreOrder>(
      tokens,
      { path: 'orders', query },
      (body) => (body as { orders?: StoreOrder[] }).orders ?? [],
    );
  },

  async variantsBySku(tokens) {
    type Product = { variants?: { id: number | string; sku: string | null; inventory_item_id: number | string }[] };
    const products = await allPages<Product>(
      tokens,
      { path: 'products', query: { limit: '250', fields: 'id,variants' } },
      (body) => (body as { products?: Product[] }).products ?? [],
    );
    const bySku = new Map<string, StoreVariant>();
    for (const variant of products.flatMap((p) => p.variants ?? []))
      if (variant.sku && !bySku.has(variant.sku.trim()))
        bySku.set(variant.sku.trim(), {
          sku: variant.sku.trim(),
          variantId: String(variant.id),
          inventoryItemId: String(variant.inventory_item_id),
        });
    return bySku;
  },

  async listLocations(tokens) {
    const { body } = await adminCall<{ locations?: { id: string; name: string; active?: boolean }[] }>(tokens, {
      method: 'get',
      path: 'locations',
    });
    return (body?.locations ?? []).map((l): StoreLocation => ({
      id: String(l.id),
      name: l.name,
      active: l.active !== false,
    }));
  },

  async setAvailable(tokens, locationId, inventoryItemId, available) {
    await adminCall(tokens, {
      method: 'post',
      path: 'inventory_levels/set',
      data: { location_id: Number(locationId), inventory_item_id: Number(inventoryItemId), available },
    });
  },
};
