// The job queue on both databases: pg-boss installs its own schema (on PGlite through the `db`
// executor of src/server/jobs/executor.ts), puts the recurring check on its cron schedule, and a
// job sent to the queue reaches the handler, which makes the due document. No timed assertion:
// the test waits until the schedule shows its run (pg-boss polls every half second here).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { companyTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { startJobs, type JobQueue } from '../../src/server/jobs';
import { startJobQueue } from '../../src/server/jobs/queue';

const todayInToronto = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

describe.each(backends)('job queue on %s', (backend) => {
  let api: TestApi;
  let jobs: JobQueue | undefined;

  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(async () => {
    await jobs?.stop();
    await api?.close();
  });

  it('starts, schedules the recurring check every 15 minutes, and runs it when sent', async () => {
    const co = await makeMember(api, EVERYTHING);
    await api.database.db
      .update(companyTable)
      .set({ allowRecurringTransactions: true })
      .where(eq(companyTable.id, co.companyId));
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const r = await api.gql<Record<string, { id: string; nextRun?: string; lastRun?: string }>>(
        co.companyId,
        query,
        variables,
        co.token,
      );
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return r.body.data!;
    };
    const customer = (await call(`mutation { customerCreate(input: { name: "Queue" }) { id } }`)).customerCreate.id;
    const invoice = (
      await call(`mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`, {
        input: {
          number: 'Q-1',
          customer,
          date: '2027-01-01',
          status: 'Draft',
          lines: [{ description: 'Gin', quantity: 1, unitPrice: 30 }],
        },
      })
    ).invoiceCreate.id;
    const today = todayInToronto();
    const schedule = (
      await call(
        `mutation($input: RecurringTransactionInput!) { recurringTransactionCreate(input: $input) { id nextRun } }`,
        {
          input: {
            name: 'Daily gin',
            type: 'Invoice',
            invoice,
            frequency: 'EveryNDays',
            interval: 1,
            startDate: today,
          },
        },
      )
    ).recurringTransactionCreate;
    expect(schedule.nextRun).toBe(today);

    jobs = await startJobs(api.database, { pollingIntervalSeconds: 0.5 });
    // pg-boss's own schema is installed at its current version
    expect(await jobs.boss.isInstalled()).toBe(true);
    expect(await jobs.boss.schemaVersion()).toBeGreaterThan(0);
    expect(
      (await jobs.boss.getSchedules())
        .map((s) => [s.name, s.cron, (s as { timezone?: string }).timezone])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['integrations-push', '*/15 * * * *', 'UTC'],
      ['recurring-transactions', '*/15 * * * *', 'UTC'],
    ]);

    expect(await jobs.boss.send('recurring-transactions', {})).toEqual(expect.any(String));
    await vi.waitFor(
      async () => {
        const s = (await call(`query($id: ID!) { recurringTransaction(id: $id) { id lastRun } }`, { id: schedule.id }))
          .recurringTransaction;
        expect(s.lastRun).toBe(today);
      },
      { timeout: 30_000, interval: 250 },
    );
    const runs = await api.gql<{ recurringTransactionRuns: { status: string; documentNumber: string }[] }>(
      co.companyId,
      `query($id: ID!) { recurringTransactionRuns(id: $id) { status documentNumber } }`,
      { id: schedule.id },
      co.token,
    );
    expect(runs.body.data!.recurringTransactionRuns).toEqual([{ status: 'Created', documentNumber: 'Q-2' }]);

    await jobs.stop();
    jobs = undefined;
  });

  it('sends a job to a worker through send and work, and stops cleanly', async () => {
    const seen: unknown[] = [];
    const queue = await startJobQueue(api.database, [{ name: 'echo', handler: async (data) => void seen.push(data) }], {
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await queue.boss.send('echo', { hello: 'world' });
      await vi.waitFor(() => expect(seen).toEqual([{ hello: 'world' }]), { timeout: 30_000, interval: 100 });
      // completing passes the job ids as a uuid[] parameter: on PGlite too
      await vi.waitFor(async () => expect((await queue.boss.getJobById('echo', id!))?.state).toBe('completed'), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await queue.stop();
    }
    // stopped, the app's database is left open and usable
    expect(rowsOf(await api.database.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });
});
