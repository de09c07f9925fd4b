// CSV export of a list with the same filters and sort as the screen. Headers are field names,
// which the CSV import maps back case-insensitively, so an export re-imports cleanly. Cells go
// through csvCell (no live formulas).
import Papa from 'papaparse';
import { and, asc, desc } from 'drizzle-orm';
import type { EntityMeta } from '../../../shared/meta';
import type { DomainContext } from './actor';
import { tableOf, visibleFields } from './fields';
import { hydrate } from './hydrate';
import { sortOf, whereOf, type ListArgs } from './list';
import { csvCell } from '../kernel/csv';

/** Exports are read in batches so a large list never sits in memory as rows and objects twice. */
const BATCH = 1000;

export async function exportCsv(ctx: DomainContext, entity: EntityMeta, args: ListArgs): Promise<string> {
  const { table } = tableOf(entity);
  const where = whereOf(ctx, entity, args);
  const { sortKey, descending } = sortOf(entity, ctx, args);
  const order = descending ? [desc(table[sortKey]), desc(table.id)] : [asc(table[sortKey]), asc(table.id)];
  const fields = visibleFields(entity, ctx.actor).filter((f) => f.type !== 'lines');
  const header = ['id', ...fields.map((f) => f.name)];
  const chunks: string[] = [Papa.unparse([header])];
  for (let offset = 0; ; offset += BATCH) {
    const rows = await ctx.db
      .select()
      .from(table)
      .where(and(where))
      .orderBy(...order)
      .limit(BATCH)
      .offset(offset);
    if (!rows.length) break;
    const records = await hydrate(ctx.db, ctx.actor, entity, rows as Record<string, unknown>[], { version: false });
    const data = records.map((r) => [
      r.id,
      ...fields.map((f) => {
        const v = r[f.name];
        if (v === null || v === undefined) return '';
        if (f.type === 'ref') {
          const target = v as Record<string, unknown>;
          return csvCell(Object.entries(target).find(([k]) => k !== 'id')?.[1] ?? target.id);
        }
        if (Array.isArray(v)) return csvCell(v.join('; '));
        return csvCell(v);
      }),
    ]);
    chunks.push(Papa.unparse(data, { header: false }));
    if (rows.length < BATCH) break;
  }
  return chunks.join('\r\n') + '\r\n';
}
