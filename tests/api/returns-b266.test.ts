// The B266 of a scripted month, every figure worked by hand from canada-excise.md
// (LAA = litres x ABV / 100; duty = quantity x the rate in force on the row's date, rounded to
// the cent per line): opening = the previous closing, a nil month, due dates, filing and the
// period lock, reopening, permissions and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';
import { membershipTable } from '../../src/generated/tables';

const RETURN = `{ form siteId siteName licence periodStart periodEnd dueDate status nil rowCount reconciled ledgerClosing
  unmatched unit lines { key section unit quantity } duty { key quantity unit rate rateFrom amount } refund totalDuty
  filing { filedOn confirmation filedBy version } amendment }`;
const Q = `query($form: ExciseReturnForm!, $siteId: ID!, $s: Date!, $e: Date!) {
  exciseReturn(form: $form, siteId: $siteId, periodStart: $s, periodEnd: $e) ${RETURN} }`;

interface Line {
  key: string;
  quantity: number;
}
interface Duty {
  key: string;
  quantity: number | null;
  unit: string | null;
  rate: number | null;
  rateFrom: string | null;
  amount: number;
}
interface Ret {
  status: string;
  nil: boolean;
  dueDate: string;
  reconciled: boolean;
  ledgerClosing: number;
  lines: Line[];
  duty: Duty[];
  totalDuty: number;
  refund: number;
  filing: { filedOn: string; confirmation: string | null; version: number } | null;
  amendment: string | null;
}
const byKey = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.key, l.quantity]));

