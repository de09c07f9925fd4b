// The sales reports (issue 15) through the API, on a scripted company, PGlite and PostgreSQL.
// Every figure below is worked by hand from the documents the test creates.
//
// Company: home CAD, several currencies; HST 13 %. Reps: Ann 5 %, Bob 10 %, Carl 2 % (inactive,
// no invoices). Customers Alpha Bar, Beta Liquor, Gamma Export (USD). Rye 750 (RYE-750) is a
// product, Gift box (BOX-1) an item.
//
// January 2026 documents:
//   INV-1 2026-01-05 Alpha, Ann: 10 Rye x 30.00 = 300.00 + 4 boxes x 5.00 = 20.00, HST on both:
//         subtotal 320.00, tax 320 x 13 % = 41.60, total 361.60
//   INV-2 2026-01-10 Beta, Bob: 6 Rye x 28.00 less 10 % = 151.20, no tax, shipping 10.00:
//         subtotal 151.20, tax 0, total 161.20
//   INV-3 2026-01-20 Gamma, Ann, USD at 1.35: 2 Rye x 25.00 = 50.00 USD, HST 6.50, total 56.50 USD
//         in CAD: subtotal 50 x 1.35 = 67.50; tax 6.50 x 1.35 = 8.775 -> 8.78; total 56.50 x
//         1.35 = 76.275 -> 76.28
//   INV-4 2026-01-25 Alpha, Draft, 100 Rye x 30: not a sale
//   RET-1 2026-01-15 Alpha, of INV-1, Credited: 2 Rye x 30.00 = 60.00 + HST 7.80 = 67.80
//   RET-2 2026-01-16 Alpha, of INV-1, Draft: 1 Rye: credits nothing yet
// February: INV-6 2026-02-03 Alpha, Ann: 1 Rye x 30.00, no tax: 30.00.
//
// Sale lines in January (returns negative), amounts before tax in CAD:
//   Gift box: 4 -> 20.00.  Rye 750: 10 + 6 - 2 + 2 = 16 -> 300 + 151.20 - 60 + 67.50 = 458.70
//   all: 20 units, 478.70
// By customer (January):
//   Alpha: 1 invoice, sales 320.00, returns 60.00, net 260.00, taxes 41.60 - 7.80 = 33.80,
//          total 361.60 - 67.80 = 293.80
//   Beta:  1, 151.20, 0, 151.20, 0.00, 161.20
//   Gamma: 1, 67.50, 0, 67.50, 8.78, 76.28
//   all:   3, 538.70, 60.00, 478.70, 42.58, 531.28 (net 478.70 = the lines' 478.70)
// Reps (January): Ann INV-1 320.00 x 5 % = 16.00; INV-3 50 USD x 5 % x 1.35 = 3.375 -> 3.38;
//   Ann: 2 invoices, 387.50, 19.38. Bob INV-2 151.20 x 10 % = 15.12. All: 3, 538.70, 34.50.
// Orders: SO-1 2026-01-08 Beta (M5H 1A1), required 2026-01-31: 24 Rye x 30.00, 4 boxes x 5.00;
//   shipment SH-1 ships 10 Rye: undelivered 14 Rye = 420.00 and 4 boxes = 20.00.
//   SO-2 2026-01-12 Alpha (V6B 1A1): 12 Rye x 31.50, none shipped: 378.00.
//   SO-3 2026-01-14 Gamma, Cancelled: not open. All: ordered 40, shipped 10, left 30, 818.00.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipTable, userTable } from '../../src/generated/tables';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
interface Run {
  rows: string[][];
  totals: string[] | null;
  charts: { key: string; labels: string[]; series: { key: string; data: number[] }[] }[];
}
const REPORT = `query($name: String!, $p: ReportParameters) { report(name: $name, parameters: $p) {
  rows totals charts { key labels series { key data } } } }`;
const JANUARY = { from: '2026-01-01', to: '2026-01-31' };

