// One vessel action, one database transaction: read the input, lock the vessels in id order,
// reverse the action's earlier rows when it is being edited, plan and post the new rows, and
// keep the action's input to open it again. exciseTransactionDelete reverses any source.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { readAction, type ActionKind } from './actions';
import type { Raw } from './inputs';
import { post, reverse, vesselsOfRef } from './ledger';
import { transactionsByIds, type TransactionNode } from './transactions';
import { lockVessels } from './vessels';
import { vesselActionListeners } from '../index';

export interface PostingResult {
  refId: string;
  transactions: TransactionNode[];
}

interface ActionRow {
  id: string;
  kind: string;
  active: boolean;
}

async function lockAction(ctx: DomainContext, id: string): Promise<ActionRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [row] = rowsOf<ActionRow>(
    await ctx.db.execute(
      sql`SELECT id::text AS id, kind, active FROM excise_actions WHERE company_id = ${ctx.actor.companyId} AND id = ${id} FOR UPDATE`,
    ),
  );
  return row ?? null;
}

export async function runAction(ctx: DomainContext, kind: ActionKind, raw: Raw): Promise<PostingResult> {
  const action = readAction(kind, raw);
  const editing = raw.refId === null || raw.refId === undefined ? null : String(raw.refId);
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    let refId = editing;
    const wanted = [...action.vessels];
    if (editing) {
      const existing = await lockAction(tx, editing);
      if (!existing || existing.kind !== kind)
        throw new AppError('NOT_FOUND', `There is no ${kind} transaction ${editing} to edit`, { refId: editing });
      if (!existing.active) throw new AppError('CONFLICT', `Transaction ${editing} was deleted and cannot be edited`);
      for (const id of await vesselsOfRef(db, ctx.actor.companyId, editing)) wanted.push({ id, field: 'refId' });
    }
    const vessels = await lockVessels(db, ctx.actor, wanted);
    if (refId) await reverse(tx, { refType: kind, refId }, vessels);
    else {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO excise_actions (company_id, kind, vessel_id, date, input, user_id)
          VALUES (${ctx.actor.companyId}, ${kind}, ${action.vesselId}, ${action.date}, ${JSON.stringify(action.input)}::jsonb, ${ctx.actor.userId})
          RETURNING id::text AS id`),
      );
      refId = row.id;
    }
    const postings = await action.plan(tx, vessels);
    const ids = await post(tx, { refType: kind, refId }, postings);
    if (editing)
      await db.execute(sql`
        UPDATE excise_actions SET input = ${JSON.stringify(action.input)}::jsonb, date = ${action.date},
          vessel_id = ${action.vesselId}, user_id = ${ctx.actor.userId}, updated_at = now()
        WHERE company_id = ${ctx.actor.companyId} AND id = ${refId}`);
    const result = { refId, transactions: await transactionsByIds(tx, ids) };
    for (const listener of vesselActionListeners()) await listener.afterRun?.(tx, result, editing !== null);
    return result;
  });
}

/** Reverses every open row a vessel action posted under refId. Rows a record posted (a
 * distillation, a bottling, bottles returned to a tank) belong to it: only editing or deleting
 * that record reverses them, with everything else it posted. */
export async function deleteTransactions(ctx: DomainContext, refId: string): Promise<PostingResult> {
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const action = await lockAction(tx, refId);
    const vesselIds = /^\d{1,18}$/.test(refId) ? await vesselsOfRef(db, ctx.actor.companyId, refId) : [];
    if (!vesselIds.length)
      throw new AppError('NOT_FOUND', `Transaction ${refId} has nothing left to reverse`, { refId });
    const [{ ref_type: refType }] = rowsOf<{ ref_type: string }>(
      await db.execute(
        sql`SELECT ref_type FROM excise_transactions WHERE company_id = ${ctx.actor.companyId} AND ref_id = ${refId} LIMIT 1`,
      ),
    );
    if (!action)
      throw new AppError(
        'CONFLICT',
        `Transaction ${refId} was posted by a ${refType} record: edit or delete that record instead`,
        { refId, refType },
      );
    const vessels = await lockVessels(
      db,
      ctx.actor,
      vesselIds.map((id) => ({ id, field: 'refId' })),
    );
    const ids = await reverse(tx, { refType, refId }, vessels);
    if (action)
      await db.execute(
        sql`UPDATE excise_actions SET active = false, updated_at = now() WHERE company_id = ${ctx.actor.companyId} AND id = ${refId}`,
      );
    const result = { refId, transactions: await transactionsByIds(tx, ids) };
    for (const listener of vesselActionListeners()) await listener.afterDelete?.(tx, result);
    return result;
  });
}

export async function getAction(ctx: DomainContext, id: string) {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [row] = rowsOf<{ id: string; kind: string; date: string; input: unknown; vessel_id: string; active: boolean }>(
    await ctx.db.execute(sql`
      SELECT a.id::text AS id, a.kind, to_char(a.date, 'YYYY-MM-DD') AS date, a.input, a.vessel_id::text AS vessel_id, a.active
      FROM excise_actions a
      WHERE a.company_id = ${ctx.actor.companyId}
        AND a.id = coalesce((SELECT t.ref_id FROM excise_transactions t WHERE t.company_id = ${ctx.actor.companyId} AND t.id = ${id}), ${id})`),
  );
  if (!row) return null;
  const ids = rowsOf<{ id: string }>(
    await ctx.db.execute(
      sql`SELECT id::text AS id FROM excise_transactions WHERE company_id = ${ctx.actor.companyId} AND ref_id = ${row.id} ORDER BY id`,
    ),
  ).map((r) => r.id);
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    input: typeof row.input === 'string' ? row.input : JSON.stringify(row.input),
    vesselId: row.vessel_id,
    active: row.active,
    transactions: await transactionsByIds(ctx, ids),
  };
}
