// Diffs the committed snapshot against the model and writes the SQL that moves a database
// from one to the other. Only PostgreSQL 15 features: PGlite embeds 18, servers may run 15.
import { STATEMENT_BREAK } from '../../src/shared/migrations';
import {
  OBJECT_ID_SEQUENCE,
  type ColumnModel,
  type DbModel,
  type ForeignKeyModel,
  type IndexModel,
  type TableModel,
} from './dbModel';

const q = (name: string) => `"${name}"`;
const cols = (names: string[]) => names.map(q).join(', ');

/** A value to fill existing rows when a NOT NULL column without default is added. */
const zeroOf = (type: string) =>
  type === 'text'
    ? "''"
    : type === 'boolean'
      ? 'false'
      : type === 'date'
        ? 'CURRENT_DATE'
        : type === 'timestamptz'
          ? 'now()'
          : type.endsWith('[]')
            ? "'{}'"
            : '0';

function columnSql(c: ColumnModel) {
  return `${q(c.name)} ${c.type}${c.default !== undefined ? ` DEFAULT ${c.default}` : ''}${c.notNull ? ' NOT NULL' : ''}`;
}
function createTable(t: TableModel) {
  return `CREATE TABLE ${q(t.name)} (\n  ${[...t.columns.map(columnSql), `PRIMARY KEY (${cols(t.primaryKey)})`].join(',\n  ')}\n)`;
}
function addForeignKey(table: string, fk: ForeignKeyModel) {
  return `ALTER TABLE ${q(table)} ADD CONSTRAINT ${q(fk.name)} FOREIGN KEY (${cols(fk.columns)}) REFERENCES ${q(fk.references.table)} (${cols(fk.references.columns)})${fk.onDelete === 'cascade' ? ' ON DELETE CASCADE' : ''}`;
}
function createIndex(table: string, i: IndexModel) {
  return `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${q(i.name)} ON ${q(table)} (${cols(i.columns)})`;
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface MigrationPlan {
  statements: string[];
  /** short words for the file name */
  summary: string[];
  /** what the plan drops, as `<table>` or `<table>.<column>`: never written without consent */
  drops: string[];
}

/** The plan drops a table or column nobody allowed: a rename reads as a drop plus an add, so
 * the generator stops rather than destroy data. */
export class DropError extends Error {
  constructor(readonly drops: string[]) {
    const flags = drops.map((d) => `--allow-drop ${d}`).join(' ');
    super(
      `The schema change would drop ${drops.map((d) => (d.includes('.') ? `column ${d}` : `table ${d}`)).join(', ')}; ` +
        'nothing was written. A rename looks like a drop plus an add: write that migration by hand ' +
        '(src/server/db/migrations/NNNN_<name>.sql, e.g. ALTER TABLE … RENAME COLUMN …, and the same rename in ' +
        `snapshot.json), then run npm run generate again. If the data may really go: npm run generate -- ${flags}`,
    );
    this.name = 'DropError';
  }
}

/** Throws DropError unless every drop of the plan is allowed (`<table>.<column>`, or `<table>`
 * for a whole table). */
export function assertDropsAllowed(plan: MigrationPlan, allowed: readonly string[] = []) {
  const refused = plan.drops.filter((d) => !allowed.includes(d));
  if (refused.length) throw new DropError(refused);
}

export function diffModels(before: DbModel | null, after: DbModel): MigrationPlan {
  const statements: string[] = [];
  const late: string[] = [];
  const summary: string[] = [];
  const drops: string[] = [];
  if (!before) {
    statements.push(`CREATE SEQUENCE ${q(OBJECT_ID_SEQUENCE)}`);
    summary.push('init');
  }
  const old = new Map((before?.tables ?? []).map((t) => [t.name, t]));
  const next = new Map(after.tables.map((t) => [t.name, t]));

  for (const t of old.values())
    if (!next.has(t.name)) {
      statements.push(`DROP TABLE ${q(t.name)} CASCADE`);
      summary.push(`drop_${t.name}`);
      drops.push(t.name);
    }
  for (const t of after.tables) {
    const prev = old.get(t.name);
    if (!prev) {
      statements.push(createTable(t));
      for (const fk of t.foreignKeys) late.push(addForeignKey(t.name, fk));
      for (const i of t.indexes) late.push(createIndex(t.name, i));
      if (before) summary.push(t.name);
      continue;
    }
    const changes = diffTable(prev, t);
    statements.push(...changes.statements);
    late.push(...changes.late);
    summary.push(...changes.summary);
    drops.push(...changes.drops);
  }
  return { statements: [...statements, ...late], summary, drops };
}

function diffTable(prev: TableModel, t: TableModel) {
  const statements: string[] = [];
  const late: string[] = [];
  const summary: string[] = [];
  const drops: string[] = [];
  const table = q(t.name);
  for (const fk of prev.foreignKeys)
    if (
      !same(
        fk,
        t.foreignKeys.find((x) => x.name === fk.name),
      )
    )
      statements.push(`ALTER TABLE ${table} DROP CONSTRAINT ${q(fk.name)}`);
  for (const i of prev.indexes)
    if (
      !same(
        i,
        t.indexes.find((x) => x.name === i.name),
      )
    )
      statements.push(`DROP INDEX ${q(i.name)}`);
  // a new primary key: the old one goes first, the new one once its columns exist
  const newKey = !same(prev.primaryKey, t.primaryKey);
  if (newKey) statements.push(`ALTER TABLE ${table} DROP CONSTRAINT ${q(`${t.name}_pkey`)}`);
  for (const c of prev.columns)
    if (!t.columns.some((x) => x.name === c.name)) {
      statements.push(`ALTER TABLE ${table} DROP COLUMN ${q(c.name)}`);
      summary.push(`${t.name}_drop_${c.name}`);
      drops.push(`${t.name}.${c.name}`);
    }
  for (const c of t.columns) {
    const p = prev.columns.find((x) => x.name === c.name);
    if (!p) {
      if (c.notNull && c.default === undefined) {
        statements.push(`ALTER TABLE ${table} ADD COLUMN ${q(c.name)} ${c.type} DEFAULT ${zeroOf(c.type)} NOT NULL`);
        statements.push(`ALTER TABLE ${table} ALTER COLUMN ${q(c.name)} DROP DEFAULT`);
      } else statements.push(`ALTER TABLE ${table} ADD COLUMN ${columnSql(c)}`);
      summary.push(`${t.name}_${c.name}`);
      continue;
    }
    if (p.type !== c.type) {
      statements.push(`ALTER TABLE ${table} ALTER COLUMN ${q(c.name)} TYPE ${c.type} USING ${q(c.name)}::${c.type}`);
      summary.push(`${t.name}_${c.name}_type`);
    }
    if (p.default !== c.default)
      statements.push(
        c.default === undefined
          ? `ALTER TABLE ${table} ALTER COLUMN ${q(c.name)} DROP DEFAULT`
          : `ALTER TABLE ${table} ALTER COLUMN ${q(c.name)} SET DEFAULT ${c.default}`,
      );
    if (p.notNull !== c.notNull) {
      if (c.notNull)
        statements.push(`UPDATE ${table} SET ${q(c.name)} = ${c.default ?? zeroOf(c.type)} WHERE ${q(c.name)} IS NULL`);
      statements.push(`ALTER TABLE ${table} ALTER COLUMN ${q(c.name)} ${c.notNull ? 'SET' : 'DROP'} NOT NULL`);
      summary.push(`${t.name}_${c.name}_${c.notNull ? 'required' : 'optional'}`);
    }
  }
  if (newKey) {
    late.push(`ALTER TABLE ${table} ADD PRIMARY KEY (${cols(t.primaryKey)})`);
    summary.push(`${t.name}_key`);
  }
  for (const fk of t.foreignKeys)
    if (
      !same(
        fk,
        prev.foreignKeys.find((x) => x.name === fk.name),
      )
    )
      late.push(addForeignKey(t.name, fk));
  for (const i of t.indexes)
    if (
      !same(
        i,
        prev.indexes.find((x) => x.name === i.name),
      )
    )
      late.push(createIndex(t.name, i));
  if (!summary.length && (statements.length || late.length)) summary.push(`${t.name}_keys`);
  return { statements, late, summary, drops };
}

export function migrationFileName(existing: string[], summary: string[]): string {
  const numbers = existing.map((f) => Number(f.slice(0, 4))).filter(Number.isFinite);
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const slug =
    summary
      .slice(0, 3)
      .join('_')
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 60) || 'change';
  return `${next}_${slug}.sql`;
}

export function migrationText(plan: MigrationPlan): string {
  return plan.statements.join(`;\n${STATEMENT_BREAK}\n`) + ';\n';
}
