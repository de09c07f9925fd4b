// A bottling in bond and a removal to the duty-paid market through the real mutations: the
// spirits licensee's B266 shows the spirits packaged into its own warehouse (no duty) and the
// bottling loss; the warehouse licensee's B262 counts the packaged LAA held in bond from the
// inventory ledger and takes the duty on what left for the duty-paid market. Figures by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { stagedKit } from './stagedKit';

const Q = `query($form: ExciseReturnForm!, $siteId: ID!, $s: Date!, $e: Date!) {
  exciseReturn(form: $form, siteId: $siteId, periodStart: $s, periodEnd: $e) {
    form licence nil reconciled lines { key quantity } duty { key quantity unit rate amount } totalDuty } }`;
interface Ret {
  form: string;
  licence: string | null;
  nil: boolean;
  reconciled: boolean;
  lines: { key: string; quantity: number }[];
  duty: { key: string; quantity: number | null; unit: string | null; rate: number | null; amount: number }[];
  totalDuty: number;
}
const byKey = (r: Ret) => Object.fromEntries(r.lines.map((l) => [l.key, l.quantity]));

describe.each(backends)('B262 and B266 of a bottling on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let gin750 = '';
  const ret = async (form: string, s: string, e: string) => {
    const r = await k.co.call<{ exciseReturn: Ret }>(Q, { form, siteId: k.co.site, s, e });
    expect(r.errors).toBeUndefined();
    return r.data!.exciseReturn;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    const { co } = k;
    await api.database.db.execute(
      sql`UPDATE sites SET warehouse_license = 'WH-42', b262 = true WHERE company_id = ${co.companyId} AND id = ${co.site}`,
    );
    const tank = await co.tank('Gin tank');
    // 1000 L at 41 % = 410 LAA
    const filled = await co.act('exciseInitial', {
      vesselId: tank,
      date: '2025-05-20',
      alcoholType: 'Spirit',
      alcoholId: co.gin,
      lot: 'GIN-1',
      volume: 1000,
      strength: 41,
    });
    expect(filled.errors).toBeUndefined();
    gin750 = await co.create('product', { name: 'Gin 750', strength: 40, containerSize: 0.75, caseSize: 6 });
    // 120 bottles in bond: 90 L out of the tank with 36.9 LAA; 90 L at 40 % = 36 LAA bottled, 0.9 LAA lost
    const b = await k.save('bottling', {
      lot: 'B-1',
      date: '2025-06-10T12:00:00Z',
      product: gin750,
      tank,
      strength: 40,
      bottles: 120,
      caseSize: 6,
      dutyPaid: false,
    });
    expect(b.errors).toBeUndefined();
    // 30 of the 120 bottles leave for the duty-paid market: 36 x 30 / 120 = 9 LAA
    const moved = await co.call(
      `mutation($input: ProductMoveInput!) { productMoveToDutyPaid(input: $input) { refId } }`,
      { input: { productId: gin750, date: '2025-06-20', siteId: co.site, lot: 'B-1', quantity: 30 } },
    );
    expect(moved.errors).toBeUndefined();
  });
  afterAll(() => api.close());

  it('B266: packaged into the own warehouse carries no duty; the bottling loss is prescribed', async () => {
    const r = await ret('B266', '2025-06-01', '2025-06-30');
    expect(byKey(r)).toMatchObject({
      opening: 410,
      'red.packagedIntoOwnWarehouse': 36,
      'red.lossesPrescribed': 0.9,
      'red.packagedDutyPaid': 0,
      closing: 373.1,
    });
    expect(r.totalDuty).toBe(0);
  });

  it('B262: packaged LAA in bond, the removal to the duty-paid market taxed at the rate of its date', async () => {
    const r = await ret('B262', '2025-06-01', '2025-06-30');
    expect(r).toMatchObject({ form: 'B262', licence: 'WH-42', nil: false, reconciled: true });
    expect(byKey(r)).toEqual({
      opening: 0,
      'add.packaged': 36,
      'add.received': 0,
      'add.returned': 0,
      'add.other': 0,
      'red.removedDutyPaid': 9,
      'red.returnedToBulk': 0,
      'red.transferred': 0,
      'red.exported': 0,
      'red.losses': 0,
      'red.other': 0,
      adjustments: 0,
      closing: 27,
    });
    // 9 LAA x 13.840 = 124.56
    expect(r.duty[0]).toEqual({ key: 'duty.spirits', quantity: 9, unit: 'LAA', rate: 13.84, amount: 124.56 });
    expect(r.totalDuty).toBe(124.56);
    const d = await k.co.call<{
      exciseReturnDetails: { total: number; nodes: { category: string; name: string; quantity: number }[] };
    }>(
      `{ exciseReturnDetails(form: B262, siteId: "${k.co.site}", periodStart: "2025-06-01", periodEnd: "2025-06-30",
         key: "red.removedDutyPaid") { total nodes { category name quantity } } }`,
    );
    expect(d.data!.exciseReturnDetails).toEqual({
      total: 9,
      nodes: [{ category: 'MovedToDutyPaid', name: 'Gin 750', quantity: 9 }],
    });
  });

  it('July opens at June’s closing and is a nil return; the site lists both forms', async () => {
    const r = await ret('B262', '2025-07-01', '2025-07-31');
    expect(r.nil).toBe(true);
    expect(byKey(r)).toMatchObject({ opening: 27, closing: 27 });
    const list = await k.co.call<{
      exciseReturnPeriods: { periods: { periodStart: string; returns: { form: string; nil: boolean }[] }[] };
    }>(`{ exciseReturnPeriods(fiscalYear: 2025) { periods { periodStart returns { form nil } } } }`);
    const june = list.data!.exciseReturnPeriods.periods.find((p) => p.periodStart === '2025-06-01')!;
    expect(june.returns).toEqual([
      { form: 'B266', nil: false },
      { form: 'B262', nil: false },
    ]);
  });

  it('filing the period files both returns and locks the inventory side too', async () => {
    const f = await k.co.call<{ exciseReturnsFile: { form: string; status: string }[] }>(
      `mutation { exciseReturnsFile(periodStart: "2025-06-01", periodEnd: "2025-06-30", filedOn: "2025-07-15") { form status } }`,
    );
    expect(f.errors).toBeUndefined();
    expect(f.data!.exciseReturnsFile).toEqual([
      { form: 'B266', status: 'Filed' },
      { form: 'B262', status: 'Filed' },
    ]);
    // July's B262 opens from the filed June closing
    expect(byKey(await ret('B262', '2025-07-01', '2025-07-31'))).toMatchObject({ opening: 27 });
  });
});
