// Every Square call goes through the `square` SDK with its own retries off: the sync's rules
// (calls.ts withTokens, the job queue's backoff) decide what a failure means, so each SDK error
// is sorted here into the connector's kinds: 401 unauthorized, 429 rateLimited (Retry-After),
// 5xx or no answer unavailable, any other 4xx rejected with Square's own error details.
import { SquareClient, SquareError } from 'square';
import { ConnectorError } from '../connector';
import { serverConfig } from '../../../config';
import { squareBaseUrl } from './config';

/** A throttled answer without Retry-After waits this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

export const squareClient = (accessToken?: string) =>
  new SquareClient({
    environment: squareBaseUrl(),
    ...(accessToken ? { token: accessToken } : { auth: false }),
    maxRetries: 0,
    timeoutInSeconds: serverConfig().integrationCallTimeoutMs / 1000,
  });

/** Square's errors as people read them: "INVALID_VALUE: sku is too long (field)". */
function detailsOf(error: SquareError): string {
  const said = error.errors
    .map((e) => [e.code, e.detail].filter(Boolean).join(': ') + (e.field ? ` (${e.field})` : ''))
    .filter(Boolean)
    .join('; ');
  return (said || error.message).slice(0, 1000);
}

function retryAfterOf(error: SquareError): number {
  const header = Number(error.rawResponse?.headers?.get?.('retry-after'));
  return Number.isFinite(header) && header > 0 ? header : DEFAULT_RETRY_AFTER_SECONDS;
}

export function failureOf(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (error instanceof SquareError && error.statusCode) {
    const said = detailsOf(error);
    if (error.statusCode === 401) return new ConnectorError({ kind: 'unauthorized', message: `Square: ${said}` });
    if (error.statusCode === 429)
      return new ConnectorError({
        kind: 'rateLimited',
        retryAfterSeconds: retryAfterOf(error),
        message: `Square is throttling requests: ${said}`,
      });
    if (error.statusCode >= 500)
      return new ConnectorError({ kind: 'unavailable', message: `Square failed (${error.statusCode}): ${said}` });
    return new ConnectorError({ kind: 'rejected', message: `Square refused it: ${said}` });
  }
  return new ConnectorError({
    kind: 'unavailable',
    message: `Square did not answer (${error instanceof Error ? error.message : String(error)})`,
  });
}

/** One SDK call with its failure sorted. */
export async function squareCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw failureOf(error);
  }
}
