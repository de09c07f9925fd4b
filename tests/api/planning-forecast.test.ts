// Forecasting arithmetic (issue 17) through the API, on PGlite and PostgreSQL, with figures
// worked by hand. Months count back from today's month in Toronto (the company's calendar):
//
// Gin 750 (0.750 L, 40 %, 6 a case; bom: Cork 1/bottle, Shipper 1/case, Label 2/bottle)
//   invoiced (Sent) 50 one month ago, 40 three months ago, 30 twelve months ago = 120
//   not counted: 1000 thirteen months ago, 500 this month, 700 on a Void and 900 on a Draft
//   average month 120 / 12 = 10.000; open order 8 (a Closed order of 100 does not count)
//   3 coming months: 18 + 10 + 10 = 38 demand; 5 on hand -> 33 bottles, 6 cases (33/6 up)
//   volume 33 x 0.750 = 24.750 L; LAA 24.750 x 40 % = 9.900
// Rye 375 (0.375 L, 45.5 %, 12 a case; bom: cork 1/bottle)
//   invoiced 100 two months ago -> average 100 / 12 = 8.333; demand 3 x 8.333 = 24.999
//   nothing on hand -> 25 bottles, 3 cases; volume 25 x 0.375 = 9.375 L;
//   LAA 9.375 x 45.5 % = 4.265625 -> 4.266
// Totals: LAA 9.900 + 4.266 = 14.166; volume 24.750 + 9.375 = 34.125
// Items: Cork 33 + 25 = 58 needed, 10 on hand -> buy 48; Shipper 6, none on hand -> 6;
//   Label 2 x 33 = 66 and no item of that name -> 66
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

/** the 15th of the month `back` months before this one */
function fifteenth(back: number) {
  const [y, m] = today.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 15));
  return d.toISOString().slice(0, 10);
}
const monthOf = (back: number) => fifteenth(back).slice(0, 7);

const FORECAST = `query($months: Int) { planningForecast(months: $months) {
  historyMonths comingMonths totalLaa totalVolume
  products { name monthlyAverage openOrders demand onHand toBottle cases volume laa
    history { month quantity } coming { month quantity forecast } }
  items { name itemId needed onHand toBuy } } }`;

type Forecast = {
  historyMonths: string[];
  comingMonths: string[];
  totalLaa: string;
  totalVolume: string;
  products: Record<string, unknown>[];
  items: Record<string, unknown>[];
};

