// @shopify/shopify-api for what it does without reaching a shop: the OAuth callback's HMAC
// (utils.validateHmac, with its timestamp tolerance) and webhook validation (webhooks.validate:
// the raw body's HMAC-SHA256 and the required X-Shopify-* headers). Its OAuth begin/callback
// keep their state in a browser cookie and its Admin clients always call https://{shop}, so the
// authorize URL, the code exchange and the Admin calls are plain fetch (oauth.ts, api.ts), which
// can point at SHOPIFY_BASE_URL (a local stand-in in tests).
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { SHOPIFY_SCOPES, shopifyEnv } from './config';

type Shopify = ReturnType<typeof shopifyApi>;
let cached: { key: string; shopify: Shopify } | null = null;

/** The library configured with the current key and secret (rebuilt if the environment changed). */
export function shopifyLibrary(): Shopify {
  const { apiKey, apiSecret } = shopifyEnv();
  const key = `${apiKey}:${apiSecret}`;
  if (cached?.key !== key) {
    const shopify = shopifyApi({
      apiKey,
      apiSecretKey: apiSecret,
      scopes: SHOPIFY_SCOPES,
      // the app's own host plays no part in HMAC checks; the library only insists on one
      hostName: 'localhost',
      apiVersion: ApiVersion.October24,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error },
    });
    cached = { key, shopify };
  }
  return cached.shopify;
}
