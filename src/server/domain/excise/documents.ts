// Documents that post (a distillation, a bottling, a shipment…) plug into the generic records
// with these hooks: saving a record posts its rows under (entity, record id), editing it
// reverses and re-posts, deleting it reverses, all inside the record's own transaction. A
// reversal the ledger refuses (the alcohol has moved on, a filed period) refuses the edit or
// the delete with the ledger's CONFLICT message.
import type { DomainContext } from '../records/actor';
import type { EntityHooks } from '../records/hooks';
import type { ApiRecord } from '../records/hydrate';
import type { VesselWanted } from './actions';
import { post, reverse, vesselsOfRef, type Posting } from './ledger';
import { lockVessels, type Vessel } from './vessels';

export interface DocumentPlan {
  /** the vessels the record moves alcohol in or out of (locked before planning) */
  vessels: VesselWanted[];
  /** the rows, planned against the locked vessels' contents */
  postings(vessels: Map<string, Vessel>): Promise<Posting[]> | Posting[];
}

export function postingHooks(
  refType: string,
  plan: (ctx: DomainContext, record: ApiRecord) => Promise<DocumentPlan | null>,
): EntityHooks {
  return {
    async post(ctx, record) {
      const planned = await plan(ctx, record);
      if (!planned || !planned.vessels.length) return;
      const vessels = await lockVessels(ctx.db, ctx.actor, planned.vessels);
      await post(ctx, { refType, refId: record.id }, await planned.postings(vessels));
    },
    async unpost(ctx, record) {
      const ids = await vesselsOfRef(ctx.db, ctx.actor.companyId, record.id);
      if (!ids.length) return;
      const vessels = await lockVessels(
        ctx.db,
        ctx.actor,
        ids.map((id) => ({ id, field: 'id' })),
      );
      await reverse(ctx, { refType, refId: record.id }, vessels);
    },
  };
}
