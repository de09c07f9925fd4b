// drizzle-orm table objects for the generic data layer. JS keys are the schema field names
// (a ref `category` is the column category_id), so resolvers can walk EntityMeta.fields.
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { fieldTypes } from '../fieldTypes';
import { BANNER } from './banner';

/** `.default()` so inserts may leave the column out and the database default applies. */
function defaultCode(f: FieldMeta): string {
  // drizzle's numeric columns hold strings (no precision lost), so a decimal default is one too
  if (f.default !== undefined && f.type === 'decimal') return `.default(${JSON.stringify(String(f.default))})`;
  if (f.default !== undefined) return `.default(${JSON.stringify(f.default)})`;
  if (f.type === 'boolean') return '.default(false)';
  if (f.type === 'stringList') return '.default([])';
  return '';
}

const columnCode = (f: FieldMeta) => {
  const base = fieldTypes[f.type].drizzle(f);
  const notNull = f.required || f.type === 'stringList' || f.type === 'boolean';
  return base && `  ${f.name}: ${base}${notNull ? '.notNull()' : ''}${defaultCode(f)},`;
};

export function emitDrizzle(entities: EntityMeta[]): string {
  const out = [
    BANNER,
    `import { sql } from 'drizzle-orm';`,
    `import { boolean, customType, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';`,
    `void boolean; void date; void integer; void numeric; void text; void timestamp;`,
    '',
    '/** bigint ids travel as strings: GraphQL IDs, and no precision lost past 2^53. */',
    `const bigintText = customType<{ data: string; driverData: string | number }>({`,
    `  dataType: () => 'bigint',`,
    `  fromDriver: (v) => String(v),`,
    `});`,
    `const objectId = (name: string) => bigintText(name).notNull().default(sql\`nextval('object_ids')\`);`,
    '',
  ];
  const names: string[] = [];
  for (const e of entities) {
    const tenant = e.scope === 'company';
    names.push(e.name);
    out.push(`export const ${e.name}Table = pgTable('${e.table}', {`);
    if (tenant) out.push(`  companyId: bigintText('company_id').notNull(),`);
    out.push(`  id: objectId('id'),`);
    for (const f of e.fields) {
      const code = columnCode(f);
      if (code) out.push(code);
    }
    out.push(
      tenant
        ? `}, (t) => [primaryKey({ columns: [t.companyId, t.id] })]);`
        : `}, (t) => [primaryKey({ columns: [t.id] })]);`,
      '',
    );
    for (const f of e.fields.filter((x) => x.lines)) {
      out.push(`export const ${e.name}${pascal(f.name)}Table = pgTable('${f.lines!.table}', {`);
      out.push(`  companyId: bigintText('company_id').notNull(),`);
      out.push(`  parentId: bigintText('parent_id').notNull(),`);
      out.push(`  position: integer('position').notNull(),`);
      out.push(`  id: objectId('id'),`);
      for (const lf of f.lines!.fields) {
        const code = columnCode(lf);
        if (code) out.push(code);
      }
      out.push(`}, (t) => [primaryKey({ columns: [t.companyId, t.id] })]);`, '');
    }
  }
  out.push(`export const objectsTable = pgTable('objects', {`);
  out.push(`  companyId: bigintText('company_id').notNull(),`);
  out.push(`  id: bigintText('id').notNull(),`);
  out.push(`  entity: text('entity').notNull(),`);
  out.push(`}, (t) => [primaryKey({ columns: [t.companyId, t.id] })]);`, '');
  out.push(`/** Entity name -> its table and the tables of its lines fields. */`);
  out.push(`export const tables = {`);
  for (const e of entities) {
    const lines = e.fields.filter((x) => x.lines).map((f) => `${f.name}: ${e.name}${pascal(f.name)}Table`);
    out.push(`  ${e.name}: { table: ${e.name}Table, lines: { ${lines.join(', ')} } },`);
  }
  out.push(`} as const;`, '');
  return out.join('\n');
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