describe.each(backends)('B266 on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let t1: string;
  let t2: string;
  let t3: string;
  let t4: string;
  const ok = async (p: Promise<{ errors?: unknown }>) => {
    const r = await p;
    expect(r.errors).toBeUndefined();
    return r;
  };
  const ret = async (s: string, e: string, form = 'B266', siteId = co.site, token = co.token) =>
    co.call<{ exciseReturn: Ret }>(Q, { form, siteId, s, e }, token);
  const reduce = (vesselId: string, date: string, volume: number, excise: string) =>
    ok(co.act('exciseReduceInventory', { vesselId, date, volume, excise }));

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    const soda = await co.create('spirit', {
      name: 'Vodka soda',
      class: 'Other',
      exciseCategory: 'LowStrengthSpirits',
    });
    [t1, t2, t3, t4] = [await co.tank('T1'), await co.tank('T2'), await co.tank('T3'), await co.tank('T4')];
    const initial = (vesselId: string, alcoholId: string, volume: number, strength: number) =>
      ok(co.act('exciseInitial', { vesselId, date: '2025-02-10', alcoholType: 'Spirit', alcoholId, volume, strength }));
    // February: 1000 L at 60 % (600 LAA) + 200 L at 40 % (80 LAA) + 100 L at 5 % (5 LAA) = 685 LAA
    await initial(t1, co.rye, 1000, 60);
    await initial(t2, co.gin, 200, 40);
    await initial(t4, soda, 100, 5);
    // March 2025 (rates of 2024-04-01: 13.569 $/LAA, 0.344 $/L, special 0.12 $/LAA)
    // produced: T1 gauged at 1500 L at 60 % = 900 LAA, +300 LAA
    await ok(
      co.act('exciseAdjustInventory', {
        vesselId: t1,
        date: '2025-03-03',
        volume: 1500,
        strength: 60,
        excise: 'SpiritsAdditionProduced',
      }),
    );
    // imported: T2 to 300 L at 40 % = 120 LAA, +40 LAA (the gin is now imported spirits)
    await ok(
      co.act('exciseAdjustInventory', {
        vesselId: t2,
        date: '2025-03-05',
        volume: 300,
        strength: 40,
        excise: 'SpiritsAdditionImported',
      }),
    );
    await reduce(t1, '2025-03-10', 100, 'SpiritsReductionPackagedDutyPaid'); // 60 LAA
    await reduce(t1, '2025-03-12', 50, 'SpiritsReductionPackagedToOwnWarehouse'); // 30 LAA
    await ok(
      co.act('exciseTransferToSpiritsLicense', {
        vesselId: t1,
        date: '2025-03-15',
        volume: 200,
        licensee: 'Acme (SL-77)',
      }),
    ); // 120 LAA
    await ok(
      co.act('exciseTransferToUserLicense', { vesselId: t2, date: '2025-03-17', volume: 50, licensee: 'Lab (UL-3)' }),
    ); // 20 LAA
    await reduce(t1, '2025-03-18', 10, 'SpiritsReductionExported'); // 6 LAA
    await ok(co.act('exciseDenature', { vesselId: t1, date: '2025-03-19', volume: 5 })); // 3 LAA
    await reduce(t1, '2025-03-20', 2, 'SpiritsReductionLossesPrescribed'); // 1.2 LAA
    await reduce(t1, '2025-03-21', 3, 'SpiritsReductionLossesDutiable'); // 1.8 LAA
    await reduce(t1, '2025-03-22', 1, 'SpiritsReductionDestroyed'); // 0.6 LAA
    // a transfer between our own tanks is no line: T1 -> T3 100 L (60 LAA) nets to zero
    await ok(co.act('exciseTransferToTank', { vesselId: t1, toVesselId: t3, date: '2025-03-25', volume: 100 }));
    // low strength packaged duty paid: 40 L at 5 % (2 LAA), duty on the litres
    await reduce(t4, '2025-03-26', 40, 'SpiritsReductionPackagedDutyPaid');
    // gauging: T3 measured 100 L at 59.5 % = 59.5 LAA, -0.5 LAA
    await ok(co.act('exciseAdjustInventory', { vesselId: t3, date: '2025-03-28', volume: 100, strength: 59.5 }));
    // April 2025 (rates of 2025-04-01: 13.840 $/LAA): 10 L of T1 at 60 % packaged duty paid = 6 LAA
    await reduce(t1, '2025-04-02', 10, 'SpiritsReductionPackagedDutyPaid');
  });
  afterAll(() => api.close());

  it('March: every line and every dollar of the B266', async () => {
    const r = await ret('2025-03-01', '2025-03-31');
    expect(r.errors).toBeUndefined();
    const m = r.data!.exciseReturn;
    expect(m).toMatchObject({ status: 'Draft', nil: false, dueDate: '2025-04-30', reconciled: true });
    expect(byKey(m.lines)).toEqual({
      opening: 685,
      'add.produced': 300,
      'add.receivedFromSpiritsLicensee': 0,
      'add.receivedFromLicensedUser': 0,
      'add.imported': 40,
      'add.packagedReturnedToBulk': 0,
      'add.other': 0,
      'red.packagedDutyPaid': 62, // 60 + 2
      'red.packagedIntoOwnWarehouse': 30,
      'red.toSpiritsLicensee': 120,
      'red.toLicensedUser': 20,
      'red.exported': 6,
      'red.denatured': 3,
      'red.lossesPrescribed': 1.2,
      'red.lossesOther': 1.8,
      'red.destroyed': 0.6,
      'red.other': 0,
      adjustments: -0.5,
      // 685 + 340 - 244.6 - 0.5; the tanks hold 617.4 + 100 + 59.5 + 3
      closing: 779.9,
    });
    expect(m.ledgerClosing).toBe(779.9);
    expect(m.duty).toEqual([
      // 60 LAA x 13.569 = 814.14
      { key: 'duty.spirits', quantity: 60, unit: 'LAA', rate: 13.569, rateFrom: '2024-04-01', amount: 814.14 },
      // 40 L x 0.344 = 13.76
      { key: 'duty.lowStrengthSpirits', quantity: 40, unit: 'L', rate: 0.344, rateFrom: '2024-04-01', amount: 13.76 },
      // 20 LAA of imported gin to a licensed user x 0.12 = 2.40
      { key: 'duty.specialImported', quantity: 20, unit: 'LAA', rate: 0.12, rateFrom: '2024-04-01', amount: 2.4 },
      // 1.8 LAA x 13.569 = 24.4242 -> 24.42
      { key: 'duty.lossesOther', quantity: 1.8, unit: 'LAA', rate: 13.569, rateFrom: '2024-04-01', amount: 24.42 },
      { key: 'refund.b256', quantity: null, unit: null, rate: null, rateFrom: null, amount: 0 },
    ]);
    expect(m.totalDuty).toBe(854.72);
  });

  it('a B256 refund offsets the duty', async () => {
    const r = await co.call<{ exciseReturnSetRefund: Ret }>(
      `mutation { exciseReturnSetRefund(form: B266, siteId: "${co.site}", periodStart: "2025-03-01", periodEnd: "2025-03-31", amount: 100) { refund totalDuty duty { key amount } } }`,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.exciseReturnSetRefund.refund).toBe(100);
    expect(r.data!.exciseReturnSetRefund.totalDuty).toBe(754.72);
    expect(r.data!.exciseReturnSetRefund.duty.at(-1)).toEqual({ key: 'refund.b256', amount: -100 });
  });

  it('every line drills down to its rows, which add up to it', async () => {
    const D = `query($key: String!) { exciseReturnDetails(form: B266, siteId: "${co.site}", periodStart: "2025-03-01",
      periodEnd: "2025-03-31", key: $key) { totalCount total nodes { date category quantity vesselName name } } }`;
    const d = async (key: string) =>
      (
        await co.call<{ exciseReturnDetails: { totalCount: number; total: number; nodes: Record<string, unknown>[] } }>(
          D,
          { key },
        )
      ).data!.exciseReturnDetails;
    const dp = await d('red.packagedDutyPaid');
    expect(dp.totalCount).toBe(2);
    expect(dp.total).toBe(62);
    expect(dp.nodes).toEqual([
      {
        date: '2025-03-10',
        category: 'SpiritsReductionPackagedDutyPaid',
        quantity: 60,
        vesselName: 'T1',
        name: 'Rye new make',
      },
      {
        date: '2025-03-26',
        category: 'SpiritsReductionPackagedDutyPaid',
        quantity: 2,
        vesselName: 'T4',
        name: 'Vodka soda',
      },
    ]);
    expect((await d('duty.lowStrengthSpirits')).nodes.map((n) => n.vesselName)).toEqual(['T4']);
    expect((await d('duty.specialImported')).total).toBe(20);
    expect((await d('adjustments')).total).toBe(-0.5);
    expect((await d('opening')).total).toBe(685);
    expect((await d('closing')).total).toBe(779.9);
    const bad = await co.call(D, { key: 'nope' });
    expect(bad.errors![0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('April opens at March closing, each row at the rate of its date; May is a nil return', async () => {
    const a = (await ret('2025-04-01', '2025-04-30')).data!.exciseReturn;
    expect(byKey(a.lines)).toMatchObject({ opening: 779.9, 'red.packagedDutyPaid': 6, closing: 773.9 });
    expect(a.dueDate).toBe('2025-05-31');
    // 6 LAA x 13.840 = 83.04
    expect(a.duty[0]).toEqual({
      key: 'duty.spirits',
      quantity: 6,
      unit: 'LAA',
      rate: 13.84,
      rateFrom: '2025-04-01',
      amount: 83.04,
    });
    expect(a.totalDuty).toBe(83.04);
    const may = (await ret('2025-05-01', '2025-05-31')).data!.exciseReturn;
    expect(may).toMatchObject({ nil: true, reconciled: true, totalDuty: 0, dueDate: '2025-06-30' });
    expect(byKey(may.lines)).toMatchObject({ opening: 773.9, closing: 773.9, 'add.produced': 0 });
  });

  it('a period must be one fiscal month', async () => {
    const r = await ret('2025-03-01', '2025-04-30');
    expect(r.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    const r2 = await ret('2025-02-30', '2025-03-31');
    expect(r2.errors![0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('lists the fiscal year with due dates and nil returns', async () => {
    const r = await co.call<{
      exciseReturnPeriods: {
        fiscalYear: number;
        periods: { periodStart: string; dueDate: string; filed: boolean; returns: { form: string; nil: boolean }[] }[];
      };
    }>(
      `{ exciseReturnPeriods(fiscalYear: 2025) { fiscalYear periods { periodStart dueDate filed returns { form nil } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const ps = r.data!.exciseReturnPeriods.periods;
    expect(ps).toHaveLength(12);
    const march = ps.find((p) => p.periodStart === '2025-03-01')!;
    expect(march).toEqual({
      periodStart: '2025-03-01',
      dueDate: '2025-04-30',
      filed: false,
      returns: [{ form: 'B266', nil: false }],
    });
    expect(ps.find((p) => p.periodStart === '2025-05-01')!.returns).toEqual([{ form: 'B266', nil: true }]);
  });

  it('filing locks the period: a posting dated inside it is refused, one after it is not', async () => {
    const F = `mutation($s: Date!, $e: Date!, $on: Date!, $c: [ExciseReturnConfirmationInput!]) {
      exciseReturnsFile(periodStart: $s, periodEnd: $e, filedOn: $on, confirmations: $c) ${RETURN} }`;
    const r = await co.call<{ exciseReturnsFile: Ret[] }>(F, {
      s: '2025-03-01',
      e: '2025-03-31',
      on: '2025-04-20',
      c: [{ form: 'B266', siteId: co.site, confirmation: 'CRA-123' }],
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.exciseReturnsFile).toHaveLength(1);
    expect(r.data!.exciseReturnsFile[0]).toMatchObject({
      status: 'Filed',
      totalDuty: 754.72,
      filing: { filedOn: '2025-04-20', confirmation: 'CRA-123', version: 1 },
    });
    const refused = await co.act('exciseReduceInventory', {
      vesselId: t1,
      date: '2025-03-30',
      volume: 1,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(refused.errors![0].extensions.code).toBe('CONFLICT');
    expect(refused.errors![0].message).toContain('2025-03-31');
    await reduce(t1, '2025-04-03', 1, 'SpiritsReductionDestroyed'); // 0.6 LAA
    // filed again: refused; a gap: refused
    expect((await co.call(F, { s: '2025-03-01', e: '2025-03-31', on: '2025-04-20' })).errors![0].extensions.code).toBe(
      'CONFLICT',
    );
    const gap = await co.call(F, { s: '2025-05-01', e: '2025-05-31', on: '2025-06-20' });
    expect(gap.errors![0].message).toContain('2025-04-01');
    // the refund of a filed return is refused
    const refund = await co.call(
      `mutation { exciseReturnSetRefund(form: B266, siteId: "${co.site}", periodStart: "2025-03-01", periodEnd: "2025-03-31", amount: 1) { refund } }`,
    );
    expect(refund.errors![0].extensions.code).toBe('CONFLICT');
    // April opens at the filed March closing
    const a = (await ret('2025-04-01', '2025-04-30')).data!.exciseReturn;
    expect(byKey(a.lines)).toMatchObject({ opening: 779.9, 'red.destroyed': 0.6, closing: 773.3 });
  });

  it('reopens only the latest filed period, and records what an amended return changed', async () => {
    const F = `mutation($s: Date!, $e: Date!, $on: Date!) { exciseReturnsFile(periodStart: $s, periodEnd: $e, filedOn: $on) ${RETURN} }`;
    const R = `mutation($s: Date!, $e: Date!) { exciseReturnsReopen(periodStart: $s, periodEnd: $e) { status } }`;
    expect((await co.call(F, { s: '2025-04-01', e: '2025-04-30', on: '2025-05-15' })).errors).toBeUndefined();
    const march = await co.call(R, { s: '2025-03-01', e: '2025-03-31' });
    expect(march.errors![0].message).toContain('2025-04-30');
    const april = await co.call<{ exciseReturnsReopen: { status: string }[] }>(R, { s: '2025-04-01', e: '2025-04-30' });
    expect(april.errors).toBeUndefined();
    expect(april.data!.exciseReturnsReopen[0].status).toBe('Amending');
    // the lock is back at March's end: April takes postings again
    await reduce(t1, '2025-04-04', 1, 'SpiritsReductionDestroyed'); // 0.6 LAA
    const again = await co.call<{ exciseReturnsFile: Ret[] }>(F, {
      s: '2025-04-01',
      e: '2025-04-30',
      on: '2025-05-20',
    });
    expect(again.errors).toBeUndefined();
    const filed = again.data!.exciseReturnsFile[0];
    expect(filed.filing!.version).toBe(2);
    expect(JSON.parse(filed.amendment!)).toEqual({
      lines: [
        { key: 'red.destroyed', difference: 0.6 },
        { key: 'closing', difference: -0.6 },
      ],
      duty: [],
      totalDuty: 0,
    });
  });

  it('needs config.write to file or reopen; reading needs a reading permission', async () => {
    const prod = await makeMember(api, ['production.read', 'production.write']);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: prod.userId, permissions: ['production.read', 'production.write'] });
    const token = await api.token(prod.userId);
    const read = await api.gql(co.companyId, `{ exciseReturnPeriods(fiscalYear: 2025) { fiscalYear } }`, {}, token);
    expect(read.body.errors).toBeUndefined();
    const file = await api.gql(
      co.companyId,
      `mutation { exciseReturnsFile(periodStart: "2025-05-01", periodEnd: "2025-05-31", filedOn: "2025-06-02") { status } }`,
      {},
      token,
    );
    expect(file.body.errors![0].extensions.code).toBe('FORBIDDEN');
    const sales = await makeMember(api, ['selling.read']);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: sales.userId, permissions: ['selling.read'] });
    const none = await api.gql(
      co.companyId,
      `{ exciseReturnPeriods { fiscalYear } }`,
      {},
      await api.token(sales.userId),
    );
    expect(none.body.errors![0].extensions.code).toBe('FORBIDDEN');
  });

  it('keeps companies apart: another company cannot open this site’s return', async () => {
    const other = await exciseCompany(api);
    const r = await ret('2025-03-01', '2025-03-31', 'B266', co.site, other.token);
    // the token is for the other company; ask through its own endpoint with our site's id
    const x = await other.call(Q, { form: 'B266', siteId: co.site, s: '2025-03-01', e: '2025-03-31' });
    expect(x.errors![0].extensions.code).toBe('NOT_FOUND');
    expect(r.errors![0].extensions.code).toBe('FORBIDDEN');
    const list = await other.call<{ exciseReturnPeriods: { periods: { returns: { siteId: string }[] }[] } }>(
      `{ exciseReturnPeriods(fiscalYear: 2025) { periods { returns { siteId } } } }`,
    );
    const ids = list.data!.exciseReturnPeriods.periods.flatMap((p) => p.returns.map((x) => x.siteId));
    expect(ids).not.toContain(co.site);
    expect(ids).toContain(other.site);
  });

  it('refuses to file a period whose return does not reconcile to the ledger', async () => {
    // a transfer row with no other half (not something the actions post): it matches no line
    await api.database.db.execute(sql`
      INSERT INTO excise_transactions (company_id, date, ref_type, ref_id, excise, alcohol_type, alcohol_id, vessel_type,
        vessel_id, site_id, volume, litres, laa)
      VALUES (${co.companyId}, '2025-05-05', 'Test', 1, 'SpiritsTransfer', 'Spirit', ${co.rye}, 'Tank', ${t3}, ${co.site},
        1, 0.5, 0.5)`);
    // and its month total, as the posting module would keep it (0.5 LAA in 1 L: class a)
    await api.database.db.execute(sql`
      INSERT INTO excise_category_months AS m (company_id, month, site_id, alcohol_id, excise, class, alcohol_type,
        volume, litres, laa, row_count)
      VALUES (${co.companyId}, '2025-05-01', ${co.site}, ${co.rye}, 'SpiritsTransfer', 'a', 'Spirit', 1, 0.5, 0.5, 1)
      ON CONFLICT (company_id, month, site_id, alcohol_id, excise, class, alcohol_type) DO UPDATE SET
        volume = m.volume + 1, litres = m.litres + 0.5, laa = m.laa + 0.5, row_count = m.row_count + 1`);
    const m = (await ret('2025-05-01', '2025-05-31')).data!.exciseReturn;
    expect(m).toMatchObject({ reconciled: false, unmatched: 0.5 });
    const r = await co.call(
      `mutation { exciseReturnsFile(periodStart: "2025-05-01", periodEnd: "2025-05-31", filedOn: "2025-06-02") { status } }`,
    );
    expect(r.errors![0].extensions.code).toBe('CONFLICT');
    expect(r.errors![0].message).toContain('do not reconcile');
  });
});
