// Half-yearly excise returns (canada-excise.md "Periods and due dates": half-yearly with the
// Minister's authorisation, s.159.1; due the last day of the first month after the period, s.160).
// A site whose halfYearly is on files fiscal half-years; the period list, the due dates, filing
// and the period lock follow. Every date below is worked by hand from the company's fiscal year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const PERIODS = `query($fy: Int) { exciseReturnPeriods(fiscalYear: $fy) { fiscalYear frequency
  periods { periodStart periodEnd dueDate filed returns { form siteName halfYearly periodStart periodEnd dueDate nil status } } } }`;
const RETURN = `query($siteId: ID!, $s: Date!, $e: Date!) { exciseReturn(form: B266, siteId: $siteId, periodStart: $s, periodEnd: $e) {
  periodStart periodEnd filingPeriodStart filingPeriodEnd dueDate halfYearly status nil lines { key quantity } } }`;
const FILE = `mutation($s: Date!, $e: Date!, $on: Date!) { exciseReturnsFile(periodStart: $s, periodEnd: $e, filedOn: $on) {
  form siteName periodStart periodEnd dueDate status } }`;

interface Period {
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  returns: { siteName: string; periodStart: string; periodEnd: string; dueDate: string; nil: boolean }[];
}
const line = (lines: { key: string; quantity: number }[], key: string) => lines.find((l) => l.key === key)?.quantity;

describe.each(backends)('half-yearly excise returns on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api.close());

  const setup = async (fiscalYearMonth: number) => {
    const co = await exciseCompany(api);
    await api.database.db.execute(
      sql`UPDATE companies SET fiscal_year_month = ${fiscalYearMonth} WHERE id = ${co.companyId}`,
    );
    return co;
  };
  const halfYearly = (siteId: string, on = true) =>
    api.database.db.execute(sql`UPDATE sites SET half_yearly = ${on} WHERE id = ${siteId}`);

  it('lists fiscal half-years with their due dates when every site files half-yearly', async () => {
    // fiscal year from April: FY 2025 = 2025-04-01 to 2026-03-31; halves April-September and
    // October-March; due the last day of the month after: 2025-10-31 and 2026-04-30
    const co = await setup(4);
    await halfYearly(co.site);
    const r = await co.call<{ exciseReturnPeriods: { frequency: string; periods: Period[] } }>(PERIODS, { fy: 2025 });
    expect(r.errors).toBeUndefined();
    expect(r.data!.exciseReturnPeriods.frequency).toBe('halfYearly');
    expect(r.data!.exciseReturnPeriods.periods.map((p) => [p.periodStart, p.periodEnd, p.dueDate])).toEqual([
      ['2025-10-01', '2026-03-31', '2026-04-30'],
      ['2025-04-01', '2025-09-30', '2025-10-31'],
    ]);
    expect(r.data!.exciseReturnPeriods.periods[1].returns).toEqual([
      expect.objectContaining({
        siteName: 'Main',
        periodStart: '2025-04-01',
        periodEnd: '2025-09-30',
        dueDate: '2025-10-31',
        nil: true,
      }),
    ]);
  });

  it('computes, files and locks a half-year; the next half opens at its closing', async () => {
    const co = await setup(4);
    await halfYearly(co.site);
    const t = await co.tank('H1');
    // May: 1000 L at 40 % = 400 LAA in; August: 100 L at 40 % = 40 LAA destroyed; closing 360 LAA
    const init = await co.act('exciseInitial', {
      vesselId: t,
      date: '2025-05-10',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      volume: 1000,
      strength: 40,
    });
    expect(init.errors).toBeUndefined();
    const red = await co.act('exciseReduceInventory', {
      vesselId: t,
      date: '2025-08-20',
      volume: 100,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(red.errors).toBeUndefined();

    // a fiscal month is not this site's period
    const month = await co.call(RETURN, { siteId: co.site, s: '2025-05-01', e: '2025-05-31' });
    expect(month.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(month.errors?.[0].message + JSON.stringify(month.errors?.[0].extensions)).toMatch(/not a fiscal half-year/);

    const half = await co.call<{
      exciseReturn: { dueDate: string; halfYearly: boolean; nil: boolean; lines: { key: string; quantity: number }[] };
    }>(RETURN, { siteId: co.site, s: '2025-04-01', e: '2025-09-30' });
    expect(half.errors).toBeUndefined();
    // every site files half-yearly: the half is the company's filing period too
    expect(half.data!.exciseReturn).toMatchObject({
      dueDate: '2025-10-31',
      halfYearly: true,
      nil: false,
      filingPeriodStart: '2025-04-01',
      filingPeriodEnd: '2025-09-30',
    });
    const lines = half.data!.exciseReturn.lines;
    expect(line(lines, 'opening')).toBe(0);
    expect(line(lines, 'add.other')).toBe(400);
    expect(line(lines, 'red.destroyed')).toBe(40);
    expect(line(lines, 'closing')).toBe(360);

    // a month cannot be filed for a company whose sites all file half-yearly
    const wrong = await co.call(FILE, { s: '2025-04-01', e: '2025-04-30', on: '2025-05-10' });
    expect(wrong.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');

    const filed = await co.call<{ exciseReturnsFile: Record<string, string>[] }>(FILE, {
      s: '2025-04-01',
      e: '2025-09-30',
      on: '2025-10-15',
    });
    expect(filed.errors).toBeUndefined();
    expect(filed.data!.exciseReturnsFile).toEqual([
      {
        form: 'B266',
        siteName: 'Main',
        periodStart: '2025-04-01',
        periodEnd: '2025-09-30',
        dueDate: '2025-10-31',
        status: 'Filed',
      },
    ]);

    // the whole half is locked: a posting dated in its first month is refused, naming the period
    const late = await co.act('exciseReduceInventory', {
      vesselId: t,
      date: '2025-04-15',
      volume: 10,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(late.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(late.errors?.[0].message).toMatch(/excise period to 2025-09-30 is filed/);

    // the next half (October to March, due April 30) opens at the filed closing
    const next = await co.call<{
      exciseReturn: { dueDate: string; nil: boolean; lines: { key: string; quantity: number }[] };
    }>(RETURN, { siteId: co.site, s: '2025-10-01', e: '2026-03-31' });
    expect(next.errors).toBeUndefined();
    expect(next.data!.exciseReturn.dueDate).toBe('2026-04-30');
    expect(next.data!.exciseReturn.nil).toBe(true);
    expect(line(next.data!.exciseReturn.lines, 'opening')).toBe(360);
    expect(line(next.data!.exciseReturn.lines, 'closing')).toBe(360);
  });

  it('charges duty in a half-year at the rate of each row’s date, across April 1', async () => {
    // calendar fiscal year: the half 2025-01-01 to 2025-06-30 holds the rate change of 2025-04-01
    // (spirits over 7 %: 13.569 $/LAA before, 13.840 $/LAA from; canada-excise.md)
    const co = await setup(1);
    await halfYearly(co.site);
    const t = await co.tank('D1');
    const act = async (name: string, input: Record<string, unknown>) =>
      expect((await co.act(name, input)).errors).toBeUndefined();
    await act('exciseInitial', {
      vesselId: t,
      date: '2025-01-15',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      volume: 1000,
      strength: 40,
    });
    // March: 100 L at 40 % = 40 LAA packaged duty paid; 40 x 13.569 = 542.76
    await act('exciseReduceInventory', {
      vesselId: t,
      date: '2025-03-20',
      volume: 100,
      excise: 'SpiritsReductionPackagedDutyPaid',
    });
    // May: 50 L at 40 % = 20 LAA; 20 x 13.840 = 276.80
    await act('exciseReduceInventory', {
      vesselId: t,
      date: '2025-05-05',
      volume: 50,
      excise: 'SpiritsReductionPackagedDutyPaid',
    });
    const r = await co.call<{
      exciseReturn: { lines: { key: string; quantity: number }[] };
    }>(
      `query($siteId: ID!) { exciseReturn(form: B266, siteId: $siteId, periodStart: "2025-01-01", periodEnd: "2025-06-30") {
        lines { key quantity } duty { key quantity rate rateFrom amount } totalDuty } }`,
      { siteId: co.site },
    );
    expect(r.errors).toBeUndefined();
    const ret = r.data!.exciseReturn as unknown as {
      lines: { key: string; quantity: number }[];
      duty: { key: string; quantity: number | null; rate: number | null; rateFrom: string | null; amount: number }[];
      totalDuty: number;
    };
    expect(line(ret.lines, 'red.packagedDutyPaid')).toBe(60);
    expect(line(ret.lines, 'closing')).toBe(340); // 400 - 60
    expect(ret.duty.filter((d) => d.key === 'duty.spirits')).toEqual([
      { key: 'duty.spirits', quantity: 40, rate: 13.569, rateFrom: '2024-04-01', amount: 542.76 },
      { key: 'duty.spirits', quantity: 20, rate: 13.84, rateFrom: '2025-04-01', amount: 276.8 },
    ]);
    expect(ret.totalDuty).toBe(819.56); // 542.76 + 276.80
  });

  it('files a half-yearly site with the month that ends its half when another site files monthly', async () => {
    // calendar fiscal year: halves January-June (due 2025-07-31) and July-December
    const co = await setup(1);
    const annex = await co.create('site', { name: 'Annex', spiritsLicense: 'SL-002' });
    await halfYearly(annex);
    const periods = await co.call<{ exciseReturnPeriods: { frequency: string; periods: Period[] } }>(PERIODS, {
      fy: 2025,
    });
    expect(periods.errors).toBeUndefined();
    expect(periods.data!.exciseReturnPeriods.frequency).toBe('monthly');
    const byStart = new Map(periods.data!.exciseReturnPeriods.periods.map((p) => [p.periodStart, p]));
    expect(byStart.size).toBe(12);
    const may = byStart.get('2025-05-01')!;
    expect(may.dueDate).toBe('2025-06-30');
    expect(may.returns.map((r) => r.siteName)).toEqual(['Main']);
    const june = byStart.get('2025-06-01')!;
    expect(june.returns.map((r) => [r.siteName, r.periodStart, r.periodEnd, r.dueDate])).toEqual([
      ['Annex', '2025-01-01', '2025-06-30', '2025-07-31'],
      ['Main', '2025-06-01', '2025-06-30', '2025-07-31'],
    ]);
    // Annex's half-year is filed with June, the month that ends it
    const annexHalf = await co.call<{ exciseReturn: Record<string, string> }>(
      `query($siteId: ID!) { exciseReturn(form: B266, siteId: $siteId, periodStart: "2025-01-01", periodEnd: "2025-06-30") {
        periodStart periodEnd filingPeriodStart filingPeriodEnd dueDate } }`,
      { siteId: annex },
    );
    expect(annexHalf.errors).toBeUndefined();
    expect(annexHalf.data!.exciseReturn).toEqual({
      periodStart: '2025-01-01',
      periodEnd: '2025-06-30',
      filingPeriodStart: '2025-06-01',
      filingPeriodEnd: '2025-06-30',
      dueDate: '2025-07-31',
    });
    // the half is not one of the company's filing periods
    const half = await co.call(FILE, { s: '2025-01-01', e: '2025-06-30', on: '2025-07-10' });
    expect(half.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    // filing June files Main's June and Annex's half-year
    const june2 = await co.call<{ exciseReturnsFile: Record<string, string>[] }>(FILE, {
      s: '2025-06-01',
      e: '2025-06-30',
      on: '2025-07-10',
    });
    expect(june2.errors).toBeUndefined();
    expect(june2.data!.exciseReturnsFile.map((r) => [r.siteName, r.periodStart, r.periodEnd, r.status])).toEqual([
      ['Annex', '2025-01-01', '2025-06-30', 'Filed'],
      ['Main', '2025-06-01', '2025-06-30', 'Filed'],
    ]);
  });
});
