// POST /graphql/:companyId behind the bearer token check, and the same on each staff service's
// endpoint (spec 7: /ecommerce/graphql/:companyId, /pointofsale/graphql/:companyId; the
// portal's is portalPlugin.ts). A request without a valid token never reaches GraphQL (401);
// membership and permissions are checked per root field, on every endpoint alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult, type ValidationRule } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { Db } from '../db/connect';
import type { FileStore } from '../http/files';
import type { Mailer } from '../http/mail';
import { MAX_ALIASES, MAX_COST, MAX_DIRECTIVES, MAX_QUERY_DEPTH, MAX_TOKENS } from '../../shared/limits';
import { buildContext, defaultExportLimit } from './context';
import { SERVICE_BASES, STAFF_SERVICES } from '../../shared/services';
import { buildServiceSchemas, formatError } from './schema';
import { clientStatusOf } from './errors';
import { logRefusal } from '../auth/verify';

export type UserResolver = (authorization: string | undefined) => Promise<string>;

declare module 'fastify' {
  interface FastifyRequest {
    userId?: string;
  }
}

/** What a document may ask for besides the spec's rules: aliases, directives and cost (the
 * depth is mercurius' queryDepth, the tokens the parser's maxTokens); no introspection in
 * production (the client ships its own copy of the schema). */
export function validationRules(env: NodeJS.ProcessEnv = process.env): ValidationRule[] {
  return [
    maxAliasesRule({ n: MAX_ALIASES }),
    maxDirectivesRule({ n: MAX_DIRECTIVES }),
    costLimitRule({ maxCost: MAX_COST }),
    ...(env.NODE_ENV === 'production' ? [NoSchemaIntrospectionCustomRule] : []),
  ];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** What is wrong with the request's own shape, before GraphQL sees it. mercurius would read a
 * query that is not a string, or a string of JSON, as an AST and fail inside. */
export function requestProblem(payload: unknown, method: string): { code: string; message: string } | null {
  if (!isObject(payload))
    return { code: 'VALIDATION_ERROR', message: 'The request must be a JSON object with a query' };
  const { query, variables, operationName } = payload;
  if (typeof query !== 'string' || !query.trim())
    return { code: 'SYNTAX_ERROR', message: 'query must be a GraphQL document (a string)' };
  let json = true;
  try {
    JSON.parse(query);
  } catch {
    json = false;
  }
  if (json) return { code: 'SYNTAX_ERROR', message: 'query must be a GraphQL document, not JSON' };
  const variablesOk =
    variables === undefined ||
    variables === null ||
    (method === 'GET' ? typeof variables === 'string' : isObject(variables));
  if (!variablesOk) return { code: 'VALIDATION_ERROR', message: 'variables must be an object' };
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    return { code: 'VALIDATION_ERROR', message: 'operationName must be a string' };
  return null;
}

/**
 * What every GraphQL endpoint (the app's, the portal's) checks before a document runs: the
 * bearer token (`authenticate` throws when it opens nothing: 401, Sign in again) and the
 * request's shape (400 with requestProblem's code).
 */
export function guardRequests(scope: FastifyInstance, authenticate: (request: FastifyRequest) => Promise<void>) {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await authenticate(request);
    } catch (error) {
      logRefusal(request.log, error);
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ errors: [{ message: 'Sign in again', extensions: { code: 'UNAUTHENTICATED', info: {} } }] });
    }
  });
  scope.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = requestProblem(request.method === 'GET' ? request.query : request.body, request.method);
    if (problem)
      return reply
        .code(400)
        .send({ data: null, errors: [{ message: problem.message, extensions: { code: problem.code, info: {} } }] });
  });
}

export async function registerGraphql(
  app: FastifyInstance,
  options: { db: Db; files: FileStore; resolveUser: UserResolver; mail?: Mailer; publicOrigin?: string },
): Promise<void> {
  const schemas = buildServiceSchemas();
  const exportLimit = defaultExportLimit();
  for (const service of STAFF_SERVICES)
    await app.register(async (scope) => {
      guardRequests(scope, async (request) => {
        request.userId = await options.resolveUser(request.headers.authorization);
      });
      await scope.register(mercurius, {
        schema: schemas[service],
        path: `${SERVICE_BASES[service]}/graphql/:companyId`,
        jit: 1,
        graphiql: false,
        queryDepth: MAX_QUERY_DEPTH,
        validationRules: validationRules(),
        graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
        context: (request: FastifyRequest) =>
          buildContext(
            options.db,
            options.files,
            request.userId!,
            (request.params as { companyId: string }).companyId,
            {
              userAgent: request.headers['user-agent'],
              version: typeof request.headers['x-version'] === 'string' ? request.headers['x-version'] : undefined,
            },
            exportLimit,
            { mail: options.mail, publicOrigin: options.publicOrigin },
          ),
        errorFormatter: (execution, ctx) => formatErrors(app, execution, ctx),
      });
    });
}

/** Errors as spec 8 has them, with the status the client acts on. */
function formatErrors(app: FastifyInstance, execution: ExecutionResult, ctx: { reply?: FastifyReply }) {
  const errors = (execution.errors ?? []).flatMap((e) => {
    const nested = (e.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
    return Array.isArray(nested) ? nested : [e];
  });
  const request = ctx.reply?.request;
  const log = request?.log ?? app.log;
  const formatted = errors.map((e) => {
    const out = formatError(e, request?.id);
    // every internal error is logged in full with the request id the client was given
    if (out.extensions.code === 'INTERNAL_SERVER_ERROR')
      log.error({ err: e.originalError ?? e, path: e.path, requestId: request?.id }, 'internal server error');
    return out;
  });
  // A document that never ran (parse, schema or variable errors) is the client's mistake:
  // 400. Anything that ran answers 200 with its errors, since the spec's client signs
  // the user out on a 500.
  const documentOnly = errors.every((e) => !e.originalError || e.originalError instanceof GraphQLError);
  const requestError = errors.map((e) => clientStatusOf(e.originalError)).find(Boolean);
  const statusCode = requestError ?? (execution.data == null && documentOnly ? 400 : 200);
  return { statusCode, response: { data: execution.data ?? null, errors: formatted.map((e) => e.toJSON()) } };
}
