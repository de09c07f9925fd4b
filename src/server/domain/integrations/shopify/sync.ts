// The e-commerce sync for Shopify (APP_SYNCS.shopify). Three kinds of record wait in the sync
// log: 'shopifyOrder' (an order received, to become a sales order: orders.ts), 'shopifyStock'
// (a site's duty-paid stock to send: stock.ts) and 'shopifyPoll' (the polling fallback: list
// the orders updated since the last poll, for webhooks that never arrived). Sync now queues a
// poll and every mapped site's stock, and the failed orders again. Failures follow the
// connector's kinds as for accounting: a refused token (the shop uninstalled the app) or a
// refusal is logged as failed with Shopify's words; a 429 is waited out (Retry-After; still
// throttled, the record stays queued with no attempt counted and the queue reruns the job); a 5xx
// counts an attempt and throws RetryLater so the queue reruns the job with backoff.
import { failedForNow } from '../retries';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { integrationApp, type EcommerceApp } from '../apps';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { withTokens, type PushSummary } from '../calls';
import { connectionOf, setLog, stillConnected, tokensOf, waitingCount } from '../store';
import { featuresOf } from '../../company/companies';
import { addOnFeature } from '../addOns';
import {
  importOrder,
  OrderProblem,
  ORDER_ENTITY,
  receiveOrder,
  TAX_NOTE_ENTITY,
  type NeedsHand,
  type Skipped,
} from './orders';
import { pushSiteStock, STOCK_ENTITY } from './stock';
import { MAX_LISTED } from './connector';
import { DATA_REQUEST_ENTITY, pruneShopifyData } from './privacy';

export const POLL_ENTITY = 'shopifyPoll';
const BATCH = 200;
/** The poll asks from a little before the last one: an order updated while it ran is not lost
 * (a second sight of an order is harmless, the row and the link are unique). */
const POLL_OVERLAP_MS = 5 * 60 * 1000;

export function ecommerceApp(key: string): EcommerceApp {
  const app = integrationApp(key);
  if (app.addOn !== 'ecommerce') throw new Error(`${key} is not an e-commerce app`);
  return app;
}

/** Sync now: queues a poll, every mapped site's stock, and the failed orders again; answers how
 * many records wait. */
export async function queueShopifySync(ctx: DomainContext, appKey: string): Promise<number> {
  const app = ecommerceApp(appKey);
  if (!ctx.actor.features[app.feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${app.feature})`, {
      feature: app.feature,
    });
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const connection = await connectionOf(tx, companyId, app.key, true);
    if (connection?.status !== 'connected')
      throw new AppError('CONFLICT', `${app.connector.provider} is not connected (or is paused)`, {
        status: connection?.status ?? 'enabled',
      });
    await setLog(tx, companyId, app.key, POLL_ENTITY, companyId, { status: 'queued' });
    await tx.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      SELECT company_id, ${app.key}, ${STOCK_ENTITY}, site_id, 'queued' FROM shopify_site_locations
      WHERE company_id = ${companyId}
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()`);
    await tx.execute(sql`UPDATE integration_sync_log SET status = 'queued', attempts = 0, last_error = NULL,
        updated_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type = ${ORDER_ENTITY} AND status = 'failed'`);
    // a customer's data request or a tax difference shown under More info: Sync now says it was
    // dealt with
    await tx.execute(sql`UPDATE integration_sync_log SET status = 'succeeded', updated_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key}
        AND entity_type IN (${DATA_REQUEST_ENTITY}, ${TAX_NOTE_ENTITY}) AND status = 'failed'`);
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`SELECT count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'`),
    );
    return count;
  });
}

/** The polling fallback: orders updated since the last poll, kept and queued like a webhook's. */
async function pollOrders(db: Db, companyId: string, app: EcommerceApp, tokens: ConnectorTokens): Promise<void> {
  const [settings] = rowsOf<{ order_sync: boolean; orders_polled_at: string | null }>(
    await db.execute(
      sql`SELECT order_sync, orders_polled_at::text FROM shopify_settings WHERE company_id = ${companyId}`,
    ),
  );
  if (settings && !settings.order_sync) return;
  const startedAt = new Date();
  // the first poll starts at the connection: the shop's history before it is not new business
  const [connection] = rowsOf<{ connected_at: string | null }>(
    await db.execute(sql`SELECT connected_at::text FROM integration_connections
      WHERE company_id = ${companyId} AND app = ${app.key}`),
  );
  const from = settings?.orders_polled_at ?? connection?.connected_at ?? null;
  const since = from ? new Date(Date.parse(from) - POLL_OVERLAP_MS).toISOString() : null;
  const orders = await app.connector.listOrdersUpdatedSince(tokens, since);
  // a listing cut short (oldest first) goes on from its last order, not from now
  const last = orders[orders.length - 1];
  const through =
    orders.length >= MAX_LISTED && last?.updated_at ? new Date(last.updated_at).toISOString() : startedAt.toISOString();
  await db.transaction(async (tx) => {
    for (const order of orders) await receiveOrder(tx, companyId, tokens.externalCompanyId, order);
    await tx.execute(sql`INSERT INTO shopify_settings (company_id, orders_polled_at)
      VALUES (${companyId}, ${through})
      ON CONFLICT (company_id) DO UPDATE SET orders_polled_at = EXCLUDED.orders_polled_at`);
  });
}

