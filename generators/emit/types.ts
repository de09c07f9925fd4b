// TypeScript record types through json-schema-to-typescript, as Payload does.
import { compile } from 'json-schema-to-typescript';
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { fieldTypes } from '../fieldTypes';
import { BANNER } from './banner';

function recordSchema(e: EntityMeta, fields: FieldMeta[], title: string, withId: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = withId ? { id: { type: 'string' } } : {};
  for (const f of fields.filter((x) => !x.internal)) {
    const s = fieldTypes[f.type].jsonSchema(f, () =>
      recordSchema(e, f.lines!.fields, `${title}${cap(f.name)}Line`, true),
    );
    properties[f.name] = f.required && !f.needsValues ? s : { anyOf: [s, { type: 'null' }] };
  }
  return {
    title,
    type: 'object',
    properties,
    required: [...(withId ? ['id'] : []), ...fields.filter((f) => !f.internal).map((f) => f.name)],
    additionalProperties: false,
  };
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function emitTypes(entities: EntityMeta[]): Promise<string> {
  const parts = [BANNER];
  for (const e of entities) {
    const ts = await compile(recordSchema(e, e.fields, e.typeName, true) as never, e.typeName, {
      bannerComment: '',
      additionalProperties: false,
      declareExternallyReferenced: true,
      format: false,
    });
    parts.push(ts);
  }
  parts.push(
    [
      '/** Entity name -> its record as the API answers it (domain hooks and modules type records by it). */',
      'export interface RecordTypes {',
      ...entities.map((e) => `  ${e.name}: ${e.typeName};`),
      '}',
      '',
    ].join('\n'),
  );
  return parts.join('\n');
}
