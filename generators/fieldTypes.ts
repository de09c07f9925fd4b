// What each field type becomes in every generated target. `satisfies Record<FieldType, …>`
// makes a new FieldType in src/shared/meta.ts fail to compile until every target handles it.
import type { FieldMeta, FieldType } from '../src/shared/meta';
import { decimalLimit, MAX_LINES, NUMERIC_DIGITS } from '../src/shared/limits';

export interface FieldTypeTargets {
  /** SQL column type; null when the field lives in a child table */
  sql: (f: FieldMeta) => string | null;
  /** GraphQL output type without nullability */
  graphql: (f: FieldMeta, linesType: string) => string;
  /** GraphQL input type without nullability */
  graphqlInput: (f: FieldMeta, linesInputType: string) => string;
  /** JSON Schema of the API value (record shape, for TypeScript types and ajv) */
  jsonSchema: (f: FieldMeta, lineSchema: () => object) => object;
  /** zod expression (code) of a present, non-null input value */
  zod: (f: FieldMeta, lineZod: () => string) => string;
  /** drizzle column builder (code) */
  drizzle: (f: FieldMeta) => string | null;
}

const m = (expr: string) => `messages.${expr}`;
// a strength (% ABV) out of its range reads as spec 5 words it, whichever bound it misses
const numberBounds = (f: FieldMeta) =>
  f.units === '% ABV'
    ? (f.minimum !== undefined ? `.min(${f.minimum}, ${m('strengthRange')})` : '') +
      (f.maximum !== undefined ? `.max(${f.maximum}, ${m('strengthRange')})` : '')
    : (f.minimum !== undefined ? `.min(${f.minimum}, ${m(`mustBeAtLeast(${f.minimum})`)})` : '') +
      (f.maximum !== undefined ? `.max(${f.maximum}, ${m(`mustBeAtMost(${f.maximum})`)})` : '');
const maxLength = (f: FieldMeta) => (f.maxLength ? `.max(${f.maxLength}, ${m(`maxLength(${f.maxLength})`)})` : '');
const text = (f: FieldMeta) =>
  `z.string({ error: ${m('required')} })${maxLength(f)}` +
  (f.format === 'email' ? `.refine(isEmailOrBlank, ${m('invalidEmail')})` : '') +
  (f.pattern ? `.regex(new RegExp(${JSON.stringify(f.pattern)}), ${m('invalidFormat')})` : '');

const textTargets: FieldTypeTargets = {
  sql: () => 'text',
  graphql: () => 'String',
  graphqlInput: () => 'String',
  jsonSchema: (f) => ({ type: 'string', ...(f.maxLength ? { maxLength: f.maxLength } : {}) }),
  zod: text,
  drizzle: (f) => `text('${f.column}')`,
};

export const fieldTypes = {
  // short and long text differ only in how forms edit them
  string: textTargets,
  text: textTargets,
  integer: {
    sql: () => 'integer',
    graphql: () => 'Int',
    graphqlInput: () => 'Int',
    jsonSchema: (f) => ({ type: 'integer', ...bounds(f) }),
    zod: (f) =>
      `z.number({ error: ${m('invalidInteger')} }).int(${m('invalidInteger')}).min(INT_MIN, ${m('outOfRange')}).max(INT_MAX, ${m('outOfRange')})${numberBounds(f)}`,
    drizzle: (f) => `integer('${f.column}')`,
  },
  decimal: {
    sql: (f) => `numeric(${NUMERIC_DIGITS}, ${f.precision ?? 2})`,
    graphql: () => 'Float',
    graphqlInput: () => 'Float',
    jsonSchema: (f) => ({ type: 'number', ...bounds(f) }),
    zod: (f) =>
      // the column's range (numeric(18, p): below 10^(18-p)) first, so a huge value is refused
      // by the rule, never by the database
      `z.number({ error: ${m('invalidNumber')} }).refine(Number.isFinite, ${m('invalidNumber')}).refine((v) => Math.abs(v) < ${decimalLimit(f.precision ?? 2)}, ${m('outOfRange')})${numberBounds(f)}.refine((v) => hasAtMostDecimals(v, ${f.precision ?? 2}), ${m(`tooManyDecimals(${f.precision ?? 2})`)})`,
    drizzle: (f) => `numeric('${f.column}', { precision: ${NUMERIC_DIGITS}, scale: ${f.precision ?? 2} })`,
  },
  boolean: {
    sql: () => 'boolean',
    graphql: () => 'Boolean',
    graphqlInput: () => 'Boolean',
    jsonSchema: () => ({ type: 'boolean' }),
    zod: () => `z.boolean()`,
    drizzle: (f) => `boolean('${f.column}')`,
  },
  date: {
    sql: () => 'date',
    graphql: () => 'String',
    graphqlInput: () => 'String',
    jsonSchema: () => ({ type: 'string', format: 'date' }),
    zod: () => `z.string().refine(isIsoDate, ${m('invalidDate')})`,
    drizzle: (f) => `date('${f.column}', { mode: 'string' })`,
  },
  datetime: {
    sql: () => 'timestamptz',
    graphql: () => 'String',
    graphqlInput: () => 'String',
    jsonSchema: () => ({ type: 'string', format: 'date-time' }),
    zod: () => `z.string().refine(isIsoDateTime, ${m('invalidDateTime')})`,
    drizzle: (f) => `timestamp('${f.column}', { withTimezone: true, mode: 'string' })`,
  },
  enum: {
    sql: () => 'text',
    graphql: () => 'String',
    graphqlInput: () => 'String',
    jsonSchema: (f) => ({ type: 'string', enum: f.values }),
    zod: (f) => `z.enum(${JSON.stringify(f.values)}, { error: ${m(`invalidChoice(${JSON.stringify(f.values)})`)} })`,
    drizzle: (f) => `text('${f.column}')`,
  },
  ref: {
    sql: () => 'bigint',
    graphql: (f) => pascalOf(f.ref!),
    graphqlInput: () => 'ID',
    jsonSchema: () => ({
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      required: ['id'],
      additionalProperties: true,
    }),
    zod: () => `z.string().regex(/^[0-9]{1,18}$/, ${m('invalidReference')})`,
    drizzle: (f) => `bigintText('${f.column}')`,
  },
  stringList: {
    sql: () => 'text[]',
    graphql: () => '[String!]',
    graphqlInput: () => '[String!]',
    jsonSchema: () => ({ type: 'array', items: { type: 'string' } }),
    zod: () => `z.array(z.string())`,
    drizzle: (f) => `text('${f.column}').array()`,
  },
  lines: {
    sql: () => null,
    graphql: (_f, linesType) => `[${linesType}!]`,
    graphqlInput: (_f, linesInputType) => `[${linesInputType}!]`,
    jsonSchema: (_f, lineSchema) => ({ type: 'array', items: lineSchema(), maxItems: MAX_LINES }),
    zod: (_f, lineZod) => `z.array(${lineZod()}).max(${MAX_LINES}, ${m(`tooManyLines(${MAX_LINES})`)})`,
    drizzle: () => null,
  },
} satisfies Record<FieldType, FieldTypeTargets>;

function bounds(f: FieldMeta) {
  return {
    ...(f.minimum !== undefined ? { minimum: f.minimum } : {}),
    ...(f.maximum !== undefined ? { maximum: f.maximum } : {}),
  };
}

function pascalOf(name: string) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
