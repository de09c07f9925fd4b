// Running recurring transactions: the check the job queue calls every 15 minutes, and "Run now".
//
// Exactly once per due date, however many servers run the check at the same moment and however
// often a job re-runs: each date is one transaction that locks the schedule's row (FOR UPDATE),
// re-reads its next run under the lock and goes on only if that is still the date it came for;
// the run row's unique key (company, schedule, run date) is the idempotency key behind it.
// The document, the run row and the schedule's new lastRun/nextRun commit together or not at all.
//
// Missed runs (the server was down, the job queue stopped): ONE DOCUMENT PER MISSED DATE, each
// dated its own due date, oldest first, up to today. A recurring invoice or purchase order
// stands for a period (a month's supply, a week's delivery); dropping the missed ones would
// lose them silently. A check makes at most MAX_CATCH_UP of them per schedule; the next check
// (15 minutes later) goes on. A failed date stops that schedule's catch-up: its later dates
// wait, so documents keep their order, and the next check tries the failed date again.
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { recurringTransactionTable } from '../../../generated/tables';
import type { Db } from '../../db/connect';
import { lendingValues, type Actor, type DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { featuresOf } from '../company/companies';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { addDays, dueDates, nextRunAfter, type Cadence, type Frequency } from './nextRun';
import { createCopy, DOCUMENT_OF, type ScheduleType } from './copy';
import { runOf, saveRun, type RecurringRun } from './runs';

export const MAX_CATCH_UP = 31;

type Schedule = typeof recurringTransactionTable.$inferSelect;

export const cadenceOf = (s: Pick<Schedule, 'frequency' | 'interval' | 'startDate' | 'endDate'>): Cadence => ({
  frequency: s.frequency as Frequency,
  interval: s.interval,
  startDate: s.startDate,
  endDate: s.endDate,
});

/** Who a scheduled run acts as: no person (the audit log shows no user), in the schedule's
 * company, allowed to write the documents it copies. Whoever saved the schedule needed the
 * selling or buying write permission for its type (hooks.ts). */
export const SCHEDULER_PERMISSIONS = ['selling.write', 'buying.write', 'inventory.write', 'values'];
export const schedulerActor = (companyId: string, features: Record<string, boolean>): Actor => ({
  userId: 'recurring-transactions',
  companyId,
  permissions: SCHEDULER_PERMISSIONS,
  features,
});

const whereSchedule = (companyId: string, id: string) =>
  and(eq(recurringTransactionTable.companyId, companyId), eq(recurringTransactionTable.id, id));

/** One due date of one schedule, in one transaction. Answers the run, or null when the date is
 * no longer due (another server or an earlier job ran it, or the schedule changed meanwhile).
 * Throws what creating the document threw (nothing of it is left behind). */
async function runOnce(ctx: DomainContext, scheduleId: string, runDate: string): Promise<RecurringRun | null> {
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(recurringTransactionTable)
      .where(whereSchedule(companyId, scheduleId))
      .for('update');
    if (!s || !s.active || s.nextRun !== runDate) return null;
    const advance = () =>
      tx
        .update(recurringTransactionTable)
        .set({ lastRun: runDate, nextRun: nextRunAfter(cadenceOf(s), runDate) })
        .where(whereSchedule(companyId, scheduleId));
    // the idempotency key says this date made its document already: move on, never twice
    if ((await runOf(tx, companyId, scheduleId, runDate))?.status === 'Created') {
      await advance();
      return null;
    }
    const entity = DOCUMENT_OF[s.type as ScheduleType];
    const templateId = s[entity];
    if (!templateId) throw new AppError('VALIDATION_ERROR', `The schedule has no template ${entity}`, {});
    const document = await createCopy({ ...ctx, db: tx }, entity, templateId, runDate);
    const run = await saveRun(tx, companyId, scheduleId, runDate, {
      status: 'Created',
      documentEntity: entity,
      documentId: document.id,
      documentNumber: document.number,
      error: null,
    });
    await advance();
    return run;
  });
}

/** What a person reads in the history for a failed run: a rule's own message, never a stack. */
function failureText(error: unknown): string {
  if (error instanceof AppError) return error.message;
  console.error('recurring transaction run failed', error);
  return 'Internal error: the server log has the details';
}

