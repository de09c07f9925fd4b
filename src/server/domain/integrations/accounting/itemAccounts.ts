// Which linked Items wait to follow a mapping change (the job sets their accounts over there,
// itemChanges.ts). A leaf module: the mapping's transaction queues through it without importing
// the sync, which imports the mappings.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { MappedEntity } from './mappings';
import { liveConnectionSql } from '../store';

/** The sync-log record of a linked product's or item's accounts to set over there. */
export const ITEM_ACCOUNTS = 'itemAccounts';

/** Inside a mapping's transaction: a product or item linked over there has its accounts set
 * there too, by the job. Answers the apps it was queued for. */
export async function queueItemAccounts(db: Db, companyId: string, entityType: MappedEntity, entityId: string) {
  const apps = rowsOf<{ app: string }>(
    await db.execute(sql`SELECT l.app FROM integration_links l
      JOIN integration_connections c ON c.company_id = l.company_id AND c.app = l.app AND ${liveConnectionSql('c')}
      WHERE l.company_id = ${companyId} AND l.entity_type = ${entityType} AND l.entity_id = ${entityId}`),
  ).map((r) => r.app);
  for (const app of apps)
    await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      VALUES (${companyId}, ${app}, ${ITEM_ACCOUNTS}, ${entityId}, 'queued')
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()`);
  return apps;
}
