// Product changes coming from the accounting system (spec 8: its values override the app's).
// On connect, Sync now and the 15-minute schedule the Items changed over there since the last
// read are read, and each one linked to a product or an item here (integration_links) gives it
// the accounting system's name, SKU, active flag and, for a product, price and description,
// through the records layer so the audit log shows the change (no user: the integration did it).
// The read starts at the accounting system's own last change time seen (its clock, kept on
// the connection, migration 0033) and takes that second again, as its times are to the second;
// a link keeps the version it matched (QuickBooks' SyncToken), so reading the same version
// again changes nothing. A link without a version yet (made before reads began, or by a push
// that found a same-named Item there) only takes the version it sees as its baseline: what
// differs then was never a change made over there, so nothing of ours is overwritten. A
// mapping changed on /accountingsetup points the linked Item at the new accounts
// (itemAccounts), so the accounting system does not book to the old ones.
import { failedForNow } from '../retries';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError } from '../../kernel/errors';
import type { Actor, DomainContext } from '../../records/actor';
import { entityOf } from '../../records/fields';
import { updateRecord } from '../../records/write';
import { featuresOf } from '../../company/companies';
import { INTEGRATION_APPS, accountingApp, type AccountingApp } from '../apps';
import { ConnectorError, type ConnectorTokens, type ExternalItem } from '../connector';
import { requestIdOf, withTokens, type PushSummary } from '../calls';
import { connectionOf, failedInternally, setLog, stillConnected, tokensOf } from '../store';
import { pushQueued, queueUnsynced } from '../sync';
import { CHART } from './chart';
import { mappedAccountRef, type MappedEntity } from './mappings';
import { ITEM_ACCOUNTS } from './itemAccounts';
import { displayNameOf } from '../quickbooks';

/** The sync-log record of a read of the changed Items: one per company and app. */
export const ITEM_CHANGES = { entityType: 'itemChanges', entityId: '0' } as const;
/** Who the audit log names: no person (a user id is a number), the accounting integration. */
export const ACCOUNTING_SYNC_USER = 'accounting-sync';

type Session = { tokens: ConnectorTokens };
type Outcome = 'succeeded' | 'skipped';

const ACCOUNTING_KEYS = INTEGRATION_APPS.filter((a) => a.addOn === 'accounting').map((a) => a.key);

/** Queues a read of the changed Items (again, whatever the last one did). */
export async function queueItemRead(db: Db, companyId: string, appKey: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
    VALUES (${companyId}, ${appKey}, ${ITEM_CHANGES.entityType}, ${ITEM_CHANGES.entityId}, 'queued')
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now()`);
}

/** Sync now on /apps: what the accounting sync queues, and a read of the changed Items, in one
 * transaction. Answers how many records wait (the read, like the chart read, is not one). */
export async function queueAccountingSync(ctx: DomainContext, appKey: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const count = await queueUnsynced({ ...ctx, db: tx }, appKey);
    await queueItemRead(tx, ctx.actor.companyId, appKey);
    return count;
  });
}

/** The schedule: a read for every company connected to an accounting app with the add-on on.
 * A read that failed stays failed until Sync now (as the other apps' schedules leave them). */
export async function queueScheduledItemReads(db: Db) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
    SELECT c.company_id, c.app, ${ITEM_CHANGES.entityType}, ${ITEM_CHANGES.entityId}, 'queued'
    FROM integration_connections c JOIN companies co ON co.id = c.company_id AND co.allow_accounting
    WHERE c.status = 'connected' AND c.app IN (${sql.join(
      ACCOUNTING_KEYS.map((k) => sql`${k}`),
      sql`, `,
    )})
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now()
    WHERE integration_sync_log.status <> 'failed'`);
}

/** The job's set of one linked Item's accounts to the mapped ones (a role not mapped, or whose
 * account has no ref yet, is left as it is over there). */
async function pushItemAccounts(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  entityId: string,
): Promise<Outcome> {
  const [link] = rowsOf<{ entity_type: MappedEntity; external_id: string }>(
    await db.execute(sql`SELECT entity_type, external_id FROM integration_links
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_id = ${entityId}
        AND entity_type IN ('product', 'item')`),
  );
  if (!link) return 'skipped';
  const income = await mappedAccountRef(db, companyId, link.entity_type, entityId, 'income');
  const expense = await mappedAccountRef(db, companyId, link.entity_type, entityId, 'cogs');
  if (!income && !expense) return 'skipped';
  const [{ stamp }] = rowsOf<{ stamp: string | null }>(
    await db.execute(sql`SELECT max(updated_at)::text AS stamp FROM accounting_account_mappings
      WHERE company_id = ${companyId} AND entity_type = ${link.entity_type} AND entity_id = ${entityId}`),
  );
  // one requestid per mapping saved: a retry after a lost answer is answered, not applied twice,
  // and a later change back to earlier accounts is a new update
  const requestId = requestIdOf(companyId, app.key, ITEM_ACCOUNTS, `${entityId}:${income}:${expense}:${stamp}`);
  // the version is not kept: a change made over there before this one is still to be read
  await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.setItemAccounts(
      tokens,
      link.external_id,
      { incomeAccountExternalId: income, expenseAccountExternalId: expense },
      requestId,
    ),
  );
  return 'succeeded';
}

