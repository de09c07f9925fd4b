// The tables the schema files imply, as plain data. The committed snapshot of this model is
// what the next `npm run generate` diffs against to write a new migration.
import type { EntityMeta, FieldMeta } from '../../src/shared/meta';
import { fieldTypes } from '../fieldTypes';

export interface ColumnModel {
  name: string;
  type: string;
  notNull: boolean;
  default?: string;
}
export interface ForeignKeyModel {
  name: string;
  columns: string[];
  references: { table: string; columns: string[] };
  onDelete: 'cascade' | 'no action';
}
export interface IndexModel {
  name: string;
  columns: string[];
  unique: boolean;
}
export interface TableModel {
  name: string;
  columns: ColumnModel[];
  primaryKey: string[];
  foreignKeys: ForeignKeyModel[];
  indexes: IndexModel[];
}
export interface DbModel {
  tables: TableModel[];
}

/** The id sequence is shared by every table, so an id alone names one object of a company:
 * `objectDelete(id)` needs no type. The `objects` table says which entity an id belongs to. */
export const OBJECT_ID_SEQUENCE = 'object_ids';
const idDefault = `nextval('${OBJECT_ID_SEQUENCE}')`;

export function sqlLiteral(field: FieldMeta, value: unknown): string {
  if (field.type === 'stringList')
    return `'{${(value as string[]).map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}'`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return String(value);
}

function columnOf(field: FieldMeta): ColumnModel | null {
  const type = fieldTypes[field.type].sql(field);
  if (!type) return null;
  // lists and flags are never NULL: an empty list or false says "none" without a third state
  const alwaysSet = field.type === 'stringList' || field.type === 'boolean';
  const col: ColumnModel = { name: field.column, type, notNull: field.required || alwaysSet };
  if (field.default !== undefined) col.default = sqlLiteral(field, field.default);
  else if (field.type === 'stringList') col.default = "'{}'";
  else if (field.type === 'boolean') col.default = 'false';
  return col;
}

export function buildDbModel(entities: EntityMeta[]): DbModel {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const tables: TableModel[] = [];
  for (const e of entities) {
    const tenant = e.scope === 'company';
    const table: TableModel = {
      name: e.table,
      columns: [
        ...(tenant ? [{ name: 'company_id', type: 'bigint', notNull: true }] : []),
        { name: 'id', type: 'bigint', notNull: true, default: idDefault },
      ],
      primaryKey: tenant ? ['company_id', 'id'] : ['id'],
      foreignKeys: tenant
        ? [
            {
              name: `${e.table}_company_fk`,
              columns: ['company_id'],
              references: { table: 'companies', columns: ['id'] },
              onDelete: 'cascade',
            },
          ]
        : [],
      indexes: [],
    };
    const lead = tenant ? ['company_id'] : [];
    const indexed = new Set<string>();
    const addIndex = (column: string, unique = false) => {
      const name = `${e.table}_${column}_${unique ? 'key' : 'idx'}`;
      if (table.indexes.some((i) => i.name === name)) return;
      table.indexes.push({ name, columns: unique ? [...lead, column] : [...lead, column, 'id'], unique });
    };
    for (const f of e.fields) {
      const col = columnOf(f);
      if (col) table.columns.push(col);
      if (f.type === 'ref') {
        const target = byName.get(f.ref!)!;
        const sameTenant = target.scope === 'company';
        table.foreignKeys.push({
          name: `${e.table}_${f.column}_fk`,
          columns: sameTenant ? ['company_id', f.column] : [f.column],
          references: { table: target.table, columns: sameTenant ? ['company_id', 'id'] : ['id'] },
          onDelete: 'no action',
        });
        indexed.add(f.column);
      }
      if (f.unique) addIndex(f.column, true);
      if (f.lines) tables.push(linesTable(e, f, byName));
    }
    if (e.crud) {
      const fieldColumn = (n: string) => e.fields.find((f) => f.name === n)?.column;
      for (const n of [e.list.sort.field, ...e.filters]) {
        const c = fieldColumn(n);
        if (c) indexed.add(c);
      }
    }
    for (const c of [...indexed].sort()) addIndex(c);
    tables.push(table);
  }
  tables.push({
    name: 'objects',
    columns: [
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'id', type: 'bigint', notNull: true },
      { name: 'entity', type: 'text', notNull: true },
    ],
    primaryKey: ['company_id', 'id'],
    foreignKeys: [
      {
        name: 'objects_company_fk',
        columns: ['company_id'],
        references: { table: 'companies', columns: ['id'] },
        onDelete: 'cascade',
      },
    ],
    indexes: [],
  });
  return { tables: tables.sort((a, b) => a.name.localeCompare(b.name)) };
}

function linesTable(e: EntityMeta, f: FieldMeta, byName: Map<string, EntityMeta>): TableModel {
  const lines = f.lines!;
  const table: TableModel = {
    name: lines.table,
    // a line has its own id from the object sequence (a ledger row, an audit entry or a lot
    // can point at it) and is updated in place; position orders the lines of one parent and
    // may repeat while a save reorders them, so it is an index, not a key
    columns: [
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'parent_id', type: 'bigint', notNull: true },
      { name: 'position', type: 'integer', notNull: true },
      { name: 'id', type: 'bigint', notNull: true, default: idDefault },
    ],
    primaryKey: ['company_id', 'id'],
    foreignKeys: [
      {
        name: `${lines.table}_parent_fk`,
        columns: ['company_id', 'parent_id'],
        references: { table: e.table, columns: ['company_id', 'id'] },
        onDelete: 'cascade',
      },
    ],
    indexes: [{ name: `${lines.table}_parent_idx`, columns: ['company_id', 'parent_id', 'position'], unique: false }],
  };
  for (const lf of lines.fields) {
    const col = columnOf(lf);
    if (col) table.columns.push(col);
    if (lf.type === 'ref') {
      const target = byName.get(lf.ref!)!;
      table.foreignKeys.push({
        name: `${lines.table}_${lf.column}_fk`,
        columns: ['company_id', lf.column],
        references: { table: target.table, columns: ['company_id', 'id'] },
        onDelete: 'no action',
      });
      table.indexes.push({
        name: `${lines.table}_${lf.column}_idx`,
        columns: ['company_id', lf.column],
        unique: false,
      });
    }
  }
  return table;
}
