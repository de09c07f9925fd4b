import { buildSchema, GraphQLError, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { sdl } from '../../generated/sdl';
import { enforce, rootRules } from './authorize';
import { AppError, clientStatusOf } from './errors';
import { checkArgumentLimits } from './argumentLimits';
import { buildResolvers } from './resolvers';
import type { RequestContext } from './context';
import { domainModules } from '../domain';
import type { FieldResolver } from '../domain/kernel/module';
import { STAFF_SERVICES, type StaffService } from '../../shared/services';

/** The executable schema: the generated SDL, every root field wrapped by its rule. */
export function buildExecutableSchema(): GraphQLSchema {
  const schema = buildSchema(sdl);
  const rules = rootRules(schema);
  const resolvers = buildResolvers();
  const missing: string[] = [];
  for (const [typeName, map] of [
    ['Query', resolvers.Query],
    ['Mutation', resolvers.Mutation],
  ] as const) {
    const type = typeName === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(type.getFields())) {
      const resolve = map[field.name];
      if (!resolve) {
        missing.push(`${typeName}.${field.name}`);
        continue;
      }
      const rule = rules.get(`${typeName}.${field.name}`)!;
      field.resolve = async (root, args, ctx: RequestContext) => {
        await enforce(rule, ctx, field.name);
        checkArgumentLimits(args);
        return resolve(root, args, ctx);
      };
    }
  }
  if (missing.length) throw new Error(`Root fields without a resolver: ${missing.join(', ')}`);
  const fieldResolvers: Record<string, Record<string, FieldResolver>>[] = domainModules.map((m) => m.types ?? {});
  for (const [typeName, fields] of fieldResolvers.flatMap((r) => Object.entries(r))) {
    const type = schema.getType(typeName);
    if (!type || !('getFields' in type)) throw new Error(`No type ${typeName} for its field resolvers`);
    const typeFields = type.getFields() as Record<string, { resolve?: unknown }>;
    for (const [name, resolve] of Object.entries(fields)) {
      if (!typeFields[name]) throw new Error(`No field ${typeName}.${name}`);
      typeFields[name].resolve = resolve;
    }
  }
  return schema;
}

const servicesByField = new Map<string, StaffService>(
  domainModules.flatMap((m) =>
    m.service
      ? [
          ...Object.keys(m.query ?? {}).map((name) => [`Query.${name}`, m.service!] as const),
          ...Object.keys(m.mutation ?? {}).map((name) => [`Mutation.${name}`, m.service!] as const),
        ]
      : [],
  ),
);

/** The service whose endpoint serves a root field: its domain module's, else main. */
export const serviceOfRootField = (typeName: string, name: string): StaffService =>
  servicesByField.get(`${typeName}.${name}`) ?? 'main';

/** The executable schema split by service (spec 7: one endpoint per service): each domain
 * module's root fields go to its service's endpoint only, the rest (generic records, every other
 * module) to main. The types stay shared, so a field answers the same on any endpoint. */
export function buildServiceSchemas(
  full: GraphQLSchema = buildExecutableSchema(),
): Record<StaffService, GraphQLSchema> {
  const only = (service: StaffService): GraphQLSchema => {
    const rootOf = (type: GraphQLObjectType | null | undefined) => {
      if (!type) return undefined;
      const config = type.toConfig();
      const fields = Object.fromEntries(
        Object.entries(config.fields).filter(([name]) => serviceOfRootField(type.name, name) === service),
      );
      return Object.keys(fields).length ? new GraphQLObjectType({ ...config, fields }) : undefined;
    };
    const config = full.toConfig();
    const query = rootOf(full.getQueryType());
    if (!query) throw new Error(`The ${service} service has no query field`);
    return new GraphQLSchema({
      ...config,
      query,
      mutation: rootOf(full.getMutationType()),
      types: config.types.filter((t) => t.name !== 'Query' && t.name !== 'Mutation'),
    });
  };
  return Object.fromEntries(STAFF_SERVICES.map((service) => [service, only(service)])) as Record<
    StaffService,
    GraphQLSchema
  >;
}

/** The error payload of spec 8: message, extensions.code and extensions.info. An internal error
 * says nothing of its cause: only the request id, which names it in the server's log. */
export function formatError(error: GraphQLError, requestId?: string): GraphQLError {
  const original = error.originalError;
  if (original instanceof AppError)
    return new GraphQLError(original.message, {
      path: error.path,
      extensions: { code: original.code, info: original.info },
    });
  // an error with a path happened while executing (a non-null field left null, say): a bug of
  // ours, never the document's fault
  const duringExecution = !!error.path?.length;
  if (!duringExecution && (!original || original instanceof GraphQLError || clientStatusOf(original))) {
    // a document that does not parse, or does not fit the schema or its variables
    const code = /Syntax Error/.test(error.message) ? 'SYNTAX_ERROR' : 'VALIDATION_ERROR';
    return new GraphQLError(error.message, { path: error.path, extensions: { code, info: {} } });
  }
  return new GraphQLError('Internal server error', {
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', info: requestId ? { requestId } : {} },
  });
}
