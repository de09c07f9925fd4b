// objectDelete / objectsDelete: an id alone names an object of the company (ids come from one
// sequence; the `objects` table knows the entity), so one call deletes any kind of record.
import { and, eq } from 'drizzle-orm';
import { hasAny } from '../../../shared/permissions';
import { entityByName, entities } from '../../../generated/entities';
import { objectsTable } from '../../../generated/tables';
import { AppError, isForeignKeyViolation, pgErrorOf } from '../kernel/errors';
import type { Db } from '../../db/connect';
import type { DomainContext } from './actor';
import { tableOf } from './fields';
import { entityOfObject } from './write';
import { invalidateCounts } from './countCache';
import { getRecord } from './list';
import { hooksFor } from '../index';
import { recordAudit } from '../audit/audit';

export interface DeleteResult {
  id: string;
  error: string | null;
}

async function deleteOne(ctx: DomainContext, db: Db, id: string, entityName: string | undefined): Promise<void> {
  const entity = entityName ? entityByName[entityName] : undefined;
  if (!entity) throw new AppError('NOT_FOUND', `Object ${id} not found`, { id });
  if (
    !hasAny(ctx.actor.permissions, entity.permissions.write) ||
    (entity.feature && !ctx.actor.features[entity.feature])
  )
    throw new AppError('FORBIDDEN', `You don't have permission to delete ${entity.label.enPlural.toLowerCase()}`, {
      id,
    });
  const { table } = tableOf(entity);
  const [row] = await db
    .select({ title: table[entity.titleField] })
    .from(table)
    .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, id)));
  try {
    // a savepoint, so one failed delete in a batch leaves the others standing; a hook that
    // refuses (CONFLICT: the excise period is filed) becomes this id's error
    await db.transaction(async (tx) => {
      const inTx: DomainContext = { ...ctx, db: tx };
      const record = await getRecord(inTx, entity, id, { full: true });
      if (!record) throw new AppError('NOT_FOUND', `Object ${id} not found`, { id });
      const hooks = hooksFor(entity.name);
      for (const h of hooks) await h.beforeDelete?.(inTx, record);
      for (const h of hooks) await h.unpost?.(inTx, record);
      await tx.delete(table).where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, id)));
      await tx
        .delete(objectsTable)
        .where(and(eq(objectsTable.companyId, ctx.actor.companyId), eq(objectsTable.id, id)));
      await recordAudit(tx, ctx.actor, { entity: entity.name, entityId: id, event: 'deleted', before: record });
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const detail = `${pgErrorOf(error)?.detail ?? ''} ${pgErrorOf(error)?.table ?? ''}`;
    const user = entities.find((e) => new RegExp(`\\b${e.table}\\b`).test(detail));
    const title = row?.title ? ` '${String(row.title)}'` : '';
    throw new AppError(
      'CONFLICT',
      `${entity.label.en}${title} cannot be deleted: it is still used by ${user ? user.label.enPlural.toLowerCase() : 'other records'}`,
      { id, usedBy: user?.name ?? null },
    );
  }
}

/** Counts of every entity touched are stale once the transaction commits. */
async function thenInvalidate<T>(ctx: DomainContext, kinds: Map<string, string>, result: T): Promise<T> {
  for (const entity of new Set(kinds.values())) invalidateCounts(ctx.actor.companyId, entity);
  return result;
}

export async function deleteObjects(ctx: DomainContext, ids: string[]): Promise<DeleteResult[]> {
  let kinds = new Map<string, string>();
  const results = await ctx.db.transaction(async (tx) => {
    kinds = await entityOfObject(tx, ctx.actor, ids);
    const results: DeleteResult[] = [];
    for (const id of ids) {
      try {
        await deleteOne(ctx, tx, id, kinds.get(id));
        results.push({ id, error: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, error: error.message });
      }
    }
    return results;
  });
  return thenInvalidate(ctx, kinds, results);
}

export async function deleteObject(ctx: DomainContext, id: string): Promise<DeleteResult> {
  let kinds = new Map<string, string>();
  const result = await ctx.db.transaction(async (tx) => {
    kinds = await entityOfObject(tx, ctx.actor, [id]);
    await deleteOne(ctx, tx, id, kinds.get(id));
    return { id, error: null };
  });
  return thenInvalidate(ctx, kinds, result);
}