/** Decimal text without trailing zeros ('30.50' and '30.5' are one price). */
const decimalKey = (text: string | null) =>
  text === null ? null : text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
const blank = (text: string | null) => (text === null || text === '' ? null : text);

interface LocalRow {
  name: string;
  sku: string | null;
  active: boolean;
  price?: string | null;
  description?: string | null;
}

/** The fields the accounting system's Item changes on the product or item. Only a value it
 * actually has replaces ours: QuickBooks leaves out Sku and Description when an Item has none
 * and answers UnitPrice 0 for one without a price (SKUs are what Shopify and Square match
 * products by, so losing one unlinks them there). What the push sent in QuickBooks' form
 * (displayNameOf, the 4000-character description) is still ours, not a change. */
export function changesOf(entityType: MappedEntity, local: LocalRow, item: ExternalItem): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (item.name !== local.name && item.name !== displayNameOf(local.name)) input.name = item.name;
  const sku = blank(item.sku);
  if (sku !== null && sku !== blank(local.sku)) input.sku = sku;
  if (item.active !== local.active) input.active = item.active;
  if (entityType === 'product') {
    const description = blank(item.description);
    const ours = local.description ?? null;
    if (description !== null && description !== ours && description !== ours?.slice(0, 4000))
      input.description = description;
    const theirs = decimalKey(item.unitPrice);
    if (theirs !== null && theirs !== '0' && theirs !== decimalKey(local.price ?? null))
      input.price = Number(item.unitPrice);
  }
  return input;
}

const LOCAL_COLUMNS: Record<MappedEntity, ReturnType<typeof sql>> = {
  product: sql`SELECT name, sku, active, price::text AS price, description FROM products`,
  item: sql`SELECT name, sku, active FROM items`,
};

/** One linked record given the Item's values, with its link's version, in one transaction. */
async function applyItem(
  db: Db,
  actor: Actor,
  link: { app: string; entity_type: MappedEntity; entity_id: string },
  item: ExternalItem,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [local] = rowsOf<LocalRow>(
      await tx.execute(sql`${LOCAL_COLUMNS[link.entity_type]}
        WHERE company_id = ${actor.companyId} AND id = ${link.entity_id} FOR UPDATE`),
    );
    if (!local) return false;
    const input = changesOf(link.entity_type, local, item);
    const changed = Object.keys(input).length > 0;
    if (changed) await updateRecord({ db: tx, actor }, entityOf(link.entity_type), link.entity_id, input);
    await tx.execute(sql`UPDATE integration_links SET external_version = ${item.version}
      WHERE company_id = ${actor.companyId} AND app = ${link.app} AND entity_type = ${link.entity_type}
        AND entity_id = ${link.entity_id}`);
    // a record that could not take an earlier version is fine again
    await tx.execute(sql`UPDATE integration_sync_log SET status = 'succeeded', last_error = NULL, updated_at = now()
      WHERE company_id = ${actor.companyId} AND app = ${link.app} AND entity_type = ${link.entity_type}
        AND entity_id = ${link.entity_id} AND status = 'failed'`);
    return changed;
  });
}

/** A link's first version seen: kept as the baseline later versions are compared with. */
async function keepBaseline(
  db: Db,
  companyId: string,
  link: { app: string; entity_type: MappedEntity; entity_id: string },
  version: string,
) {
  await db.execute(sql`UPDATE integration_links SET external_version = ${version}
    WHERE company_id = ${companyId} AND app = ${link.app} AND entity_type = ${link.entity_type}
      AND entity_id = ${link.entity_id} AND external_version IS NULL`);
}

/** Why a version could not be applied, for More info on /apps. */
function refusalOf(error: AppError, item: ExternalItem, provider: string) {
  const fields = (error.info.fields ?? {}) as Record<string, string>;
  const said = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return `${provider}'s values for "${item.name}" could not be applied (${said || error.message}): correct the item in ${provider}`;
}

