// The production reports (issue 15) over a scripted company that runs a small production season
// through the API: a mash, the wash regauged once fermented, two distillations (one in May, one in
// June), a blend, a bottling, a cask filled then emptied with a loss and an old cask emptied.
// Every expected figure is worked by hand in the comments: LAA = litres x ABV / 100, a draw takes
// its share of the vessel (LAA x litres drawn / litres held), yield = LAA out / LAA in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, membershipTable } from '../../src/generated/tables';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { stagedKit } from './stagedKit';
import type { Answer } from './exciseKit';

const REPORT = `query($name: String!, $parameters: ReportParameters) {
  report(name: $name, parameters: $parameters) { name from to rows totals truncated charts { key labels series { key data } } } }`;

interface Result {
  name: string;
  from: string | null;
  to: string | null;
  rows: string[][];
  totals: string[] | null;
  truncated: boolean;
  charts: { key: string; labels: string[]; series: { key: string; data: number[] }[] }[];
}

const MAY = { from: '2026-05-01', to: '2026-05-31' };
const SEASON = { from: '2026-05-01', to: '2026-06-30' };

describe.each(backends)('production reports on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let token = '';
  const ids: Record<string, string> = {};

  const report = async (name: string, parameters: Record<string, unknown>, as = token) =>
    (await k.co.call<{ report: Result }>(REPORT, { name, parameters }, as)) as Answer<{ report: Result }>;
  const ok = async (name: string, parameters: Record<string, unknown>) => {
    const r = await report(name, parameters);
    expect(r.errors).toBeUndefined();
    return r.data!.report;
  };
  const saved = async (entity: string, input: Record<string, unknown>) => {
    const r = await k.save(entity, input);
    expect(r.errors).toBeUndefined();
    return r.id;
  };
  const acted = async (mutation: string, input: Record<string, unknown>) => {
    const r = await k.co.act(mutation, input);
    expect(r.errors).toBeUndefined();
  };
  /** a member of the company with these permissions, answering their token */
  const member = async (permissions: string[]) => {
    const m = await makeMember(api, permissions);
    await api.database.db.insert(membershipTable).values({ companyId: k.co.companyId, user: m.userId, permissions });
    return m.token;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    const { co } = k;
    token = await member([...EVERYTHING, 'reports']);
    ids.malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg' });
    // 1,000 kg of malt for $850.00
    await k.stock([{ stockId: ids.malt, quantity: k.units(1000), value: 85_000 }]);
    ids.bill = await co.create('mashBill', {
      name: 'Rye mash',
      volume: 1000,
      items: [{ item: ids.malt, quantity: 200 }],
    });
    ids.wash = await co.create('nonExcise', { name: 'Rye mash', kind: 'Wash' });
    ids.lowWines = await co.create('spirit', { name: 'Low wines', class: 'Whisky', exciseCategory: 'Spirits' });
    ids.f1 = await co.create('fermenter', { name: 'F1', capacity: 3000, site: co.site });
    ids.still = await co.create('still', { name: 'Pot 1', type: 'Pot', site: co.site });
    ids.process = await co.create('process', { name: 'Rye double', still: ids.still });
    ids.hearts = await co.tank('Hearts');
    ids.feints = await co.tank('Feints');
    ids.hearts2 = await co.tank('Hearts 2');
    ids.blendTank = await co.tank('Blend tank');
    ids.vatting = await co.tank('Vatting');
    ids.c1 = await co.cask('C-1');
    ids.c2 = await co.cask('C-2');
    ids.c3 = await co.cask('C-3');
    ids.rye750 = await co.create('product', { name: 'Rye 750', strength: 45, containerSize: 0.75, caseSize: 6 });

    // mash M-1: 400 kg of malt, 2,000 L of wash into F1 (no LAA until it ferments)
    ids.mash = await saved('mash', {
      lot: 'M-1',
      date: '2026-05-02T12:00:00Z',
      site: co.site,
      mashBill: ids.bill,
      volume: 2000,
      osg: 1.065,
      items: [{ item: ids.malt, quantity: 400 }],
      fermenters: [{ fermenter: ids.f1, volume: 2000 }],
    });
    // fermented: regauged at 2,000 L at 8 % = 160 LAA
    await acted('exciseAdjustInventory', { vesselId: ids.f1, date: '2026-05-03', volume: 2000, strength: 8 });
    // D-1 (May, process Rye double): 1,500 of 2,000 L of wash = 160 x 1500 / 2000 = 120 LAA in;
    // hearts 90 LAA at 72 % = 125 L, tails 20 LAA at 40 % = 50 L: 175 L and 110 LAA out
    await saved('distillation', {
      lot: 'D-1',
      date: '2026-05-04T14:00:00Z',
      site: co.site,
      still: ids.still,
      process: ids.process,
      inputs: [{ type: 'NonExcise', nonExcise: ids.wash, fermenter: ids.f1, quantity: 1500 }],
      outputs: [
        { cut: 'Hearts', spirit: co.rye, tank: ids.hearts, quantity: 90, strength: 72 },
        { cut: 'Tails', spirit: ids.lowWines, tank: ids.feints, quantity: 20, strength: 40 },
      ],
    });
    // D-2 (June, no process): the last 500 L, 40 LAA; hearts 30 LAA at 75 % = 40 L
    await saved('distillation', {
      lot: 'D-2',
      date: '2026-06-02T14:00:00Z',
      site: co.site,
      still: ids.still,
      inputs: [{ type: 'NonExcise', nonExcise: ids.wash, fermenter: ids.f1, quantity: 500 }],
      outputs: [{ cut: 'Hearts', spirit: co.rye, tank: ids.hearts2, quantity: 30, strength: 75 }],
    });
    // blend BL-1: all 125 L (90 LAA) of the hearts cut to 45 %: 90 x 100 / 45 = 200 L
    await saved('blend', {
      lot: 'BL-1',
      date: '2026-06-05T14:00:00Z',
      site: co.site,
      outputSpirit: co.rye,
      tank: ids.blendTank,
      blendStrength: 45,
      inputs: [{ type: 'Spirit', spirit: co.rye, tank: ids.hearts, quantity: 125 }],
    });
    // bottling BT-1: 100 x 0.75 L = 75 L at 44.5 % = 33.375 LAA in the bottles; the tank gives
    // 90 x 75 / 200 = 33.750 LAA: a loss of 0.375 LAA
    await saved('bottling', {
      lot: 'BT-1',
      date: '2026-06-10T14:00:00Z',
      product: ids.rye750,
      tank: ids.blendTank,
      strength: 44.5,
      bottles: 100,
      caseSize: 6,
      dutyPaid: false,
    });
    // C-1 filled with 100 L of the 125 L left (56.25 LAA, 45 %): 100 x 45 / 100 = 45 LAA
    await acted('tankFillCask', { vesselId: ids.blendTank, toVesselId: ids.c1, date: '2026-06-12', volume: 100 });
    // C-2 filled long ago: 100 L at 60 % = 60 LAA on 2024-03-01
    await acted('exciseInitial', {
      vesselId: ids.c2,
      date: '2024-03-01',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'OLD-1',
      volume: 100,
      strength: 60,
    });
    // C-3 filled a year before its regauge: 100 L at 60 % = 60 LAA on 2025-06-15, regauged on
    // 2026-06-15 at 98 L at 59.5 % = 58.31 LAA: 1.69 LAA gone
    await acted('exciseInitial', {
      vesselId: ids.c3,
      date: '2025-06-15',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'OLD-2',
      volume: 100,
      strength: 60,
    });
    await acted('exciseAdjustInventory', { vesselId: ids.c3, date: '2026-06-15', volume: 98, strength: 59.5 });
    // C-2 emptied and destroyed: 90 L at 58 % = 52.2 LAA; share 60 - 52.2 = 7.8 LAA (10 L)
    await acted('caskEmpty', { vesselId: ids.c2, date: '2026-06-20', volume: 90, strength: 58 });
    // C-1 emptied into Vatting: 95 L at 44 % = 41.8 LAA; share 45 - 41.8 = 3.2 LAA (5 L)
    await acted('caskEmpty', {
      vesselId: ids.c1,
      toVesselId: ids.vatting,
      date: '2026-06-25',
      volume: 95,
      strength: 44,
    });
    // a whole season posted through the API: slow on PGlite on a busy machine
  }, 300_000);
  afterAll(() => api.close());

  it('DistillationActivity: each run with its charge, cuts and yield, production by month', async () => {
    const r = await ok('DistillationActivity', SEASON);
    expect(r).toMatchObject({ name: 'DistillationActivity', from: '2026-05-01', to: '2026-06-30', truncated: false });
    // D-1: 110 / 120 = 91.666 % -> 91.67; D-2: 30 / 40 = 75 %
    expect(r.rows).toEqual([
      ['2026-05-04', 'D-1', 'Pot 1', 'Rye double', '1500.000', '120.000', '175.000', '110.000', '91.67'],
      ['2026-06-02', 'D-2', 'Pot 1', '', '500.000', '40.000', '40.000', '30.000', '75'],
    ]);
    // 2,000 L and 160 LAA in, 215 L and 140 LAA out: 140 / 160 = 87.5 %
    expect(r.totals).toEqual(['', '', '', '', '2000.000', '160.000', '215.000', '140.000', '87.5']);
    expect(r.charts).toEqual([
      {
        key: 'byMonth',
        labels: ['2026-05', '2026-06'],
        series: [
          { key: 'outVolume', data: [175, 40] },
          { key: 'outLaa', data: [110, 30] },
        ],
      },
    ]);
    // May alone, and the filters: the process, a spirit collected, a site
    expect((await ok('DistillationActivity', MAY)).rows.map((row) => row[1])).toEqual(['D-1']);
    expect((await ok('DistillationActivity', { ...SEASON, processId: ids.process })).rows.map((x) => x[1])).toEqual([
      'D-1',
    ]);
    expect((await ok('DistillationActivity', { ...SEASON, spiritId: ids.lowWines })).rows.map((x) => x[1])).toEqual([
      'D-1',
    ]);
    expect((await ok('DistillationActivity', { ...SEASON, siteId: k.co.site })).rows).toHaveLength(2);
  });

  it('ProcessPerformance: runs, LAA in and out and yield per process', async () => {
    const r = await ok('ProcessPerformance', SEASON);
    expect(r.rows).toEqual([
      ['(no process)', '1', '40.000', '30.000', '75'],
      ['Rye double', '1', '120.000', '110.000', '91.67'],
    ]);
    expect(r.totals).toEqual(['', '2', '160.000', '140.000', '87.5']);
  });

  it('ItemToSpirit: the grain mashed into the wash each run charged, and the LAA per kg', async () => {
    const r = await ok('ItemToSpirit', SEASON);
    // M-1 made 2,000 L from 400 kg: D-1 drew 1,500 L (300 kg), D-2 500 L (100 kg); the runs made
    // 90 + 20 = 110 and 30 LAA of spirit: 140 LAA / 400 kg = 0.350 LAA per kg
    expect(r.rows).toEqual([['Malted barley', 'kg', '400.000', '2', '140.000', '0.350']]);
    // May alone: D-1's 300 kg made 110 LAA: 110 / 300 = 0.36666 -> 0.367
    expect((await ok('ItemToSpirit', MAY)).rows).toEqual([['Malted barley', 'kg', '300.000', '1', '110.000', '0.367']]);
  });

  it('MashingActivity: the bill, the wash, the items mashed and the gravity', async () => {
    const r = await ok('MashingActivity', SEASON);
    expect(r.rows).toEqual([['2026-05-02', 'M-1', 'Rye mash', '2000.000', 'F1', 'Malted barley 400 kg', '1.065']]);
    expect(r.totals).toEqual(['', '', '', '2000.000', '', '', '']);
  });

  it('BlendingActivity: the spirit drawn and the blend made, at its strength', async () => {
    const r = await ok('BlendingActivity', SEASON);
    // 125 L and 90 LAA drawn; 200 L holding the same 90 LAA: 45 %
    expect(r.rows).toEqual([
      ['2026-06-05', 'BL-1', 'Rye new make', 'Blend tank', '125.000', '90.000', '', '200.000', '90.000', '45'],
    ]);
    expect((await ok('BlendingActivity', { ...SEASON, spiritId: ids.lowWines })).rows).toEqual([]);
  });

  it('BottlingActivity and BottlingLosses: bottles, LAA, and the loss against the tank', async () => {
    const a = await ok('BottlingActivity', SEASON);
    expect(a.rows).toEqual([['2026-06-10', 'BT-1', 'Rye 750', 'Blend tank', 'In bond', '100', '75.000', '33.375']]);
    expect(a.totals).toEqual(['', '', '', '', '', '100', '75.000', '33.375']);
    const l = await ok('BottlingLosses', SEASON);
    // 0.375 / 33.750 = 1.111 % -> 1.11
    expect(l.rows).toEqual([['2026-06-10', 'BT-1', 'Rye 750', 'Blend tank', '33.750', '33.375', '0.375', '1.11']]);
    expect(l.charts).toEqual([
      { key: 'byMonth', labels: ['2026-05', '2026-06'], series: [{ key: 'lossLaa', data: [0, 0.375] }] },
    ]);
    expect((await ok('BottlingActivity', { ...SEASON, productId: ids.malt })).rows).toEqual([]);
  });

  it('CasksFill: the casks filled in the range', async () => {
    const r = await ok('CasksFill', SEASON);
    // C-2's fill of 2024 is outside the range
    expect(r.rows).toEqual([['2026-06-12', 'C-1', 'Rye new make', 'BL-1', '100.000', '45', '45.000']]);
    expect(r.totals).toEqual(['', '', '', '', '100.000', '', '45.000']);
  });

  it('AngelsShare: the LAA held, measured and lost per cask emptied or regauged, by age', async () => {
    const r = await ok('AngelsShare', SEASON);
    // C-3: 1.69 / 60 = 2.816 % -> 2.82, one year to the day;
    // C-2: 7.8 / 60 = 13 %, 2024-03-01 to 2026-06-20 = 2 years 3 months;
    // C-1: 3.2 / 45 = 7.111 % -> 7.11, 13 days old
    expect(r.rows).toEqual([
      ['2026-06-15', 'C-3', 'Rye new make', 'OLD-2', 'Regauged', '60.000', '58.310', '1.690', '2.82', '1', '0'],
      ['2026-06-20', 'C-2', 'Rye new make', 'OLD-1', 'Emptied', '60.000', '52.200', '7.800', '13', '2', '3'],
      ['2026-06-25', 'C-1', 'Rye new make', 'BL-1', 'Emptied', '45.000', '41.800', '3.200', '7.11', '0', '0'],
    ]);
    // 165 held, 152.31 measured, 12.69 lost: 12.69 / 165 = 7.6909 % -> 7.69
    expect(r.totals).toEqual(['', '', '', '', '', '165.000', '152.310', '12.690', '7.69', '', '']);
    expect(r.charts).toEqual([
      {
        key: 'byAge',
        labels: ['0', '1', '2'],
        series: [
          { key: 'lossLaa', data: [3.2, 1.69, 7.8] },
          { key: 'lossPercent', data: [7.11, 2.82, 13] },
        ],
      },
    ]);
  });

  it('SpiritsActivity: the spirit rows of the ledger in the range, with their totals', async () => {
    const r = await ok('SpiritsActivity', { from: '2026-06-20', to: '2026-06-25' });
    expect(r.rows.map((x) => [x[0], x[3], x[4], x[7], x[8]])).toEqual([
      // C-2: 10 L holding 7.8 LAA evaporated, 90 L at 58 % (52.2 LAA) destroyed
      ['2026-06-20', 'C-2', 'CaskEmpty', '-10.000', '-7.800'],
      ['2026-06-20', 'C-2', 'CaskEmpty', '-90.000', '-52.200'],
      // C-1: 5 L holding 3.2 LAA evaporated, 95 L (41.8 LAA) moved to Vatting
      ['2026-06-25', 'C-1', 'CaskEmpty', '-5.000', '-3.200'],
      ['2026-06-25', 'C-1', 'CaskEmpty', '-95.000', '-41.800'],
      ['2026-06-25', 'Vatting', 'CaskEmpty', '95.000', '41.800'],
    ]);
    // -10 - 90 - 5 - 95 + 95 = -105 L; -7.8 - 52.2 - 3.2 - 41.8 + 41.8 = -63.2 LAA
    expect(r.totals).toEqual(['', '', '', '', '', '', '', '-105.000', '-63.200', '']);
    // the whole season nets to what the vessels hold now: Feints 20, Hearts 2 30, Blend tank
    // 56.25 - 45 = 11.25, Vatting 41.8, C-3 58.31 LAA = 161.36 LAA; less the 60 + 60 LAA the
    // casks C-2 and C-3 held before the range: 41.36. May: D-1's 90 + 20 = 110 LAA produced
    const season = await ok('SpiritsActivity', SEASON);
    expect(season.totals![8]).toBe('41.360');
    expect(season.charts[0].series).toEqual([{ key: 'laa', data: [110, -68.64] }]);
    // and each spirit's figures agree with its transaction list over the same days
    for (const spirit of [k.co.rye, ids.lowWines]) {
      const list = await k.co.call<{
        spirit: { transactions2: { totals: { totalVolume: number; totalLaa: number } } };
      }>(
        `query($id: ID!, $filters: [Filter!]) { spirit(id: $id) { transactions2(first: 1, filters: $filters) { totals { totalVolume totalLaa } } } }`,
        {
          id: spirit,
          filters: [
            { field: 'date', comparator: 'ge', value: SEASON.from },
            { field: 'date', comparator: 'le', value: SEASON.to },
          ],
        },
      );
      expect(list.errors).toBeUndefined();
      const totals = list.data!.spirit.transactions2.totals;
      const mine = (await ok('SpiritsActivity', { ...SEASON, spiritId: spirit })).totals!;
      expect([Number(mine[7]), Number(mine[8])]).toEqual([totals.totalVolume, totals.totalLaa]);
    }
  });

  it('wine reports need the wine feature; with it they run', async () => {
    const off = await report('WineFermentingActivity', SEASON);
    expect(off.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, k.co.companyId));
    const must = await k.co.create('nonExcise', { name: 'Merlot must', kind: 'Other' });
    const merlot = await k.co.create('wine', { name: 'Merlot 2026', exciseCategory: 'Over7' });
    const fw = await k.co.create('fermenter', { name: 'FW', capacity: 2000, site: k.co.site });
    await acted('exciseInitial', {
      vesselId: fw,
      date: '2026-06-01',
      alcoholType: 'NonExcise',
      alcoholId: must,
      lot: 'G-1',
      volume: 1000,
      strength: 0,
    });
    await saved('wineFermentation', {
      lot: 'W-1',
      date: '2026-06-03T16:00:00Z',
      endDate: '2026-06-20',
      site: k.co.site,
      wine: merlot,
      fermenter: fw,
      volume: 950,
      strength: 12.5,
    });
    // 950 L at 12.5 % = 118.75 LAA of wine produced
    const f = await ok('WineFermentingActivity', SEASON);
    expect(f.rows).toEqual([['2026-06-03', 'W-1', 'Merlot 2026', 'FW', '2026-06-20', '950.000', '12.5', '118.750']]);
    expect(f.totals).toEqual(['', '', '', '', '', '950.000', '', '118.750']);
    const w = await ok('WineActivity', { ...SEASON, wineId: merlot });
    expect(w.rows.map((x) => [x[0], x[1], x[2], x[3], x[4], x[7], x[8], x[9]])).toEqual([
      ['2026-06-03', 'Merlot 2026', 'W-1', 'FW', 'wineFermentation', '950.000', '118.750', '12.5'],
    ]);
    expect(w.totals).toEqual(['', '', '', '', '', '', '', '950.000', '118.750', '']);
  });

  it('refuses a user without production (and without reports), and a backwards range', async () => {
    const seller = await member(['selling', 'reports']);
    for (const name of ['DistillationActivity', 'BottlingLosses', 'AngelsShare'])
      expect((await report(name, SEASON, seller)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const noReports = await member([...EVERYTHING]);
    expect((await report('DistillationActivity', SEASON, noReports)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const back = await report('DistillationActivity', { from: '2026-06-30', to: '2026-05-01' });
    expect(back.errors?.[0]).toMatchObject({
      extensions: { code: 'VALIDATION_ERROR' },
      message: 'from: The start date must be on or before the end date',
    });
  });

  it("another company's reports see none of these records", async () => {
    const other = await stagedKit(api);
    const m = await makeMember(api, [...EVERYTHING, 'reports']);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: other.co.companyId, user: m.userId, permissions: [...EVERYTHING, 'reports'] });
    const r = await other.co.call<{ report: Result }>(
      REPORT,
      { name: 'DistillationActivity', parameters: SEASON },
      m.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.report.rows).toEqual([]);
    expect(r.data!.report.totals).toEqual(['', '', '', '', '0.000', '0.000', '0.000', '0.000', '']);
  });
});
