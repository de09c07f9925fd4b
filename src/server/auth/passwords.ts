import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes; Node's 32 MB default is just enough for N=16384,
    // but a stored hash with larger parameters must still verify.
    const maxmem = Math.max(64 * 1024 * 1024, 256 * (options.N ?? N) * (options.r ?? R));
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** 'scrypt$N$r$p$salt$hash' with base64 salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (![n, r, p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}

/** A hash no password matches, verified when the e-mail is unknown so that the answer
 * takes as long as for a known one (no account discovery by timing). */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(32).toString('base64'));
  return decoyHash;
}

/** Sets (or replaces) a user's password. Fixtures and the change-password endpoint use it. */
export async function setPassword(db: Db, userId: string | number | bigint, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.execute(sql`
    INSERT INTO auth_credentials (user_id, password_hash, updated_at)
    VALUES (${String(userId)}, ${hash}, now())
    ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = now()`);
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ password_hash: string }>(
    db,
    sql`SELECT password_hash FROM auth_credentials WHERE user_id = ${userId}`,
  );
  return row?.password_hash;
}