/** The job's read of the Items changed since the last read; answers how many records changed. */
export async function readItemChanges(db: Db, companyId: string, app: AccountingApp, session: Session) {
  const [connection] = rowsOf<{ items_read_through: string | null; items_read_realm: string | null }>(
    await db.execute(sql`SELECT items_read_through, items_read_realm FROM integration_connections
      WHERE company_id = ${companyId} AND app = ${app.key}`),
  );
  const realm = session.tokens.externalCompanyId;
  // another company over there (a reconnect elsewhere) is read from its start
  const since = connection?.items_read_realm === realm ? connection.items_read_through : null;
  const items = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.listChangedItems(tokens, since),
  );
  if (!items.length) return 0;
  const links = rowsOf<{
    app: string;
    entity_type: MappedEntity;
    entity_id: string;
    external_id: string;
    external_version: string | null;
  }>(
    await db.execute(sql`SELECT app, entity_type, entity_id::text, external_id, external_version FROM integration_links
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type IN ('product', 'item')
        AND external_id IN (${sql.join(
          items.map((i) => sql`${i.externalId}`),
          sql`, `,
        )})`),
  );
  const actor: Actor = {
    userId: ACCOUNTING_SYNC_USER,
    companyId,
    // what the accounting system may change: products and items, with their prices
    permissions: ['inventory.write', 'values'],
    features: await featuresOf(db, companyId),
  };
  let changed = 0;
  for (const item of items)
    for (const link of links.filter((l) => l.external_id === item.externalId && l.external_version !== item.version))
      if (link.external_version === null) await keepBaseline(db, companyId, link, item.version);
      else
        try {
          if (await applyItem(db, actor, link, item)) changed++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await setLog(db, companyId, app.key, link.entity_type, link.entity_id, {
            status: 'failed',
            addAttempt: true,
            error: refusalOf(error, item, app.connector.provider),
          });
        }
  const latest = items.reduce((a, b) => (Date.parse(b.updatedAt) > Date.parse(a.updatedAt) ? b : a));
  await db.execute(sql`UPDATE integration_connections SET items_read_through = ${latest.updatedAt},
      items_read_realm = ${realm}
    WHERE company_id = ${companyId} AND app = ${app.key}`);
  return changed;
}

const RUNS: Record<
  string,
  (db: Db, companyId: string, app: AccountingApp, session: Session, id: string) => Promise<Outcome>
> = {
  [ITEM_ACCOUNTS]: pushItemAccounts,
  [ITEM_CHANGES.entityType]: async (db, companyId, app, session) => {
    await readItemChanges(db, companyId, app, session);
    return 'succeeded';
  },
};

/** This module's queued records, after the accounting sync's own: accounts to set first, then
 * the read. Failures follow the sync's rules (sync.ts): a refusal is logged as failed and the
 * next goes on; an outage counts an attempt and the queue retries later. */
async function runQueued(db: Db, companyId: string, appKey: string, summary: PushSummary) {
  const app = accountingApp(appKey);
  const connection = await connectionOf(db, companyId, app.key);
  if (connection?.status !== 'connected') return;
  const tokens = tokensOf(connection);
  if (!tokens) return;
  const session = { tokens };
  const queued = rowsOf<{ entity_type: string; entity_id: string }>(
    await db.execute(sql`SELECT entity_type, entity_id::text FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'
        AND entity_type IN (${ITEM_ACCOUNTS}, ${ITEM_CHANGES.entityType})
      ORDER BY entity_type = ${ITEM_CHANGES.entityType}, entity_id`),
  );
  for (const { entity_type: entityType, entity_id: entityId } of queued) {
    // paused or disconnected while this job ran: what waits stays as the change left it
    if (!(await stillConnected(db, connection))) break;
    try {
      const outcome = await RUNS[entityType](db, companyId, app, session, entityId);
      await setLog(db, companyId, app.key, entityType, entityId, { status: 'succeeded', addAttempt: true });
      if (outcome === 'succeeded') {
        summary.succeeded++;
        await db.execute(sql`UPDATE integration_connections SET last_sync_at = now()
          WHERE company_id = ${companyId} AND app = ${app.key}`);
      }
    } catch (error) {
      if (!(error instanceof ConnectorError)) {
        // a fault of ours on this record: logged on it, and the next record goes on
        await failedInternally(db, companyId, app.key, entityType, entityId, error);
        summary.failed++;
        continue;
      }
      const { failure } = error;
      if (failure.kind === 'rejected' || failure.kind === 'unauthorized')
        // the other system's own words, for More info; not retried until queued again
        await setLog(db, companyId, app.key, entityType, entityId, {
          status: 'failed',
          addAttempt: true,
          error: failure.message,
          existing: true,
        });
      else await failedForNow(db, companyId, app.key, entityType, entityId, failure);
      summary.failed++;
    }
  }
}

/** The accounting app's job for one company: the sync's pushes, then the Items' accounts and
 * the read of their changes. A chart read queued (a new connection, Sync now) brings a read of
 * the Items with it, so a connection reads both at once. */
export async function pushAccounting(db: Db, companyId: string, appKey: string): Promise<PushSummary> {
  const [chart] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM integration_sync_log WHERE company_id = ${companyId}
      AND app = ${appKey} AND entity_type = ${CHART.entityType} AND entity_id = ${CHART.entityId}
      AND status = 'queued'`),
  );
  const summary = await pushQueued(db, companyId, appKey);
  if (chart.n > 0 && (await connectionOf(db, companyId, appKey))?.status === 'connected')
    await queueItemRead(db, companyId, appKey);
  await runQueued(db, companyId, appKey, summary);
  return summary;
}
