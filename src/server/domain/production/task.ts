// Spec 2.4 and 4: a production record opened from a task (?activityId=) completes that task
// when it is saved. The task is completed inside the record's transaction, so a refused save
// leaves the task outstanding and a saved one never leaves it open.
import { and, eq } from 'drizzle-orm';
import { activityTable } from '../../../generated/tables';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';

export async function completeTaskOf(ctx: DomainContext, activityId: string): Promise<void> {
  const where = and(eq(activityTable.companyId, ctx.actor.companyId), eq(activityTable.id, activityId));
  const [task] = await ctx.db
    .select({ completed: activityTable.completed })
    .from(activityTable)
    .where(where)
    .for('update');
  // the same answer for another company's task as for none: ids of others are not revealed
  if (!task) throw validationError({ activityId: 'No such task in this company' });
  // completing twice keeps the first completion time
  if (!task.completed)
    await ctx.db.update(activityTable).set({ completed: true, completedAt: new Date().toISOString() }).where(where);
}