/** The job's work for one company: the poll first (it may queue orders), then orders, then stock. */
export async function pushShopify(db: Db, companyId: string, appKey: string): Promise<PushSummary> {
  const app = ecommerceApp(appKey);
  const summary: PushSummary = { succeeded: 0, failed: 0 };
  const connection = await connectionOf(db, companyId, app.key);
  if (connection?.status !== 'connected') return summary;
  // the add-on switched off on /apps: nothing goes or comes until it is on again
  if (!(await featuresOf(db, companyId))[app.feature]) return summary;
  const tokens = tokensOf(connection);
  if (!tokens) return summary;
  const session = { tokens };
  const call = <T>(fn: (t: ConnectorTokens) => Promise<T>) => withTokens(db, companyId, app, session, fn);
  const order = [POLL_ENTITY, ORDER_ENTITY, STOCK_ENTITY];
  const queuedNow = async () =>
    rowsOf<{ entity_type: string; entity_id: string }>(
      await db.execute(sql`SELECT entity_type, entity_id::text FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'
        ORDER BY entity_id LIMIT ${BATCH}`),
    ).sort((a, b) => order.indexOf(a.entity_type) - order.indexOf(b.entity_type));

  const polls = (await queuedNow()).filter((r) => r.entity_type === POLL_ENTITY);
  const records = [...polls];
  for (const poll of polls) {
    // paused or disconnected while this job ran: what waits stays as the change left it
    if (!(await stillConnected(db, connection))) return summary;
    const done = await runOne(db, companyId, app, poll, () => call((t) => pollOrders(db, companyId, app, t)), summary);
    if (!done) return summary;
  }
  // the orders the poll queued join this run
  records.push(...(await queuedNow()).filter((r) => r.entity_type !== POLL_ENTITY));
  summary.waitingAfterPull = await waitingCount(db, companyId, app.key);
  for (const record of records.slice(polls.length)) {
    const work =
      record.entity_type === ORDER_ENTITY
        ? () => importOrder(db, companyId, record.entity_id)
        : record.entity_type === STOCK_ENTITY
          ? () => pushSiteStock(db, companyId, record.entity_id, app.connector, call)
          : null;
    if (!work) continue;
    if (!(await stillConnected(db, connection))) break;
    await runOne(db, companyId, app, record, work, summary);
  }
  if (summary.succeeded)
    await db.execute(sql`UPDATE integration_connections SET last_sync_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key}`);
  return summary;
}

/** Runs one record's work and logs how it went; throws RetryLater for the queue to rerun. */
async function runOne(
  db: Db,
  companyId: string,
  app: EcommerceApp,
  record: { entity_type: string; entity_id: string },
  work: () => Promise<unknown>,
  summary: PushSummary,
): Promise<boolean> {
  const log = (change: Parameters<typeof setLog>[5]) =>
    setLog(db, companyId, app.key, record.entity_type, record.entity_id, change);
  try {
    const outcome = await work();
    // a change staff must make by hand (orders.ts NeedsHand): its words under More info
    if (outcome && typeof outcome === 'object' && 'failed' in outcome) {
      await log({
        status: 'failed',
        addAttempt: true,
        error: (outcome as NeedsHand).failed.slice(0, 2000),
        existing: true,
      });
      summary.failed++;
      return true;
    }
    // nothing to make (cancelled, erased or gone): done, with the reason kept
    const skipped =
      outcome && typeof outcome === 'object' && 'skipped' in outcome ? (outcome as Skipped).skipped : null;
    // a row Disconnect cleared meanwhile is not made again
    await log({ status: 'succeeded', addAttempt: true, error: skipped, existing: true });
    summary.succeeded++;
    return true;
  } catch (error) {
    const dataProblem =
      error instanceof OrderProblem ||
      (error instanceof AppError && error.code === 'VALIDATION_ERROR') ||
      (error instanceof ConnectorError && (error.failure.kind === 'rejected' || error.failure.kind === 'unauthorized'));
    if (dataProblem) {
      const words =
        error instanceof AppError && Object.keys(error.info).length
          ? `${error.message}: ${JSON.stringify(error.info)}`
          : (error as Error).message;
      await log({ status: 'failed', addAttempt: true, error: words.slice(0, 2000), existing: true });
      summary.failed++;
      return true;
    }
    if (!(error instanceof ConnectorError)) throw error;
    await failedForNow(db, companyId, app.key, record.entity_type, record.entity_id, error.failure);
    summary.failed++;
    return true;
  }
}

/** For a recurring job (src/server/jobs): for every company with a connected shop, queues the
 * polling fallback (when it imports orders) and each mapped site's stock; answers the companies
 * queued, for the job to run pushAllQueued for. Webhooks missed while the server was down arrive
 * this way within one period, and the shop's stock follows sales, receipts and production. It
 * first drops what is no longer needed of Shopify's data (privacy.ts). */
export async function queueShopifyRefresh(db: Db): Promise<string[]> {
  // Shopify's data is kept only while needed: the schedule's run prunes it first
  await pruneShopifyData(db);
  const companies = rowsOf<{ company_id: string; order_sync: boolean }>(
    await db.execute(sql`SELECT c.company_id::text, coalesce(s.order_sync, true) AS order_sync
      FROM integration_connections c LEFT JOIN shopify_settings s ON s.company_id = c.company_id
      WHERE c.app = 'shopify' AND c.status = 'connected'`),
  );
  const queued: string[] = [];
  for (const { company_id, order_sync } of companies) {
    if (!(await featuresOf(db, company_id))[addOnFeature('ecommerce')]) continue;
    if (order_sync) await setLog(db, company_id, 'shopify', POLL_ENTITY, company_id, { status: 'queued' });
    // a site whose stock failed stays failed (More info, the Apps dot) until Sync now asks again
    await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      SELECT company_id, 'shopify', ${STOCK_ENTITY}, site_id, 'queued' FROM shopify_site_locations
      WHERE company_id = ${company_id}
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()
      WHERE integration_sync_log.status <> 'failed'`);
    queued.push(company_id);
  }
  return queued;
}
