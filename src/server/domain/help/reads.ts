// Read counts of help topics and articles, per company (hand-written table help_reads of
// migration 0020_help.sql): a row per topic or article, counted up in place by one statement,
// so two people reading at once both count.
import { and, eq, sql } from 'drizzle-orm';
import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { DomainContext } from '../records/actor';

const bigintText = customType<{ data: string; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
});

export type ReadKind = 'topic' | 'article';

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

/** The company's counts of one kind, by key (absent: never read). */
export async function readCounts(ctx: DomainContext, kind: ReadKind): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ key: helpReadsTable.key, count: helpReadsTable.count })
    .from(helpReadsTable)
    .where(and(eq(helpReadsTable.companyId, ctx.actor.companyId), eq(helpReadsTable.kind, kind)));
  return new Map(rows.map((r) => [r.key, r.count]));
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
