// zod validators (forms and the API) and the JSON Schema ajv compiles (bulk CSV rows), both
// from the same field metadata so their rules cannot drift.
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { fieldTypes } from '../fieldTypes';
import { BANNER } from './banner';

function fieldZod(f: FieldMeta, mode: 'create' | 'update'): string {
  const base = fieldTypes[f.type].zod(f, () => linesZod(f.lines!.fields));
  const isText = f.type === 'string' || f.type === 'text';
  const value = isText ? `z.preprocess(trimmed, ${base})` : base;
  if (f.type === 'boolean' && !f.required) return `${value}.optional()`;
  // a required field with a default may be left out on create: the database fills it in
  if (f.required)
    return mode === 'create' && f.default === undefined
      ? `requiredValue(${value})`
      : `requiredValue(${value}).optional()`;
  return `optionalValue(${value})`;
}

function linesZod(fields: FieldMeta[]): string {
  // an existing line's id (changed in place) or none (a new line)
  const id = `id: z.string().regex(/^[0-9]{1,18}$/, messages.invalidReference).nullish()`;
  const props = [
    id,
    ...fields.filter((f) => !f.internal && !f.readOnly).map((f) => `${f.name}: ${fieldZod(f, 'create')}`),
  ];
  return `z.object({ ${props.join(', ')} }).strict()`;
}

export function emitValidators(entities: EntityMeta[]): string {
  const out = [
    BANNER,
    `import { z } from 'zod';`,
    `import { INT_MAX, INT_MIN, messages } from '../shared/messages';`,
    `import { hasAtMostDecimals, isEmailOrBlank, isIsoDate, isIsoDateTime, optionalValue, requiredValue, trimmed } from '../shared/validation';`,
    `void INT_MAX; void INT_MIN; void hasAtMostDecimals; void isEmailOrBlank; void isIsoDate; void isIsoDateTime; void optionalValue; void requiredValue; void trimmed;`,
    '',
  ];
  const names: string[] = [];
  for (const e of entities) {
    const writable = e.fields.filter((f) => !f.internal && !f.readOnly);
    for (const mode of ['create', 'update'] as const) {
      out.push(`const ${e.name}${mode === 'create' ? 'Create' : 'Update'} = z.object({`);
      for (const f of writable) out.push(`  ${f.name}: ${fieldZod(f, mode)},`);
      out.push(`}).strict();`, '');
    }
    names.push(e.name);
  }
  out.push(`/** Input validators per entity: create needs every required field, update only checks what is sent. */`);
  out.push(`export const inputValidators = {`);
  for (const n of names) out.push(`  ${n}: { create: ${n}Create, update: ${n}Update },`);
  out.push(`};`, '');
  return out.join('\n');
}

/** JSON Schema of one entity's input (create), for ajv and json-schema-to-typescript. */
export function inputJsonSchema(e: EntityMeta): Record<string, unknown> {
  const props = (fields: FieldMeta[]): Record<string, unknown> =>
    Object.fromEntries(
      fields
        .filter((f) => !f.internal && !f.readOnly)
        .map((f): [string, unknown] => {
          const s: object =
            f.type === 'ref'
              ? { type: 'string', pattern: '^[0-9]{1,18}$' }
              : fieldTypes[f.type].jsonSchema(f, () => lineSchema(f));
          return [f.name, f.required ? s : { anyOf: [s, { type: 'null' }] }];
        }),
    );
  const lineSchema = (f: FieldMeta): object => ({
    type: 'object',
    properties: {
      id: { anyOf: [{ type: 'string', pattern: '^[0-9]{1,18}$' }, { type: 'null' }] },
      ...props(f.lines!.fields),
    },
    required: f.lines!.fields.filter((x) => x.required).map((x) => x.name),
    additionalProperties: false,
  });
  return {
    $id: `${e.name}Input`,
    type: 'object',
    properties: props(e.fields),
    required: e.fields.filter((f) => f.required && !f.readOnly && !f.internal).map((f) => f.name),
    additionalProperties: false,
  };
}

export function emitJsonSchemas(entities: EntityMeta[]): string {
  const schemas = Object.fromEntries(entities.filter((e) => e.crud).map((e) => [e.name, inputJsonSchema(e)]));
  return `${BANNER}/** JSON Schemas of each entity's input; src/server compiles them with ajv for bulk rows. */
export const inputJsonSchemas: Record<string, Record<string, unknown>> = ${JSON.stringify(schemas, null, 2)};
`;
}
