// POST /portal/graphql/:companyId: the customer portal's own GraphQL endpoint (spec 7, one
// endpoint per service). A request needs a valid bearer token (any client of the issuer: the
// portal's own, or the app's for a person who is staff elsewhere); every operation needs the
// company's customerPortal add-on on (domain/portal/access.ts), and every one but accepting an
// invitation an accepted link of that person to a customer of :companyId in an enabled portal.
// Company membership and app permissions open nothing here; a portal token opens nothing on
// /graphql (app.ts). When a person holds links to several customers of one company, the
// x-portal-customer header names the one they act for (portalCustomers lists them).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { buildSchema, GraphQLError } from 'graphql';
import type { Db } from '../db/connect';
import { MAX_QUERY_DEPTH, MAX_TOKENS } from '../../shared/limits';
import { guardRequests, validationRules } from './plugin';
import { formatError } from './schema';
import { checkArgumentLimits } from './argumentLimits';
import { portalSdl } from '../domain/portal/schema';
import { portalResolvers, type PortalRequest } from '../domain/portal/resolvers';
import {
  chooseCustomer,
  linkedCustomersOf,
  PORTAL_CUSTOMER_HEADER,
  requirePortalOpen,
  type LinkedCustomer,
} from '../domain/portal/access';
import { portalSectionsOf, type PortalSections } from '../domain/portal/sections';

export const PORTAL_PATH = '/portal/graphql/:companyId';
export { PORTAL_CUSTOMER_HEADER };

declare module 'fastify' {
  interface FastifyRequest {
    portalUserId?: string;
  }
}

function buildPortalSchema() {
  const schema = buildSchema(portalSdl);
  for (const [typeName, resolvers] of Object.entries(portalResolvers)) {
    const type = typeName === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(type.getFields())) {
      const resolve = resolvers[field.name];
      if (!resolve) throw new Error(`Portal field without a resolver: ${typeName}.${field.name}`);
      field.resolve = async (root, args: Record<string, unknown>, request: PortalRequest) => {
        checkArgumentLimits(args);
        // the add-on gates every operation, the ones added later included
        await request.open();
        return resolve(root, args, request);
      };
    }
  }
  return schema;
}

export async function registerPortalGraphql(
  app: FastifyInstance,
  options: { db: Db; resolveUser: (authorization: string | undefined) => Promise<string> },
): Promise<void> {
  const schema = buildPortalSchema();
  await app.register(async (scope) => {
    guardRequests(scope, async (request) => {
      request.portalUserId = await options.resolveUser(request.headers.authorization);
    });
    await scope.register(mercurius, {
      schema,
      path: PORTAL_PATH,
      graphiql: false,
      queryDepth: MAX_QUERY_DEPTH,
      validationRules: validationRules(),
      graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
      context: (request: FastifyRequest): PortalRequest => {
        const userId = request.portalUserId!;
        const companyId = (request.params as { companyId: string }).companyId;
        const header = request.headers[PORTAL_CUSTOMER_HEADER];
        const chosen = typeof header === 'string' && header ? header : undefined;
        // asked once per request, however many fields the operation reads
        let opened: Promise<void> | undefined;
        let linked: Promise<LinkedCustomer[]> | undefined;
        let shown: Promise<PortalSections> | undefined;
        const open = () => (opened ??= requirePortalOpen(options.db, companyId));
        const customers = () => (linked ??= open().then(() => linkedCustomersOf(options.db, userId, companyId)));
        return {
          db: options.db,
          userId,
          companyId,
          open,
          customers,
          link: async () => ({
            db: options.db,
            userId,
            companyId,
            customerId: chooseCustomer(await customers(), chosen, companyId),
          }),
          sections: () => (shown ??= portalSectionsOf(options.db, companyId)),
        };
      },
      errorFormatter: (execution, ctx) => {
        const errors = execution.errors ?? [];
        const request = ctx.reply?.request;
        const formatted = errors.map((e) => {
          const out = formatError(e, request?.id);
          if (out.extensions.code === 'INTERNAL_SERVER_ERROR')
            (request?.log ?? app.log).error(
              { err: e.originalError ?? e, path: e.path, requestId: request?.id },
              'internal server error',
            );
          return out;
        });
        const documentOnly = errors.every((e) => !e.originalError || e.originalError instanceof GraphQLError);
        const statusCode = execution.data == null && documentOnly ? 400 : 200;
        return { statusCode, response: { data: execution.data ?? null, errors: formatted.map((e) => e.toJSON()) } };
      },
    });
  });
}
