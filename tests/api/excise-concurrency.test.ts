// 50 transfers of 30 L out of one tank holding 1000 L, all at once: the vessel's row lock
// serialises them, so exactly 33 go through (990 L), 17 are refused, nothing is overdrawn,
// and the LAA that left A is the LAA that reached B, to the 0.001.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

describe.each(backends)('concurrent transfers on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api.close());

  it('never overdraws a tank and conserves LAA', async () => {
    const co = await exciseCompany(api);
    const a = await co.tank('Source', 2000);
    const b = await co.tank('Target', 2000);
    const init = await co.act('exciseInitial', {
      vesselId: a,
      date: '2026-03-01',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'R-7',
      volume: 1000,
      strength: 63.3,
    });
    expect(init.errors).toBeUndefined();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        co.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date: '2026-03-02', volume: 30 }),
      ),
    );
    const ok = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(ok).toHaveLength(33);
    expect(refused.every((r) => r.errors![0].extensions.code === 'VALIDATION_ERROR')).toBe(true);
    // 1000 L at 63.3 % = 633 LAA; 990 L moved, 10 L (6.330 LAA) stay
    const source = await co.contents('tank', a);
    const target = await co.contents('tank', b);
    expect(source).toMatchObject({ volume: 10 });
    expect(target).toMatchObject({ volume: 990 });
    expect(Math.round(((source!.laa as number) + (target!.laa as number)) * 1000)).toBe(633_000);
    // each vessel's contents is the sum of its rows
    const sums = (
      (await api.database.db.execute(
        sql`SELECT vessel_id::text AS id, sum(volume)::text AS volume, sum(laa)::text AS laa FROM excise_transactions
            WHERE company_id = ${co.companyId} GROUP BY vessel_id ORDER BY vessel_id`,
      )) as unknown as { rows: { id: string; volume: string; laa: string }[] }
    ).rows;
    expect(sums.map((s) => [s.id, Number(s.volume), Number(s.laa)])).toEqual([
      [a, 10, source!.laa],
      [b, 990, target!.laa],
    ]);
  });

  it('moves both ways between two tanks at once without a deadlock', async () => {
    const co = await exciseCompany(api);
    const a = await co.tank('Left', 2000);
    const b = await co.tank('Right', 2000);
    for (const id of [a, b])
      expect(
        (
          await co.act('exciseInitial', {
            vesselId: id,
            date: '2026-03-01',
            alcoholType: 'Spirit',
            alcoholId: co.rye,
            lot: 'R-8',
            volume: 500,
            strength: 40,
          })
        ).errors,
      ).toBeUndefined();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        co.act('exciseTransferToTank', {
          vesselId: i % 2 ? a : b,
          toVesselId: i % 2 ? b : a,
          date: '2026-03-02',
          volume: 10,
        }),
      ),
    );
    expect(results.filter((r) => r.errors)).toEqual([]);
    // 20 each way: both end where they began; 1000 L at 40 % = 400 LAA in all
    expect(await co.contents('tank', a)).toMatchObject({ volume: 500, laa: 200 });
    expect(await co.contents('tank', b)).toMatchObject({ volume: 500, laa: 200 });
  });
});
