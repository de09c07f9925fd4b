// Credit notes: a sales return marked Credited is what the customer is owed back, which the
// accounting system books as a Credit Memo (the push is in ../sync.ts, beside the invoice's,
// whose customer and lines it shares). Queued by the return's own save (inside its transaction)
// and by Sync now; linked once (integration_links 'creditNote').
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { hooksOf } from '../../records/hooks';
import { INTEGRATION_APPS } from '../apps';
import { connectionOf } from '../store';

export const CREDIT_NOTE_ENTITY = 'creditNote';
export const CREDITED = 'Credited';

const queueSql = (companyId: string, appKey: string, onlyId?: string) => sql`
  INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
  SELECT r.company_id, ${appKey}, ${CREDIT_NOTE_ENTITY}, r.id, 'queued' FROM sales_returns r
  WHERE r.company_id = ${companyId} AND r.status = ${CREDITED} ${onlyId ? sql`AND r.id = ${onlyId}` : sql``}
    AND NOT EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = r.company_id AND l.app = ${appKey}
      AND l.entity_type = ${CREDIT_NOTE_ENTITY} AND l.entity_id = r.id)
  ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
    last_error = NULL, updated_at = now()
  WHERE integration_sync_log.status = 'failed'`;

/** Sync now: the credited returns not over there yet, and the failed ones again. */
export async function queueCreditNotes(db: Db, companyId: string, appKey: string) {
  await db.execute(queueSql(companyId, appKey));
}

export const salesReturnHooks = hooksOf('salesReturn', {
  afterWrite: async (ctx, change) => {
    if (ctx.history || change.after.status !== CREDITED) return;
    const { companyId } = ctx.actor;
    for (const app of INTEGRATION_APPS) {
      if (app.addOn !== 'accounting' || !ctx.actor.features[app.feature]) continue;
      const connection = await connectionOf(ctx.db, companyId, app.key);
      if (connection?.status === 'connected' || connection?.status === 'paused')
        await ctx.db.execute(queueSql(companyId, app.key, change.after.id));
    }
  },
});
