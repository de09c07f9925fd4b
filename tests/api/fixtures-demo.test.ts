// The demo companies' production shows in the production reports (issue 15): the demo preset
// saves their mashes, distillations, fermentations, blends and bottlings through the create path
// the API takes, so they post like a person's, and the reports read them. Every expected figure
// is worked by hand from the fixture's declared quantities (fixtures/operations.ts and fixtures/ledger.ts):
// LAA = litres x ABV / 100; a still's charge is the whole fermenter, as measured when
// fermentation ended, plus the previous pot run's feints (all of T3); the cuts kept are the
// hearts (their LAA as declared, litres = LAA / ABV) and the feints (30 % heads at 80 %, 70 %
// tails at 35 % of the run's declared feints, rounded to the litre).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, userTable } from '../../src/generated/tables';
import { seedDemo, DEMO_SIGN_IN } from '../../fixtures/seed';
import { backends, startApi, type TestApi } from './harness';

const REPORT = `query($name: String!, $parameters: ReportParameters) {
  report(name: $name, parameters: $parameters) { rows totals } }`;

/** yyyy-MM-dd, `offset` days from today (UTC), as the seed dates its records */
const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
};

describe.each(backends)('the demo companies’ production in the reports on %s', (backend) => {
  let api: TestApi;
  let token = '';
  let companyId = '';
  let wineryId = '';
  const range = { from: day(-60), to: day(0) };

  const report = async (name: string, company = companyId, parameters = range) => {
    const r = await api.gql<{ report: { rows: string[][]; totals: string[] } }>(
      company,
      REPORT,
      { name, parameters },
      token,
    );
    expect(r.body.errors).toBeUndefined();
    return r.body.data!.report;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    const { db } = api.database;
    expect(await seedDemo(db)).toBe(true);
    const [user] = await db.select().from(userTable).where(eq(userTable.email, DEMO_SIGN_IN.email));
    const [company] = await db.select().from(companyTable).where(eq(companyTable.name, 'Northern Lights Distillery'));
    token = await api.token(user.id);
    companyId = company.id;
    const [winery] = await db.select().from(companyTable).where(eq(companyTable.name, 'Vignoble de la Vallée'));
    wineryId = winery.id;
  }, 600_000);
  afterAll(() => api?.close());

  it('shows each spirit run with what it charged and collected', async () => {
    const r = await report('DistillationActivity');
    // [lot, litres in, LAA in, litres out, LAA out]
    expect(r.rows.map((row) => [row[1], row[4], row[5], row[6], row[7]])).toEqual([
      // wash 1,950 L at 7.8 % = 152.1 + T3's opening feints 130 L holding 71.5 (310 L at 55 % =
      // 170.5 LAA, less 180 L's share 99.0) = 223.6; out: heads 18 L x 80 % = 14.4, hearts 118.2
      // (172.807 L at 68.4 %), tails 42 L x 35 % = 14.7
      ['D-0101', '2080.000', '223.600', '232.807', '147.300'],
      // wash 1,960 L at 8.1 % = 158.76 + D-0101's feints 60 L (14.4 + 14.7 = 29.1); out: heads
      // 19 L = 15.2, hearts 122.5 (177.279 L at 69.1 %), tails 43 L = 15.05
      ['D-0102', '2020.000', '187.860', '239.279', '152.750'],
      // wash 1,980 L at 8.9 % = 176.22; hearts 151.7 at 94.6 % = 160.359 L; foreshots not kept
      ['D-0103', '1980.000', '176.220', '160.359', '151.700'],
      // wash 1,180 L at 8.4 % = 99.12 + D-0102's feints 62 L (15.2 + 15.05); out: heads 12 L =
      // 9.6, hearts 73.9 (108.997 L at 67.8 %), tails 28 L = 9.8
      ['D-0104', '1242.000', '129.370', '148.997', '93.300'],
      // 140 LAA of T2's neutral spirit (474 L holding 447.93 LAA: 140 of it is 148.148 L); hearts
      // 131.6 at 80.2 % = 164.090 L; tails not kept
      ['D-0105', '148.148', '140.000', '164.090', '131.600'],
      // wash 1,955 L at 7.9 % = 154.445 + D-0104's feints 40 L (9.6 + 9.8); out: heads 18 L =
      // 14.4, hearts 119.4 (173.295 L at 68.9 %), tails 43 L = 15.05
      ['D-0106', '1995.000', '173.845', '234.295', '148.850'],
      // wash 1,948 L at 8 % = 155.84 + D-0106's feints 61 L (14.4 + 15.05); out: heads 18 L,
      // hearts 120.8 (176.093 L at 68.6 %), tails 43 L
      ['D-0107', '2009.000', '185.290', '237.093', '150.250'],
    ]);
    // LAA in: 223.6 + 187.86 + 176.22 + 129.37 + 140 + 173.845 + 185.29 = 1,216.185
    // LAA out: 147.3 + 152.75 + 151.7 + 93.3 + 131.6 + 148.85 + 150.25 = 975.75
    expect([r.totals[5], r.totals[7]]).toEqual(['1216.185', '975.750']);
  });

  it('shows the blends, their LAA in equal to their LAA out', async () => {
    const r = await report('BlendingActivity');
    // [lot, litres drawn, LAA drawn, litres blended, LAA blended]
    expect(r.rows.map((row) => [row[1], row[4], row[5], row[7], row[8]])).toEqual([
      // all of T5: D-0103's hearts, 160.359 L holding 151.7, taken to 379.25 L (40 %)
      ['B-0102', '160.359', '151.700', '379.250', '151.700'],
      // all of T4: D-0105's hearts, 164.090 L holding 131.6, taken to 313.3 L (42 %)
      ['B-0101', '164.090', '131.600', '313.300', '131.600'],
      // three casks as regauged: 176 L x 58.7 % = 103.312, 171 L x 58.5 % = 100.035,
      // 93 L x 58.6 % = 54.498; 440 L holding 257.845, taken to 600 L
      ['B-0103', '440.000', '257.845', '600.000', '257.845'],
    ]);
    // 131.6 + 151.7 + 257.845 = 541.145 in and out
    expect([r.totals[5], r.totals[8]]).toEqual(['541.145', '541.145']);
  });

  it('shows the mashes and the bottlings', async () => {
    // five mashes of the 2,000 L bills and one of the 1,200 L bill: 11,200 L of wash
    const mashes = await report('MashingActivity');
    expect(mashes.rows.map((row) => row[1])).toEqual(['M-0101', 'M-0102', 'M-0103', 'M-0104', 'M-0105', 'M-0106']);
    expect(mashes.totals[3]).toBe('11200.000');

    const r = await report('BottlingActivity');
    // [lot, bottles, litres, LAA]: bottles x size x strength
    expect(r.rows.map((row) => [row[1], row[5], row[6], row[7]])).toEqual([
      // 505 x 0.75 L = 378.75 L at 40 % = 151.5
      ['BT-0101', '505', '378.750', '151.500'],
      // 300 x 0.75 L = 225 L at 42 % = 94.5
      ['BT-0102', '300', '225.000', '94.500'],
      // 235 x 0.375 L = 88.125 L at 42 % = 37.0125, rounded once to 37.013
      ['BT-0103', '235', '88.125', '37.013'],
    ]);
    expect([r.totals[5], r.totals[6], r.totals[7]]).toEqual(['1040', '691.875', '283.013']);
  });

  it('shows the casks filled with new make and the angels’ share of the casks married', async () => {
    // all of T1 each time, proofed to 63.5 % (the LAA stays): the hearts of D-0101, D-0102,
    // D-0104 and D-0106
    const fills = await report('CasksFill');
    expect(fills.rows.map((row) => [row[1], row[row.length - 1]])).toEqual([
      ['NL-0017', '118.200'],
      ['NL-0018', '122.500'],
      ['NL-0019', '73.900'],
      ['NL-0001', '119.400'],
    ]);
    // regauged for blend B-0103: held since the cask count, measured at the marrying
    const share = await report('AngelsShare');
    expect(share.rows.map((row) => [row[1], ...row.slice(-6, -3)])).toEqual([
      // 181 L x 59.4 % = 107.514; 176 L x 58.7 % = 103.312
      ['NL-0001', '107.514', '103.312', '4.202'],
      // 178 L x 59.1 % = 105.198; 171 L x 58.5 % = 100.035
      ['NL-0002', '105.198', '100.035', '5.163'],
      // 97 L x 59.3 % = 57.521; 93 L x 58.6 % = 54.498
      ['NL-0005', '57.521', '54.498', '3.023'],
    ]);
  });

  it('shows the winery’s fermentations, its blend and its bottlings', async () => {
    const since = { from: day(-65), to: day(0) };
    const fermentations = await report('WineFermentingActivity', wineryId, since);
    // [lot, litres, strength, LAA]: litres x ABV
    expect(fermentations.rows.map((row) => [row[1], row[5], row[6], row[7]])).toEqual([
      ['F25-01', '2400.000', '11.6', '278.400'],
      ['F25-02', '1800.000', '11.1', '199.800'],
      ['F25-03', '1400.000', '12.7', '177.800'],
      ['F25-04', '900.000', '10.1', '90.900'],
      // still fermenting: no strength measured, so the gravities' (1.082 - 1.012) x 131.25 = 9.19 %
      ['F25-05', '1000.000', '9.19', '91.900'],
    ]);
    expect([fermentations.totals[5], fermentations.totals[7]]).toEqual(['7500.000', '838.800']);

    // 810 L of Cuve 1's Frontenac at 12.7 % = 102.87, casks VV-001 and VV-002 225 L each at
    // 13.1 % = 29.475 each: 1,260 L holding 161.82
    const blends = await report('BlendingActivity', wineryId, since);
    expect(blends.rows.map((row) => [row[1], row[4], row[5], row[7], row[8]])).toEqual([
      ['AS24-01', '1260.000', '161.820', '1260.000', '161.820'],
    ]);

    const bottlings = await report('BottlingActivity', wineryId, since);
    expect(bottlings.rows.map((row) => [row[1], row[4], row[5], row[6], row[7]])).toEqual([
      // 600 x 0.375 L = 225 L at 10.5 % = 23.625
      ['EMB25-01', 'In bond', '600', '225.000', '23.625'],
      // 1,800 x 0.75 L = 1,350 L at 11.5 % = 155.25
      ['EMB25-02', 'In bond', '1800', '1350.000', '155.250'],
      // 480 x 0.375 L = 180 L at 10 % = 18
      ['EMB25-03', 'Duty paid', '480', '180.000', '18.000'],
    ]);
    expect([bottlings.totals[5], bottlings.totals[6], bottlings.totals[7]]).toEqual(['2880', '1755.000', '196.875']);
  });
});
