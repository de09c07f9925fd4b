// Root resolvers: generic ones per entity from the metadata, hand-written ones from the
// domain modules (src/server/domain/index.ts lists them). Resolvers only translate; the rules
// live in src/server/domain.
import type { EntityMeta } from '../../shared/meta';
import { entities } from '../../generated/entities';
import { listRecords, getRecord, type ListArgs } from '../domain/records/list';
import { createRecord, updateRecord } from '../domain/records/write';
import { deleteObject, deleteObjects } from '../domain/records/delete';
import { exportCsv } from '../domain/records/export';
import type { RequestContext } from './context';
import { domainModules } from '../domain';

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
    [e.ops.create]: async (_r, args, ctx) =>
      createRecord(await ctx.domain(), e, args.input as Record<string, unknown>, {
        activityId: args.activityId as string | null | undefined,
      }),
    [e.ops.update]: async (_r, args, ctx) =>
      updateRecord(await ctx.domain(), e, String(args.id), args.input as Record<string, unknown>, {
        expectedVersion: args.expectedVersion as string | null | undefined,
      }),
  };
  return { query, mutation };
}

export function buildResolvers(): { Query: Record<string, Resolver>; Mutation: Record<string, Resolver> } {
  const Query: Record<string, Resolver> = {};
  const Mutation: Record<string, Resolver> = {
    objectDelete: async (_r, args, ctx) => deleteObject(await ctx.domain(), String(args.id)),
    objectsDelete: async (_r, args, ctx) => deleteObjects(await ctx.domain(), (args.ids as string[]).map(String)),
  };
  for (const e of entities.filter((x) => x.crud)) {
    const r = entityResolvers(e);
    Object.assign(Query, r.query);
    Object.assign(Mutation, r.mutation);
  }
  for (const m of domainModules) {
    Object.assign(Query, m.query as Record<string, Resolver>);
    Object.assign(Mutation, m.mutation as Record<string, Resolver>);
  }
  return { Query, Mutation };
}
