// The product and item actions of spec 2.3 through the API: posting, reversal by delete, edit
// (reverse and re-post), refusal below zero, tenancy, the values permission; unpack and convert
// conserving units and LAA; a return to tank posting its excise row. Figures worked by hand:
// LAA = containers x container size x strength / 100; a part of a bucket takes its share.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

const ROWS = `{ refId transactions { id stockName siteName lot status category quantity laa value description }
  exciseTransactions { excise vesselId volume laa strength lot alcoholId } }`;
const INPUT: Record<string, string> = {
  productMoveToDutyPaid: 'ProductMoveInput',
  productMoveToInBond: 'ProductMoveInput',
  productTransferSite: 'ProductTransferSiteInput',
  productTransferLot: 'ProductTransferLotInput',
  productReduceInventory: 'ProductReduceInput',
  productAdjustInventory: 'ProductAdjustInput',
  productReturnToTank: 'ProductReturnToTankInput',
  productUnpack: 'ProductUnpackInput',
  productConvert: 'ProductConvertInput',
  itemAdjustInventory: 'ItemAdjustInput',
  itemTransferSite: 'ItemTransferSiteInput',
  itemTransferLot: 'ItemTransferLotInput',
};

interface Posted {
  refId: string;
  transactions: Record<string, unknown>[];
  exciseTransactions: Record<string, unknown>[];
}

