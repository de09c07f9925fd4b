// GraphQL and HTTP failures -> what react-admin shows. Errors carry `extensions.code`
// (spec 8): VALIDATION_ERROR with `info.fields` becomes form errors under the inputs; the
// internal codes get the spec's fixed texts; FORBIDDEN, NOT_FOUND, CONFLICT and the rest show
// the server's message. Messages that are i18n keys (app.*) are translated by react-admin.

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'SYNTAX_ERROR'
  | 'INTERNAL_SERVER_ERROR'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'UNAUTHENTICATED';

export interface GraphQLErrorLike {
  message?: string;
  extensions?: { code?: string; info?: { fields?: Record<string, string> } & Record<string, unknown> } & Record<string, unknown>;
}

export interface ApiErrorDescription {
  /** an i18n key or the server's own words */
  message: string;
  status: number;
  code?: string;
  body: { code?: string; info?: unknown; errors?: Record<string, string> };
}

export const ERROR_KEYS = {
  invalidForm: 'app.error.invalid_form',
  internalValidation: 'app.error.internal_validation',
  internal: 'app.error.internal',
  unauthenticated: 'ra.notification.logged_out',
  network: 'ra.notification.http_error',
} as const;

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION_ERROR: 400,
  SYNTAX_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INTERNAL_SERVER_ERROR: 500,
};

/** A failure we raise ourselves in a response parser, shaped like an Apollo error. */
export class ApiProblem extends Error {
  readonly graphQLErrors: GraphQLErrorLike[];
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'ApiProblem';
    this.graphQLErrors = [{ message, extensions: { code } }];
  }
}

/** 'bom[0].quantity' and '/bom/0/quantity' -> 'bom.0.quantity' (react-hook-form paths). */
export function normalizeFieldPath(path: string): string {
  return path
    .replace(/^\//, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\./, '');
}

type Loose = Record<string, unknown> | undefined;

function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  const candidates: Loose[] = [];
  const e = error as Loose;
  candidates.push(e, e?.body as Loose, e?.cause as Loose);
  for (const c of candidates) {
    if (!c) continue;
    const direct = c.graphQLErrors;
    if (Array.isArray(direct) && direct.length) return direct as GraphQLErrorLike[];
    const network = c.networkError as Loose;
    const result = network?.result as Loose;
    if (Array.isArray(result?.errors) && result.errors.length) return result.errors as GraphQLErrorLike[];
    if (Array.isArray(c.errors) && c.errors.length && typeof (c.errors[0] as Loose)?.message === 'string') return c.errors as GraphQLErrorLike[];
  }
  return [];
}

function httpStatusOf(error: unknown): number | undefined {
  const e = error as Loose;
  const candidates = [e?.status, (e?.networkError as Loose)?.statusCode, ((e?.body as Loose)?.networkError as Loose)?.statusCode];
  for (const s of candidates) if (typeof s === 'number' && s >= 400) return s;
  return undefined;
}

export function describeApiError(error: unknown): ApiErrorDescription {
  const gqlErrors = graphQLErrorsOf(error);
  const first = gqlErrors.find((g) => g.extensions?.code) ?? gqlErrors[0];
  const code = first?.extensions?.code;
  const info = first?.extensions?.info;
  const serverMessage = first?.message || (error instanceof Error ? error.message : undefined) || ERROR_KEYS.network;
  const httpStatus = httpStatusOf(error);

  if (httpStatus === 401 || code === 'UNAUTHENTICATED') {
    return { message: ERROR_KEYS.unauthenticated, status: 401, code: 'UNAUTHENTICATED', body: { code: 'UNAUTHENTICATED' } };
  }
  if (code === 'VALIDATION_ERROR') {
    const fields = info?.fields;
    if (fields && typeof fields === 'object' && Object.keys(fields).length > 0) {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) errors[normalizeFieldPath(path)] = String(message);
      return { message: ERROR_KEYS.invalidForm, status: 400, code, body: { code, info, errors } };
    }
    return { message: ERROR_KEYS.internalValidation, status: 400, code, body: { code, info } };
  }
  if (code === 'SYNTAX_ERROR') return { message: ERROR_KEYS.internalValidation, status: 400, code, body: { code, info } };
  if (code === 'INTERNAL_SERVER_ERROR') return { message: ERROR_KEYS.internal, status: 500, code, body: { code, info } };
  if (code) return { message: serverMessage, status: STATUS_BY_CODE[code] ?? 400, code, body: { code, info } };
  if (httpStatus !== undefined && httpStatus >= 500) return { message: ERROR_KEYS.internal, status: httpStatus, body: {} };
  return { message: serverMessage, status: httpStatus ?? 400, body: {} };
}
