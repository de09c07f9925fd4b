// The push job's run over every company and app (pushers.ts): a fault in one company's records
// does not hold up the others, and the run still fails afterwards, so the queue logs and retries
// it. Each app's own push is replaced by a spy: this is about the loop, not a connector.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { APP_SYNCS, pushAllQueued } from '../../src/server/domain/integrations/pushers';

describe.each(backends)('the push job over many companies on %s', (backend) => {
  let api: TestApi;
  const companies: string[] = [];
  beforeAll(async () => {
    api = await startApi(backend);
    for (let i = 0; i < 2; i++) {
      const { companyId } = await makeMember(api, ['config.write']);
      companies.push(companyId);
      await api.database.db.execute(sql`INSERT INTO integration_connections (company_id, app, status)
        VALUES (${companyId}, 'quickbooks', 'connected')`);
      await api.database.db
        .execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
        VALUES (${companyId}, 'quickbooks', 'invoice', 1, 'queued')`);
    }
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => api.close());

  it('pushes every company even when each throws, then fails the run with the first fault', async () => {
    const pushed: string[] = [];
    vi.spyOn(APP_SYNCS.quickbooks, 'push').mockImplementation(async (_db, companyId) => {
      pushed.push(companyId);
      throw new TypeError(`bad data in a record of company ${pushed.length}`);
    });
    await expect(pushAllQueued(api.database.db)).rejects.toThrow('bad data in a record of company 1');
    expect(pushed.sort()).toEqual([...companies].sort());
  });
});
