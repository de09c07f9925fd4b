// Planning tasks for the signed-in user: schema/graphql/planning.graphql.
import type { Activity } from '../../../generated/types';
import { resolver, type DomainModule, type FieldResolver } from '../kernel/module';
import { activitiesFor, completeActivity, outstandingCount } from './activities';
import { planningForecast } from './forecast';
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
    activitiesForUser: resolver<{ waiting?: boolean | null }>(async (_r, args, ctx) =>
      activitiesFor(await ctx.domain(), args.waiting),
    ),
    planningForecast: resolver<{ months?: number | null }>(async (_r, args, ctx) =>
      planningForecast(await ctx.domain(), args.months),
    ),
    activitiesBetween: resolver<CalendarArgs>(async (_r, args, ctx) => activitiesBetween(await ctx.domain(), args)),
  },
  mutation: {
    activityComplete: resolver<{ id: string; date: string }>(async (_r, args, ctx) =>
      completeActivity(await ctx.domain(), String(args.id), args.date),
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
