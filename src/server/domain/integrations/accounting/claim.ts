// One sender at a time per record, without a transaction held across the call to the other
// system (on PGlite that transaction would stop every other request; on PostgreSQL it would keep
// a pooled connection idle in transaction, and roll back a refreshed token with it). The job
// claims the record's sync-log row in a statement of its own, calls out with no transaction
// open, saves what it sent in short transactions, and lets the claim go. A second job that
// finds the claim taken leaves the record to the first. A claim older than CLAIM_MINUTES was
// left by a job that died: it is taken again, and the requestid makes the other system answer
// the record it already made rather than a second one.
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

/** The claim's time, or null when another job holds it. */
async function claim(db: Db, key: ClaimKey): Promise<string | null> {
  const [row] = rowsOf<{ claimed_at: string }>(
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = clock_timestamp()
      WHERE ${whereKey(key)} AND (claimed_at IS NULL
        OR claimed_at < clock_timestamp() - make_interval(mins => ${CLAIM_MINUTES}))
      RETURNING claimed_at::text`),
  );
  return row?.claimed_at ?? null;
}

/** Runs `work` holding the record's claim; 'busy' when another job holds it. */
export async function whileClaimed<T>(db: Db, key: ClaimKey, work: () => Promise<T>): Promise<T | 'busy'> {
  const claimedAt = await claim(db, key);
  if (!claimedAt) return 'busy';
  try {
    return await work();
  } finally {
    // only our own claim: one taken over after the timeout belongs to the job that took it
    await db.execute(sql`UPDATE integration_sync_log SET claimed_at = NULL
      WHERE ${whereKey(key)} AND claimed_at = ${claimedAt}::timestamptz`);
  }
}
