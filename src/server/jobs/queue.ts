// The job queue (DESIGN 2: pg-boss 10, a PostgreSQL-backed queue, on PGlite through its `db`
// executor): started with the server, stopped with it. Jobs are plain definitions (jobs.ts
// lists the app's); a job with a cron is also put on pg-boss's schedule, which sends it once per
// slot however many servers run (pg-boss keeps the schedule and its last send in the database).
import PgBoss from 'pg-boss';
import type { Database } from '../db/connect';
import { jobDbOf } from './executor';

export interface JobDefinition<T extends object = object> {
  /** the queue's name */
  name: string;
  /** 5-field cron (UTC) on which pg-boss sends the job; absent: only sent by code */
  cron?: string;
  /** the job's work: it must be safe to run twice (a job may be retried, or run by two servers) */
  handler: (data: T) => Promise<unknown>;
  /** how often an idle worker asks for work (pg-boss polls; default 30 s) */
  pollingIntervalSeconds?: number;
  /** a failed run is retried this many times, after delaySeconds (doubling with backoff);
   * default 2 retries a minute apart */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
}

export interface JobQueue {
  boss: PgBoss;
  /** waits for running jobs (up to 10 s), then stops polling and the schedule; leaves the database open */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** false: no cron sends (tests send jobs themselves) */
  schedule?: boolean;
  /** where queue errors go (default: the console, like the server's other internal errors) */
  onError?: (error: Error) => void;
  /** overrides every job's polling interval (tests: half a second) */
  pollingIntervalSeconds?: number;
}

export async function startJobQueue(
  database: Database,
  jobs: JobDefinition[],
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: jobDbOf(database) as PgBoss.Db,
    schema: 'pgboss',
    schedule: options.schedule ?? true,
  });
  boss.on('error', options.onError ?? ((error) => console.error('job queue error', error)));
  await boss.start();
  for (const job of jobs) {
    // singleton: one job of the queue active at a time (the handler is still safe to overlap)
    await boss.createQueue(job.name, {
      name: job.name,
      policy: 'singleton',
      retryLimit: job.retry?.limit ?? 2,
      retryDelay: job.retry?.delaySeconds ?? 60,
      retryBackoff: job.retry?.backoff ?? false,
    });
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? job.pollingIntervalSeconds ?? 30 },
      async (batch) => {
        for (const item of batch) await job.handler((item.data ?? {}) as object);
      },
    );
    if (job.cron && options.schedule !== false) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
