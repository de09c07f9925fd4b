// What Sync now and the push job do for each app, by key: a new app fails to compile until it
// says how it syncs. The job (queue.ts) runs every company and app with queued records.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { integrationApp, type IntegrationKey } from './apps';
import { RetryLater, type PushSummary } from './calls';
import { waitingCount } from './store';
import { pushAccounting, queueAccountingSync, queueScheduledItemReads } from './accounting/itemChanges';
import { pushShopify, queueShopifyRefresh, queueShopifySync } from './shopify/sync';
import { pushSquareQueued, queueSquareForAllCompanies, queueSquareSync } from './square/sync';

export interface AppSync {
  /** Sync now on /apps: queues what should be in the other system and is not; answers how many wait */
  queueAll(ctx: DomainContext, appKey: string): Promise<number>;
  /** the job's work for one company: sends what is queued */
  push(db: Db, companyId: string, appKey: string): Promise<PushSummary>;
  /** the schedule's pull, for every company with the app connected: queues what is new over
   * there (orders missed by webhooks, the day's sales, stock to send); apps that only push
   * what is saved here need none */
  queueScheduled?(db: Db): Promise<unknown>;
}

export const APP_SYNCS = {
  quickbooks: { queueAll: queueAccountingSync, push: pushAccounting, queueScheduled: queueScheduledItemReads },
  shopify: { queueAll: queueShopifySync, push: pushShopify, queueScheduled: queueShopifyRefresh },
  square: { queueAll: queueSquareSync, push: pushSquareQueued, queueScheduled: queueSquareForAllCompanies },
} satisfies Record<IntegrationKey, AppSync>;

export const appSync = (appKey: string): AppSync => APP_SYNCS[integrationApp(appKey).key];

/** The schedule's pulls of every app (the push job's run that names no company). One app's
 * failure does not keep the others from queueing; the first failure is thrown after. */
export async function queueScheduledPulls(db: Db) {
  let failure: unknown = null;
  for (const sync of Object.values(APP_SYNCS) as AppSync[])
    await sync.queueScheduled?.(db).catch((error: unknown) => {
      failure ??= error;
    });
  if (failure) throw failure;
}

/** The job's work: every company and app with queued records (or the one named). `onBacklog`
 * hears of each company and app whose run moved part of a backlog longer than one run takes
 * (each app's push sends a batch at a time) and left the rest waiting: the job asks for another
 * run of those at once, so a long backlog does not wait for the schedule between batches. A run
 * that moved nothing (what waits, waits on something else) is not heard of. */
export async function pushAllQueued(
  db: Db,
  only?: { companyId?: string; app?: string },
  onBacklog: (backlog: { companyId: string; app: string }) => Promise<void> = async () => undefined,
): Promise<void> {
  const pending = rowsOf<{ company_id: string; app: string; queued: number }>(
    await db.execute(sql`SELECT s.company_id::text, s.app, count(*)::int AS queued FROM integration_sync_log s
      JOIN integration_connections c ON c.company_id = s.company_id AND c.app = s.app AND c.status = 'connected'
      WHERE s.status = 'queued'
      ${only?.companyId ? sql`AND s.company_id = ${only.companyId}` : sql``}
      ${only?.app ? sql`AND s.app = ${only.app}` : sql``}
      GROUP BY s.company_id, s.app`),
  );
  let retryLater: RetryLater | null = null;
  let fault: unknown = null;
  for (const { company_id, app, queued } of pending) {
    if (!(app in APP_SYNCS)) continue; // an app this server no longer has
    try {
      const summary = await appSync(app).push(db, company_id, app);
      const left = await waitingCount(db, company_id, app);
      if (left > 0 && left < Math.max(queued, summary.waitingAfterPull ?? 0)) {
        // heard of at once: another company's failure below must not keep this one waiting
        await onBacklog({ companyId: company_id, app });
      }
    } catch (error) {
      // one company's outage, or a fault in its data, does not hold up the others; the job
      // still fails (a fault first), to be logged and retried
      if (error instanceof RetryLater) retryLater = error;
      else fault ??= error;
    }
  }
  if (fault) throw fault;
  if (retryLater) throw retryLater;
}
