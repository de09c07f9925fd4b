// Read counts of help topics and articles, per company (hand-written table help_reads of
// migration 0020_help.sql): a row per topic or article, counted up in place by one statement,
// so two people reading at once both count.
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintText } from '../../db/types';
import type { DomainContext } from '../records/actor';

export type ReadKind = 'topic' | 'article';
/** a company's read counts, by kind and key (absent: never read) */
export type ReadCounts = Record<ReadKind, Map<string, number>>;

export const helpReadsTable = pgTable(
  'help_reads',
  {
    companyId: bigintText('company_id').notNull(),
    kind: text('kind').$type<ReadKind>().notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.key] })],
);

/** The company's counts, by kind and key (absent: never read). */
export async function readCounts(ctx: DomainContext): Promise<ReadCounts> {
  const rows = await ctx.db
    .select({ kind: helpReadsTable.kind, key: helpReadsTable.key, count: helpReadsTable.count })
    .from(helpReadsTable)
    .where(eq(helpReadsTable.companyId, ctx.actor.companyId));
  const counts: ReadCounts = { topic: new Map(), article: new Map() };
  for (const r of rows) counts[r.kind]?.set(r.key, r.count);
  return counts;
}

/** Counts one reading; the key is one the library holds (the caller checked). */
export async function countRead(ctx: DomainContext, kind: ReadKind, key: string): Promise<void> {
  await ctx.db
    .insert(helpReadsTable)
    .values({ companyId: ctx.actor.companyId, kind, key, count: 1 })
    .onConflictDoUpdate({
      target: [helpReadsTable.companyId, helpReadsTable.kind, helpReadsTable.key],
      set: { count: sql`${helpReadsTable.count} + 1` },
    });
}
