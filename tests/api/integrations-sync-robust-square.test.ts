// Square's push job (square/sync.ts pushSquareQueued), against its local stand-in
// (tests/standins/square.ts): throttling is not a record's fault. Square answering 429 (with a
// Retry-After longer than the job waits) more runs than MAX_ATTEMPTS leaves the records queued,
// with no attempt counted, and they go once Square answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { MAX_ATTEMPTS } from '../../src/server/domain/integrations/sync';
import { type SquareStandIn } from '../standins/square';
import { pointOfSaleCompany, squareCalls, startSquareApi, type Co, type SquareRig } from './support/square';
import { appSyncLog } from './support/syncLog';

describe.each(backends)('Square: a throttled job leaves its records queued, on %s', (backend) => {
  let rig: SquareRig;
  let api: TestApi;
  let square: SquareStandIn;
  let co: Co;

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const logs = () => appSyncLog(api, co.companyId, 'square', ['entity_type', 'status', 'attempts']);

  beforeAll(async () => {
    rig = await startSquareApi(backend);
    ({ api, square } = rig);
    co = await pointOfSaleCompany(api);
    const tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    await sq.product('Gin 750', 'GIN-750', 39.95);
    await sq.connect();
    await sq.setup(co.site, 'L1TASTINGROOM', tastingRoom);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('throttled more runs than the attempt limit: still queued, then sent once Square answers', async () => {
    expect(await sq.sync()).toBeGreaterThan(0);
    const queued = await logs();
    expect(queued.every((r) => r.status === 'queued')).toBe(true);
    for (let run = 0; run < MAX_ATTEMPTS + 2; run++) {
      square.inject({ kind: '429', retryAfter: 120 });
      await expect(sq.push()).rejects.toThrow(/throttling/);
      expect(await logs()).toEqual(queued.map((r) => ({ ...r, status: 'queued', attempts: 0 })));
    }
    await sq.push();
    const after = await logs();
    expect(after.map((r) => r.status)).toEqual(queued.map(() => 'succeeded'));
  });
});
