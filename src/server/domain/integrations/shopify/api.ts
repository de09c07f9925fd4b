// Shopify's Admin REST API by plain fetch (library.ts says why), with Shopify's answers sorted
// into the connector's failure kinds: 401 the token is no longer valid (offline tokens do not
// expire: the app was uninstalled or access revoked, so connect again), 429 throttled with
// Retry-After (seconds, possibly decimal), 5xx or no answer unavailable, other 4xx a refusal with
// Shopify's own {"errors": …} words.
import { ConnectorError, type ConnectorTokens } from '../connector';
import { SHOPIFY_API_VERSION, shopOrigin } from './config';

const TIMEOUT_MS = 30_000;

const errorsText = (body: unknown): string => {
  const errors = (body as { errors?: unknown })?.errors;
  if (typeof errors === 'string') return errors;
  if (errors && typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>)
      .map(([field, words]) => `${field} ${Array.isArray(words) ? words.join(', ') : String(words)}`)
      .join('; ');
  return '';
};

export async function adminCall<T>(
  tokens: ConnectorTokens,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ body: T; link: string | null }> {
  const url = `${shopOrigin(tokens.externalCompanyId)}/admin/api/${SHOPIFY_API_VERSION}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        'X-Shopify-Access-Token': tokens.accessToken,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ConnectorError({
      kind: 'unavailable',
      message: `Shopify did not answer (${error instanceof Error ? error.message : String(error)})`,
    });
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (response.ok) return { body: json as T, link: response.headers.get('link') };
  const words = errorsText(json) || `HTTP ${response.status}`;
  if (response.status === 401)
    throw new ConnectorError({
      kind: 'unauthorized',
      message: `Shopify refused the access token (${words}): connect Shopify again from Apps`,
    });
  if (response.status === 429) {
    const seconds = Math.ceil(Number(response.headers.get('retry-after') ?? '2') || 2);
    throw new ConnectorError({
      kind: 'rateLimited',
      retryAfterSeconds: seconds,
      message: 'Shopify: too many requests',
    });
  }
  if (response.status >= 500) throw new ConnectorError({ kind: 'unavailable', message: `Shopify failed (${words})` });
  throw new ConnectorError({ kind: 'rejected', message: `Shopify refused the request: ${words}` });
}

/** The page_info of the next page from Shopify's Link header (cursor pagination), or null. */
export function nextPageInfo(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    if (!/rel="?next"?/.test(part)) continue;
    const url = /<([^>]+)>/.exec(part)?.[1];
    if (url) return new URL(url).searchParams.get('page_info');
  }
  return null;
}
