// Tasks (spec 4): outstanding until completed; only tasks whose start date is up to today are
// shown. Today is the company's calendar day in its time zone, not the server's.
// A person's own tasks ("my tasks", the top bar's count) are those given to a role they hold
// (roleMembers.ts), to a role nobody holds yet (so a company not naming holders misses none)
// or to no role; everyone's tasks are the tasks page grouped by role (tasks/:showUsersRoles).
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { activityTable } from '../../../generated/tables';
import { entityByName } from '../../../generated/entities';
import { isIsoDateTime } from '../../../shared/validation';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { hydrate } from '../records/hydrate';
import { assertFound, getRecord } from '../records/list';
import { invalidateCounts } from '../records/countCache';

export async function companyToday(ctx: DomainContext): Promise<string> {
  return dayIn(await timeZoneOf(ctx), new Date());
}

/** a task given to no role, to a role nobody holds, or to one the signed-in person holds */
const mine = (ctx: DomainContext) => sql`(${activityTable.role} IS NULL
  OR NOT EXISTS (SELECT 1 FROM planning_role_members rm
    WHERE rm.company_id = ${activityTable.companyId} AND rm.role_id = ${activityTable.role})
  OR EXISTS (SELECT 1 FROM planning_role_members rm
    WHERE rm.company_id = ${activityTable.companyId} AND rm.role_id = ${activityTable.role}
      AND rm.user_id = ${ctx.actor.userId}))`;

function due(ctx: DomainContext, today: string, waiting: boolean | null | undefined, everyone = false) {
  const conditions = [eq(activityTable.companyId, ctx.actor.companyId), lte(activityTable.startDate, today)];
  if (waiting === false || waiting === undefined || waiting === null)
    conditions.push(eq(activityTable.completed, false));
  if (!everyone) conditions.push(mine(ctx));
  return and(...conditions);
}

export async function outstandingCount(ctx: DomainContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: activityTable.id })
    .from(activityTable)
    .where(due(ctx, await companyToday(ctx), false));
  return rows.length;
}

/** `waiting: true` includes completed tasks too; absent or false: outstanding ones only.
 * `everyone`: every person's tasks, not only the signed-in person's. */
export async function activitiesFor(
  ctx: DomainContext,
  waiting: boolean | null | undefined,
  everyone: boolean | null | undefined = false,
) {
  const rows = await ctx.db
    .select()
    .from(activityTable)
    .where(due(ctx, await companyToday(ctx), waiting === true ? true : false, everyone === true))
    .orderBy(asc(activityTable.startDate), asc(activityTable.id));
  return hydrate(ctx.db, ctx.actor, entityByName.activity, rows as Record<string, unknown>[]);
}

export async function completeActivity(ctx: DomainContext, id: string, date: string) {
  if (!isIsoDateTime(date)) throw validationError({ date: 'Must be a date and time' });
  const where = and(
    eq(activityTable.companyId, ctx.actor.companyId),
    eq(activityTable.id, /^\d{1,18}$/.test(id) ? id : '0'),
  );
  const record = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: activityTable.id }).from(activityTable).where(where).for('update');
    assertFound(row ?? null, entityByName.activity, id);
    await tx.update(activityTable).set({ completed: true, completedAt: date }).where(where);
    return assertFound(await getRecord({ ...ctx, db: tx }, entityByName.activity, id), entityByName.activity, id);
  });
  invalidateCounts(ctx.actor.companyId, 'activity');
  return record;
}
