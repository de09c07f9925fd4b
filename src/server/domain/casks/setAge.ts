// inventory/casks/setage: the age start (ageFrom) of one or many casks, for spirit received
// already aged; the cask list counts its age from there instead of the fill date. A cask that
// holds spirit also gets the excise module's CaskSetAge action dated today, so the ledger's age
// of its contents says the same. One transaction, one audit entry per cask changed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { caskTable } from '../../../generated/tables';
import { isIsoDate } from '../../../shared/validation';
import { messages } from '../../../shared/messages';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { invalidateCounts } from '../records/countCache';
import { recordAudit } from '../audit/audit';
import { AppError, validationError } from '../kernel/errors';
import { casksByIds } from './records';
import { MAX_CASKS } from './addEmpty';
import { todayOf } from './ageing';
import { runAction } from '../excise/run';

async function holdingSomething(ctx: DomainContext, ids: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      SELECT vessel_id::text AS id FROM vessel_contents
      WHERE company_id = ${ctx.actor.companyId} AND volume <> 0 AND vessel_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY vessel_id`),
  );
  return rows.map((r) => r.id);
}

export async function setCasksAge(ctx: DomainContext, rawIds: string[], ageFrom: string | null): Promise<ApiRecord[]> {
  const ids = [...new Set(rawIds.map(String))];
  if (!ids.length) throw validationError({ ids: 'Choose at least one cask' });
  if (ids.length > MAX_CASKS) throw validationError({ ids: `At most ${MAX_CASKS} casks at once` });
  if (ids.some((id) => !/^\d{1,18}$/.test(id))) throw validationError({ ids: messages.invalidReference });
  if (ageFrom !== null && !isIsoDate(ageFrom)) throw validationError({ ageFrom: messages.invalidDate });
  if (ageFrom !== null && ageFrom > (await todayOf(ctx))) throw validationError({ ageFrom: 'Must not be after today' });
  const records = await ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const before = await casksByIds(tx, ids, true);
    const missing = ids.filter((id) => !before.some((r) => r.id === id));
    if (missing.length) throw new AppError('NOT_FOUND', `Cask ${missing[0]} not found`, { ids: missing });
    await db
      .update(caskTable)
      .set({ ageFrom })
      .where(and(eq(caskTable.companyId, ctx.actor.companyId), inArray(caskTable.id, ids)));
    if (ageFrom !== null) {
      const today = await todayOf(tx);
      for (const id of await holdingSomething(tx, ids))
        await runAction(tx, 'CaskSetAge', { vesselId: id, date: today, ageDate: ageFrom, comments: 'Age start set' });
    }
    const after = await casksByIds(tx, ids, true);
    for (const [i, record] of after.entries())
      await recordAudit(db, ctx.actor, {
        entity: 'cask',
        entityId: record.id,
        event: 'updated',
        before: before[i],
        after: record,
      });
    return after;
  });
  invalidateCounts(ctx.actor.companyId, 'cask');
  // answered as the actor may read them
  return casksByIds(
    ctx,
    records.map((r) => r.id),
  );
}
