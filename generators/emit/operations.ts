// GraphQL documents for the client, one set per entity, built from the same metadata as the
// server's SDL so they cannot disagree (a test validates every document against the schema).
// They are in the first page load, so the file holds each entity's selection once and builds
// its five documents when it loads (the function below is emitted as it is written here).
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { BANNER } from './banner';

export function selection(fields: FieldMeta[], byName: Map<string, EntityMeta>): string {
  const parts = ['id'];
  for (const f of fields.filter((x) => !x.internal)) {
    if (f.type === 'ref') {
      const title = byName.get(f.ref!)?.titleField ?? 'name';
      const target = byName.get(f.ref!);
      const titleIsRef = target?.fields.find((x) => x.name === title)?.type === 'ref';
      parts.push(`${f.name} { id${titleIsRef ? '' : ` ${title}`} }`);
    } else if (f.lines) parts.push(`${f.name} { ${selection(f.lines.fields, byName)} }`);
    else parts.push(f.name);
  }
  return parts.join(' ');
}

const BUILDER = `const LIST_VARIABLES =
  '$first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters, $exactCount: Boolean';
const LIST_ARGUMENTS =
  'first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters, exactCount: $exactCount';
const EXPORT_VARIABLES = '$filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters';
const EXPORT_ARGUMENTS = 'filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters';

/** An entity's documents from its GraphQL type, its operation names and the fields every read
 * and write answers (with the version, which goes out again with the next update). */
function entityDocuments(
  type: string,
  [connection, get, create, update, exported]: readonly [string, string, string, string, string],
  fields: string,
  completesTask = false,
): EntityDocuments {
  // the task a production record is opened from is completed in the create's own transaction
  const [taskVariable, taskArgument] = completesTask ? [', $activityId: ID', ', activityId: $activityId'] : ['', ''];
  return {
    list: \`query \${type}List(\${LIST_VARIABLES}) {
  \${connection}(\${LIST_ARGUMENTS}) {
    totalCount
    totalCountExact
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges { cursor node { \${fields} } }
  }
}\`,
    get: \`query \${type}Get($id: ID!) {
  \${get}(id: $id) { \${fields} }
}\`,
    create: \`mutation \${type}Create($input: \${type}Input!\${taskVariable}) {
  \${create}(input: $input\${taskArgument}) { \${fields} }
}\`,
    update: \`mutation \${type}Update($id: ID!, $input: \${type}Input!, $expectedVersion: String) {
  \${update}(id: $id, input: $input, expectedVersion: $expectedVersion) { \${fields} }
}\`,
    export: \`query \${type}Export(\${EXPORT_VARIABLES}) {
  \${exported}(\${EXPORT_ARGUMENTS})
}\`,
  };
}`;

function documentsCall(e: EntityMeta, byName: Map<string, EntityMeta>): string {
  const fields = `${selection(e.fields, byName)}${e.scope !== 'global' ? ' version' : ''}`;
  const ops = [e.ops.connection, e.ops.get, e.ops.create, e.ops.update, e.ops.export];
  const task = e.completesTask ? ', true' : '';
  return `entityDocuments(${JSON.stringify(e.typeName)}, ${JSON.stringify(ops)}, ${JSON.stringify(fields)}${task})`;
}

export function emitOperations(entities: EntityMeta[], commonDocuments: Record<string, string>): string {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const calls = entities.filter((x) => x.crud).map((e) => `  ${JSON.stringify(e.name)}: ${documentsCall(e, byName)},`);
  return [
    BANNER,
    `export interface EntityDocuments {\n  list: string;\n  get: string;\n  create: string;\n  update: string;\n  export: string;\n}`,
    BUILDER,
    `export const documents: Record<string, EntityDocuments> = {\n${calls.join('\n')}\n};`,
    `export const commonDocuments = ${JSON.stringify(commonDocuments, null, 2)} as const;`,
    '',
  ].join('\n\n');
}
