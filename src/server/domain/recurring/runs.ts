// The history of a recurring transaction: the recurring_runs table of the hand-written migration
// 0016_recurring_runs.sql (one row per schedule and run date, the idempotency key) and its list.
import { and, desc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, date, unique } from 'drizzle-orm/pg-core';
import { bigintText } from '../../db/types';
import type { Db } from '../../db/connect';
import type { DomainContext } from '../records/actor';

export type RunStatus = 'Created' | 'Failed';

export const recurringRunsTable = pgTable(
  'recurring_runs',
  {
    companyId: bigintText('company_id').notNull(),
    id: bigintText('id')
      .notNull()
      .default(sql`nextval('object_ids')`),
    scheduleId: bigintText('schedule_id').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    status: text('status').$type<RunStatus>().notNull(),
    documentEntity: text('document_entity'),
    documentId: bigintText('document_id'),
    documentNumber: text('document_number'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    unique('recurring_runs_schedule_date_key').on(t.companyId, t.scheduleId, t.runDate),
  ],
);

export interface RecurringRun {
  id: string;
  scheduleId: string;
  runDate: string;
  status: RunStatus;
  documentEntity: string | null;
  documentId: string | null;
  documentNumber: string | null;
  error: string | null;
  attempts: number;
  at: string;
}

const toRun = (row: typeof recurringRunsTable.$inferSelect): RecurringRun => ({
  ...row,
  at: new Date(row.at.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString(),
});

/** The schedule's runs, newest run date first. */
export async function listRuns(ctx: DomainContext, scheduleId: string, first = 100): Promise<RecurringRun[]> {
  const rows = await ctx.db
    .select()
    .from(recurringRunsTable)
    .where(and(eq(recurringRunsTable.companyId, ctx.actor.companyId), eq(recurringRunsTable.scheduleId, scheduleId)))
    .orderBy(desc(recurringRunsTable.runDate))
    .limit(Math.min(Math.max(1, first), 250));
  return rows.map(toRun);
}

export async function runOf(db: Db, companyId: string, scheduleId: string, runDate: string) {
  const [row] = await db
    .select()
    .from(recurringRunsTable)
    .where(
      and(
        eq(recurringRunsTable.companyId, companyId),
        eq(recurringRunsTable.scheduleId, scheduleId),
        eq(recurringRunsTable.runDate, runDate),
      ),
    );
  return row ? toRun(row) : null;
}

type RunResult = Pick<RecurringRun, 'status' | 'documentEntity' | 'documentId' | 'documentNumber' | 'error'>;

/** Writes the run of (schedule, date): a first attempt inserts, a retry after a failure updates
 * the same row (the unique key keeps one row per due date). */
export async function saveRun(
  db: Db,
  companyId: string,
  scheduleId: string,
  runDate: string,
  result: RunResult,
): Promise<RecurringRun> {
  const [row] = await db
    .insert(recurringRunsTable)
    .values({ companyId, scheduleId, runDate, ...result })
    .onConflictDoUpdate({
      target: [recurringRunsTable.companyId, recurringRunsTable.scheduleId, recurringRunsTable.runDate],
      set: { ...result, attempts: sql`${recurringRunsTable.attempts} + 1`, at: sql`now()` },
    })
    .returning();
  return toRun(row);
}

export async function deleteRuns(db: Db, companyId: string, scheduleId: string) {
  await db
    .delete(recurringRunsTable)
    .where(and(eq(recurringRunsTable.companyId, companyId), eq(recurringRunsTable.scheduleId, scheduleId)));
}
