// One product or item action, one database transaction: read the input, lock the vessels (a
// return to tank) then the stock buckets, reverse the action's earlier rows when it is being
// edited, plan and post the new rows, and keep the action's input to open it again. Deleting
// reverses every row the action posted (inventory and excise) and marks it inactive.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { post, reverse, vesselsOfRef } from '../excise/ledger';
import { lockVessels } from '../excise/vessels';
import { transactionsByIds, type TransactionNode } from '../excise/transactions';
import type { Raw } from '../excise/inputs';
import type { VesselType } from '../../../shared/excise/categories';
import { lockStockBuckets, readStockAction, readStockRecords, type StockActionKind } from './actions';
import { openStockRowsOf, postStock, reverseStock } from './stock';
import { stockTransactionsByIds, type StockTransactionNode } from './transactions';

export interface StockActionResult {
  refId: string;
  transactions: StockTransactionNode[];
  exciseTransactions: TransactionNode[];
}

interface ActionRow {
  id: string;
  kind: string;
  active: boolean;
}

const ID = /^\d{1,18}$/;

async function lockAction(ctx: DomainContext, id: string): Promise<ActionRow | null> {
  if (!ID.test(id)) return null;
  const [row] = rowsOf<ActionRow>(
    await ctx.db.execute(
      sql`SELECT id::text AS id, kind, active FROM inventory_actions WHERE company_id = ${ctx.actor.companyId} AND id = ${id} FOR UPDATE`,
    ),
  );
  return row ?? null;
}

