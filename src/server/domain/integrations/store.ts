// Reads and writes of the integration tables (migration 0025). Every statement names the
// company: one company never reads or changes another's connection, links or log.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { AppError } from '../kernel/errors';
import { integrationApp } from './apps';
import { ConnectorError, type ConnectorTokens } from './connector';
import { openSecrets, sealSecrets } from './secrets';
import { failureNamesJoin, type FailureNameRow } from './failureLabels';

export type ConnectionStatus = 'enabled' | 'connected' | 'paused';

export interface ConnectionRow {
  company_id: string;
  app: string;
  status: ConnectionStatus;
  external_company_id: string | null;
  secrets: string | null;
  pending_state: string | null;
  connected_at: string | null;
  last_sync_at: string | null;
}

export async function connectionOf(
  db: Db,
  companyId: string,
  app: string,
  lock = false,
): Promise<ConnectionRow | null> {
  const rows = rowsOf<ConnectionRow>(
    await db.execute(sql`SELECT company_id::text, app, status, external_company_id, secrets, pending_state,
        connected_at::text, last_sync_at::text
      FROM integration_connections WHERE company_id = ${companyId} AND app = ${app}
      ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return rows[0] ?? null;
}

export const tokensOf = (row: ConnectionRow): ConnectorTokens | null =>
  row.secrets ? openSecrets<ConnectorTokens>(row.secrets, row.company_id, row.app) : null;

export async function saveTokens(db: Db, companyId: string, app: string, tokens: ConnectorTokens) {
  await db.execute(sql`UPDATE integration_connections
    SET secrets = ${sealSecrets(tokens, companyId, app)}, updated_at = now()
    WHERE company_id = ${companyId} AND app = ${app}`);
}

export interface SyncLogRow {
  entity_type: string;
  entity_id: string;
  status: 'queued' | 'succeeded' | 'failed';
  attempts: number;
  last_error: string | null;
  updated_at: string;
}

export async function linkOf(db: Db, companyId: string, app: string, entityType: string, entityId: string) {
  const rows = rowsOf<{ external_id: string }>(
    await db.execute(sql`SELECT external_id FROM integration_links
      WHERE company_id = ${companyId} AND app = ${app} AND entity_type = ${entityType} AND entity_id = ${entityId}`),
  );
  return rows[0]?.external_id ?? null;
}

/** A connection whose records go to the other system: connected, or paused (what it queues
 * waits for the resume). `alias` is the integration_connections row's alias in the query. */
export const liveConnectionSql = (alias: string) => sql`${sql.identifier(alias)}.status IN ('connected', 'paused')`;

/** The same rule for a connection row already read. */
export const isLiveConnection = (row: { status: ConnectionStatus } | null | undefined) =>
  row?.status === 'connected' || row?.status === 'paused';

export interface LinkRow {
  external_id: string;
  /** the record's version over there as last seen (QuickBooks' SyncToken) */
  external_version: string | null;
  /** a hash of what was last sent (calls.ts sentHashOf), or 'void' once voided; null: not kept */
  sent_hash: string | null;
}

export async function linkRowOf(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
): Promise<LinkRow | null> {
  const rows = rowsOf<LinkRow>(
    await db.execute(sql`SELECT external_id, external_version, sent_hash FROM integration_links
      WHERE company_id = ${companyId} AND app = ${app} AND entity_type = ${entityType} AND entity_id = ${entityId}`),
  );
  return rows[0] ?? null;
}

/** What a send left on the link: the version over there and the hash of what was sent. */
export async function markSent(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  sent: { version: string | null; hash: string },
) {
  await db.execute(sql`UPDATE integration_links SET sent_hash = ${sent.hash},
      external_version = coalesce(${sent.version}, external_version)
    WHERE company_id = ${companyId} AND app = ${app} AND entity_type = ${entityType} AND entity_id = ${entityId}`);
}

/** What a link's clash is called, by the local entity type: the other system's word for it and
 * ours, and the table whose name the words quote. */
const CLASH_WORDS: Record<string, { theirs: string; ours: string; table: string; advice?: string }> = {
  customer: { theirs: 'customer', ours: 'customer', table: 'customers' },
  supplier: { theirs: 'vendor', ours: 'supplier', table: 'suppliers' },
  product: { theirs: 'item', ours: 'product', table: 'products' },
  item: { theirs: 'item', ours: 'item', table: 'items' },
  // Square's catalogue is matched by SKU: one Square item whose variations carry the SKUs of two
  // products here
  squareItem: {
    theirs: 'item found by the SKU of',
    ours: 'product',
    table: 'products',
    advice: 'in Square, give each product its own item',
  },
  squareVariation: {
    theirs: 'item variation found by the SKU of',
    ours: 'product',
    table: 'products',
    advice: 'give each product its own SKU',
  },
};

/** The refusal for a record that found (by its name) the record over there that another record
 * here is linked to already: the other system needs names unique, so one of them must change. */
async function linkClash(db: Db, companyId: string, app: string, entityType: string, entityId: string) {
  let provider = app;
  try {
    provider = integrationApp(app).connector.provider;
  } catch {
    // an app this server no longer has: its key names it
  }
  const words = CLASH_WORDS[entityType];
  const [row] = words
    ? rowsOf<{ name: string | null }>(
        await db.execute(sql`SELECT name FROM ${sql.raw(words.table)}
          WHERE company_id = ${companyId} AND id = ${entityId}`),
      )
    : [];
  const theirs = words?.theirs ?? entityType;
  const ours = words?.ours ?? entityType;
  const named = row?.name ? ` "${row.name}"` : '';
  return new ConnectorError({
    kind: 'rejected',
    message: `${provider} ${theirs}${named} is already linked to another ${ours} here: ${words?.advice ?? 'give one of them a different name'}`,
  });
}

/** Keeps the first link: a second job that got the same id from requestid finds it there. A
 * record over there already linked to another record here (two records of one name, found by
 * it) is refused (ConnectorError 'rejected', logged on the record): one record there is never
 * two here. */
export async function saveLink(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  externalId: string,
) {
  // no conflict target: a clash on the external id is no error either (a transaction goes on)
  await db.execute(sql`INSERT INTO integration_links (company_id, app, entity_type, entity_id, external_id)
    VALUES (${companyId}, ${app}, ${entityType}, ${entityId}, ${externalId})
    ON CONFLICT DO NOTHING`);
  if (await linkOf(db, companyId, app, entityType, entityId)) return;
  throw await linkClash(db, companyId, app, entityType, entityId);
}

/** The connection a job read as it started, still connected: not paused, disconnected or
 * connected again since (a new connection may be another company over there, with other tokens). */
export async function stillConnected(db: Db, started: ConnectionRow): Promise<boolean> {
  const rows = rowsOf<{ live: boolean }>(
    await db.execute(sql`SELECT true AS live FROM integration_connections
      WHERE company_id = ${started.company_id} AND app = ${started.app} AND status = 'connected'
        AND connected_at::text IS NOT DISTINCT FROM ${started.connected_at}
        AND external_company_id IS NOT DISTINCT FROM ${started.external_company_id}`),
  );
  return rows.length > 0;
}

/** Logs how a record went. `existing`: only a row still there is changed (a job's outcome of a
 * record it read from the queue: one Disconnect cleared meanwhile is not made again). */
export async function setLog(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  change: { status: SyncLogRow['status']; addAttempt?: boolean; error?: string | null; existing?: boolean },
) {
  if (change.existing) {
    await db.execute(sql`UPDATE integration_sync_log SET status = ${change.status},
        attempts = attempts + ${change.addAttempt ? 1 : 0}, last_error = ${change.error ?? null}, updated_at = now()
      WHERE company_id = ${companyId} AND app = ${app} AND entity_type = ${entityType} AND entity_id = ${entityId}`);
    return;
  }
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, attempts, last_error)
    VALUES (${companyId}, ${app}, ${entityType}, ${entityId}, ${change.status}, ${change.addAttempt ? 1 : 0}, ${change.error ?? null})
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = EXCLUDED.status,
      attempts = integration_sync_log.attempts + ${change.addAttempt ? 1 : 0},
      last_error = EXCLUDED.last_error, updated_at = now()`);
}

/** SQLSTATE classes of a database that is passing through trouble (08 connection, 40
 * deadlock or serialization, 53 resources, 57 operator intervention or timeout): retried by the
 * queue, never a record's failure. */
const TRANSIENT_SQLSTATE = /^(08|40|53|57)/;
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE']);

export function isTransient(fault: unknown): boolean {
  for (
    let e = fault, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (code.length === 5 && TRANSIENT_SQLSTATE.test(code))))
      return true;
  }
  return false;
}

