// @shopify/shopify-api: the OAuth callback's HMAC (utils.validateHmac, with its timestamp
// tolerance), webhook validation (webhooks.validate: the raw body's HMAC-SHA256 and the required
// X-Shopify-* headers) and the Admin REST client every shop call goes through (api.ts). Its OAuth
// begin/callback keep their state in a browser cookie, where ours is in the database, so the
// authorize URL and the code exchange are plain fetch (connector.ts). SHOPIFY_BASE_URL (a local
// stand-in in tests) is reached by the client as the shop itself: the library's hostScheme says
// http for it.
import '@shopify/shopify-api/adapters/node';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { serverConfig } from '../../../config';
import { SHOPIFY_SCOPES, shopifyEnv } from './config';

/** Set on the body of a refusal that was not JSON: the API itself did not answer it. */
export const NOT_JSON = 'refusalNotJson';

/** A refusal whose body is not JSON (an HTML page from Shopify's edge, an empty 4xx) as
 * Shopify's own `{"errors": …}`, marked NOT_JSON: the client parses every body as JSON before it
 * reads the status, so it would take every refusal for no answer. */
export async function refusalAsJson(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  const init = { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) };
  // the body is read and decoded: its length and encoding no longer describe it
  init.headers.delete('content-length');
  init.headers.delete('content-encoding');
  try {
    // the API's own refusals are objects ({"errors": …}); anything else is read as not JSON
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return new Response(text, init);
    throw new SyntaxError('not an object');
  } catch {
    const plain = /^text\/plain/i.test(response.headers.get('content-type') ?? '') ? text.trim().slice(0, 300) : '';
    init.headers.set('content-type', 'application/json');
    const errors = plain || `${response.status} ${response.statusText}`.trim();
    return new Response(JSON.stringify({ errors, [NOT_JSON]: true }), init);
  }
}

// the node adapter's fetch waits for ever: every Admin call gets a deadline instead (a shop that
// does not answer in time counts as unavailable and the job retries)
setAbstractFetchFunc(async (input, init) =>
  refusalAsJson(
    await fetch(input, {
      ...init,
      signal: init?.signal ?? AbortSignal.timeout(serverConfig().integrationCallTimeoutMs),
    }),
  ),
);

/** The Admin API version every call names (Shopify supports each for a year). */
export const SHOPIFY_API_VERSION = ApiVersion.April26;

type Shopify = ReturnType<typeof shopifyApi>;
let cached: { key: string; shopify: Shopify } | null = null;

/** The library configured with the current key, secret and base URL (rebuilt if the environment
 * changed). */
export function shopifyLibrary(): Shopify {
  const { apiKey, apiSecret, baseUrl } = shopifyEnv();
  const key = `${apiKey}:${apiSecret}:${baseUrl}`;
  if (cached?.key !== key) {
    const shopify = shopifyApi({
      apiKey,
      apiSecretKey: apiSecret,
      scopes: SHOPIFY_SCOPES,
      // the app's own host plays no part in our calls; the library only insists on one
      hostName: 'localhost',
      // the Admin client calls {hostScheme}://{shop}: http only for a stand-in named so
      hostScheme: baseUrl.startsWith('http:') ? 'http' : 'https',
      apiVersion: SHOPIFY_API_VERSION,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error },
    });
    cached = { key, shopify };
  }
  return cached.shopify;
}
