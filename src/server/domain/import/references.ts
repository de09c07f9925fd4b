// A reference in an imported file is written as the other record's name (its title field) or,
// for products, items and bundles, its SKU: the file cannot know our ids. Each batch looks its
// names up once, in the company, ignoring case.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import type { Db } from '../../db/connect';
import type { Actor } from '../records/actor';
import { entityOf, tableOf } from '../records/fields';

export type Resolved = { id: string } | { error: string };

export const notFoundText = (label: string, text: string) => `No ${label} named '${text}'`;
export const ambiguousText = (label: string, text: string) => `Several ${label} records named '${text}'`;

/** The target of each distinct cell (lower-cased, trimmed) of one ref field. */
export async function resolveReferences(
  db: Db,
  actor: Actor,
  field: FieldMeta,
  cells: Iterable<string>,
): Promise<Map<string, Resolved>> {
  // the first spelling of each name, for the message
  const spelled = new Map<string, string>();
  for (const cell of cells)
    if (cell.trim() && !spelled.has(cell.trim().toLowerCase())) spelled.set(cell.trim().toLowerCase(), cell.trim());
  const keys = [...spelled.keys()];
  const answers = new Map<string, Resolved>();
  if (!keys.length) return answers;
  const target = entityOf(field.ref!);
  const { table } = tableOf(target);
  const title = table[target.titleField];
  const sku = target.fields.some((f) => f.name === 'sku') ? table.sku : null;
  const lower = (column: unknown) => sql<string>`lower(${column})`;
  const match = sku ? or(inArray(lower(title), keys), inArray(lower(sku), keys)) : inArray(lower(title), keys);
  const where = target.scope === 'company' ? and(eq(table.companyId, actor.companyId), match) : match;
  const rows: { id: string; title: string | null; sku: string | null }[] = await db
    .select({ id: table.id, title: lower(title), sku: sku ? lower(sku) : sql<null>`null` })
    .from(table)
    .where(where);
  const label = target.label.en.toLowerCase();
  for (const key of keys) {
    // a name wins over a SKU: a product named "100" and another with SKU "100" is the former
    const byName = rows.filter((r) => r.title === key);
    const found = byName.length ? byName : rows.filter((r) => r.sku === key);
    if (found.length === 1) answers.set(key, { id: String(found[0].id) });
    else answers.set(key, { error: (found.length ? ambiguousText : notFoundText)(label, spelled.get(key)!) });
  }
  return answers;
}

/** The ref fields among the columns of an import. */
export const refFields = (entity: EntityMeta, names: readonly string[]) =>
  entity.fields.filter((f) => f.type === 'ref' && names.includes(f.name));