/** A record the job could not send for a fault of ours (not the other system's answer): the
 * fault goes to the server's log under an id, and the record is logged failed naming that id
 * (More info), so it is neither lost nor left blocking the queue. A database in passing trouble
 * (a deadlock, a lost connection), or a log that cannot be written either, throws the fault
 * itself, and the job is retried. */
export async function failedInternally(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  fault: unknown,
): Promise<void> {
  if (isTransient(fault)) throw fault;
  // the app's own refusal (AppError) has words for the person; anything else is named by an id
  let words: string;
  if (fault instanceof AppError) words = fault.message;
  else {
    const id = randomUUID();
    console.error(`integration sync: internal error ${id} on ${app} ${entityType} ${entityId}`, fault);
    words = `This record could not be sent: an internal error, logged as ${id}`;
  }
  try {
    await setLog(db, companyId, app, entityType, entityId, {
      status: 'failed',
      addAttempt: true,
      error: words,
      existing: true,
    });
  } catch {
    throw fault;
  }
}

/** The records that failed, newest first (the /apps More info list), each with what a person
 * calls it and the screen it opens (failureLabels.ts), read in this one query. */
export async function failedRecords(
  db: Db,
  companyId: string,
  app: string,
  limit = 100,
): Promise<(SyncLogRow & FailureNameRow)[]> {
  return rowsOf<SyncLogRow & FailureNameRow>(
    await db.execute(sql`SELECT l.entity_type, l.entity_id::text, l.status, l.attempts, l.last_error,
        l.updated_at::text, names.*
      FROM integration_sync_log l ${failureNamesJoin(companyId, 'l')}
      WHERE l.company_id = ${companyId} AND l.app = ${app} AND l.status = 'failed'
      ORDER BY l.updated_at DESC, l.entity_id DESC LIMIT ${limit}`),
  );
}

/** The apps of the company with at least one failed record (the Apps dot). */
export async function appsWithFailures(db: Db, companyId: string): Promise<Set<string>> {
  const rows = rowsOf<{ app: string }>(
    await db.execute(
      sql`SELECT DISTINCT app FROM integration_sync_log WHERE company_id = ${companyId} AND status = 'failed'`,
    ),
  );
  return new Set(rows.map((r) => r.app));
}

/** How many of the company's records wait to be sent to the app. */
export async function waitingCount(db: Db, companyId: string, app: string): Promise<number> {
  return rowsOf<{ queued: number }>(
    await db.execute(sql`SELECT count(*)::int AS queued FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${app} AND status = 'queued'`),
  )[0].queued;
}
