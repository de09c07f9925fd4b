// One sender at a time per record. What was already sent is read, the rest sent and the new
// row saved in one transaction that holds a lock on the record's key, so a second job (two
// runs of the push job, or a retry overlapping a slow first) waits for the first to commit and
// then reads what it sent, instead of both reading "nothing sent yet" and both sending.
// An advisory lock, not a row lock: the invoice's own save (whose hook queues its payment)
// never waits for a call to the other system.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { ConnectorError } from '../connector';

export async function underLock<T>(db: Db, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    try {
      return { value: await work(tx) };
    } catch (error) {
      // the other system's refusal commits what came before it (a refreshed token, a customer
      // linked) and is thrown after, for the job to log
      if (error instanceof ConnectorError) return { error };
      throw error;
    }
  });
  if ('error' in result) throw result.error;
  return result.value;
}
