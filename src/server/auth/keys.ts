import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, type JSONWebKeySet } from 'jose';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

export interface ServerKeys {
  /** Private signing keys, newest first (the first one signs). */
  signing: JWK[];
  /** Cookie signing secrets, newest first. */
  cookies: string[];
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * Reads the keys of one purpose, creating them first when absent. Every server process on the
 * same database ends up with the same keys: a racing insert loses to ON CONFLICT and the
 * row is read back.
 */
async function loadOrCreate<T>(db: Db, purpose: string, create: () => Promise<T[]>): Promise<T[]> {
  const read = async () => {
    const [row] = await queryRows<{ keys: T[] | string }>(
      db,
      sql`SELECT keys FROM oidc_keys WHERE purpose = ${purpose}`,
    );
    if (!row) return undefined;
    // node-postgres parses jsonb, PGlite too; a string would mean a driver that does not.
    return typeof row.keys === 'string' ? (JSON.parse(row.keys) as T[]) : row.keys;
  };
  const existing = await read();
  if (existing?.length) return existing;
  const created = await create();
  await db.execute(
    sql`INSERT INTO oidc_keys (purpose, keys) VALUES (${purpose}, ${JSON.stringify(created)}::jsonb) ON CONFLICT (purpose) DO NOTHING`,
  );
  const stored = await read();
  if (!stored?.length) throw new Error(`oidc_keys: no ${purpose} keys after insert`);
  return stored;
}

export async function loadOrCreateServerKeys(db: Db): Promise<ServerKeys> {
  const signing = await loadOrCreate(db, 'signing', async () => [await newSigningKey()]);
  const cookies = await loadOrCreate(db, 'cookies', async () => [randomBytes(32).toString('base64url')]);
  return { signing, cookies };
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The public halves of the signing keys, as published at the JWKS endpoint. */
export function publicJwks(signing: JWK[]): JSONWebKeySet {
  return {
    keys: signing.map((key) => {
      const copy: Record<string, unknown> = { ...key };
      for (const member of PRIVATE_MEMBERS) delete copy[member];
      return copy as JWK;
    }),
  };
}

/** Public signing keys straight from the database (the API checks tokens without HTTP). */
export async function loadPublicJwks(db: Db): Promise<JSONWebKeySet> {
  const { signing } = await loadOrCreateServerKeys(db);
  return publicJwks(signing);
}