describe.each(backends)('planning forecast on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api, [...EVERYTHING, 'forecasting.write', 'scheduling.write']);
    await api.database.db.update(companyTable).set({ allowPlanning: true }).where(eq(companyTable.id, co.companyId));
    const gin = await co.create('product', {
      name: 'Gin 750',
      sku: 'GIN-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 6,
      bom: [
        { name: 'Cork', quantity: 1, per: 'Bottle' },
        { name: 'Shipper', quantity: 1, per: 'Case' },
        { name: 'Label', quantity: 2, per: 'Bottle' },
      ],
    });
    const rye = await co.create('product', {
      name: 'Rye 375',
      sku: 'RYE-375',
      strength: 45.5,
      containerSize: 0.375,
      caseSize: 12,
      bom: [{ name: 'cork', quantity: 1, per: 'Bottle' }],
    });
    // a product nobody buys does not clutter the forecast
    await co.create('product', { name: 'Idle 750', strength: 40, containerSize: 0.75 });
    const cork = await co.create('item', { name: 'Cork', type: 'Inventory', trackUnits: 'each' });
    await co.create('item', { name: 'Shipper', type: 'Inventory', trackUnits: 'each' });
    const customer = await co.create('customer', { name: 'LCBO' });
    let n = 0;
    const invoice = (product: string, quantity: number, date: string, status = 'Sent') =>
      co.create('invoice', {
        number: `INV-${++n}`,
        customer,
        date,
        status,
        lines: [{ product, quantity, unitPrice: 30 }],
      });
    await invoice(gin, 50, fifteenth(1));
    await invoice(gin, 40, fifteenth(3));
    await invoice(gin, 30, fifteenth(12));
    await invoice(gin, 1000, fifteenth(13));
    await invoice(gin, 500, `${today.slice(0, 7)}-01`);
    await invoice(gin, 700, fifteenth(1), 'Void');
    await invoice(gin, 900, fifteenth(2), 'Draft');
    await invoice(rye, 100, fifteenth(2));
    const order = (quantity: number, status: string) =>
      co.create('salesOrder', {
        number: `SO-${++n}`,
        customer,
        date: fifteenth(0),
        status,
        lines: [{ product: gin, quantity, unitPrice: 30 }],
      });
    await order(8, 'Open');
    await order(100, 'Closed');
    const adjust = async (mutation: string, type: string, input: Record<string, unknown>) => {
      const r = await co.call(`mutation($input: ${type}!) { ${mutation}(input: $input) { refId } }`, { input });
      if (r.errors) throw new Error(JSON.stringify(r.errors));
    };
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      productId: gin,
      siteId: co.site,
      date: fifteenth(1),
      quantity: 5,
      value: 50,
    });
    await adjust('itemAdjustInventory', 'ItemAdjustInput', {
      itemId: cork,
      siteId: co.site,
      date: fifteenth(1),
      quantity: 10,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('forecasts demand, bottling, LAA and purchases as worked by hand', async () => {
    const r = await co.call<{ planningForecast: Forecast }>(FORECAST, { months: 3 });
    expect(r.errors).toBeUndefined();
    const f = r.data!.planningForecast;
    expect(f.historyMonths).toHaveLength(12);
    expect(f.historyMonths[0]).toBe(monthOf(12));
    expect(f.historyMonths[11]).toBe(monthOf(1));
    expect(f.comingMonths).toEqual([monthOf(0), monthOf(-1), monthOf(-2)]);
    expect(f.products.map((p) => p.name)).toEqual(['Gin 750', 'Rye 375']);
    const [gin, rye] = f.products;
    expect(gin).toMatchObject({
      monthlyAverage: '10.000',
      openOrders: '8.000',
      demand: '38.000',
      onHand: '5.000',
      toBottle: 33,
      cases: 6,
      volume: '24.750',
      laa: '9.900',
    });
    expect((gin.coming as { quantity: string }[]).map((c) => c.quantity)).toEqual(['18.000', '10.000', '10.000']);
    const history = gin.history as { month: string; quantity: string }[];
    expect(history.find((h) => h.month === monthOf(1))?.quantity).toBe('50.000');
    expect(history.find((h) => h.month === monthOf(2))?.quantity).toBe('0.000');
    expect(rye).toMatchObject({
      monthlyAverage: '8.333',
      demand: '24.999',
      toBottle: 25,
      cases: 3,
      volume: '9.375',
      laa: '4.266',
    });
    expect(f.totalLaa).toBe('14.166');
    expect(f.totalVolume).toBe('34.125');
    expect(f.items.map((i) => [i.name, i.needed, i.onHand, i.toBuy])).toEqual([
      ['Cork', '58.000', '10.000', '48.000'],
      ['Label', '66.000', '0.000', '66.000'],
      ['Shipper', '6.000', '0.000', '6.000'],
    ]);
    expect(f.items.find((i) => i.name === 'Label')?.itemId).toBeNull();
  });

  it('forecasts one month: the open order and one average month', async () => {
    const r = await co.call<{ planningForecast: Forecast }>(FORECAST, { months: 1 });
    const gin = r.data!.planningForecast.products[0];
    // 10 + 8 = 18 demand, less 5 on hand = 13 bottles, 3 cases; 13 x 0.75 x 40 % = 3.900 LAA
    expect(gin).toMatchObject({ demand: '18.000', toBottle: 13, cases: 3, laa: '3.900' });
  });

  it('refuses a horizon out of bounds, and callers without forecasting or planning', async () => {
    for (const months of [0, 13, -1]) {
      const r = await co.call(FORECAST, { months });
      expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    }
    const seller = await makeMember(api, ['selling.write']);
    await api.database.db
      .update(companyTable)
      .set({ allowPlanning: true })
      .where(eq(companyTable.id, seller.companyId));
    const denied = await api.gql(seller.companyId, FORECAST, {}, seller.token);
    expect((denied.body.errors as { extensions: { code: string } }[])[0].extensions.code).toBe('FORBIDDEN');
    await api.database.db.update(companyTable).set({ allowPlanning: false }).where(eq(companyTable.id, co.companyId));
    const off = await co.call(FORECAST, {});
    expect(off.errors?.[0].extensions.code).not.toBeUndefined();
    await api.database.db.update(companyTable).set({ allowPlanning: true }).where(eq(companyTable.id, co.companyId));
  });
});
