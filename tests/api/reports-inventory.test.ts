// The inventory reports (issue 15) against a scripted company, through GraphQL on PGlite and
// PostgreSQL. Every expected figure is worked by hand in the comments from the script below,
// never read back from the code under test: LAA = litres x ABV / 100; a part of a stock bucket
// takes its share of the bucket's value (value x part / whole).
//
// The script (2026, one company, sites Main and Warehouse):
//   items  malt (kg): 03-02 +1000 kg $850 at Main; 03-10 300 kg Main -> Warehouse ($255);
//          04-01 -100 kg at Main (of 700 kg, $595: $85); 05-04 the distillation uses 50 kg
//          (of 600 kg, $510: $42.50)
//   products  Rye 750 (0.75 L at 40 %: 0.3 LAA a bottle): 03-02 +120 in bond, $1,800;
//          04-05 24 to duty paid ($360); 04-06 12 in bond Main -> Warehouse (of 96, $1,440: $180);
//          04-07 2 broken in bond at Main (of 84, $1,260: $30); 04-08 +5 adjusted, then deleted
//   spirits  T1: 03-01 opening 1,000 L rye at 60 % (600 LAA); 05-20 100 L destroyed (60 LAA);
//          05-25 gauged at 898 L at 60 % (538.8 LAA: -2 L, -1.2 LAA);
//          T2: 05-04 distilled 90 LAA of rye at 72 % = 125 L (lot D-001); 05-10 50 L T2 -> T3
//          (36 LAA, a transfer: nets to nothing for rye); T4: 04-15 opening 200 L gin at 45 % (90 LAA)
//   non-excise  F1: 05-01 opening 2,000 L of wash at 8 % (160 LAA, lot M-1); 05-04 the
//          distillation takes 1,500 L (120 LAA)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { EVERYTHING, backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

interface Run {
  rows: string[][];
  totals: string[] | null;
  truncated: boolean;
}

const REPORT = `query($name: String!, $p: ReportParameters) { report(name: $name, parameters: $p) { rows totals truncated } }`;
const SPRING = { from: '2026-04-01', to: '2026-05-31' };

