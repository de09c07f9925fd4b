// Errors that reach the client carry `extensions.code` and `info` (spec 8). The domain's errors
// live in the kernel (domain code never imports this folder); this file re-exports them.
export {
  AppError,
  validationError,
  forbidden,
  featureOff,
  notFound,
  pgErrorOf,
  isForeignKeyViolation,
  isUniqueViolation,
  type ErrorCode,
} from '../domain/kernel/errors';

/** A Fastify error about the request itself (bad JSON, wrong content type) keeps its 4xx. */
export function clientStatusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