/** Keeps the failure in the history (its own transaction, the failed one having rolled back),
 * unless the date stopped being due meanwhile. The schedule's next run stays: it is retried. */
async function recordFailure(ctx: DomainContext, scheduleId: string, runDate: string, error: unknown) {
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(recurringTransactionTable)
      .where(whereSchedule(companyId, scheduleId))
      .for('update');
    if (!s || s.nextRun !== runDate) return null;
    return saveRun(tx, companyId, scheduleId, runDate, {
      status: 'Failed',
      documentEntity: DOCUMENT_OF[s.type as ScheduleType] ?? null,
      documentId: null,
      documentNumber: null,
      error: failureText(error).slice(0, 2000),
    });
  });
}

/** The schedule's due dates up to `today`, oldest first, each at most once. With
 * `recordFailures` (the job) a failure is written to the history and stops this schedule; without
 * (Run now, inside the person's transaction) it is thrown to them. */
export async function runSchedule(
  ctx: DomainContext,
  schedule: Pick<Schedule, 'id' | 'frequency' | 'interval' | 'startDate' | 'endDate' | 'nextRun'>,
  today: string,
  options: { recordFailures: boolean },
): Promise<RecurringRun[]> {
  const runs: RecurringRun[] = [];
  for (const date of dueDates(cadenceOf(schedule), schedule.nextRun, today, MAX_CATCH_UP)) {
    try {
      const run = await runOnce(ctx, schedule.id, date);
      if (!run) break;
      runs.push(run);
    } catch (error) {
      if (!options.recordFailures) throw error;
      const failed = await recordFailure(ctx, schedule.id, date, error);
      if (failed) runs.push(failed);
      break;
    }
  }
  return runs;
}

/** The job's handler: every active schedule of every company whose next run is due on the
 * company's today (its time zone), for companies that have recurring transactions turned on. */
export async function runDueRecurringTransactions(db: Db, now = new Date()): Promise<RecurringRun[]> {
  // a cheap first cut: no time zone is more than a day ahead of UTC
  const horizon = addDays(now.toISOString().slice(0, 10), 1);
  const candidates = await db
    .select()
    .from(recurringTransactionTable)
    .where(
      and(
        eq(recurringTransactionTable.active, true),
        isNotNull(recurringTransactionTable.nextRun),
        lte(recurringTransactionTable.nextRun, horizon),
      ),
    )
    .orderBy(asc(recurringTransactionTable.companyId), asc(recurringTransactionTable.id));
  const runs: RecurringRun[] = [];
  const companies = [...new Set(candidates.map((c) => c.companyId))];
  for (const companyId of companies) {
    const features = await featuresOf(db, companyId);
    if (!features.allowRecurringTransactions) continue;
    const ctx: DomainContext = { db, actor: schedulerActor(companyId, features) };
    const today = dayIn(await timeZoneOf(ctx), now);
    for (const schedule of candidates.filter((c) => c.companyId === companyId && c.nextRun! <= today))
      runs.push(...(await runSchedule(ctx, schedule, today, { recordFailures: true })));
  }
  return runs;
}

/** "Run now": the schedule's due documents up to today, in the person's one transaction; a
 * schedule not yet due, ended or turned off is refused with the reason. */
export async function runNow(ctx: DomainContext, id: string): Promise<RecurringRun[]> {
  const [s] = await ctx.db.select().from(recurringTransactionTable).where(whereSchedule(ctx.actor.companyId, id));
  if (!s) throw new AppError('NOT_FOUND', `Recurring transaction ${id} not found`, { id });
  if (!s.active) throw new AppError('CONFLICT', 'This schedule is not active: make it active to run it', { id });
  if (!s.nextRun) throw new AppError('CONFLICT', 'This schedule has no next run: its end date has passed', { id });
  const today = dayIn(await timeZoneOf(ctx), new Date());
  if (s.nextRun > today)
    throw new AppError('CONFLICT', `Nothing is due yet: the next run is on ${s.nextRun}`, { id, nextRun: s.nextRun });
  // the copy carries the template's prices, not the person's input (the answer shows no price)
  const actor = lendingValues(ctx.actor);
  return ctx.db.transaction((tx) => runSchedule({ ...ctx, db: tx, actor }, s, today, { recordFailures: false }));
}
