// Recurring transactions as a domain module: the rules of saving a schedule (hooks.ts), its
// run history and "Run now". The 15-minute check itself is a job (src/server/jobs/) that calls
// runDueRecurringTransactions (run.ts).
import { and, eq } from 'drizzle-orm';
import { hasPermission } from '../../../shared/permissions';
import { recurringTransactionTable } from '../../../generated/tables';
import type { DomainContext } from '../records/actor';
import type { DomainModule } from '../kernel/module';
import { AppError, forbidden } from '../kernel/errors';
import { assertMayWrite, readPermissionOf, recurringHooks } from './hooks';
import { listRuns } from './runs';
import { runNow } from './run';

export { runDueRecurringTransactions } from './run';

/** The schedule of the company, or NOT_FOUND (another company's id is simply not found). */
async function scheduleOf(ctx: DomainContext, id: string) {
  const [s] = /^\d{1,18}$/.test(id)
    ? await ctx.db
        .select({ id: recurringTransactionTable.id, type: recurringTransactionTable.type })
        .from(recurringTransactionTable)
        .where(and(eq(recurringTransactionTable.companyId, ctx.actor.companyId), eq(recurringTransactionTable.id, id)))
    : [];
  if (!s) throw new AppError('NOT_FOUND', `Recurring transaction ${id} not found`, { id });
  return s;
}

export const recurringModule: DomainModule = {
  name: 'recurring',
  query: {
    recurringTransactionRuns: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const schedule = await scheduleOf(domain, String(args.id));
      // a purchase order schedule's history is buying's, a sales one's selling's
      if (!hasPermission(domain.actor.permissions, readPermissionOf(schedule.type)))
        throw forbidden('view this schedule');
      return listRuns(domain, schedule.id, (args.first as number | null) ?? 100);
    },
  },
  mutation: {
    recurringTransactionRunNow: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const schedule = await scheduleOf(domain, String(args.id));
      assertMayWrite(domain.actor, schedule.type);
      return runNow(domain, schedule.id);
    },
  },
  hooks: { recurringTransaction: recurringHooks },
};
