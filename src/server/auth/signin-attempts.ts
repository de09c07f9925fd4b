import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

// Throttling, not locking: failed sign-ins are counted per e-mail and per address over a
// window; past a free allowance each further try must wait after the latest failure, the wait
// doubling with every failure and capped. Tries refused during a wait are not counted (the
// password is not even checked), so nobody can make the wait grow without bound or hold an
// account shut: after the wait the right password works, from any address.

/** Failed sign-ins are counted over this sliding window. */
export const ATTEMPT_WINDOW_MINUTES = 60;
/** Failures allowed with no wait, per e-mail and per address. */
export const FREE_FAILURES_PER_EMAIL = 5;
export const FREE_FAILURES_PER_IP = 20;
/** The longest wait, in seconds. */
export const MAX_DELAY_SECONDS = 15 * 60;

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** The wait after `failures` failures with `free` allowed: 2^(failures - free) s, capped. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** Math.min(failures - free, 30));
}

/** Seconds until this key may try again; 0 = go ahead. */
async function secondsToWait(db: Db, key: string, free: number): Promise<number> {
  const [row] = await queryRows<{ n: string | number; since: string | number | null }>(
    db,
    sql`
    SELECT count(*) AS n, extract(epoch FROM (now() - max(at))) AS since
    FROM signin_attempts
    WHERE key = ${key} AND at > now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES})`,
  );
  const failures = Number(row?.n ?? 0);
  const delay = delayAfter(failures, free);
  if (!delay || row?.since == null) return 0;
  return Math.max(0, Math.ceil(delay - Number(row.since)));
}

/** Seconds the caller must wait before trying this e-mail from this address again; 0 = go ahead. */
export async function signInWaitSeconds(db: Db, email: string, ip: string): Promise<number> {
  const byEmail = await secondsToWait(db, emailKey(email), FREE_FAILURES_PER_EMAIL);
  const byIp = await secondsToWait(db, ipKey(ip), FREE_FAILURES_PER_IP);
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