describe.each(backends)('inventory reports on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let warehouse = '';
  let noValuesToken = '';
  let malt = '';
  let rye750 = '';
  let t4 = '';

  const run = async (name: string, p: Record<string, unknown>, token?: string) => {
    const r = await co.call<{ report: Run }>(REPORT, { name, p }, token);
    if (r.errors) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
    return r.data!.report;
  };
  const failure = async (name: string, p: Record<string, unknown>) => {
    const r = await co.call<{ report: Run }>(REPORT, { name, p });
    return r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  };
  const ok = async <T = { refId: string }>(mutation: string, type: string, input: Record<string, unknown>) => {
    const r = await co.call<Record<string, T>>(`mutation($input: ${type}!) { ${mutation}(input: $input) { refId } }`, {
      input,
    });
    if (r.errors) throw new Error(`${mutation}: ${JSON.stringify(r.errors)}`);
    return r.data![mutation];
  };
  const excise = async (mutation: string, input: Record<string, unknown>) => {
    const r = await co.act(mutation, input);
    if (r.errors) throw new Error(`${mutation}: ${JSON.stringify(r.errors)}`);
  };
  /** opening + in - out = closing, exactly, at 3 decimals */
  const reconciles = (opening: string, ins: string, outs: string, closing: string) =>
    Math.round(Number(opening) * 1000) + Math.round(Number(ins) * 1000) - Math.round(Number(outs) * 1000) ===
    Math.round(Number(closing) * 1000);

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api, [...EVERYTHING, 'audit', 'reports']);
    const { db } = api.database;
    // a second member of the same company who may run reports but not see values
    const [user] = await db
      .insert(userTable)
      .values({ email: `novalues-${co.companyId}@example.test`, name: 'No values' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({
      companyId: co.companyId,
      user: user.id,
      permissions: ['inventory.read', 'production.read', 'reports'],
    });
    noValuesToken = await api.token(user.id);

    warehouse = await co.create('site', { name: 'Warehouse' });
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg' });
    rye750 = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    const wash = await co.create('nonExcise', { name: 'Rye wash', kind: 'Wash' });
    const still = await co.create('still', { name: 'Pot 1', type: 'Pot', site: co.site });

    // items
    const item = (date: string, extra: Record<string, unknown>) => ({ itemId: malt, date, siteId: co.site, ...extra });
    await ok('itemAdjustInventory', 'ItemAdjustInput', item('2026-03-02', { quantity: 1000, value: 850 }));
    await ok('itemTransferSite', 'ItemTransferSiteInput', item('2026-03-10', { quantity: 300, toSiteId: warehouse }));
    await ok('itemAdjustInventory', 'ItemAdjustInput', item('2026-04-01', { quantity: -100 }));

    // products
    const product = (date: string, extra: Record<string, unknown>) => ({
      productId: rye750,
      date,
      siteId: co.site,
      ...extra,
    });
    await ok('productAdjustInventory', 'ProductAdjustInput', product('2026-03-02', { quantity: 120, value: 1800 }));
    await ok('productMoveToDutyPaid', 'ProductMoveInput', product('2026-04-05', { quantity: 24 }));
    await ok(
      'productTransferSite',
      'ProductTransferSiteInput',
      product('2026-04-06', { quantity: 12, status: 'InBond', toSiteId: warehouse }),
    );
    await ok(
      'productReduceInventory',
      'ProductReduceInput',
      product('2026-04-07', { quantity: 2, status: 'InBond', reason: 'Breakage' }),
    );
    const extra = await ok('productAdjustInventory', 'ProductAdjustInput', product('2026-04-08', { quantity: 5 }));
    const deleted = await co.call(`mutation($refId: ID!) { inventoryTransactionDelete(refId: $refId) { refId } }`, {
      refId: extra.refId,
    });
    expect(deleted.errors).toBeUndefined();

    // bulk alcohol
    const t1 = await co.tank('T1');
    const t2 = await co.tank('T2');
    const t3 = await co.tank('T3');
    t4 = await co.tank('T4');
    await co.cask('C-1');
    const f1 = await co.create('fermenter', { name: 'F1', capacity: 5000, site: co.site });
    const initial = (vesselId: string, date: string, alcoholType: string, alcoholId: string, lot: string | null) => ({
      vesselId,
      date,
      alcoholType,
      alcoholId,
      lot,
    });
    await excise('exciseInitial', { ...initial(t1, '2026-03-01', 'Spirit', co.rye, null), volume: 1000, strength: 60 });
    await excise('exciseInitial', { ...initial(t4, '2026-04-15', 'Spirit', co.gin, null), volume: 200, strength: 45 });
    await excise('exciseInitial', {
      ...initial(f1, '2026-05-01', 'NonExcise', wash, 'M-1'),
      volume: 2000,
      strength: 8,
    });
    const distilled = await co.call(
      `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
      {
        input: {
          lot: 'D-001',
          // 10:00 in Toronto: its rows are dated 2026-05-04
          date: '2026-05-04T14:00:00.000Z',
          site: co.site,
          still,
          completed: true,
          inputs: [
            { type: 'NonExcise', nonExcise: wash, fermenter: f1, quantity: 1500 },
            { type: 'Item', item: malt, quantity: 50 },
          ],
          outputs: [{ cut: 'Hearts', spirit: co.rye, tank: t2, quantity: 90, strength: 72 }],
        },
      },
    );
    expect(distilled.errors).toBeUndefined();
    await excise('exciseTransferToTank', { vesselId: t2, toVesselId: t3, date: '2026-05-10', volume: 50 });
    await excise('exciseReduceInventory', {
      vesselId: t1,
      date: '2026-05-20',
      volume: 100,
      excise: 'SpiritsReductionDestroyed',
    });
    await excise('exciseAdjustInventory', { vesselId: t1, date: '2026-05-25', volume: 898, strength: 60 });
  }, 300_000); // a long script: the shared test machine is slow at times
  afterAll(() => api.close());

  it('ItemsPeriodSummary: opening + in - out = closing per item and site, with values', async () => {
    const r = await run('ItemsPeriodSummary', SPRING);
    // Main: opening 1000 - 300 = 700 kg ($850 - $255 = $595); out 100 + 50 = 150; closing 550
    //   ($595 - $85 - $42.50 = $467.50). Warehouse: 300 kg, $255, no movement.
    expect(r.rows).toEqual([
      ['Malted barley', '', 'Main', 'kg', '700.000', '0.000', '150.000', '550.000', '595.00', '467.50'],
      ['Malted barley', '', 'Warehouse', 'kg', '300.000', '0.000', '0.000', '300.000', '255.00', '255.00'],
    ]);
    expect(r.totals).toEqual(['', '', '', '', '1000.000', '0.000', '150.000', '850.000', '850.00', '722.50']);
    for (const row of r.rows) expect(reconciles(row[4], row[5], row[6], row[7])).toBe(true);
  });

  it('ItemsActivity: the movements of the range with the running balance of the item', async () => {
    const r = await run('ItemsActivity', SPRING);
    // the balance before April over both sites: 1000 kg; -100 -> 900; -50 -> 850
    expect(r.rows.map((x) => [x[0], x[1], x[2], x[4], x[7], x[8], x[9], x[10]])).toEqual([
      ['2026-04-01', 'Malted barley', 'Main', 'Adjusted', '', '100.000', '900.000', '-85.00'],
      ['2026-05-04', 'Malted barley', 'Main', 'Consumed', '', '50.000', '850.000', '-42.50'],
    ]);
    expect(r.totals!.slice(7)).toEqual(['0.000', '150.000', '', '-127.50']);
    // at one site: Warehouse has no movement in the range
    expect((await run('ItemsActivity', { ...SPRING, siteId: warehouse })).rows).toEqual([]);
  });

  it('ProductsPeriodSummary: in bond and duty paid together per site, reconciled, the deleted pair left out', async () => {
    const r = await run('ProductsPeriodSummary', SPRING);
    // Main: opening 120; in: 24 into duty paid; out: 24 out of bond + 12 to Warehouse + 2 broken = 38;
    //   closing 120 + 24 - 38 = 106 = 82 in bond + 24 duty paid; 106 x 0.3 = 31.8 LAA;
    //   value $1,800 -> $1,800 - $180 - $30 = $1,590 (the move to duty paid keeps its $360 at Main)
    // Warehouse: in 12 (3.6 LAA, $180)
    expect(r.rows).toEqual([
      ['Rye 750', '', 'Main', '120.000', '24.000', '38.000', '106.000', '31.800', '1800.00', '1590.00'],
      ['Rye 750', '', 'Warehouse', '0.000', '12.000', '0.000', '12.000', '3.600', '0.00', '180.00'],
    ]);
    for (const row of r.rows) expect(reconciles(row[3], row[4], row[5], row[6])).toBe(true);
    // the closing is the stock on hand (nothing is dated after May): 118 bottles, 35.4 LAA, $1,770
    const onHand = await co.call<{ product: { onHand: { quantity: number; laa: number; value: number } } }>(
      `query($id: ID!) { product(id: $id) { onHand { quantity laa value } } }`,
      { id: rye750 },
    );
    expect(onHand.data!.product.onHand).toEqual({ quantity: 118, laa: 35.4, value: 1770 });
    expect(r.totals!.slice(6)).toEqual(['118.000', '35.400', '1800.00', '1770.00']);
  });

  it('ProductsActivity: in and out per row, a running balance, the filters', async () => {
    const r = await run('ProductsActivity', { ...SPRING, productId: rye750 });
    // opening 120; the deleted +5 of 04-08 and its reversal are not shown
    expect(r.rows.map((x) => [x[0], x[2], x[4], x[5], x[7], x[8], x[9], x[10], x[11]])).toEqual([
      ['2026-04-05', 'Main', 'InBond', 'MovedToDutyPaid', '', '24.000', '96.000', '-7.200', '-360.00'],
      ['2026-04-05', 'Main', 'DutyPaid', 'MovedToDutyPaid', '24.000', '', '120.000', '7.200', '360.00'],
      ['2026-04-06', 'Main', 'InBond', 'TransferredSite', '', '12.000', '108.000', '-3.600', '-180.00'],
      ['2026-04-06', 'Warehouse', 'InBond', 'TransferredSite', '12.000', '', '120.000', '3.600', '180.00'],
      ['2026-04-07', 'Main', 'InBond', 'Reduced', '', '2.000', '118.000', '-0.600', '-30.00'],
    ]);
    // in 36, out 38: the summary's totals of the same range (24 + 12, 38)
    expect(r.totals!.slice(7)).toEqual(['36.000', '38.000', '', '-0.600', '-30.00']);
    const atWarehouse = await run('ProductsActivity', { ...SPRING, siteId: warehouse });
    expect(atWarehouse.rows.map((x) => [x[0], x[7], x[9]])).toEqual([['2026-04-06', '12.000', '12.000']]);
  });

  it('SpiritsPeriodSummary: opening, additions, reductions, transfers and adjustments, closing in L and LAA', async () => {
    const r = await run('SpiritsPeriodSummary', SPRING);
    // Gin: added 200 L, 90 LAA. Rye: opening 1000 L / 600 LAA; produced 125 L / 90 LAA;
    // destroyed 100 L / 60 LAA; the transfer T2 -> T3 nets to nothing, the gauging -2 L / -1.2 LAA;
    // closing 1000 + 125 - 100 - 2 = 1023 L, 600 + 90 - 60 - 1.2 = 628.8 LAA
    expect(r.rows).toEqual([
      ['Gin base', '0.000', '0.000', '200.000', '90.000', '0.000', '0.000', '0.000', '0.000', '200.000', '90.000'],
      [
        'Rye new make',
        '1000.000',
        '600.000',
        '125.000',
        '90.000',
        '100.000',
        '60.000',
        '-2.000',
        '-1.200',
        '1023.000',
        '628.800',
      ],
    ]);
    for (const row of r.rows) {
      // opening + additions - reductions + adjustments = closing, litres and LAA
      const n = row.slice(1).map((c) => Math.round(Number(c) * 1000));
      expect(n[0] + n[2] - n[4] + n[6]).toBe(n[8]);
      expect(n[1] + n[3] - n[5] + n[7]).toBe(n[9]);
    }
    // the closing is what the tanks hold: T1 898 L / 538.8, T2 75 / 54, T3 50 / 36 = 1023 / 628.8
    const tanks = await run('TanksWorksheet', { asOf: '2026-05-31' });
    expect(tanks.rows).toEqual([
      ['T1', 'Main', 'Rye new make', '', '898.000', '60.00', '538.800', '', ''],
      ['T2', 'Main', 'Rye new make', 'D-001', '75.000', '72.00', '54.000', '', ''],
      ['T3', 'Main', 'Rye new make', 'D-001', '50.000', '72.00', '36.000', '', ''],
      ['T4', 'Main', 'Gin base', '', '200.000', '45.00', '90.000', '', ''],
    ]);
    expect(tanks.totals).toEqual(['', '', '', '', '1223.000', '', '718.800', '', '']);
  });

  it('SpiritsPeriodSummary: an opening inside a month, a month with no movement, a site, one spirit', async () => {
    // from 03-15: the opening sums the rows of 03-01 to 03-14 (1000 L, 600 LAA)
    const mid = await run('SpiritsPeriodSummary', { from: '2026-03-15', to: '2026-03-31' });
    expect(mid.rows).toEqual([
      [
        'Rye new make',
        '1000.000',
        '600.000',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '1000.000',
        '600.000',
      ],
    ]);
    // June: the opening from the month totals to May, nothing moves
    const june = await run('SpiritsPeriodSummary', { from: '2026-06-01', to: '2026-06-30', spiritId: co.rye });
    expect(june.rows).toEqual([
      [
        'Rye new make',
        '1023.000',
        '628.800',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '0.000',
        '1023.000',
        '628.800',
      ],
    ]);
    const atMain = await run('SpiritsPeriodSummary', { ...SPRING, siteId: co.site });
    expect(atMain.rows).toEqual((await run('SpiritsPeriodSummary', SPRING)).rows);
    expect((await run('SpiritsPeriodSummary', { ...SPRING, siteId: warehouse })).rows).toEqual([]);
  });

  it('NonExcisesPeriodSummary and NonExciseActivity: the wash in and out of its fermenter', async () => {
    // 2000 L / 160 LAA in; 1500 L / 120 LAA distilled; 500 L / 40 LAA left
    const s = await run('NonExcisesPeriodSummary', SPRING);
    expect(s.rows).toEqual([
      [
        'Rye wash',
        '0.000',
        '0.000',
        '2000.000',
        '160.000',
        '1500.000',
        '120.000',
        '0.000',
        '0.000',
        '500.000',
        '40.000',
      ],
    ]);
    const a = await run('NonExciseActivity', SPRING);
    expect(a.rows.map((x) => [x[0], x[1], x[2], x[3], x[4], x[6], x[7], x[8], x[9]])).toEqual([
      ['2026-05-01', 'Rye wash', 'F1', 'M-1', 'Opening inventory', '2000.000', '', '2000.000', '160.000'],
      ['2026-05-04', 'Rye wash', 'F1', 'M-1', 'Reduction', '', '1500.000', '500.000', '-120.000'],
    ]);
  });

  it('worksheets: book quantities at the day and blank count columns', async () => {
    const items = await run('ItemsWorksheet', { asOf: '2026-05-31' });
    expect(items.rows).toEqual([
      ['Malted barley', '', 'Main', '', '', 'kg', '550.000', ''],
      ['Malted barley', '', 'Warehouse', '', '', 'kg', '300.000', ''],
    ]);
    // before the transfer: 1000 kg at Main
    expect((await run('ItemsWorksheet', { asOf: '2026-03-05' })).rows).toEqual([
      ['Malted barley', '', 'Main', '', '', 'kg', '1000.000', ''],
    ]);
    const products = await run('ProductsWorksheet', { asOf: '2026-05-31', siteId: co.site });
    expect(products.rows).toEqual([
      ['Rye 750', '', 'Main', '', 'DutyPaid', 'bottles', '24.000', ''],
      ['Rye 750', '', 'Main', '', 'InBond', 'bottles', '82.000', ''],
    ]);
    expect((await run('CasksWorksheet', { asOf: '2026-05-31' })).rows).toEqual([
      ['C-1', 'Main', '', '', '0.000', '', '0.000', '', ''],
    ]);
    expect((await run('BulkContainersWorksheet', { asOf: '2026-05-31' })).rows).toEqual([]);
    // T1 before the destruction and the gauging: 1000 L at 60 %
    expect((await run('TanksWorksheet', { asOf: '2026-05-19' })).rows[0]).toEqual([
      'T1',
      'Main',
      'Rye new make',
      '',
      '1000.000',
      '60.00',
      '600.000',
      '',
      '',
    ]);
  });

  it('blanks value columns for a member without values', async () => {
    const r = await run('ItemsPeriodSummary', SPRING, noValuesToken);
    expect(r.rows[0]).toEqual(['Malted barley', '', 'Main', 'kg', '700.000', '0.000', '150.000', '550.000', '', '']);
    expect(r.totals!.slice(8)).toEqual(['', '']);
    const a = await run('ProductsActivity', SPRING, noValuesToken);
    expect(a.rows.every((x) => x[11] === '')).toBe(true);
  });

  it('features and bad input', async () => {
    expect(await failure('WinesPeriodSummary', SPRING)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure('InventoryAccounts', { asOf: '2026-05-31' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure('SpiritsPeriodSummary', { from: '2026-05-31', to: '2026-04-01' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('The start date must be on or before the end date'),
    });
    expect(await failure('ProductsActivity', { ...SPRING, productId: 'x' })).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await api.database.db
      .update(companyTable)
      .set({ allowWine: true, allowAccounting: true })
      .where(eq(companyTable.id, co.companyId));
    expect((await run('WinesPeriodSummary', SPRING)).rows).toEqual([]);
    // on 05-31: products 118 bottles 35.4 LAA $1,770; items 850 kg $722.50; spirits in 4 tanks
    // 718.8 LAA (no value given); wash 40 LAA in F1
    const acc = await run('InventoryAccounts', { asOf: '2026-05-31' });
    expect(acc.rows).toEqual([
      ['Products', '', '', '1', '35.400', '1770.00'],
      ['Items', '', '', '1', '0.000', '722.50'],
      ['Bulk spirits', '', '', '4', '718.800', '0.00'],
      ['Non-excise alcohol', '', '', '1', '40.000', '0.00'],
    ]);
    // the product mapped to an inventory account on the accounting setup page: its row names it
    const account = await co.create('account', { name: 'Finished goods', type: 'OtherCurrentAsset' });
    const mapped = await co.call(
      `mutation($id: ID!, $a: ID!) { accountMappingSet(input: { entityType: "product", entityId: $id, asset: $a }) { asset { name } } }`,
      { id: rye750, a: account },
    );
    expect(mapped.errors).toBeUndefined();
    expect((await run('InventoryAccounts', { asOf: '2026-05-31' })).rows[0]).toEqual([
      'Products',
      'Finished goods',
      '',
      '1',
      '35.400',
      '1770.00',
    ]);
  });

  it('SpiritsPeriodSummary: a back-dated posting into a month already summarised shows at once', async () => {
    const before = await run('SpiritsPeriodSummary', SPRING);
    expect(before.rows[0].slice(0, 1).concat(before.rows[0].slice(9))).toEqual(['Gin base', '200.000', '90.000']);
    // 10 L of the gin (45 %: 4.5 LAA) destroyed on 04-20: reductions 10 / 4.5, closing 190 / 85.5
    await excise('exciseReduceInventory', {
      vesselId: t4,
      date: '2026-04-20',
      volume: 10,
      excise: 'SpiritsReductionDestroyed',
    });
    const after = await run('SpiritsPeriodSummary', SPRING);
    expect(after.rows[0]).toEqual([
      'Gin base',
      '0.000',
      '0.000',
      '200.000',
      '90.000',
      '10.000',
      '4.500',
      '0.000',
      '0.000',
      '190.000',
      '85.500',
    ]);
  });
});
