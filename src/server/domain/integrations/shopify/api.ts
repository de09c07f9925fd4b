// Shopify's Admin REST API through @shopify/shopify-api's client (library.ts), with Shopify's
// answers sorted into the connector's failure kinds: 401 the token is no longer valid (offline
// tokens do not expire: the app was uninstalled or access revoked, so connect again), 429
// throttled with Retry-After (seconds, possibly decimal), 5xx or no answer unavailable, other 4xx
// a refusal with Shopify's own {"errors": …} words. The client does not retry by itself (no
// `tries`): the job queue does, with its back-off.
import {
  HttpInternalError,
  HttpResponseError,
  HttpThrottlingError,
  Session,
  type PageInfoParams,
} from '@shopify/shopify-api';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { shopifyEnv } from './config';
import { NOT_JSON, shopifyLibrary } from './library';

/** Refusals that say "not now", not "never": a request timeout, too early; and, when Shopify's
 * edge answered them with a page rather than the API with JSON, a firewall's "Access denied", a
 * conflict or a lock. They are retried as an outage is, not failed for good. */
const PASSING = new Set([408, 425]);
const PASSING_AT_THE_EDGE = new Set([403, 409, 423]);

const errorsText = (body: unknown): string => {
  const errors = (body as { errors?: unknown })?.errors;
  if (typeof errors === 'string') return errors;
  if (errors && typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>)
      .map(([field, words]) => `${field} ${Array.isArray(words) ? words.join(', ') : String(words)}`)
      .join('; ');
  return '';
};

/** The shop's offline session: the client calls https://{shop}, or the stand-in in its place. */
function sessionOf(tokens: ConnectorTokens): Session {
  const { baseUrl } = shopifyEnv();
  const shop = baseUrl ? new URL(baseUrl).host : tokens.externalCompanyId;
  return new Session({
    id: `offline_${tokens.externalCompanyId}`,
    shop,
    state: '',
    isOnline: false,
    accessToken: tokens.accessToken,
  });
}

function failureOf(error: unknown): ConnectorError {
  if (error instanceof HttpThrottlingError)
    return new ConnectorError({
      kind: 'rateLimited',
      retryAfterSeconds: Math.ceil(error.response.retryAfter || 2),
      message: 'Shopify: too many requests',
    });
  if (error instanceof HttpResponseError) {
    const words = errorsText(error.response.body) || `HTTP ${error.response.code}`;
    const code = error.response.code;
    const atTheEdge = (error.response.body as Record<string, unknown> | null)?.[NOT_JSON] === true;
    if (error instanceof HttpInternalError || PASSING.has(code) || (atTheEdge && PASSING_AT_THE_EDGE.has(code)))
      return new ConnectorError({ kind: 'unavailable', message: `Shopify failed (${words})` });
    if (error.response.code === 401)
      return new ConnectorError({
        kind: 'unauthorized',
        message: `Shopify refused the access token (${words}): connect Shopify again from Apps`,
      });
    return new ConnectorError({ kind: 'rejected', message: `Shopify refused the request: ${words}` });
  }
  // no answer: refused connection, timeout, a body that is not JSON
  return new ConnectorError({
    kind: 'unavailable',
    message: `Shopify did not answer (${error instanceof Error ? error.message : String(error)})`,
  });
}

export interface AdminRequest {
  method: 'get' | 'post' | 'delete';
  /** "orders" (the client adds /admin/api/{version}/ and .json), or "admin/…" as it is */
  path: string;
  query?: Record<string, string>;
  data?: Record<string, unknown>;
}

/** One Admin API call; its body, and the next page's request when Shopify's Link header names
 * one (cursor pagination). Ids arrive as text (the client reads them losslessly). */
export async function adminCall<T>(
  tokens: ConnectorTokens,
  request: AdminRequest,
): Promise<{ body: T; nextPage: PageInfoParams | null }> {
  const client = new (shopifyLibrary().clients.Rest)({ session: sessionOf(tokens) });
  try {
    const { path, query } = request;
    const answer =
      request.method === 'post'
        ? await client.post({ path, query, data: request.data ?? {} })
        : await client[request.method]({ path, query });
    return { body: answer.body as T, nextPage: answer.pageInfo?.nextPage ?? null };
  } catch (error) {
    throw failureOf(error);
  }
}
