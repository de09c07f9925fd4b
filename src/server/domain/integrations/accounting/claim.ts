// One sender at a time per record, without a transaction held across the call to the other
// system (on PGlite that transaction would stop every other request; on PostgreSQL it would keep
// a pooled connection idle in transaction, and roll back a refreshed token with it). The job
// claims the record's sync-log row in a statement of its own, calls out with no transaction
// open, saves what it sent in short transactions, and lets the claim go. A second job that
// finds the claim taken leaves the record to the first. A claim older than CLAIM_MINUTES was
// left by a job that died: it is taken again, and the requestid makes the other system answer
// the record it already made rather than a second one. A job whose turn lasts longer (throttled
// calls waited out, several sends in a row) renews its claim before each send, and a job that
// finds its claim taken by another sends nothing more: it leaves the record to that job.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';

export const CLAIM_MINUTES = 10;

export interface ClaimKey {
  companyId: string;
  app: string;
  entityType: string;
  entityId: string;
}

const whereKey = (key: ClaimKey) => sql`company_id = ${key.companyId} AND app = ${key.app}
  AND entity_type = ${key.entityType} AND entity_id = ${key.entityId}`;

/** The claim (its token, migration 0042) and the log row's last change as the claim found it, or
 * null when another job holds it. */
async function claim(db: Db, key: ClaimKey): Promise<{ token: string; seen: string } | null> {
  const token = randomUUID();
  const [row] = rowsOf<{ updated_at: string }>(
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = clock_timestamp(), claim_token = ${token}
      WHERE ${whereKey(key)} AND (claimed_at IS NULL
        OR claimed_at < clock_timestamp() - make_interval(mins => ${CLAIM_MINUTES}))
      RETURNING updated_at::text`),
  );
  return row ? { token, seen: row.updated_at } : null;
}

/** Thrown by a renewal that finds the claim gone: another job took it over as left by a dead one. */
export class ClaimLost extends Error {
  constructor() {
    super('Another job took over this record: it sends it');
    this.name = 'ClaimLost';
  }
}

/** Renews the claim's time before a send; ClaimLost when the claim is no longer this job's (it
 * grew older than CLAIM_MINUTES and another job took it). */
async function renewClaim(db: Db, key: ClaimKey, token: string): Promise<void> {
  const [row] = rowsOf<{ renewed: boolean }>(
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = clock_timestamp()
      WHERE ${whereKey(key)} AND claim_token = ${token}
      RETURNING true AS renewed`),
  );
  if (!row) throw new ClaimLost();
}

/** Runs `work` holding the record's claim; 'busy' when another job holds it (or took it over
 * while this one worked: `renew`, called by the work before each send, found it gone). When the work ends,
 * the same statement lets the claim go and logs the record done, unless it was queued again
 * while the job worked (a rise of the amount paid, a re-filing: the row changed since the
 * claim): then it stays queued for the next run, 'requeued'. One statement, so a queueing
 * committed just after the job's last read is never overwritten by the job's "done". */
export async function whileClaimed<T extends string>(
  db: Db,
  key: ClaimKey,
  work: (renew: () => Promise<void>) => Promise<T>,
): Promise<T | 'busy' | 'requeued'> {
  const claimed = await claim(db, key);
  if (!claimed) return 'busy';
  const renew = () => renewClaim(db, key, claimed.token);
  let result: T;
  try {
    result = await work(renew);
  } catch (error) {
    // the job that took the claim over sends the record and logs it
    if (error instanceof ClaimLost) return 'busy';
    // only our own claim: one taken over after the timeout belongs to the job that took it
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = NULL, claim_token = NULL
      WHERE ${whereKey(key)} AND claim_token = ${claimed.token}`);
    throw error;
  }
  const [row] = rowsOf<{ settled: boolean }>(
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = NULL, claim_token = NULL,
        status = CASE WHEN updated_at = ${claimed.seen}::timestamptz THEN 'succeeded' ELSE status END,
        attempts = CASE WHEN updated_at = ${claimed.seen}::timestamptz
          THEN attempts + ${result === 'succeeded' ? 1 : 0} ELSE attempts END,
        last_error = CASE WHEN updated_at = ${claimed.seen}::timestamptz THEN NULL ELSE last_error END,
        updated_at = CASE WHEN updated_at = ${claimed.seen}::timestamptz THEN now() ELSE updated_at END
      WHERE ${whereKey(key)} AND claim_token = ${claimed.token}
      RETURNING status = 'succeeded' AS settled`),
  );
  return row?.settled ? result : 'requeued';
}
