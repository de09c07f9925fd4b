// Domain errors: what a rule refuses, with the code the API answers (spec 8). Domain code throws
// these; the GraphQL layer puts code and info in `extensions`. Anything else is a bug: logged in
// full, answered as INTERNAL_SERVER_ERROR without details.
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'SYNTAX_ERROR'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNAUTHENTICATED'
  /** a per-user rate limit (exports); info.retryAfterSeconds says when to try again */
  | 'TOO_MANY_REQUESTS';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly info: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** VALIDATION_ERROR whose info.fields maps field paths ('name', 'bom.0.quantity') to spec messages. */
export const validationError = (fields: Record<string, string>) =>
  new AppError(
    'VALIDATION_ERROR',
    Object.entries(fields)
      .map(([f, m]) => `${f}: ${m}`)
      .join('; '),
    { fields },
  );

export const forbidden = (action: string) =>
  new AppError('FORBIDDEN', `You don't have permission to ${action}`, { action });
/** FORBIDDEN for a company feature flag that is off (allowWine, allowCSVExport, …). */
export const featureOff = (feature: string) =>
  new AppError('FORBIDDEN', `This feature is not enabled for the company (${feature})`, { feature });
export const notFound = (what: string, id: string) => new AppError('NOT_FOUND', `${what} ${id} not found`, { id });

/** PostgreSQL error codes we turn into answers a user can act on. */
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  detail?: string;
  cause?: unknown;
}

export function pgErrorOf(error: unknown): PgError | undefined {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const candidate = e as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return undefined;
}

export const isForeignKeyViolation = (e: unknown) => pgErrorOf(e)?.code === FOREIGN_KEY_VIOLATION;
export const isUniqueViolation = (e: unknown) => pgErrorOf(e)?.code === UNIQUE_VIOLATION;
