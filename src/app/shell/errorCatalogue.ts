// The error catalogue of spec 8 for application calls:
//   HTTP 401 or 500, or no token           -> clear the user, go to sign-in
//   VALIDATION_ERROR / SYNTAX_ERROR        -> 'It looks like something went wrong internally…' and
//                                             the failed query is reported (logClientError)
//   INTERNAL_SERVER_ERROR                  -> 'Oops. It looks like something went wrong internally…'
//   anything else                          -> the server's message
// A VALIDATION_ERROR with per-field messages is a form the user can fix: the form shows them
// under its inputs and the banner says 'One or more fields is missing or invalid' (nothing is
// reported). The server answers domain errors with HTTP 200, and 400 for a document it cannot
// parse or validate (reported like SYNTAX_ERROR).
import { ERROR_KEYS, type GraphQLErrorLike } from '../data/errors';

export type CallOutcome =
  | { kind: 'ok' }
  | { kind: 'signOut' }
  | { kind: 'error'; message: string; code?: string; info?: unknown; report: boolean };

const SIGN_OUT_STATUSES = new Set([401, 500]);

export function classifyCall(status: number, body: unknown): CallOutcome {
  if (SIGN_OUT_STATUSES.has(status)) return { kind: 'signOut' };
  const errors = (body as { errors?: GraphQLErrorLike[] } | null)?.errors;
  const first = Array.isArray(errors) ? (errors.find((e) => e?.extensions?.code) ?? errors[0]) : undefined;
  if (!first) {
    if (status >= 400) return { kind: 'error', message: ERROR_KEYS.network, code: `HTTP ${status}`, report: false };
    return { kind: 'ok' };
  }
  const code = first.extensions?.code;
  const info = first.extensions?.info;
  if (code === 'UNAUTHENTICATED') return { kind: 'signOut' };
  if (code === 'VALIDATION_ERROR') {
    const fields = info?.fields;
    if (fields && typeof fields === 'object' && Object.keys(fields).length)
      return { kind: 'error', message: ERROR_KEYS.invalidForm, code, info, report: false };
    return { kind: 'error', message: ERROR_KEYS.internalValidation, code, info, report: true };
  }
  if (code === 'SYNTAX_ERROR' || (status === 400 && !code))
    return { kind: 'error', message: ERROR_KEYS.internalValidation, code: code ?? 'SYNTAX_ERROR', info, report: true };
  if (status === 400 && code && !KNOWN_CODES.has(code))
    // the document did not parse or validate (mercurius' own codes)
    return { kind: 'error', message: ERROR_KEYS.internalValidation, code, info, report: true };
  if (code === 'INTERNAL_SERVER_ERROR')
    return { kind: 'error', message: ERROR_KEYS.internal, code, info, report: false };
  return { kind: 'error', message: first.message || ERROR_KEYS.network, code, info, report: false };
}

const KNOWN_CODES = new Set(['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INTERNAL_SERVER_ERROR', 'VALIDATION_ERROR']);

/** Item, product and vessel errors get a More info button (spec 2.5). */
const DETAIL_KEYS = [
  'item',
  'itemId',
  'product',
  'productId',
  'vessel',
  'vesselId',
  'tank',
  'tankId',
  'cask',
  'caskId',
];
const DETAIL_TYPES = /^(item|product|vessel|tank|cask|fermenter|bulkContainer)s?$/i;

export function hasMoreInfo(info: unknown): boolean {
  if (!info || typeof info !== 'object') return false;
  const i = info as Record<string, unknown>;
  if (DETAIL_KEYS.some((k) => i[k] !== undefined && i[k] !== null)) return true;
  for (const k of ['type', 'objectType', 'entity'])
    if (typeof i[k] === 'string' && DETAIL_TYPES.test(i[k])) return true;
  return false;
}

export interface RequestSummary {
  query?: string;
  variables?: string;
  operationName?: string;
}

/** The GraphQL request a fetch carried, for the client error report. */
export function summarizeRequest(body: unknown): RequestSummary {
  if (typeof body !== 'string') return {};
  try {
    const parsed = JSON.parse(body) as { query?: unknown; variables?: unknown; operationName?: unknown };
    return {
      ...(typeof parsed.query === 'string' ? { query: parsed.query } : {}),
      ...(parsed.variables !== undefined ? { variables: JSON.stringify(parsed.variables) } : {}),
      ...(typeof parsed.operationName === 'string' ? { operationName: parsed.operationName } : {}),
    };
  } catch {
    return {};
  }
}
