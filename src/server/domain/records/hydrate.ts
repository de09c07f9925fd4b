// Turns drizzle rows into API records: codecs per field type, ref titles and lines loaded in
// one query per ref field and per lines field for the whole page (no N+1).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { concurrently, type Db } from '../../db/connect';
import { codecs } from './values';
import { canSeeValues, entityOf, tableOf, visibleFields } from './fields';
import type { Actor } from './actor';
import { recordVersion } from './version';

export type ApiRecord = Record<string, unknown> & { id: string };

function convert(fields: FieldMeta[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.type === 'lines') continue;
    const v = codecs[f.type].fromDb(row[f.name]);
    out[f.name] = f.type === 'ref' ? (v == null ? null : { id: String(v) }) : v;
  }
  return out;
}

export interface HydrateOptions {
  /** every field, internal and values-gated ones included: the record hooks and the audit see
   * (never answered as is; `visibleTo` cuts it down to what the actor may read) */
  full?: boolean;
  /** false: no `version` (a CSV export has no form to send it back) */
  version?: boolean;
}

export async function hydrate(
  db: Db,
  actor: Actor,
  entity: EntityMeta,
  rows: Record<string, unknown>[],
  options: HydrateOptions = {},
): Promise<ApiRecord[]> {
  const fields = options.full ? entity.fields : visibleFields(entity, actor);
  const records = rows.map((row) => ({ id: String(row.id), ...convert(fields, row) }) as ApiRecord);
  if (!records.length) return records;
  await concurrently(
    db,
    ...fields.filter((f) => f.type === 'ref').map((f) => () => loadRefTitles(db, actor, f, records)),
    ...fields.filter((f) => f.type === 'lines').map((f) => () => loadLines(db, actor, entity, f, records, options)),
  );
  // what the reader saw, sent back by their edit form (a full record is never answered)
  if (!options.full && options.version !== false) for (const r of records) r.version = recordVersion(entity, r);
  return records;
}

async function loadRefTitles(db: Db, actor: Actor, field: FieldMeta, records: Record<string, unknown>[]) {
  const target = entityOf(field.ref!);
  const ids = [
    ...new Set(records.map((r) => (r[field.name] as { id: string } | null)?.id).filter(Boolean)),
  ] as string[];
  if (!ids.length) return;
  const { table } = tableOf(target);
  const title = target.titleField;
  const where =
    target.scope === 'company'
      ? and(eq(table.companyId, actor.companyId), inArray(table.id, ids))
      : inArray(table.id, ids);
  const rows = await db.select({ id: table.id, title: table[title] }).from(table).where(where);
  const titles = new Map(rows.map((r: { id: string; title: unknown }) => [String(r.id), r.title]));
  for (const r of records) {
    const ref = r[field.name] as { id: string } | null;
    if (ref) r[field.name] = { id: ref.id, [title]: titles.get(ref.id) ?? null };
  }
}

async function loadLines(
  db: Db,
  actor: Actor,
  entity: EntityMeta,
  field: FieldMeta,
  records: ApiRecord[],
  options: HydrateOptions,
) {
  const table = tableOf(entity).lines[field.name];
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.companyId, actor.companyId),
        inArray(
          table.parentId,
          records.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(table.parentId), asc(table.position));
  const byParent = new Map<string, Record<string, unknown>[]>();
  const lineFields = options.full ? field.lines!.fields : visibleLineFields(entity, actor, field);
  for (const row of rows as Record<string, unknown>[]) {
    const list = byParent.get(String(row.parentId)) ?? [];
    list.push({ id: String(row.id), ...convert(lineFields, row) });
    byParent.set(String(row.parentId), list);
  }
  for (const r of records) r[field.name] = byParent.get(r.id) ?? [];
  // refs on lines (a product, a tax) carry their title like refs on the record itself
  const lines = [...byParent.values()].flat();
  await concurrently(
    db,
    ...lineFields.filter((f) => f.type === 'ref').map((f) => () => loadRefTitles(db, actor, f, lines)),
  );
}

/** A line's fields the actor may see: a values-gated one (`lines.unitPrice` in the schema's
 * `values`) only with `values`, like the record's own fields. */
const visibleLineFields = (_entity: EntityMeta, actor: Actor, field: FieldMeta) =>
  field.lines!.fields.filter((f) => !f.internal && (!f.needsValues || canSeeValues(actor)));

/** A full record (hydrated with `full`) cut down to the fields the actor may read. */
export function visibleTo(entity: EntityMeta, actor: Actor, record: ApiRecord): ApiRecord {
  const out: ApiRecord = { id: record.id };
  for (const f of visibleFields(entity, actor)) {
    if (!(f.name in record)) continue;
    if (f.type !== 'lines') out[f.name] = record[f.name];
    else {
      const names = ['id', ...visibleLineFields(entity, actor, f).map((l) => l.name)];
      out[f.name] = (record[f.name] as Record<string, unknown>[]).map((line) =>
        Object.fromEntries(names.filter((n) => n in line).map((n) => [n, line[n]])),
      );
    }
  }
  out.version = recordVersion(entity, out);
  return out;
}
