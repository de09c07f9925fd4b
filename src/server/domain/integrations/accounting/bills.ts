// Bills: an inventory receipt marked Billed is the supplier's bill, which the accounting system
// books as a Bill from the supplier (a Vendor there) with one expense line per receipt line: to
// the inventory (asset) account of its item or product on the accounting setup page, else to the
// supplier's default expense account; freight to the supplier's account. A line with neither is
// refused with the words to fix it. The push is in ../sync.ts; linked once ('bill').
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { hooksOf } from '../../records/hooks';
import { INTEGRATION_APPS } from '../apps';
import { connectionOf } from '../store';

export const BILL_ENTITY = 'bill';
export const BILLED = 'Billed';

const queueSql = (companyId: string, appKey: string, onlyId?: string) => sql`
  INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
  SELECT r.company_id, ${appKey}, ${BILL_ENTITY}, r.id, 'queued' FROM inventory_receipts r
  WHERE r.company_id = ${companyId} AND r.status = ${BILLED} ${onlyId ? sql`AND r.id = ${onlyId}` : sql``}
    AND NOT EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = r.company_id AND l.app = ${appKey}
      AND l.entity_type = ${BILL_ENTITY} AND l.entity_id = r.id)
  ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
    last_error = NULL, updated_at = now()
  WHERE integration_sync_log.status = 'failed'`;

/** Sync now: the billed receipts not over there yet, and the failed ones again. */
export async function queueBills(db: Db, companyId: string, appKey: string) {
  await db.execute(queueSql(companyId, appKey));
}

export const inventoryReceiptHooks = hooksOf('inventoryReceipt', {
  afterWrite: async (ctx, change) => {
    if (ctx.history || change.after.status !== BILLED) return;
    const { companyId } = ctx.actor;
    for (const app of INTEGRATION_APPS) {
      if (app.addOn !== 'accounting' || !ctx.actor.features[app.feature]) continue;
      const connection = await connectionOf(ctx.db, companyId, app.key);
      if (connection?.status === 'connected' || connection?.status === 'paused')
        await ctx.db.execute(queueSql(companyId, app.key, change.after.id));
    }
  },
});
