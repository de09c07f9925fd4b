import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

/** What oidc-provider stores per model instance (an open-ended JSON object). */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

/** The adapter interface oidc-provider calls for every model (see its memory_adapter.js). */
export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

interface PayloadRow {
  payload: OidcPayload | string;
  consumed: string | number | null;
}

function toPayload(row: PayloadRow | undefined): OidcPayload | undefined {
  if (!row) return undefined;
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as OidcPayload) : row.payload;
  // oidc-provider reads `consumed` (epoch seconds) to detect reuse of codes and refresh tokens
  return row.consumed == null ? payload : { ...payload, consumed: Number(row.consumed) };
}

/** Purge expired rows at most this often per process: reads already ignore them. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Stores every oidc-provider model in table oidc_payloads. Returns the factory that goes in
 * the provider's `adapter` setting (called once per model name).
 */
export function createOidcAdapterFactory(db: Db): (kind: string) => OidcAdapter {
  let lastPurge = 0;
  const purgeExpired = async () => {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    await db.execute(sql`DELETE FROM oidc_payloads WHERE expires_at <= now()`);
  };
  const live = sql`(expires_at IS NULL OR expires_at > now())`;
  const columns = sql`payload, extract(epoch FROM consumed_at)::bigint AS consumed`;

  return (kind: string): OidcAdapter => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
      await db.execute(sql`
        INSERT INTO oidc_payloads (kind, id, payload, grant_id, uid, expires_at)
        VALUES (${kind}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null},
                ${payload.uid ?? null}, ${expiresAt}::timestamptz)
        ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
          uid = excluded.uid, expires_at = excluded.expires_at`);
      await purgeExpired();
    },

    async find(id) {
      const [row] = await queryRows<PayloadRow>(
        db,
        sql`SELECT ${columns} FROM oidc_payloads WHERE kind = ${kind} AND id = ${id} AND ${live}`,
      );
      return toPayload(row);
    },

    async findByUid(uid) {
      const [row] = await queryRows<PayloadRow>(
        db,
        sql`SELECT ${columns} FROM oidc_payloads WHERE kind = ${kind} AND uid = ${uid} AND ${live} LIMIT 1`,
      );
      return toPayload(row);
    },

    async findByUserCode(userCode) {
      // only the device flow uses user codes; it is off, so no column or index for them
      const [row] = await queryRows<PayloadRow>(
        db,
        sql`SELECT ${columns} FROM oidc_payloads WHERE kind = ${kind} AND payload->>'userCode' = ${userCode} AND ${live} LIMIT 1`,
      );
      return toPayload(row);
    },

    async consume(id) {
      await db.execute(sql`UPDATE oidc_payloads SET consumed_at = now() WHERE kind = ${kind} AND id = ${id}`);
    },

    async destroy(id) {
      await db.execute(sql`DELETE FROM oidc_payloads WHERE kind = ${kind} AND id = ${id}`);
    },

    async revokeByGrantId(grantId) {
      await db.execute(sql`DELETE FROM oidc_payloads WHERE kind = ${kind} AND grant_id = ${grantId}`);
    },
  });
}
