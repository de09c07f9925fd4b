// What every app's job does with a record the other system could not take now (throttled past
// what the job waits, or unavailable): throttling is not the record's fault, so it stays queued
// with no attempt counted; another failure counts one, until MAX_ATTEMPTS gives the record up as
// failed. A record that waits throws RetryLater, and the queue runs the job again with backoff.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { RetryLater } from './calls';
import type { ConnectorFailure } from './connector';
import { setLog } from './store';

/** A record that failed this many times on server errors is given up as failed. */
export const MAX_ATTEMPTS = 5;

async function attemptsOf(db: Db, companyId: string, app: string, entityType: string, entityId: string) {
  const [row] = rowsOf<{ attempts: number }>(
    await db.execute(sql`SELECT attempts FROM integration_sync_log WHERE company_id = ${companyId}
      AND app = ${app} AND entity_type = ${entityType} AND entity_id = ${entityId}`),
  );
  return row?.attempts ?? 0;
}

/** Throws RetryLater while the record waits for the next run; returns once it is given up as
 * failed (the job goes on with its next record). */
export async function failedForNow(
  db: Db,
  companyId: string,
  app: string,
  entityType: string,
  entityId: string,
  failure: ConnectorFailure,
): Promise<void> {
  if (failure.kind === 'rateLimited') {
    await setLog(db, companyId, app, entityType, entityId, {
      status: 'queued',
      error: failure.message,
      existing: true,
    });
    throw new RetryLater(failure.message);
  }
  const giveUp = (await attemptsOf(db, companyId, app, entityType, entityId)) + 1 >= MAX_ATTEMPTS;
  await setLog(db, companyId, app, entityType, entityId, {
    status: giveUp ? 'failed' : 'queued',
    addAttempt: true,
    error: failure.message,
    existing: true,
  });
  if (!giveUp) throw new RetryLater(failure.message);
}
