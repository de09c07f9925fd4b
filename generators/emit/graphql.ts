// The GraphQL SDL of the generic API: one type, input, connection and five operations per
// entity, each root field carrying the @auth directive with the permission its schema file
// names. Hand-written SDL (schema/graphql/*.graphql) is appended; the server enforces the
// directives on every root field and refuses to start when one has none.
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { typeNames } from '../../src/shared/names';
import { fieldTypes } from '../fieldTypes';
import { GRAPHQL_BANNER } from './banner';

export const COMMON_SDL = `directive @auth(any: [String!]!, feature: String) on FIELD_DEFINITION
"""Any member of the company; the resolver checks the permission of each object it touches."""
directive @member on FIELD_DEFINITION
"""Any signed-in user, member of the company or not (the answer is the user's own data)."""
directive @signedIn on FIELD_DEFINITION

enum Comparator {
  ge
  le
  eq
}

input Filter {
  field: String!
  comparator: Comparator!
  """parsed by the field's type: numbers, true/false, yyyy-MM-dd, ids"""
  value: String
}

input ListParameters {
  """free text matched against the entity's search fields"""
  search: String
}

type PageInfo {
  hasPreviousPage: Boolean!
  hasNextPage: Boolean!
  startCursor: String
  endCursor: String
}

type DeleteResult {
  id: ID!
  """empty when the object was deleted"""
  error: String
}

type Mutation {
  objectDelete(id: ID!): DeleteResult! @member
  objectsDelete(ids: [ID!]!): [DeleteResult!]! @member
}
`;

const listArgs =
  'first: Int, after: String, last: Int, before: String, filters: [Filter!], sortKey: String, reverse: Boolean, parameters: ListParameters, exactCount: Boolean';
const exportArgs = 'filters: [Filter!], sortKey: String, reverse: Boolean, parameters: ListParameters';

function auth(perms: string[], feature?: string) {
  return `@auth(any: [${perms.map((p) => JSON.stringify(p)).join(', ')}]${feature ? `, feature: ${JSON.stringify(feature)}` : ''})`;
}

function outputField(e: EntityMeta, f: FieldMeta, linesType: string) {
  const base = fieldTypes[f.type].graphql(f, linesType);
  // values-gated fields are nulled for users without `values`, so they stay nullable
  const nonNull =
    (f.required && !f.needsValues) || f.type === 'lines' || f.type === 'stringList' || f.type === 'boolean';
  return `  ${f.name}: ${base}${nonNull ? '!' : ''}`;
}

export function emitEntitySdl(entities: EntityMeta[]): string {
  const out: string[] = [];
  const query: string[] = [];
  const mutation: string[] = [];
  for (const e of entities) {
    const t = typeNames(e.name);
    const visible = e.fields.filter((f) => !f.internal);
    out.push(`"""${e.label.en}"""`, `type ${t.type} {`, '  id: ID!');
    for (const f of visible) out.push(outputField(e, f, t.lines(f.name)));
    if (e.crud && e.scope !== 'global')
      out.push(
        '  "changes whenever the record does: the edit form sends it back as expectedVersion"',
        '  version: String',
      );
    out.push('}', '');
    for (const f of visible.filter((x) => x.lines)) {
      out.push(`type ${t.lines(f.name)} {`, '  id: ID!');
      for (const lf of f.lines!.fields.filter((x) => !x.internal)) out.push(outputField(e, lf, ''));
      out.push('}', '');
    }
    if (e.scope === 'global') continue;
    out.push(`input ${t.input} {`);
    for (const f of visible.filter((x) => !x.readOnly))
      out.push(`  ${f.name}: ${fieldTypes[f.type].graphqlInput(f, t.linesInput(f.name))}`);
    out.push('}', '');
    for (const f of visible.filter((x) => x.lines && !x.readOnly)) {
      out.push(
        `input ${t.linesInput(f.name)} {`,
        '  "an existing line to change in place; none for a new line"',
        '  id: ID',
      );
      for (const lf of f.lines!.fields.filter((x) => !x.internal && !x.readOnly))
        out.push(`  ${lf.name}: ${fieldTypes[lf.type].graphqlInput(lf, '')}`);
      out.push('}', '');
    }
    if (!e.crud) continue;
    out.push(`type ${t.edge} {`, '  cursor: String!', `  node: ${t.type}!`, '}', '');
    out.push(
      `type ${t.connection} {`,
      '  "exact when totalCountExact; otherwise more rows than EXACT_COUNT_LIMIT match and it is that limit + 1"',
      '  totalCount: Int!',
      '  "false: the count stopped at the limit; ask again with exactCount: true for the exact figure"',
      '  totalCountExact: Boolean!',
      '  pageInfo: PageInfo!',
      `  edges: [${t.edge}!]!`,
      '}',
      '',
    );
    const read = auth(e.permissions.read, e.feature);
    const write = auth(e.permissions.write, e.feature);
    query.push(`  ${e.ops.connection}(${listArgs}): ${t.connection}! ${read}`);
    query.push(`  ${e.ops.get}(id: ID!): ${t.type} ${read}`);
    query.push(`  """URL of a CSV file of the list, downloadable with the same bearer token"""`);
    query.push(`  ${e.ops.export}(${exportArgs}): String! ${read}`);
    if (e.completesTask)
      mutation.push(
        '  "activityId: the task the record was opened from, completed in the same transaction"',
        `  ${e.ops.create}(input: ${t.input}!, activityId: ID): ${t.type}! ${write}`,
      );
    else mutation.push(`  ${e.ops.create}(input: ${t.input}!): ${t.type}! ${write}`);
    mutation.push(
      '  "a stale expectedVersion (the record changed since it was read) answers CONFLICT"',
      `  ${e.ops.update}(id: ID!, input: ${t.input}!, expectedVersion: String): ${t.type}! ${write}`,
    );
    // spec 7's CSV import: rows of strings in, one status per row out (empty when imported)
    if (e.csv?.import.length)
      mutation.push(
        `  "imports ${e.label.enPlural.toLowerCase()}: fields names the import field of each column; at most 500 rows"`,
        `  ${e.ops.import}(fields: [String!]!, rows: [[String]!]!, dateFormat: String): [String!]! ${write}`,
      );
  }
  out.push('type Query {', ...query, '}', '', 'extend type Mutation {', ...mutation, '}', '');
  return out.join('\n');
}

export function printSchemaFile(sdl: string): string {
  return GRAPHQL_BANNER + sdl;
}
