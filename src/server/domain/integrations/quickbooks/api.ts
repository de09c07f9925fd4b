// QuickBooks Online's Accounting API by direct REST (developer.intuit.com, API reference v3):
// POST /v3/company/{realmId}/{entity} creates (and, with Id and SyncToken, updates; with
// ?operation=void or delete, voids or deletes), GET /v3/company/{realmId}/{entity}/{id} reads one,
// GET /v3/company/{realmId}/query?query= queries.
// Every create carries `requestid`: QuickBooks answers a repeated requestid with the first
// answer instead of creating again, so a job retried after a lost answer never duplicates.
// Failures are sorted into the connector's kinds (401, 429, 5xx, other 4xx with the Fault).
import { serverConfig } from '../../../config';
import { ConnectorError, type ConnectorTokens } from '../connector';

/** The API version the payloads follow (Intuit requires 75 or later from August 2025). */
export const MINOR_VERSION = '75';
/** A throttled answer without Retry-After: Intuit's limits are per minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 10;

export function apiBaseUrl(): string {
  const { apiBaseUrl: base, environment } = serverConfig().quickbooks;
  if (base) return base;
  return environment === 'sandbox' ? 'https://sandbox-quickbooks.api.intuit.com' : 'https://quickbooks.api.intuit.com';
}

interface IntuitFaultError {
  Message?: string;
  Detail?: string;
  code?: string;
  message?: string;
  detail?: string;
}

/** The Fault's own words, as Intuit documents it: {"Fault":{"Error":[{"Message","Detail","code"}],"type"}}. */
export function faultMessage(body: unknown): string | null {
  const b = body as { Fault?: { Error?: IntuitFaultError[] }; fault?: { error?: IntuitFaultError[] } } | null;
  const errors = b?.Fault?.Error ?? b?.fault?.error;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return errors
    .map((e) => [e.Message ?? e.message, e.Detail ?? e.detail].filter(Boolean).join(': '))
    .join('; ')
    .slice(0, 1000);
}

/** The first Fault error's code (Intuit's list of API error codes: 5010 is a stale SyncToken). */
function faultCode(body: unknown): string | undefined {
  const b = body as { Fault?: { Error?: IntuitFaultError[] } } | null;
  const code = b?.Fault?.Error?.[0]?.code;
  return code === undefined ? undefined : String(code);
}

async function call(tokens: ConnectorTokens, method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = `${apiBaseUrl()}/v3/company/${encodeURIComponent(tokens.externalCompanyId)}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${tokens.accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(serverConfig().integrationCallTimeoutMs),
    });
  } catch (error) {
    throw new ConnectorError({
      kind: 'unavailable',
      message: `QuickBooks Online did not answer (${error instanceof Error ? error.message : String(error)})`,
    });
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (response.ok) return json as Record<string, unknown>;
  const said = faultMessage(json) ?? (text.slice(0, 300) || response.statusText);
  if (response.status === 401) throw new ConnectorError({ kind: 'unauthorized', message: said });
  if (response.status === 429) {
    const header = Number(response.headers.get('retry-after'));
    throw new ConnectorError({
      kind: 'rateLimited',
      retryAfterSeconds: Number.isFinite(header) && header > 0 ? header : DEFAULT_RETRY_AFTER_SECONDS,
      message: `QuickBooks Online is throttling requests: ${said}`,
    });
  }
  if (response.status >= 500)
    throw new ConnectorError({
      kind: 'unavailable',
      message: `QuickBooks Online failed (${response.status}): ${said}`,
    });
  throw new ConnectorError({
    kind: 'rejected',
    message: `QuickBooks Online refused it: ${said}`,
    code: faultCode(json),
  });
}

export const create = (tokens: ConnectorTokens, entity: string, payload: unknown, requestId: string) =>
  call(tokens, 'POST', `${entity}?minorversion=${MINOR_VERSION}&requestid=${encodeURIComponent(requestId)}`, payload);

/** An update, void or delete (Intuit: POST with Id and the current SyncToken; `operation`
 * void or delete); the requestid makes a retry of the same change answer the first one. */
export const post = (
  tokens: ConnectorTokens,
  entity: string,
  payload: unknown,
  requestId: string,
  operation?: 'void' | 'delete',
) =>
  call(
    tokens,
    'POST',
    `${entity}?${operation ? `operation=${operation}&` : ''}minorversion=${MINOR_VERSION}&requestid=${encodeURIComponent(requestId)}`,
    payload,
  );

/** One record as QuickBooks has it now (GET /v3/company/{realmId}/{entity}/{id}). */
export const read = async (tokens: ConnectorTokens, entity: string, id: string, name: string) => {
  const answer = await call(tokens, 'GET', `${entity}/${encodeURIComponent(id)}?minorversion=${MINOR_VERSION}`);
  const record = answer?.[name] as { Id?: string; SyncToken?: string } | undefined;
  if (!record?.Id)
    throw new ConnectorError({ kind: 'unavailable', message: `QuickBooks Online answered no ${name} ${id}` });
  return record as Record<string, unknown> & { Id: string; SyncToken?: string };
};

/** Intuit's answer to an update made with an old SyncToken: "Stale Object Error", code 5010. */
export const isStale = (error: unknown) =>
  error instanceof ConnectorError && error.failure.kind === 'rejected' && error.failure.code === '5010';

export const query = async (tokens: ConnectorTokens, statement: string) => {
  const answer = await call(
    tokens,
    'GET',
    `query?query=${encodeURIComponent(statement)}&minorversion=${MINOR_VERSION}`,
  );
  return (answer?.QueryResponse ?? {}) as Record<string, unknown>;
};

/** A string literal in Intuit's query language: backslash before a quote or a backslash. */
export const quoted = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** The created record's Id in a create's answer ({"Invoice":{"Id":…}}). */
export const idOf = (answer: Record<string, unknown>, entity: string): string => {
  const id = (answer?.[entity] as { Id?: string } | undefined)?.Id;
  if (!id) throw new ConnectorError({ kind: 'unavailable', message: `QuickBooks Online answered no ${entity} id` });
  return String(id);
};
