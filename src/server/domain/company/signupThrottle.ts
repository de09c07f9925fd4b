// Sign-up requests are throttled the way sign-in failures are (src/server/auth/signin-attempts.ts):
// counted per address and per e-mail over an hour in the same table, each request past a free
// allowance waiting after the latest one, the wait doubling and capped at 15 minutes. Every
// request counts (each sends a mail), so nobody can use the form to flood a mailbox or the
// outbox; the waits are in minutes, not seconds, since nobody signs up many times an hour.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { ATTEMPT_WINDOW_MINUTES, delayAfter, MAX_DELAY_SECONDS } from '../../auth/signin-attempts';

export const FREE_SIGNUPS_PER_EMAIL = 3;
export const FREE_SIGNUPS_PER_IP = 10;

const emailKey = (email: string) => `signup-email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `signup-ip:${ip}`;

async function secondsToWait(db: Db, key: string, free: number): Promise<number> {
  const [row] = rowsOf<{ n: string | number; since: string | number | null }>(
    await db.execute(sql`
      SELECT count(*) AS n, extract(epoch FROM (now() - max(at))) AS since FROM signin_attempts
      WHERE key = ${key} AND at > now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES})`),
  );
  // 1, 2, 4… minutes, at most MAX_DELAY_SECONDS
  const delay = Math.min(MAX_DELAY_SECONDS, 60 * delayAfter(Number(row?.n ?? 0), free));
  if (!delay || row?.since == null) return 0;
  return Math.max(0, Math.ceil(delay - Number(row.since)));
}

/** Seconds before this address may ask for this e-mail again; 0 = go ahead. */
export async function signupWaitSeconds(db: Db, email: string, ip: string): Promise<number> {
  return Math.max(
    await secondsToWait(db, emailKey(email), FREE_SIGNUPS_PER_EMAIL),
    await secondsToWait(db, ipKey(ip), FREE_SIGNUPS_PER_IP),
  );
}

export async function recordSignup(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO signin_attempts (key, at) VALUES (${emailKey(email)}, now()), (${ipKey(ip)}, now())`,
  );
  await db.execute(
    sql`DELETE FROM signin_attempts WHERE at <= now() - make_interval(mins => ${ATTEMPT_WINDOW_MINUTES})`,
  );
}
