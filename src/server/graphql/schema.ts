import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import { sdl } from '../../generated/sdl';
import { enforce, rootRules } from './authorize';
import { AppError, clientStatusOf } from './errors';
import { checkArgumentLimits } from './argumentLimits';
import { buildResolvers } from './resolvers';
import type { RequestContext } from './context';
import { domainModules } from '../domain';
import type { FieldResolver } from '../domain/kernel/module';

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
