// POST /graphql/:companyId behind the bearer token check. A request without a valid token
// never reaches GraphQL (401); membership and permissions are checked per root field.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLError } from 'graphql';
import type { Db } from '../db/connect';
import type { FileStore } from '../http/files';
import { buildContext } from './context';
import { buildExecutableSchema, formatError } from './schema';
import { clientStatusOf } from './errors';

export type UserResolver = (authorization: string | undefined) => Promise<string>;

declare module 'fastify' {
  interface FastifyRequest {
    userId?: string;
  }
}

export async function registerGraphql(
  app: FastifyInstance,
  options: { db: Db; files: FileStore; resolveUser: UserResolver },
): Promise<void> {
  const schema = buildExecutableSchema();
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        request.userId = await options.resolveUser(request.headers.authorization);
      } catch {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ errors: [{ message: 'Sign in again', extensions: { code: 'UNAUTHENTICATED', info: {} } }] });
      }
    });
    await scope.register(mercurius, {
      schema,
      path: '/graphql/:companyId',
      jit: 1,
      graphiql: false,
      queryDepth: 12,
      context: (request: FastifyRequest) =>
        buildContext(options.db, options.files, request.userId!, (request.params as { companyId: string }).companyId, {
          userAgent: request.headers['user-agent'],
          version: typeof request.headers['x-version'] === 'string' ? request.headers['x-version'] : undefined,
        }),
      errorFormatter: (execution, ctx) => {
        const errors = (execution.errors ?? []).flatMap((e) => {
          const nested = (e.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
          return Array.isArray(nested) ? nested : [e];
        });
        for (const e of errors)
          if (
            e.originalError?.name !== 'AppError' &&
            (e.path?.length || (e.originalError && !(e.originalError instanceof GraphQLError)))
          )
            (ctx.reply?.log ?? app.log).error({ err: e.originalError, path: e.path }, 'resolver failed');
        const formatted = errors.map(formatError);
        // A document that never ran (parse, schema or variable errors) is the client's mistake:
        // 400. Anything that ran answers 200 with its errors, since the spec's client signs
        // the user out on a 500.
        const documentOnly = errors.every((e) => !e.originalError || e.originalError instanceof GraphQLError);
        const requestError = errors.map((e) => clientStatusOf(e.originalError)).find(Boolean);
        const statusCode = requestError ?? (execution.data == null && documentOnly ? 400 : 200);
        return { statusCode, response: { data: execution.data ?? null, errors: formatted.map((e) => e.toJSON()) } };
      },
    });
  });
}
