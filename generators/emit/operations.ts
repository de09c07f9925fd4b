// GraphQL documents for the client, one set per entity, built from the same metadata as the
// server's SDL so they cannot disagree (a test validates every document against the schema).
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { BANNER } from './banner';

export function selection(fields: FieldMeta[], byName: Map<string, EntityMeta>, indent = '      '): string {
  const parts = ['id'];
  for (const f of fields.filter((x) => !x.internal)) {
    if (f.type === 'ref') {
      const title = byName.get(f.ref!)?.titleField ?? 'name';
      const target = byName.get(f.ref!);
      const titleIsRef = target?.fields.find((x) => x.name === title)?.type === 'ref';
      parts.push(`${f.name} { id${titleIsRef ? '' : ` ${title}`} }`);
    } else if (f.lines) parts.push(`${f.name} { ${selection(f.lines.fields, byName, '')} }`);
    else parts.push(f.name);
  }
  return parts.join(indent ? `\n${indent}` : ' ');
}

const listVars =
  '$first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters';
const listPass =
  'first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters';

export function entityDocuments(e: EntityMeta, byName: Map<string, EntityMeta>) {
  // the version comes back with every read and write and goes out with the next update
  const sel = `${selection(e.fields, byName)}${e.scope !== 'global' ? '\n      version' : ''}`;
  const node = (pad: string) => sel.replace(/\n {6}/g, `\n${pad}`);
  const T = e.typeName;
  return {
    list: `query ${T}List(${listVars}) {
  ${e.ops.connection}(${listPass}) {
    totalCount
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges {
      cursor
      node {
        ${node('        ')}
      }
    }
  }
}`,
    get: `query ${T}Get($id: ID!) {
  ${e.ops.get}(id: $id) {
    ${node('    ')}
  }
}`,
    create: `mutation ${T}Create($input: ${T}Input!) {
  ${e.ops.create}(input: $input) {
    ${node('    ')}
  }
}`,
    update: `mutation ${T}Update($id: ID!, $input: ${T}Input!, $expectedVersion: String) {
  ${e.ops.update}(id: $id, input: $input, expectedVersion: $expectedVersion) {
    ${node('    ')}
  }
}`,
    export: `query ${T}Export($filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters) {
  ${e.ops.export}(filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters)
}`,
  };
}

export function emitOperations(entities: EntityMeta[], commonDocuments: Record<string, string>): string {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const docs: Record<string, ReturnType<typeof entityDocuments>> = {};
  for (const e of entities.filter((x) => x.crud)) docs[e.name] = entityDocuments(e, byName);
  return [
    BANNER,
    `export interface EntityDocuments {\n  list: string;\n  get: string;\n  create: string;\n  update: string;\n  export: string;\n}`,
    `export const documents: Record<string, EntityDocuments> = ${JSON.stringify(docs, null, 2)};`,
    `export const commonDocuments = ${JSON.stringify(commonDocuments, null, 2)} as const;`,
    '',
  ].join('\n\n');
}
