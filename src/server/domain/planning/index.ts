// Planning tasks for the signed-in user, role holders, forecast, scheduling: schema/graphql/planning.graphql.
import type { Activity } from '../../../generated/types';
import { resolver, type DomainModule, type FieldResolver } from '../kernel/module';
import { activitiesFor, completeActivity, outstandingCount } from './activities';
import { planningForecast } from './forecast';
import { companyMembers, roleHolders, setRoleMembers } from './roleMembers';
import { activitiesBetween, scheduleFromTemplate, type CalendarArgs, type ScheduleInput } from './schedule';

/** a field of an activity as the API answers it (refs hydrated to {id, name}) */
const activityField =
  (fn: (a: Activity) => unknown): FieldResolver =>
  (parent) =>
    fn(parent as unknown as Activity);

export const planningModule: DomainModule = {
  name: 'planning',
  query: {
    activitiesOutstandingForUser: resolver(async (_r, _a, ctx) => outstandingCount(await ctx.domain())),
    activitiesForUser: resolver<{ waiting?: boolean | null; everyone?: boolean | null }>(async (_r, args, ctx) =>
      activitiesFor(await ctx.domain(), args.waiting, args.everyone),
    ),
    planningRoleHolders: resolver(async (_r, _a, ctx) => roleHolders(await ctx.domain())),
    planningRoleCandidates: resolver(async (_r, _a, ctx) => companyMembers(await ctx.domain())),
    planningForecast: resolver<{ months?: number | null }>(async (_r, args, ctx) =>
      planningForecast(await ctx.domain(), args.months),
    ),
    activitiesBetween: resolver<CalendarArgs>(async (_r, args, ctx) => activitiesBetween(await ctx.domain(), args)),
  },
  mutation: {
    activityComplete: resolver<{ id: string; date: string }>(async (_r, args, ctx) =>
      completeActivity(await ctx.domain(), String(args.id), args.date),
    ),
    planningRoleMembersSet: resolver<{ roleId: string; userIds: string[] }>(async (_r, args, ctx) =>
      setRoleMembers(await ctx.domain(), String(args.roleId), args.userIds),
    ),
    activitiesScheduleFromTemplate: resolver<{ input: ScheduleInput }>(async (_r, args, ctx) =>
      scheduleFromTemplate(await ctx.domain(), args.input),
    ),
  },
  // fields computed from a record rather than stored (spec 3 names them)
  types: {
    Activity: {
      siteId: activityField((a) => a.site?.id ?? null),
      siteName: activityField((a) => a.site?.name ?? null),
      roleName: activityField((a) => a.role?.name ?? null),
    },
  },
};
