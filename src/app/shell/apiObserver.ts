// Wraps the authorized fetch of every API call with the error catalogue (./errorCatalogue):
// signs out on 401/500, shows the error banner unless the call was silent, and reports
// internal validation and syntax errors with the failed query.
import { classifyCall, summarizeRequest, type CallOutcome } from './errorCatalogue';
import type { ClientErrorInput } from './clientErrors';
import { SERVICE_BASES, STAFF_SERVICES } from '../../shared/services';

/** A request header (stripped before sending) that keeps a call's errors off the banner. */
export const SILENT_HEADER = 'x-distillery-silent';

/** Operations whose failures their callers handle themselves. */
const SILENT_OPERATIONS = new Set(['Companies', 'LogClientError']);

export interface ObserverDeps {
  onSignOut: () => void;
  onError: (outcome: Extract<CallOutcome, { kind: 'error' }>) => void;
  report: (input: ClientErrorInput) => void;
}

/** The staff services' endpoints (spec 7): main's /graphql…, and /ecommerce/graphql… and
 * /pointofsale/graphql… (src/shared/services.ts). */
const STAFF_GRAPHQL = new RegExp(
  `^(${STAFF_SERVICES.map((service) => SERVICE_BASES[service]).join('|')})/graphql(/|$)`,
);

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

export function observeApi(inner: typeof fetch, deps: ObserverDeps): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    let silent = headers.get(SILENT_HEADER) === '1';
    headers.delete(SILENT_HEADER);
    const response = await inner(input, { ...init, headers });
    if (!STAFF_GRAPHQL.test(new URL(urlOf(input), 'http://x').pathname)) {
      if (response.status === 401) deps.onSignOut();
      return response;
    }
    const request = summarizeRequest(init?.body);
    if (request.operationName && SILENT_OPERATIONS.has(request.operationName)) silent = true;
    let body: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = await response.clone().json();
      } catch {
        body = null;
      }
    }
    const outcome = classifyCall(response.status, body);
    if (outcome.kind === 'signOut') deps.onSignOut();
    else if (outcome.kind === 'error') {
      if (!silent) deps.onError(outcome);
      if (outcome.report && request.operationName !== 'LogClientError')
        deps.report({
          ...(request.query ? { query: request.query } : {}),
          ...(request.variables ? { variables: request.variables } : {}),
          message: `${outcome.code ?? 'ERROR'}: ${firstMessage(body) ?? outcome.message}`,
        });
    }
    return response;
  };
}

function firstMessage(body: unknown): string | undefined {
  const errors = (body as { errors?: { message?: string }[] } | null)?.errors;
  return Array.isArray(errors) ? errors[0]?.message : undefined;
}
