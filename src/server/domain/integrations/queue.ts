// The integrations' job, and how a mutation wakes it. Domain code does not import the job
// queue (src/server/jobs imports the domain): the queue, once started, hands a sender here.
// Without one (API tests without a queue, or a send that fails) nothing is lost: the records
// wait in the sync log as 'queued' for the next run (the next Sync, or the queue's start).
import type { Db } from '../../db/connect';
import { pushAllQueued, queueScheduledPulls } from './pushers';

export const PUSH_JOB = 'integrations-push';

type Sender = (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;
let sender: Sender | null = null;

export function setIntegrationJobSender(send: Sender | null) {
  sender = send;
}

/** After the queueing transaction committed: ask for a run now rather than at the next start.
 * From inside a transaction (the invoice hook) the run is asked for a few seconds later, so it
 * finds the records committed. */
export async function wakePushJob(companyId: string, app: string, startAfterSeconds = 0) {
  await sender?.(PUSH_JOB, { companyId, app }, startAfterSeconds ? { startAfter: startAfterSeconds } : undefined).catch(
    () => undefined,
  );
}

/** Seconds a run asked for from inside a transaction waits: the commit comes first. */
const AFTER_COMMIT_SECONDS = 5;

/** From a records hook, inside the mutation's transaction: asks each app's run a few seconds on.
 * Not awaited by the caller's transaction: on PGlite the queue's insert would wait for that very
 * transaction to end. */
export function wakeAfterCommit(companyId: string, apps: Iterable<string>) {
  for (const app of apps) void wakePushJob(companyId, app, AFTER_COMMIT_SECONDS);
}

export interface PushJobData {
  companyId?: string;
  app?: string;
}

/** The job's definition for src/server/jobs: sent when records are queued (and once when the
 * queue starts, for what a restart left waiting); a failure the other system caused throws,
 * and pg-boss retries with growing delays. */
export const integrationsPushJob = (db: Db, retryDelaySeconds = 30) => ({
  name: PUSH_JOB,
  // a Sync pressed on /apps shows its result within seconds, not at pg-boss's default 30 s
  pollingIntervalSeconds: 5,
  handler: async (data: PushJobData) => {
    const companyId =
      typeof data.companyId === 'string' && /^\d{1,18}$/.test(data.companyId) ? data.companyId : undefined;
    const app = typeof data.app === 'string' ? data.app : undefined;
    // the schedule's run (and the one at start) names nothing: it also asks each app what is new
    // over there; a wake-up after a save names its company and only pushes
    let pulled: unknown = null;
    if (!companyId && !app) await queueScheduledPulls(db).catch((error: unknown) => (pulled = error));
    // a backlog longer than a run's batch goes on at once, not at the next schedule
    await pushAllQueued(db, { companyId, app }, (backlog) => wakePushJob(backlog.companyId, backlog.app));
    if (pulled) throw pulled;
  },
  retry: { limit: 4, delaySeconds: retryDelaySeconds, backoff: true },
});
