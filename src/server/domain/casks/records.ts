// Cask records read and answered in bulk (add empty, set age): one select and one hydrate for
// any number of casks, as the API answers them to this actor.
import { and, eq, inArray } from 'drizzle-orm';
import { caskTable } from '../../../generated/tables';
import { entityByName } from '../../../generated/entities';
import type { DomainContext } from '../records/actor';
import { hydrate, type ApiRecord } from '../records/hydrate';

export const caskEntity = entityByName.cask;

export async function casksByIds(ctx: DomainContext, ids: string[], full = false): Promise<ApiRecord[]> {
  if (!ids.length) return [];
  const rows = await ctx.db
    .select()
    .from(caskTable)
    .where(and(eq(caskTable.companyId, ctx.actor.companyId), inArray(caskTable.id, ids)));
  const records = await hydrate(ctx.db, ctx.actor, caskEntity, rows as Record<string, unknown>[], { full });
  const order = new Map(ids.map((id, i) => [id, i]));
  return records.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}