describe.each(backends)('inventory actions on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let warehouse = '';
  let rye750 = '';
  let ryeCase = '';
  let rye375 = '';
  let gin750 = '';
  let giftPack = '';
  let malt = '';

  const act = async (mutation: string, input: Record<string, unknown>, token?: string) => {
    const r = await co.call<Record<string, Posted>>(
      `mutation($input: ${INPUT[mutation]}!) { ${mutation}(input: $input) ${ROWS} }`,
      { input },
      token,
    );
    return { data: r.data?.[mutation], errors: r.errors };
  };
  const ok = async (mutation: string, input: Record<string, unknown>) => {
    const r = await act(mutation, input);
    if (r.errors) throw new Error(`${mutation}: ${JSON.stringify(r.errors)}`);
    return r.data!;
  };
  const failure = (r: { errors?: Answer<unknown>['errors'] }) =>
    r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const rows = (p: Posted) => p.transactions.map((t) => [t.stockName, t.status, t.quantity, t.laa, t.value]);
  const remove = async (refId: string, token?: string) => {
    const r = await co.call<{ inventoryTransactionDelete: Posted }>(
      `mutation($refId: ID!) { inventoryTransactionDelete(refId: $refId) ${ROWS} }`,
      { refId },
      token,
    );
    return { data: r.data?.inventoryTransactionDelete, errors: r.errors };
  };
  const onHand = async (type: 'product' | 'item', id: string) => {
    const r = await co.call<Record<string, { onHand: Record<string, unknown> }>>(
      `query($id: ID!) { ${type}(id: $id) { onHand { quantity laa value buckets { siteName lot status quantity laa value } } } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![type].onHand as { quantity: number; laa: number; value: number | null; buckets: unknown[] };
  };
  const base = (productId: string, extra: Record<string, unknown> = {}) => ({
    productId,
    date: '2026-03-02',
    siteId: co.site,
    ...extra,
  });

  beforeAll(async () => {
    api = await startApi(backend, { filesDir: mkdtempSync(path.join(tmpdir(), 'distill-inventory-')) });
    co = await exciseCompany(api);
    warehouse = await co.create('site', { name: 'Warehouse' });
    // 0.75 L at 40 %: 0.3 LAA a bottle; a case of 12 is 9 L: 3.6 LAA
    rye750 = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    ryeCase = await co.create('product', { name: 'Rye case', strength: 40, containerSize: 9, caseSize: 12 });
    rye375 = await co.create('product', { name: 'Rye 375', strength: 40, containerSize: 0.375, caseSize: 24 });
    gin750 = await co.create('product', { name: 'Gin 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    // a gift pack of one rye and one gin: 1.5 L at 40 % = 0.6 LAA, 2 bottles a pack
    giftPack = await co.create('product', {
      name: 'Gift pack',
      strength: 40,
      containerSize: 1.5,
      caseSize: 2,
      mixedPack: true,
    });
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg', cost: 0.85 });
  });
  afterAll(() => api.close());

  it('adjusts stock in at its nominal LAA and the value given', async () => {
    // 10 cases x 9 L x 40 % = 36 LAA, $1,200.00
    const p = await ok('productAdjustInventory', base(ryeCase, { quantity: 10, value: 1200 }));
    expect(rows(p)).toEqual([['Rye case', 'InBond', 10, 36, 1200]]);
    expect(await onHand('product', ryeCase)).toMatchObject({ quantity: 10, laa: 36, value: 1200 });
  });

  it('moves to duty paid: out of in bond, into duty paid, with its share of LAA and value', async () => {
    // 4 of 10 cases: 36 x 4 / 10 = 14.4 LAA, $1200 x 4 / 10 = $480
    const p = await ok('productMoveToDutyPaid', base(ryeCase, { quantity: 4 }));
    expect(rows(p)).toEqual([
      ['Rye case', 'InBond', -4, -14.4, -480],
      ['Rye case', 'DutyPaid', 4, 14.4, 480],
    ]);
    expect(p.transactions.map((t) => t.category)).toEqual(['MovedToDutyPaid', 'MovedToDutyPaid']);
    expect((await onHand('product', ryeCase)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'DutyPaid', quantity: 4, laa: 14.4, value: 480 },
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 6, laa: 21.6, value: 720 },
    ]);

    // the action opens by its id with its input and rows
    const opened = await co.call<{ inventoryAction: Record<string, unknown> }>(
      `query($id: ID!) { inventoryAction(id: $id) { id kind stockId date input active transactions { quantity } } }`,
      { id: p.transactions[1].id as string },
    );
    expect(opened.data!.inventoryAction).toMatchObject({
      id: p.refId,
      kind: 'ProductMoveToDutyPaid',
      stockId: ryeCase,
      date: '2026-03-02',
      active: true,
    });
    expect(JSON.parse(opened.data!.inventoryAction.input as string)).toMatchObject({ productId: ryeCase, quantity: 4 });

    // editing to 2 cases reverses the 4 and posts 2: 7.2 LAA, $240
    const edited = await ok('productMoveToDutyPaid', base(ryeCase, { refId: p.refId, quantity: 2 }));
    expect(edited.refId).toBe(p.refId);
    expect(rows(edited)).toEqual([
      ['Rye case', 'InBond', -2, -7.2, -240],
      ['Rye case', 'DutyPaid', 2, 7.2, 240],
    ]);
    expect((await onHand('product', ryeCase)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'DutyPaid', quantity: 2, laa: 7.2, value: 240 },
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 8, laa: 28.8, value: 960 },
    ]);

    // deleting reverses it: all 10 cases in bond again
    const deleted = await remove(p.refId);
    expect(deleted.errors).toBeUndefined();
    expect(rows(deleted.data!)).toEqual([
      ['Rye case', 'DutyPaid', -2, -7.2, -240],
      ['Rye case', 'InBond', 2, 7.2, 240],
    ]);
    expect((await onHand('product', ryeCase)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 10, laa: 36, value: 1200 },
    ]);
    expect(failure(await remove(p.refId))).toMatchObject({ code: 'NOT_FOUND' });
    expect(failure(await act('productMoveToDutyPaid', base(ryeCase, { refId: p.refId, quantity: 1 })))).toEqual({
      code: 'CONFLICT',
      message: `Transaction ${p.refId} was deleted and cannot be edited`,
    });
  });

  it('moves duty-paid bottles back to in bond with their share of LAA and value; delete reverses', async () => {
    // 1 L at 40 %: 0.4 LAA a bottle; 10 bottles in bond: 4 LAA, $100.00
    const rye1l = await co.create('product', { name: 'Rye 1L', strength: 40, containerSize: 1, caseSize: 6 });
    await ok('productAdjustInventory', base(rye1l, { quantity: 10, value: 100 }));
    // 5 to duty paid: 2 LAA, $50
    await ok('productMoveToDutyPaid', base(rye1l, { quantity: 5 }));
    // 2 of the 5 duty paid back in bond: 2 x 2 / 5 = 0.8 LAA, $50 x 2 / 5 = $20
    const back = await ok('productMoveToInBond', base(rye1l, { quantity: 2 }));
    expect(rows(back)).toEqual([
      ['Rye 1L', 'DutyPaid', -2, -0.8, -20],
      ['Rye 1L', 'InBond', 2, 0.8, 20],
    ]);
    expect(back.transactions.map((t) => t.category)).toEqual(['MovedToInBond', 'MovedToInBond']);
    expect((await onHand('product', rye1l)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'DutyPaid', quantity: 3, laa: 1.2, value: 30 },
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 7, laa: 2.8, value: 70 },
    ]);
    expect((await remove(back.refId)).errors).toBeUndefined();
    expect((await onHand('product', rye1l)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'DutyPaid', quantity: 5, laa: 2, value: 50 },
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 5, laa: 2, value: 50 },
    ]);
  });

  it('refuses to take more than a bucket holds, with the bucket and both quantities', async () => {
    expect(failure(await act('productMoveToDutyPaid', base(ryeCase, { quantity: 11 })))).toEqual({
      code: 'CONFLICT',
      message: 'Rye case (at Main, in bond) holds 10 bottles; the transaction takes 11 bottles out of it',
    });
    expect(failure(await act('productMoveToInBond', base(ryeCase, { quantity: 1 })))).toEqual({
      code: 'CONFLICT',
      message: 'Rye case (at Main, duty paid) holds 0 bottles; the transaction takes 1 bottles out of it',
    });
    expect(failure(await act('productReduceInventory', base(ryeCase, { quantity: 1.5, reason: 'Breakage' })))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'quantity: Must be a whole number',
    });
    expect(failure(await act('productTransferSite', base(ryeCase, { quantity: 1, toSiteId: co.site })))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'toSiteId: Choose another site than the one you move from',
    });
    expect(failure(await act('productReduceInventory', base(ryeCase, { quantity: 1, reason: 'Lost' })))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await onHand('product', ryeCase)).toMatchObject({ quantity: 10, laa: 36 });
  });

  it('unpacks cases into bottles, conserving units, LAA and value', async () => {
    await ok('productMoveToDutyPaid', base(ryeCase, { quantity: 2 }));
    // 2 cases of 12 hold 24 units: 20 bottles do not account for them
    expect(
      failure(
        await act(
          'productUnpack',
          base(ryeCase, { status: 'DutyPaid', quantity: 2, lines: [{ productId: rye750, quantity: 20 }] }),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'lines: 2 bottles of Rye case hold 24 units (12 each); the lines add up to 20',
    });
    // 24 half bottles hold 24 x 0.375 x 40 % = 3.6 LAA, not the 7.2 of two cases
    expect(
      failure(
        await act(
          'productUnpack',
          base(ryeCase, { status: 'DutyPaid', quantity: 2, lines: [{ productId: rye375, quantity: 24 }] }),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        'lines: 2 bottles of Rye case hold 7.200 LAA; the products unpacked hold 3.600 LAA by their size and strength',
    });
    // 2 cases (7.2 LAA, $240) become 24 bottles of 0.3 LAA: 7.2 LAA, $240
    const p = await ok(
      'productUnpack',
      base(ryeCase, { status: 'DutyPaid', quantity: 2, lines: [{ productId: rye750, quantity: 24 }] }),
    );
    expect(rows(p)).toEqual([
      ['Rye case', 'DutyPaid', -2, -7.2, -240],
      ['Rye 750', 'DutyPaid', 24, 7.2, 240],
    ]);
    expect(await onHand('product', rye750)).toMatchObject({ quantity: 24, laa: 7.2, value: 240 });
    expect(await onHand('product', ryeCase)).toMatchObject({ quantity: 8, laa: 28.8, value: 960 });
  });

  it('unpacks a mixed pack into its products', async () => {
    // 5 packs x 1.5 L x 40 % = 3 LAA, $100
    await ok('productAdjustInventory', base(giftPack, { status: 'DutyPaid', quantity: 5, value: 100 }));
    // 2 packs: 1.2 LAA, $40; 2 packs of 2 = 4 bottles: 2 rye (0.6 LAA) and 2 gin (0.6 LAA)
    const p = await ok(
      'productUnpack',
      base(giftPack, {
        status: 'DutyPaid',
        quantity: 2,
        lines: [
          { productId: rye750, quantity: 2 },
          { productId: gin750, quantity: 2 },
        ],
      }),
    );
    expect(rows(p)).toEqual([
      ['Gift pack', 'DutyPaid', -2, -1.2, -40],
      ['Rye 750', 'DutyPaid', 2, 0.6, 20],
      ['Gin 750', 'DutyPaid', 2, 0.6, 20],
    ]);
    const units = p.transactions.reduce((s, t) => s + (t.stockName === 'Gift pack' ? 0 : (t.quantity as number)), 0);
    const laa = p.transactions.reduce((s, t) => s + (t.laa as number), 0);
    expect(units).toBe(4);
    expect(Math.abs(laa)).toBeLessThan(1e-9);
  });

  it('converts one product to another, its LAA and value carried whole', async () => {
    // 10 of the 26 rye 750 (7.8 LAA, $260): 3 LAA, $100; 20 half bottles are 20 x 0.375 x 40 % = 3 LAA
    expect(
      failure(
        await act(
          'productConvert',
          base(rye750, { status: 'DutyPaid', quantity: 10, toProductId: rye375, toQuantity: 10 }),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'toQuantity: 10 bottles of Rye 750 hold 3.000 LAA; 10 bottles of Rye 375 hold 1.500 LAA',
    });
    const p = await ok(
      'productConvert',
      base(rye750, { status: 'DutyPaid', quantity: 10, toProductId: rye375, toQuantity: 20 }),
    );
    expect(rows(p)).toEqual([
      ['Rye 750', 'DutyPaid', -10, -3, -100],
      ['Rye 375', 'DutyPaid', 20, 3, 100],
    ]);
    expect(await onHand('product', rye375)).toMatchObject({ quantity: 20, laa: 3, value: 100 });
    expect(await onHand('product', rye750)).toMatchObject({ quantity: 16, laa: 4.8, value: 160 });
  });

  it('transfers site and lot, reduces and adjusts down', async () => {
    // 3 of the 8 in-bond cases (28.8 LAA, $960): 10.8 LAA, $360
    const site = await ok('productTransferSite', base(ryeCase, { quantity: 3, toSiteId: warehouse }));
    expect(site.transactions.map((t) => [t.siteName, t.quantity, t.laa, t.value, t.description])).toEqual([
      ['Main', -3, -10.8, -360, 'To Warehouse'],
      ['Warehouse', 3, 10.8, 360, 'From Main'],
    ]);
    const lot = await ok('productTransferLot', {
      ...base(ryeCase, { quantity: 1, toLot: 'L-2' }),
      siteId: warehouse,
    });
    expect(lot.transactions.map((t) => [t.lot, t.quantity, t.laa])).toEqual([
      [null, -1, -3.6],
      ['L-2', 1, 3.6],
    ]);
    // breakage of 1 of the 5 cases left at Main (18 LAA, $600): 3.6 LAA, $120
    const broken = await ok('productReduceInventory', base(ryeCase, { quantity: 1, reason: 'Breakage' }));
    expect(broken.transactions.map((t) => [t.category, t.quantity, t.laa, t.value, t.description])).toEqual([
      ['Reduced', -1, -3.6, -120, 'Breakage'],
    ]);
    const down = await ok('productAdjustInventory', base(ryeCase, { quantity: -1 }));
    expect(rows(down)).toEqual([['Rye case', 'InBond', -1, -3.6, -120]]);
    expect((await onHand('product', ryeCase)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 3, laa: 10.8, value: 360 },
      { siteName: 'Warehouse', lot: null, status: 'InBond', quantity: 2, laa: 7.2, value: 240 },
      { siteName: 'Warehouse', lot: 'L-2', status: 'InBond', quantity: 1, laa: 3.6, value: 120 },
    ]);
  });

  it('returns packaged spirits to a tank: stock out, an excise row into the tank, undone together', async () => {
    const tank = await co.tank('T-return');
    // a tank that is empty needs to know what the bottles hold
    expect(failure(await act('productReturnToTank', base(ryeCase, { quantity: 2, tankId: tank })))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('alcoholType: Tank T-return is empty'),
    });
    // 2 of 3 cases at Main (10.8 LAA, $360): 2 x 9 L = 18 L, 7.2 LAA, $240
    const p = await ok(
      'productReturnToTank',
      base(ryeCase, { quantity: 2, tankId: tank, alcoholType: 'Spirit', alcoholId: co.rye, tankLot: 'RT-1' }),
    );
    expect(rows(p)).toEqual([['Rye case', 'InBond', -2, -7.2, -240]]);
    expect(p.exciseTransactions).toEqual([
      {
        excise: 'SpiritsAdditionPackagedReturnedToBulk',
        vesselId: tank,
        volume: 18,
        laa: 7.2,
        strength: 40,
        lot: 'RT-1',
        alcoholId: co.rye,
      },
    ]);
    expect(await co.contents('tank', tank)).toMatchObject({ volume: 18, laa: 7.2, strength: 40, lot: 'RT-1' });
    expect(await onHand('product', ryeCase)).toMatchObject({ quantity: 4 });
    // deleting takes the 18 L back out of the tank and puts the 2 cases back
    const d = await remove(p.refId);
    expect(d.errors).toBeUndefined();
    expect(d.data!.exciseTransactions.map((t) => [t.excise, t.volume, t.laa])).toEqual([
      ['SpiritsAdditionPackagedReturnedToBulk', -18, -7.2],
    ]);
    expect(await co.contents('tank', tank)).toBeNull();
    expect(await onHand('product', ryeCase)).toMatchObject({ quantity: 6 });
  });

  it('moves items: adjust, transfer site, transfer lot', async () => {
    // 1000 kg for $850
    const a = await ok('itemAdjustInventory', {
      itemId: malt,
      date: '2026-03-02',
      siteId: co.site,
      quantity: 1000,
      value: 850,
    });
    expect(a.transactions.map((t) => [t.status, t.quantity, t.laa, t.value])).toEqual([[null, 1000, 0, 850]]);
    // 300 kg to the warehouse: $850 x 300 / 1000 = $255
    const s = await ok('itemTransferSite', {
      itemId: malt,
      date: '2026-03-03',
      siteId: co.site,
      quantity: 300,
      toSiteId: warehouse,
    });
    expect(s.transactions.map((t) => [t.siteName, t.quantity, t.value])).toEqual([
      ['Main', -300, -255],
      ['Warehouse', 300, 255],
    ]);
    const l = await ok('itemTransferLot', {
      itemId: malt,
      date: '2026-03-04',
      siteId: warehouse,
      quantity: 100.5,
      toLot: 'M-7',
    });
    // $255 x 100.5 / 300 = $85.425, to $85.43
    expect(l.transactions.map((t) => [t.lot, t.quantity, t.value])).toEqual([
      [null, -100.5, -85.43],
      ['M-7', 100.5, 85.43],
    ]);
    expect(
      failure(
        await act('itemTransferSite', {
          itemId: malt,
          date: '2026-03-04',
          siteId: co.site,
          quantity: 701,
          toSiteId: warehouse,
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Malted barley (at Main) holds 700 kg; the transaction takes 701 kg out of it',
    });
    expect(await onHand('item', malt)).toMatchObject({ quantity: 1000, value: 850 });
    // deleting the lot transfer brings the 100.5 kg back to no lot
    await remove(l.refId);
    expect((await onHand('item', malt)).buckets).toEqual([
      { siteName: 'Main', lot: null, status: null, quantity: 700, laa: 0, value: 595 },
      { siteName: 'Warehouse', lot: null, status: null, quantity: 300, laa: 0, value: 255 },
    ]);
  });

  it('lists a product transactions with balances, filters, totals and a safe CSV', async () => {
    const LIST = `query($id: ID!, $filters: [Filter!]) { product(id: $id) { transactions2(first: 3, filters: $filters) {
      totalCount totals { totalQuantity totalLaa totalValue totalCount }
      pageInfo { hasNextPage endCursor } edges { node { date category status quantity laa value quantityBalance laaBalance } } } } }`;
    const r = await co.call<{ product: { transactions2: Record<string, unknown> } }>(LIST, { id: ryeCase });
    expect(r.errors).toBeUndefined();
    const list = r.data!.product.transactions2 as {
      totalCount: number;
      totals: Record<string, number>;
      pageInfo: { hasNextPage: boolean };
      edges: { node: Record<string, unknown> }[];
    };
    // standing rows of the case: the adjustment in, the move and the unpack, the site and lot
    // transfers, the breakage and the adjustment out; reversed rows are left out
    expect(list.totals).toEqual({ totalQuantity: 6, totalLaa: 21.6, totalValue: 720, totalCount: list.totalCount });
    expect(list.pageInfo.hasNextPage).toBe(true);
    // newest first; the last balance is what is on hand
    expect(list.edges[0].node).toMatchObject({ quantityBalance: 6, laaBalance: 21.6 });
    const inBond = await co.call<{ product: { transactions2: { totals: Record<string, number> } } }>(LIST, {
      id: ryeCase,
      filters: [{ field: 'status', comparator: 'eq', value: 'DutyPaid' }],
    });
    // 2 cases in, 2 unpacked: nothing duty paid left
    expect(inBond.data!.product.transactions2.totals).toMatchObject({ totalQuantity: 0, totalLaa: 0 });

    // a formula-like comment is neutralised in the CSV
    await ok('productAdjustInventory', base(gin750, { quantity: 1, comments: '=HYPERLINK("http://evil.test","x")' }));
    const url = await co.call<{ stockTransactionsExportCSV: string }>(
      `query($id: ID!) { stockTransactionsExportCSV(stockKind: Product, id: $id) }`,
      { id: gin750 },
    );
    expect(url.errors).toBeUndefined();
    const res = await api.app.inject({
      method: 'GET',
      url: url.data!.stockTransactionsExportCSV,
      headers: { authorization: `Bearer ${co.token}` },
    });
    const csv = Papa.parse<string[]>(res.body.trim()).data;
    const header = csv[0];
    expect(header).toContain('value');
    const byName = csv.slice(1).map((line) => Object.fromEntries(header.map((h, i) => [h, line[i]])));
    expect(byName.find((x) => x.comments)!.comments).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(byName.map((x) => x.quantity).sort()).toEqual(['1', '2']);
  });

  it('leaves the rows of other records to those records', async () => {
    // rows a bottling posted are not an action's: deleting them here is refused
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: EVERYTHING, features: {} } },
        { refType: 'Bottling', refId: '987654321' },
        [
          {
            date: '2026-03-05',
            kind: 'Product',
            stockId: gin750,
            siteId: co.site,
            lot: null,
            status: 'InBond',
            quantity: 12 * MICRO,
            laa: 3_600,
            category: 'Produced',
            description: 'Bottled',
          },
        ],
      ),
    );
    expect(failure(await remove('987654321'))).toEqual({
      code: 'CONFLICT',
      message: 'Transaction 987654321 was posted by a Bottling record: edit or delete that record instead',
    });
    expect(failure(await remove('123'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides values without the values permission and refuses them in the CSV', async () => {
    const clerk = await api.token(co.userId);
    await api.database.db.execute(
      sql`UPDATE memberships SET permissions = string_to_array(${EVERYTHING.filter((p) => p !== 'values').join(',')}, ',') WHERE company_id = ${co.companyId}`,
    );
    try {
      const p = await act('productAdjustInventory', base(gin750, { quantity: 1 }), clerk);
      expect(p.errors).toBeUndefined();
      expect(p.data!.transactions[0].value).toBeNull();
      const list = await co.call<{
        stockTransactions: { totals: Record<string, unknown>; edges: { node: { value: unknown } }[] };
      }>(
        `{ stockTransactions(stockKind: Product, first: 5) { totals { totalValue } edges { node { value } } } }`,
        {},
        clerk,
      );
      expect(list.data!.stockTransactions.totals.totalValue).toBeNull();
      expect(list.data!.stockTransactions.edges.every((e) => e.node.value === null)).toBe(true);
      const refused = await co.call(
        `query($id: ID!) { stockTransactionsExportCSV(stockKind: Product, id: $id, includeValues: true) }`,
        { id: gin750 },
        clerk,
      );
      expect(failure(refused)).toEqual({ code: 'FORBIDDEN', message: "You don't have permission to export values" });
      const url = await co.call<{ stockTransactionsExportCSV: string }>(
        `query($id: ID!) { stockTransactionsExportCSV(stockKind: Product, id: $id) }`,
        { id: gin750 },
        clerk,
      );
      const res = await api.app.inject({
        method: 'GET',
        url: url.data!.stockTransactionsExportCSV,
        headers: { authorization: `Bearer ${clerk}` },
      });
      const header = Papa.parse<string[]>(res.body.trim()).data[0];
      expect(header).not.toContain('value');
      expect(header).not.toContain('valueBalance');
      const sorted = await co.call(
        `{ stockTransactions(stockKind: Product, sortKey: "value") { totalCount } }`,
        {},
        clerk,
      );
      expect(failure(sorted)).toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await api.database.db.execute(
        sql`UPDATE memberships SET permissions = string_to_array(${[...EVERYTHING, 'audit'].join(',')}, ',') WHERE company_id = ${co.companyId}`,
      );
    }
  });

  it('keeps each company to its own stock, actions and lists', async () => {
    const other = await makeMember(api, EVERYTHING);
    const call = (query: string, variables: Record<string, unknown>) =>
      api.gql(other.companyId, query, variables, other.token).then((r) => r.body as Answer<Record<string, unknown>>);
    const theirs = await call(
      `mutation($input: ProductMoveInput!) { productMoveToDutyPaid(input: $input) { refId } }`,
      { input: { productId: ryeCase, date: '2026-03-05', quantity: 1 } },
    );
    expect(failure(theirs)).toEqual({ code: 'VALIDATION_ERROR', message: 'productId: Choose a product' });
    const found = await api.database.db.execute(
      sql`SELECT id::text AS id FROM inventory_actions WHERE company_id = ${co.companyId} AND active LIMIT 1`,
    );
    const [mine] = (found as unknown as { rows: { id: string }[] }).rows;
    expect((await call(`query($id: ID!) { inventoryAction(id: $id) { id } }`, { id: mine.id })).data).toEqual({
      inventoryAction: null,
    });
    expect(
      failure(await call(`mutation($id: ID!) { inventoryTransactionDelete(refId: $id) { refId } }`, { id: mine.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await call(`query($id: ID!) { stockTransactions(stockKind: Product, id: $id) { totalCount } }`, { id: ryeCase }))
        .data,
    ).toEqual({ stockTransactions: { totalCount: 0 } });
    // and a member without inventory.write cannot act at all
    const reader = await makeMember(api, ['inventory.read']);
    const denied = await api.gql(
      reader.companyId,
      `mutation($input: ProductMoveInput!) { productMoveToDutyPaid(input: $input) { refId } }`,
      { input: { productId: ryeCase, date: '2026-03-05', quantity: 1 } },
      reader.token,
    );
    expect(failure(denied.body as Answer<unknown>)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