const label = (kind: string) =>
  kind
    .replace(/^(Product|Item)/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

export async function runStockAction(ctx: DomainContext, kind: StockActionKind, raw: Raw): Promise<StockActionResult> {
  const action = readStockAction(kind, raw);
  const editing = raw.refId === null || raw.refId === undefined || raw.refId === '' ? null : String(raw.refId);
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const { companyId } = ctx.actor;
    let refId = editing;
    const wanted: { id: string; field: string; types?: VesselType[] }[] = action.vessels.map((v) => ({
      ...v,
      types: ['Tank'],
    }));
    if (editing) {
      const existing = await lockAction(tx, editing);
      if (!existing || existing.kind !== kind)
        throw new AppError('NOT_FOUND', `There is no ${label(kind)} transaction ${editing} to edit`, {
          refId: editing,
        });
      if (!existing.active) throw new AppError('CONFLICT', `Transaction ${editing} was deleted and cannot be edited`);
      for (const id of await vesselsOfRef(db, companyId, editing)) wanted.push({ id, field: 'refId' });
    }
    const vessels = wanted.length ? await lockVessels(db, ctx.actor, wanted) : new Map();
    const ref = { refType: kind, refId: refId ?? '' };
    if (editing) {
      await reverse(tx, ref, vessels);
      await reverseStock(tx, ref);
    } else {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO inventory_actions (company_id, kind, stock_kind, stock_id, date, input, user_id)
          VALUES (${companyId}, ${kind}, ${action.stockKind}, ${action.stockId}, ${action.date},
                  ${JSON.stringify(action.input)}::jsonb, ${ctx.actor.userId})
          RETURNING id::text AS id`),
      );
      refId = row.id;
      ref.refId = refId;
    }
    const stock = await readStockRecords(
      tx,
      action.stock.map((s) => s.stockId),
    );
    const buckets = await lockStockBuckets(tx, action.stock);
    const planned = await action.plan({ ctx: tx, buckets, stock, vessels });
    const ids = await postStock(tx, ref, planned.stock);
    const exciseIds = await post(tx, ref, planned.excise);
    if (editing)
      await db.execute(sql`
        UPDATE inventory_actions SET input = ${JSON.stringify(action.input)}::jsonb, date = ${action.date},
          stock_id = ${action.stockId}, user_id = ${ctx.actor.userId}, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${refId}`);
    return {
      refId: refId!,
      transactions: await stockTransactionsByIds(tx, ids),
      exciseTransactions: await transactionsByIds(tx, exciseIds),
    };
  });
}

/** Reverses every open inventory (and excise) row of an action or other source. */
export async function deleteStockTransactions(ctx: DomainContext, refId: string): Promise<StockActionResult> {
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const { companyId } = ctx.actor;
    if (!ID.test(refId)) throw new AppError('NOT_FOUND', `Transaction ${refId} has nothing left to reverse`, { refId });
    const action = await lockAction(tx, refId);
    if (!action) {
      // rows of a production record, a shipment…: they are undone by editing or deleting it
      const [other] = rowsOf<{ ref_type: string }>(
        await db.execute(
          sql`SELECT ref_type FROM inventory_transactions WHERE company_id = ${companyId} AND ref_id = ${refId} LIMIT 1`,
        ),
      );
      if (other)
        throw new AppError(
          'CONFLICT',
          `Transaction ${refId} was posted by a ${other.ref_type} record: edit or delete that record instead`,
          { refId, refType: other.ref_type },
        );
      throw new AppError('NOT_FOUND', `Transaction ${refId} has nothing left to reverse`, { refId });
    }
    const open = await openStockRowsOf(tx, refId);
    const vesselIds = await vesselsOfRef(db, companyId, refId);
    if (!open.length && !vesselIds.length)
      throw new AppError('NOT_FOUND', `Transaction ${refId} has nothing left to reverse`, { refId });
    const [{ ref_type: refType }] = rowsOf<{ ref_type: string }>(
      await db.execute(
        sql`SELECT ref_type FROM inventory_transactions WHERE company_id = ${companyId} AND ref_id = ${refId}
            UNION ALL SELECT ref_type FROM excise_transactions WHERE company_id = ${companyId} AND ref_id = ${refId} LIMIT 1`,
      ),
    );
    const ref = { refType, refId };
    let exciseIds: string[] = [];
    if (vesselIds.length) {
      const vessels = await lockVessels(
        db,
        ctx.actor,
        vesselIds.map((id) => ({ id, field: 'refId' })),
      );
      exciseIds = await reverse(tx, ref, vessels);
    }
    const ids = await reverseStock(tx, ref);
    if (action)
      await db.execute(
        sql`UPDATE inventory_actions SET active = false, updated_at = now() WHERE company_id = ${companyId} AND id = ${refId}`,
      );
    return {
      refId,
      transactions: await stockTransactionsByIds(tx, ids),
      exciseTransactions: await transactionsByIds(tx, exciseIds),
    };
  });
}

/** A posted action by its id or the id of one of its rows, with its rows (to open and edit it). */
export async function getStockAction(ctx: DomainContext, id: string) {
  if (!ID.test(id)) return null;
  const { companyId } = ctx.actor;
  const [row] = rowsOf<{
    id: string;
    kind: string;
    stock_kind: string;
    stock_id: string;
    date: string;
    input: unknown;
    active: boolean;
  }>(
    await ctx.db.execute(sql`
      SELECT a.id::text AS id, a.kind, a.stock_kind, a.stock_id::text AS stock_id, to_char(a.date, 'YYYY-MM-DD') AS date,
             a.input, a.active
      FROM inventory_actions a
      WHERE a.company_id = ${companyId}
        AND a.id = coalesce(
          (SELECT t.ref_id FROM inventory_transactions t WHERE t.company_id = ${companyId} AND t.id = ${id}),
          (SELECT e.ref_id FROM excise_transactions e WHERE e.company_id = ${companyId} AND e.id = ${id}),
          ${id})`),
  );
  if (!row) return null;
  const ids = (table: 'inventory_transactions' | 'excise_transactions') =>
    ctx.db
      .execute(
        sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE company_id = ${companyId} AND ref_id = ${row.id} ORDER BY id`,
      )
      .then((r) => rowsOf<{ id: string }>(r).map((x) => x.id));
  return {
    id: row.id,
    kind: row.kind,
    stockKind: row.stock_kind,
    stockId: row.stock_id,
    date: row.date,
    input: typeof row.input === 'string' ? row.input : JSON.stringify(row.input),
    active: row.active,
    transactions: await stockTransactionsByIds(ctx, await ids('inventory_transactions')),
    exciseTransactions: await transactionsByIds(ctx, await ids('excise_transactions')),
  };
}
