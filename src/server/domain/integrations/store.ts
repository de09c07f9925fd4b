// Reads and writes of the integration tables (migration 0025). Every statement names the
// company: one company never reads or changes another's connection, links or log.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import type { ConnectorTokens } from './connector';
import { openSecrets, sealSecrets } from './secrets';

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

/** Keeps the first link: a second job that got the same id from requestid finds it there. */
export async function saveLink(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  externalId: string,
) {
  await db.execute(sql`INSERT INTO integration_links (company_id, app, entity_type, entity_id, external_id)
    VALUES (${companyId}, ${app}, ${entityType}, ${entityId}, ${externalId})
    ON CONFLICT (company_id, app, entity_type, entity_id) DO NOTHING`);
}

export async function setLog(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  change: { status: SyncLogRow['status']; addAttempt?: boolean; error?: string | null },
) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, attempts, last_error)
    VALUES (${companyId}, ${app}, ${entityType}, ${entityId}, ${change.status}, ${change.addAttempt ? 1 : 0}, ${change.error ?? null})
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = EXCLUDED.status,
      attempts = integration_sync_log.attempts + ${change.addAttempt ? 1 : 0},
      last_error = EXCLUDED.last_error, updated_at = now()`);
}

/** The records that failed, newest first (the /apps More info list). */
export async function failedRecords(db: Db, companyId: string, app: string, limit = 100): Promise<SyncLogRow[]> {
  return rowsOf<SyncLogRow>(
    await db.execute(sql`SELECT entity_type, entity_id::text, status, attempts, last_error, updated_at::text
      FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app} AND status = 'failed'
      ORDER BY updated_at DESC, entity_id DESC LIMIT ${limit}`),
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
