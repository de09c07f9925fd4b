// Root resolvers: generic ones per entity from the metadata, hand-written ones from the
// domain modules. Resolvers only translate; the rules live in src/server/domain.
import type { EntityMeta } from '../../shared/meta';
import { entities } from '../../generated/entities';
import { listRecords, getRecord, type ListArgs } from '../domain/records/list';
import { createRecord, updateRecord } from '../domain/records/write';
import { deleteObject, deleteObjects } from '../domain/records/delete';
import { exportCsv } from '../domain/records/export';
import { companiesOf, setCompanySettings, setUserSettings } from '../domain/company/companies';
import { densityLookup, strengthLookup } from '../domain/alcoholometry/lookups';
import { activitiesFor, completeActivity, outstandingCount } from '../domain/planning/activities';
import { listMembers, removeMember, setMember } from '../domain/company/members';
import { addOnsWithAlerts, updateCompany } from '../domain/company/profile';
import { logClientError } from '../domain/support/clientErrors';
import type { RequestContext } from './context';

type Resolver = (root: unknown, args: Record<string, unknown>, ctx: RequestContext) => unknown;

function entityResolvers(e: EntityMeta) {
  const query: Record<string, Resolver> = {
    [e.ops.connection]: async (_r, args, ctx) => listRecords(await ctx.domain(), e, args as ListArgs),
    [e.ops.get]: async (_r, args, ctx) => getRecord(await ctx.domain(), e, String(args.id)),
    [e.ops.export]: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const csv = await exportCsv(domain, e, args as ListArgs);
      return ctx.files.save(ctx.companyId, ctx.userId, `${e.plural}.csv`, csv);
    },
  };
  const mutation: Record<string, Resolver> = {
    [e.ops.create]: async (_r, args, ctx) => createRecord(await ctx.domain(), e, args.input as Record<string, unknown>),
    [e.ops.update]: async (_r, args, ctx) =>
      updateRecord(await ctx.domain(), e, String(args.id), args.input as Record<string, unknown>),
  };
  return { query, mutation };
}

type FieldResolver = (parent: Record<string, unknown>) => unknown;
const titleOf = (ref: unknown) => (ref as { name?: string } | null)?.name ?? null;

/** Fields computed from a record rather than stored (spec 3 names them). */
export const typeResolvers: Record<string, Record<string, FieldResolver>> = {
  Activity: {
    siteId: (a) => (a.site as { id: string } | null)?.id ?? null,
    siteName: (a) => titleOf(a.site),
    roleName: (a) => titleOf(a.role),
  },
};

export function buildResolvers(): { Query: Record<string, Resolver>; Mutation: Record<string, Resolver> } {
  const Query: Record<string, Resolver> = {
    companies: (_r, _a, ctx) => companiesOf(ctx.db, ctx.userId),
    companyMembers: async (_r, _a, ctx) => listMembers(await ctx.domain()),
    addOnsWithAlerts: async (_r, _a, ctx) => addOnsWithAlerts(await ctx.domain()),
    activitiesOutstandingForUser: async (_r, _a, ctx) => outstandingCount(await ctx.domain()),
    activitiesForUser: async (_r, args, ctx) => activitiesFor(await ctx.domain(), args.waiting as boolean | null),
    alcoholometricLookupByDensity: (_r, args) => densityLookup(Number(args.temp), Number(args.density)),
    alcoholometricLookupByStrength: (_r, args) => strengthLookup(Number(args.temp), Number(args.b)),
  };
  const Mutation: Record<string, Resolver> = {
    objectDelete: async (_r, args, ctx) => deleteObject(await ctx.domain(), String(args.id)),
    objectsDelete: async (_r, args, ctx) => deleteObjects(await ctx.domain(), (args.ids as string[]).map(String)),
    companySetUserSettings: async (_r, args, ctx) => setUserSettings(await ctx.domain(), String(args.settings)),
    companyUpdate: async (_r, args, ctx) => updateCompany(await ctx.domain(), args.input as Record<string, unknown>),
    companyMemberSet: async (_r, args, ctx) =>
      setMember(await ctx.domain(), String(args.email), (args.permissions as string[]).map(String)),
    companyMemberRemove: async (_r, args, ctx) => removeMember(await ctx.domain(), String(args.id)),
    logClientError: (_r, args, ctx) =>
      logClientError(
        ctx.db,
        { userId: ctx.userId, companyId: ctx.companyId, ...ctx.client },
        args.input as Record<string, string>,
      ),
    activityComplete: async (_r, args, ctx) => completeActivity(await ctx.domain(), String(args.id), String(args.date)),
    companySettingsSet: async (_r, args, ctx) =>
      setCompanySettings(await ctx.domain(), args.settings as Record<string, unknown>),
  };
  for (const e of entities.filter((x) => x.crud)) {
    const r = entityResolvers(e);
    Object.assign(Query, r.query);
    Object.assign(Mutation, r.mutation);
  }
  return { Query, Mutation };
}
