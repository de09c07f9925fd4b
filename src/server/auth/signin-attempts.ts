import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

/** Failed sign-ins are counted over this sliding window. */
export const ATTEMPT_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Minutes until the key drops below its limit, or 0 when it is under it.
 * With `limit` or more failures in the window, the limit-th most recent one is the one whose
 * expiry brings the count back to limit - 1.
 */
async function minutesBlocked(db: Db, key: string, limit: number): Promise<number> {
  const [row] = await queryRows<{ seconds: string | number }>(
    db,
    sql`
    SELECT extract(epoch FROM (at + make_interval(mins => ${ATTEMPT_WINDOW_MINUTES}) - now())) AS seconds
    FROM signin_attempts
    WHERE key = ${key} AND at > now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES})
    ORDER BY at DESC
    OFFSET ${limit - 1} LIMIT 1`,
  );
  if (!row) return 0;
  return Math.max(1, Math.ceil(Number(row.seconds) / 60));
}

/** Minutes the caller must wait before trying this e-mail from this address again; 0 = go ahead. */
export async function signInBlockedFor(db: Db, email: string, ip: string): Promise<number> {
  const [byEmail, byIp] = await Promise.all([
    minutesBlocked(db, emailKey(email), MAX_FAILURES_PER_EMAIL),
    minutesBlocked(db, ipKey(ip), MAX_FAILURES_PER_IP),
  ]);
  return Math.max(byEmail, byIp);
}

export async function recordFailedSignIn(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO signin_attempts (key, at) VALUES (${emailKey(email)}, now()), (${ipKey(ip)}, now())`,
  );
  // Rows older than the window never count again; failures are the only writers, so purging
  // here keeps the table small without a background job.
  await db.execute(
    sql`DELETE FROM signin_attempts WHERE at <= now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES})`,
  );
}

/** A successful sign-in forgives that e-mail's failures (not the address's). */
export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.execute(sql`DELETE FROM signin_attempts WHERE key = ${emailKey(email)}`);
}
