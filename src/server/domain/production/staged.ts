// Hooks of the production records whose outputs carry what their inputs were worth: a bottling
// (spirit and packaging into bottles), a mash (grain into wash), a mixed-pack packing and an
// assembly. Posting runs in stages inside the record's transaction:
//   1. lock the vessels the record touches (always vessels before stock buckets, the order every
//      posting takes, so two postings never wait on each other in a cycle);
//   2. post what is consumed from stock (items, component products): the stock module prices
//      each row at its moving average, and answers the LAA of packaged rows;
//   3. plan the outputs against the locked vessels and what stage 2 took (value in cents, LAA),
//      then post the vessel rows and the stock that is produced.
// Editing reverses everything posted under the record and posts it again; deleting reverses;
// a reversal refused (the bottles were sold, the wash was distilled) refuses the edit or delete
// with the ledgers' "This cannot be undone: …" message. The lot rule (one record per lot and
// kind) is the one every production record keeps (common.ts).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { EntityHooks } from '../records/hooks';
import type { ApiRecord } from '../records/hydrate';
import type { VesselWanted } from '../excise/actions';
import { post, type Posting } from '../excise/ledger';
import { parseScaled, type Milli } from '../excise/quantities';
import { lockVessels, type Vessel } from '../excise/vessels';
import { postStock, type StockPosting } from '../inventory/stock';
import { productionHooks } from './common';

/** What stage 2 took out of stock, as positive totals. */
export interface ConsumedTotals {
  /** cents */
  value: number;
  /** LAA of the packaged products consumed */
  laa: Milli;
}

export interface StagedPlan {
  vessels: VesselWanted[];
  /** rows taking stock out (negative quantities), posted first */
  consumed: StockPosting[];
  /** the rest, planned once the vessels are locked and the consumed rows are posted */
  produce(
    vessels: Map<string, Vessel>,
    taken: ConsumedTotals,
  ): { postings: Posting[]; stock: StockPosting[] } | Promise<{ postings: Posting[]; stock: StockPosting[] }>;
}

/** The value and LAA the given stock rows carried (they are negative: answered positive). */
async function totalsOf(ctx: DomainContext, ids: string[]): Promise<ConsumedTotals> {
  if (!ids.length) return { value: 0, laa: 0 };
  const [row] = rowsOf<{ value: string | null; laa: string | null }>(
    await ctx.db.execute(sql`
      SELECT coalesce(sum(value), 0)::text AS value, coalesce(sum(laa), 0)::text AS laa
      FROM inventory_transactions
      WHERE company_id = ${ctx.actor.companyId} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return { value: -parseScaled(row?.value ?? '0', 2), laa: -parseScaled(row?.laa ?? '0', 3) };
}

/** Hooks posting a staged plan; the lot check and the reversal are productionHooks'. */
export function stagedHooks(
  entity: string,
  plan: (ctx: DomainContext, record: ApiRecord) => Promise<StagedPlan>,
): EntityHooks {
  const base = productionHooks(entity, () => {
    throw new Error(`${entity} posts through stagedHooks`);
  });
  return {
    beforeWrite: base.beforeWrite,
    afterWrite: base.afterWrite,
    unpost: base.unpost,
    async post(ctx, record) {
      const planned = await plan(ctx, record);
      const ref = { refType: entity, refId: String(record.id) };
      const vessels = planned.vessels.length
        ? await lockVessels(ctx.db, ctx.actor, planned.vessels)
        : new Map<string, Vessel>();
      const taken = await totalsOf(ctx, await postStock(ctx, ref, planned.consumed));
      const out = await planned.produce(vessels, taken);
      if (out.postings.length) await post(ctx, ref, out.postings);
      if (out.stock.length) await postStock(ctx, ref, out.stock);
    },
  };
}
