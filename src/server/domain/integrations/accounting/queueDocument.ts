// Queueing a document for the accounting apps, the same way for every kind: the push job's
// sync-log row (integration_sync_log 'queued') is written for each accounting app the company
// has connected (or paused), inside the document's own transaction, so it commits with the
// document or not at all. A failed one is queued again when it is saved again (corrected).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { EntityHooks } from '../../records/hooks';
import { INTEGRATION_APPS } from '../apps';
import { connectionOf, isLiveConnection } from '../store';

/** The accounting apps a change of this company goes to: enabled, and connected or paused. */
export async function accountingAppsOf(ctx: DomainContext): Promise<string[]> {
  const apps: string[] = [];
  for (const app of INTEGRATION_APPS) {
    if (app.addOn !== 'accounting' || !ctx.actor.features[app.feature]) continue;
    if (isLiveConnection(await connectionOf(ctx.db, ctx.actor.companyId, app.key))) apps.push(app.key);
  }
  return apps;
}

/** Sync-log rows for the ids `select` answers (company_id, id): new ones queued, failed ones
 * queued again (`requeue` widens that, e.g. to what succeeded before a new version), and one a
 * job is sending (claim.ts) marked changed, so that job leaves it queued for the next run. */
export const queueRowsSql = (appKey: string, entityType: string, select: SQL, requeue: SQL = sql`'failed'`) => sql`
  INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
  SELECT q.company_id, ${appKey}, ${entityType}, q.id, 'queued' FROM (${select}) q
  ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
    last_error = NULL, updated_at = now()
  WHERE integration_sync_log.status IN (${requeue}) OR integration_sync_log.claimed_at IS NOT NULL`;

/** A document sent when its status is `status` (its integration_links row), and again when it
 * changes after that: the Sync now queue (the ones not sent yet, and the failed ones again) and
 * the records hook that queues it when it is saved with that status, or saved or deleted once
 * it was sent (the push sends an update, or takes it back over there, or nothing if what the
 * other system sees did not change). */
export function queueDocumentWhen(spec: { entityType: string; table: string; status: string }): {
  queue: (db: Db, companyId: string, appKey: string) => Promise<void>;
  hooks: EntityHooks;
} {
  const linked = (appKey: string) => sql`EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = d.company_id
    AND l.app = ${appKey} AND l.entity_type = ${spec.entityType} AND l.entity_id = d.id)`;
  const unsent = (companyId: string, appKey: string) => sql`
    SELECT d.company_id, d.id FROM ${sql.identifier(spec.table)} d
    WHERE d.company_id = ${companyId} AND d.status = ${spec.status} AND NOT ${linked(appKey)}`;
  // a create being sent, or sent once without an answer: it may be over there, not linked yet
  const mayBeThere = (appKey: string) => sql`EXISTS (SELECT 1 FROM integration_sync_log s
    WHERE s.company_id = d.company_id AND s.app = ${appKey} AND s.entity_type = ${spec.entityType}
      AND s.entity_id = d.id AND (s.claimed_at IS NOT NULL OR s.create_sent))`;
  const saved = (companyId: string, appKey: string, id: string, deleting: boolean) => sql`
    SELECT d.company_id, d.id FROM ${sql.identifier(spec.table)} d
    WHERE d.company_id = ${companyId} AND d.id = ${id}
      AND (${deleting ? mayBeThere(appKey) : sql`d.status = ${spec.status}`} OR ${linked(appKey)})`;
  const queueSaved = async (ctx: DomainContext, id: string, deleting: boolean) => {
    if (ctx.history) return;
    for (const app of await accountingAppsOf(ctx))
      await ctx.db.execute(
        queueRowsSql(app, spec.entityType, saved(ctx.actor.companyId, app, id, deleting), sql`'failed', 'succeeded'`),
      );
  };
  return {
    queue: async (db, companyId, appKey) => {
      await db.execute(queueRowsSql(appKey, spec.entityType, unsent(companyId, appKey)));
      // an update or a removal that failed (the document sent already) goes again too
      await db.execute(sql`UPDATE integration_sync_log SET status = 'queued', attempts = 0, last_error = NULL,
          updated_at = now()
        WHERE company_id = ${companyId} AND app = ${appKey} AND entity_type = ${spec.entityType}
          AND status = 'failed'`);
    },
    hooks: {
      afterWrite: async (ctx, change) => queueSaved(ctx, String((change.after as { id?: unknown }).id), false),
      beforeDelete: async (ctx, record) => queueSaved(ctx, String((record as { id?: unknown }).id), true),
    },
  };
}
