// Shopify's settings from the environment: the app's key and secret (Partner dashboard) and,
// for tests, SHOPIFY_BASE_URL, an origin that replaces https://{shop} in every call (the local
// stand-in). Read at each use, so a test can set them before it connects.
import { AppError } from '../../kernel/errors';

export interface ShopifyEnv {
  apiKey: string;
  apiSecret: string;
  /** replaces https://{shop}; empty means the real shop */
  baseUrl: string;
}

export function shopifyEnv(env: NodeJS.ProcessEnv = process.env): ShopifyEnv {
  const apiKey = env.SHOPIFY_API_KEY ?? '';
  const apiSecret = env.SHOPIFY_API_SECRET ?? '';
  if (!apiKey || !apiSecret)
    throw new AppError(
      'VALIDATION_ERROR',
      'Shopify is not set up on this server: SHOPIFY_API_KEY and SHOPIFY_API_SECRET are missing',
    );
  return { apiKey, apiSecret, baseUrl: (env.SHOPIFY_BASE_URL ?? '').replace(/\/+$/, '') };
}

/** A shop's permanent domain, as Shopify names it (the brief's rule: lower case only). */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const MAX_SHOP_LENGTH = 100;

export const isShopDomain = (shop: unknown): shop is string =>
  typeof shop === 'string' && shop.length <= MAX_SHOP_LENGTH && SHOP_DOMAIN.test(shop);

/** Where a shop's Admin API and OAuth endpoints live. */
export const shopOrigin = (shop: string, env = shopifyEnv()) => env.baseUrl || `https://${shop}`;

/** What the app asks the shop for: orders to import, products and inventory to set stock, the
 * locations to map sites to. */
export const SHOPIFY_SCOPES = ['read_orders', 'read_products', 'read_inventory', 'write_inventory', 'read_locations'];
