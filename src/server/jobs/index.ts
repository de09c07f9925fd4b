// The app's background jobs and the one call that starts them (src/server/serve.ts).
import type { Database } from '../db/connect';
// the domain's list of modules first: entering through one module (recurring) would evaluate
// that list while the module is still loading (records/write.ts reads the list), leaving it out
import '../domain';
import { runDueRecurringTransactions } from '../domain/recurring';
import { integrationsPushJob, PUSH_JOB, setIntegrationJobSender } from '../domain/integrations';
import { startJobQueue, type JobDefinition, type JobQueue, type JobQueueOptions } from './queue';

export type { JobQueue } from './queue';

/** Creates the due documents of recurring transactions. Every 15 minutes: a document is due on
 * its company's calendar day, so it appears within a quarter of an hour of midnight there (or of
 * the server starting), and a run that fails is retried the same way. */
export const recurringTransactionsJob = (database: Database): JobDefinition => ({
  name: 'recurring-transactions',
  cron: '*/15 * * * *',
  handler: () => runDueRecurringTransactions(database.db),
});

/** The integrations' push also runs every 15 minutes: what a mutation queued goes even when
 * its wake-up send was lost (a failed send, a server stopped between commit and send), not
 * only at the next restart. pg-boss sends it once per slot however many servers run. */
export const INTEGRATIONS_PUSH_CRON = '*/15 * * * *';

export const appJobs = (database: Database): JobDefinition[] => [
  recurringTransactionsJob(database),
  { ...(integrationsPushJob(database.db) as JobDefinition), cron: INTEGRATIONS_PUSH_CRON },
];

export async function startJobs(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const queue = await startJobQueue(database, appJobs(database), options);
  // a mutation that queues records for an integration wakes its job at once (integrations/queue.ts)
  setIntegrationJobSender((name, data, sendOptions) => queue.boss.send(name, data, sendOptions ?? {}));
  // what a restart left queued goes now
  await queue.boss.send(PUSH_JOB, {});
  return {
    ...queue,
    stop: async () => {
      setIntegrationJobSender(null);
      await queue.stop();
    },
  };
}
