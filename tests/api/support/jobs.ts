// The integrations' push job run through pg-boss as the server runs it (no schedule), for the
// length of a test's steps: startJobs hands the queue's sender to the integrations, so a save's
// hook, Resume or a run that left a backlog asks this queue for the next run.
import type { TestApi } from '../harness';
import { integrationsPushJob, setIntegrationJobSender } from '../../../src/server/domain/integrations/queue';
import { startJobQueue, type JobDefinition, type JobQueue } from '../../../src/server/jobs/queue';

export async function withPushJobQueue<T>(api: TestApi, steps: (queue: JobQueue) => Promise<T>): Promise<T> {
  // retries after 1 s, polled every half second: a test waits seconds, not minutes
  const queue = await startJobQueue(api.database, [integrationsPushJob(api.database.db, 1) as JobDefinition], {
    schedule: false,
    pollingIntervalSeconds: 0.5,
    onError: () => undefined,
  });
  // on PGlite the send must not wait inside the saving transaction, or the save never ends
  setIntegrationJobSender((name, data, options) => queue.boss.send(name, data, options ?? {}));
  try {
    return await steps(queue);
  } finally {
    setIntegrationJobSender(null);
    await queue.stop();
  }
}