describe.each(backends)('sales reports on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  const id: Record<string, string> = {};

  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await co.call<T>(query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const ask = (name: string, p: Record<string, unknown> = JANUARY, token?: string) =>
    co.call<{ report: Run }>(REPORT, { name, p }, token);
  const report = async (name: string, p: Record<string, unknown> = JANUARY) => {
    const r = await ask(name, p);
    if (r.errors) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
    return r.data!.report;
  };
  const colleague = async (permissions: string[]) => {
    const { db } = api.database;
    const [user] = await db
      .insert(userTable)
      .values({ email: `${randomUUID()}@example.test`, name: 'Colleague' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({ companyId: co.companyId, user: user.id, permissions });
    return api.token(user.id);
  };
  const code = (r: Answer<unknown>) => r.errors?.[0].extensions.code;

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api, [...EVERYTHING, 'reports']);
    await ok(
      `mutation { companySettingsSet(settings: { multiCurrency: true, homeCurrency: "CAD" }) { multiCurrency } }`,
    );
    id.hst = await co.create('tax', { name: 'HST', code: 'HST', rate: 13 });
    id.rye = await co.create('product', {
      name: 'Rye 750',
      sku: 'RYE-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    id.box = await co.create('item', { name: 'Gift box', sku: 'BOX-1', type: 'Inventory', trackUnits: 'boxes' });
    id.ann = await co.create('salesRep', { name: 'Ann', commission: 5 });
    id.bob = await co.create('salesRep', { name: 'Bob', commission: 10 });
    id.carl = await co.create('salesRep', { name: 'Carl', commission: 2, active: false });
    id.alpha = await co.create('customer', { name: 'Alpha Bar', salesRep: id.ann });
    id.beta = await co.create('customer', { name: 'Beta Liquor', salesRep: id.bob });
    id.gamma = await co.create('customer', { name: 'Gamma Export', currency: 'USD' });
    await ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: {
        date: '2025-12-01',
        siteId: co.site,
        productId: id.rye,
        lot: 'L1',
        status: 'DutyPaid',
        quantity: 100,
        value: 1500,
      },
    });
    const invoice = (number: string, input: Record<string, unknown>) =>
      co.create('invoice', { number, status: 'Sent', site: co.site, ...input });
    id.inv1 = await invoice('INV-1', {
      customer: id.alpha,
      date: '2026-01-05',
      salesRep: id.ann,
      lines: [
        { product: id.rye, quantity: 10, unitPrice: 30, tax: id.hst },
        { item: id.box, quantity: 4, unitPrice: 5, tax: id.hst },
      ],
    });
    await invoice('INV-2', {
      customer: id.beta,
      date: '2026-01-10',
      salesRep: id.bob,
      shippingCharge: 10,
      lines: [{ product: id.rye, quantity: 6, unitPrice: 28, discountPercent: 10 }],
    });
    await invoice('INV-3', {
      customer: id.gamma,
      date: '2026-01-20',
      salesRep: id.ann,
      currency: 'USD',
      exchangeRate: 1.35,
      lines: [{ product: id.rye, quantity: 2, unitPrice: 25, tax: id.hst }],
    });
    await invoice('INV-4', {
      customer: id.alpha,
      date: '2026-01-25',
      status: 'Draft',
      salesRep: id.ann,
      lines: [{ product: id.rye, quantity: 100, unitPrice: 30 }],
    });
    await invoice('INV-6', {
      customer: id.alpha,
      date: '2026-02-03',
      salesRep: id.ann,
      lines: [{ product: id.rye, quantity: 1, unitPrice: 30 }],
    });
    const ret = (number: string, date: string, status: string, quantity: number) =>
      co.create('salesReturn', {
        number,
        customer: id.alpha,
        invoice: id.inv1,
        date,
        status,
        reason: 'Overstock',
        restock: false,
        site: co.site,
        lines: [{ product: id.rye, lot: 'L1', quantity, unitPrice: 30, tax: id.hst }],
      });
    await ret('RET-1', '2026-01-15', 'Credited', 2);
    await ret('RET-2', '2026-01-16', 'Draft', 1);
    const order = (number: string, input: Record<string, unknown>) =>
      co.create('salesOrder', { number, status: 'Open', site: co.site, ...input });
    id.so1 = await order('SO-1', {
      customer: id.beta,
      date: '2026-01-08',
      requiredDate: '2026-01-31',
      salesRep: id.bob,
      shippingAddress: '12 King St W\nToronto ON  m5h1a1',
      lines: [
        { product: id.rye, quantity: 24, unitPrice: 30 },
        { item: id.box, quantity: 4, unitPrice: 5 },
      ],
    });
    await order('SO-2', {
      customer: id.alpha,
      date: '2026-01-12',
      shippingAddress: '800 Robson St, Vancouver BC V6B 1A1',
      lines: [{ product: id.rye, quantity: 12, unitPrice: 31.5 }],
    });
    await order('SO-3', {
      customer: id.gamma,
      date: '2026-01-14',
      status: 'Cancelled',
      currency: 'USD',
      exchangeRate: 1.35,
      lines: [{ product: id.rye, quantity: 5, unitPrice: 20 }],
    });
    await co.create('shipment', {
      number: 'SH-1',
      customer: id.beta,
      salesOrder: id.so1,
      date: '2026-01-09',
      status: 'Shipped',
      site: co.site,
      lines: [{ product: id.rye, lot: 'L1', quantity: 10 }],
    });
  });
  afterAll(() => api.close());

  it('sales by item: invoices less credited returns, in CAD, totals the sum of the rows', async () => {
    const r = await report('SalesByItem');
    expect(r.rows).toEqual([
      ['Gift box', 'BOX-1', '4.000', '20.00'],
      ['Rye 750', 'RYE-750', '16.000', '458.70'],
    ]);
    expect(r.totals).toEqual(['', '', '20.000', '478.70']);
    expect(r.charts).toEqual([
      { key: 'byItem', labels: ['Rye 750', 'Gift box'], series: [{ key: 'amount', data: [458.7, 20] }] },
    ]);
    // a product filter keeps its lines only
    expect((await report('SalesByItem', { ...JANUARY, productId: id.rye })).rows).toEqual([
      ['Rye 750', 'RYE-750', '16.000', '458.70'],
    ]);
  });

  it('sales by customer: counts, net figures, charts by month and by customer', async () => {
    const r = await report('SalesByCustomer');
    expect(r.rows).toEqual([
      ['Alpha Bar', '1', '320.00', '60.00', '260.00', '33.80', '293.80'],
      ['Beta Liquor', '1', '151.20', '0.00', '151.20', '0.00', '161.20'],
      ['Gamma Export', '1', '67.50', '0.00', '67.50', '8.78', '76.28'],
    ]);
    expect(r.totals).toEqual(['', '3', '538.70', '60.00', '478.70', '42.58', '531.28']);
    expect(r.charts).toEqual([
      { key: 'byMonth', labels: ['2026-01'], series: [{ key: 'netSales', data: [478.7] }] },
      {
        key: 'byCustomer',
        labels: ['Alpha Bar', 'Beta Liquor', 'Gamma Export'],
        series: [{ key: 'netSales', data: [260, 151.2, 67.5] }],
      },
    ]);
    // Ann's invoices (INV-1, INV-3) and the return of INV-1
    expect((await report('SalesByCustomer', { ...JANUARY, salesRepId: id.ann })).rows.map((row) => row[4])).toEqual([
      '260.00',
      '67.50',
    ]);
  });

  it("agrees with the customer summary's balance over every document of the customer", async () => {
    // Alpha, January and February: 293.80 + INV-6 30.00 = 323.80, nothing paid
    const r = await report('SalesByCustomer', { from: '2026-01-01', to: '2026-02-28', customerId: id.alpha });
    expect(r.rows).toEqual([['Alpha Bar', '2', '350.00', '60.00', '290.00', '33.80', '323.80']]);
    expect(r.charts[0]).toEqual({
      key: 'byMonth',
      labels: ['2026-01', '2026-02'],
      series: [{ key: 'netSales', data: [260, 30] }],
    });
    const s = await ok<{ customerSummary: { balance: string } }>(
      `query($id: ID!) { customerSummary(customerId: $id) { balance } }`,
      { id: id.alpha },
    );
    expect(s.customerSummary.balance).toBe('323.80');
  });

  it('details by item and by customer list every line, returns negative', async () => {
    const byItem = await report('SalesDetailsByItem');
    expect(byItem.rows).toEqual([
      ['Gift box', '2026-01-05', 'INV-1', 'Alpha Bar', '4.000', 'CAD', '5.00', '20.00'],
      ['Rye 750', '2026-01-05', 'INV-1', 'Alpha Bar', '10.000', 'CAD', '30.00', '300.00'],
      ['Rye 750', '2026-01-10', 'INV-2', 'Beta Liquor', '6.000', 'CAD', '28.00', '151.20'],
      ['Rye 750', '2026-01-15', 'RET-1', 'Alpha Bar', '-2.000', 'CAD', '30.00', '-60.00'],
      ['Rye 750', '2026-01-20', 'INV-3', 'Gamma Export', '2.000', 'USD', '25.00', '67.50'],
    ]);
    expect(byItem.totals).toEqual(['', '', '', '', '20.000', '', '', '478.70']);
    const byCustomer = await report('SalesDetailsByCustomer');
    expect(byCustomer.rows).toEqual([
      ['Alpha Bar', '2026-01-05', 'INV-1', 'Rye 750', '10.000', 'CAD', '30.00', '300.00'],
      ['Alpha Bar', '2026-01-05', 'INV-1', 'Gift box', '4.000', 'CAD', '5.00', '20.00'],
      ['Alpha Bar', '2026-01-15', 'RET-1', 'Rye 750', '-2.000', 'CAD', '30.00', '-60.00'],
      ['Beta Liquor', '2026-01-10', 'INV-2', 'Rye 750', '6.000', 'CAD', '28.00', '151.20'],
      ['Gamma Export', '2026-01-20', 'INV-3', 'Rye 750', '2.000', 'USD', '25.00', '67.50'],
    ]);
    expect(byCustomer.totals).toEqual(byItem.totals);
  });

  it('sales by customer and item', async () => {
    const r = await report('SalesByCustomerItem');
    expect(r.rows).toEqual([
      ['Alpha Bar', 'Gift box', 'BOX-1', '4.000', '20.00'],
      ['Alpha Bar', 'Rye 750', 'RYE-750', '8.000', '240.00'],
      ['Beta Liquor', 'Rye 750', 'RYE-750', '6.000', '151.20'],
      ['Gamma Export', 'Rye 750', 'RYE-750', '2.000', '67.50'],
    ]);
    expect(r.totals).toEqual(['', '', '', '20.000', '478.70']);
  });

  it('undelivered order lines by customer and by postal code', async () => {
    const alpha = ['V6B 1A1', 'Alpha Bar', 'SO-2', '2026-01-12', '', 'Rye 750', '12.000', '0.000', '12.000', '378.00'];
    const beta = [
      ['M5H 1A1', 'Beta Liquor', 'SO-1', '2026-01-08', '2026-01-31', 'Rye 750', '24.000', '10.000', '14.000', '420.00'],
      ['M5H 1A1', 'Beta Liquor', 'SO-1', '2026-01-08', '2026-01-31', 'Gift box', '4.000', '0.000', '4.000', '20.00'],
    ];
    const totals = ['', '', '', '', '', '', '40.000', '10.000', '30.000', '818.00'];
    const byCustomer = await report('SalesUndelivered');
    expect(byCustomer.rows).toEqual([alpha, ...beta]);
    expect(byCustomer.totals).toEqual(totals);
    const byPostal = await report('SalesUndelivered', { ...JANUARY, by: 'postalCode' });
    expect(byPostal.rows).toEqual([...beta, alpha]);
    expect(byPostal.totals).toEqual(totals);
    const bad = await ask('SalesUndelivered', { ...JANUARY, by: 'zip' });
    expect(code(bad)).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0].extensions.info).toEqual({ fields: { by: 'Must be one of customer, postalCode' } });
  });

  it("reps: sales and commission per rep, agreeing with the rep's commissionDue", async () => {
    const summary = await report('SalesRepsSummary');
    expect(summary.rows).toEqual([
      ['Ann', '5', '2', '387.50', '19.38'],
      ['Bob', '10', '1', '151.20', '15.12'],
    ]);
    expect(summary.totals).toEqual(['', '', '3', '538.70', '34.50']);
    const details = await report('SalesRepsDetails');
    expect(details.rows).toEqual([
      ['Ann', '2026-01-05', 'INV-1', 'Alpha Bar', '320.00', '5', '16.00'],
      ['Ann', '2026-01-20', 'INV-3', 'Gamma Export', '67.50', '5', '3.38'],
      ['Bob', '2026-01-10', 'INV-2', 'Beta Liquor', '151.20', '10', '15.12'],
    ]);
    expect(details.totals).toEqual(['', '', '', '', '538.70', '', '34.50']);
    const due = await ok<{ salesRep: { commissionDue: number } }>(
      `query($id: ID!) { salesRep(id: $id) { commissionDue(from: "2026-01-01", to: "2026-01-31") } }`,
      { id: id.ann },
    );
    expect(due.salesRep.commissionDue).toBe(19.38);
  });

  it('blanks value columns without values, needs selling, and reads only the company', async () => {
    const seller = await colleague(['reports', 'selling.read']);
    const r = (await ask('SalesByCustomer', JANUARY, seller)).data!.report;
    expect(r.rows[0]).toEqual(['Alpha Bar', '1', '', '', '', '', '']);
    expect(r.totals).toEqual(['', '3', '', '', '', '', '']);
    expect(r.charts.every((c) => c.series.length === 0)).toBe(true);
    const maker = await colleague(['reports', 'production.read', 'values']);
    expect(code(await ask('SalesByItem', JANUARY, maker))).toBe('FORBIDDEN');
    const other = await makeMember(api, ['reports', 'selling.read', 'values']);
    const theirs = await api.gql<{ report: Run }>(
      other.companyId,
      REPORT,
      { name: 'SalesByItem', p: JANUARY },
      other.token,
    );
    expect(theirs.body.data!.report.rows).toEqual([]);
  });
});
