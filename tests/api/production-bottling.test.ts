// Bottling through the API: the tank's packaging row (in bond or duty paid), the bottling loss
// (or gauging gain) row, the product's stock by site, lot and status with its LAA and value,
// the packaging items consumed; editing re-posts, deleting reverses, a delete whose bottles
// were sold refuses; LAA is conserved (tank out = bottles + loss). Figures worked by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { backends, startApi, type TestApi } from './harness';
import { stagedKit } from './stagedKit';

describe.each(backends)('bottling on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let tank = '';
  let gin750 = '';
  let glass = '';
  let corks = '';
  let first = '';
  const bottling = (over: Record<string, unknown>) => ({
    lot: 'B-1',
    date: '2026-05-10T12:00:00Z',
    product: gin750,
    tank,
    strength: 40,
    bottles: 120,
    caseSize: 6,
    dutyPaid: false,
    ...over,
  });

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    const { co } = k;
    tank = await co.tank('Gin tank');
    // 1000 L at 41 %: 1000 x 0.41 = 410.000 LAA, worth $2,000.00
    const filled = await co.act('exciseInitial', {
      vesselId: tank,
      date: '2026-05-01',
      alcoholType: 'Spirit',
      alcoholId: co.gin,
      lot: 'GIN-1',
      volume: 1000,
      strength: 41,
      value: 2000,
    });
    expect(filled.errors).toBeUndefined();
    gin750 = await co.create('product', { name: 'Gin 750', strength: 40, containerSize: 0.75, caseSize: 6 });
    glass = await co.create('item', { name: 'Bottle 750', type: 'Inventory', trackUnits: 'ea', precision: 0 });
    corks = await co.create('item', { name: 'Cork', type: 'Inventory', trackUnits: 'ea', precision: 0 });
    // 1000 bottles for $500.00 ($0.50 each), 1000 corks for $100.00 ($0.10 each)
    await k.stock([
      { stockId: glass, quantity: k.units(1000), value: 50_000 },
      { stockId: corks, quantity: k.units(1000), value: 10_000 },
    ]);
  });
  afterAll(() => api.close());

  it('bottles in bond: packaged into the warehouse, the loss apart, bottles and packaging on stock', async () => {
    const r = await k.save(
      'bottling',
      bottling({
        bom: [
          { item: glass, quantity: 120 },
          { item: corks, quantity: 120 },
        ],
      }),
    );
    expect(r.errors).toBeUndefined();
    first = r.id;
    // out of the tank: 120 x 0.750 L = 90.000 L with 410 x 90 / 1000 = 36.900 LAA;
    // into the bottles: 90 x 40 / 100 = 36.000 LAA; loss 36.900 - 36.000 = 0.900 LAA
    expect(await k.ledger(first)).toEqual([
      ['SpiritsReductionLossesPrescribed', tank, '0.000', '-0.900'],
      ['SpiritsReductionPackagedToOwnWarehouse', tank, '-90.000', '-36.000'],
    ]);
    // 1000 - 90 = 910 L; 410 - 36.9 = 373.1 LAA
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 910, laa: 373.1, lot: 'GIN-1' });
    // value: the spirit 2000 x 90 / 1000 = $180.00, 120 bottles $60.00, 120 corks $12.00 = $252.00
    expect(await k.movements(first)).toEqual([
      ['Consumed', glass, null, null, '-120.000000', '0.000', '-60.00'],
      ['Consumed', corks, null, null, '-120.000000', '0.000', '-12.00'],
      ['Produced', gin750, 'B-1', 'InBond', '120.000000', '36.000', '252.00'],
    ]);
    expect(await k.onHand('product', gin750)).toMatchObject({
      quantity: 120,
      laa: 36,
      value: 252,
      buckets: [{ siteName: 'Main', lot: 'B-1', status: 'InBond', quantity: 120, laa: 36, value: 252 }],
    });
    expect(await k.onHand('item', glass)).toMatchObject({ quantity: 880, value: 440 });
    expect(await k.onHand('item', corks)).toMatchObject({ quantity: 880, value: 88 });
  });

  it('re-posts an edit: the old rows reversed, the new ones posted', async () => {
    const r = await k.save(
      'bottling',
      bottling({
        bottles: 60,
        bom: [
          { item: glass, quantity: 60 },
          { item: corks, quantity: 60 },
        ],
      }),
      first,
    );
    expect(r.errors).toBeUndefined();
    // 60 x 0.75 = 45 L; 410 x 45 / 1000 = 18.450 LAA out; 45 x 0.40 = 18.000 in; loss 0.450
    expect(await k.ledger(first)).toEqual([
      ['SpiritsReductionLossesPrescribed', tank, '0.000', '-0.450'],
      ['SpiritsReductionPackagedToOwnWarehouse', tank, '-45.000', '-18.000'],
    ]);
    // 1000 - 45 = 955 L; 410 - 18.45 = 391.55 LAA
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 955, laa: 391.55 });
    // spirit 2000 x 45 / 1000 = $90.00 + 60 x $0.50 + 60 x $0.10 = $126.00
    expect(await k.onHand('product', gin750)).toMatchObject({ quantity: 60, laa: 18, value: 126 });
    expect(await k.onHand('item', glass)).toMatchObject({ quantity: 940 });
    expect(await k.onHand('item', corks)).toMatchObject({ quantity: 940 });
  });

  it('bottles duty paid: the duty point; bottles stronger than the tank post a gauging gain', async () => {
    // no packaging taken: reduceInventory is off
    const r = await k.save(
      'bottling',
      bottling({
        lot: 'B-2',
        bottles: 24,
        strength: 41.5,
        dutyPaid: true,
        reduceInventory: false,
        bom: [{ item: glass, quantity: 24 }],
      }),
    );
    expect(r.errors).toBeUndefined();
    // 24 x 0.75 = 18 L; the tank gives 391.55 x 18 / 955 = 7.380 LAA; the bottles hold
    // 18 x 41.5 / 100 = 7.470 LAA: 0.090 LAA more, a gauging adjustment into the tank
    expect(await k.ledger(r.id)).toEqual([
      ['SpiritsAdjustment', tank, '0.000', '0.090'],
      ['SpiritsReductionPackagedDutyPaid', tank, '-18.000', '-7.470'],
    ]);
    // 955 - 18 = 937 L; 391.55 - 7.38 = 384.17 LAA
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 937, laa: 384.17 });
    // value: 1910 x 18 / 955 = $36.00 of spirit, nothing else
    expect(await k.onHand('product', gin750, undefined)).toMatchObject({
      quantity: 84,
      buckets: [
        { lot: 'B-1', status: 'InBond', quantity: 60, laa: 18 },
        { lot: 'B-2', status: 'DutyPaid', quantity: 24, laa: 7.47, value: 36 },
      ],
    });
    expect(await k.onHand('item', glass)).toMatchObject({ quantity: 940 });
  });

  it('conserves LAA: what left the tank is what is in the bottles plus the loss', async () => {
    const rows = [
      ...(await k.ledger(first)),
      ...(await k.ledger((await k.save('bottling', bottling({ lot: 'B-3', bottles: 7, strength: 40.3 }))).id)),
    ];
    // B-3: 7 x 0.75 = 5.25 L; the tank gives 384.17 x 5.25 / 937 = 2.1525 -> 2.153 LAA (half away
    // from zero); the bottles 5.25 x 40.3 / 100 = 2.11575 -> 2.116 LAA; loss 0.037 LAA
    expect(rows.slice(2)).toEqual([
      ['SpiritsReductionLossesPrescribed', tank, '0.000', '-0.037'],
      ['SpiritsReductionPackagedToOwnWarehouse', tank, '-5.250', '-2.116'],
    ]);
    // the tank's LAA went down by 18.450 + 7.380 + 2.153 from 410: 382.017
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 931.75, laa: 382.017 });
    const bottled = await k.onHand('product', gin750);
    // 18 + 7.47 + 2.116 = 27.586 LAA in bottles; losses 0.45 + 0.037, gain 0.09:
    // 27.586 + 0.487 - 0.09 = 27.983 = 410 - 382.017
    expect(bottled.laa).toBe(27.586);
  });

  it('empties a tank to the last drop: the loss leaves no LAA behind', async () => {
    const small = await k.co.tank('Small tank', 100);
    // 7.5 L at 40.1 %: 7.5 x 40.1 / 100 = 3.0075 -> 3.008 LAA
    await k.co.act('exciseInitial', {
      vesselId: small,
      date: '2026-05-01',
      alcoholType: 'Spirit',
      alcoholId: k.co.gin,
      lot: 'GIN-2',
      volume: 7.5,
      strength: 40.1,
    });
    const r = await k.save('bottling', bottling({ lot: 'B-4', tank: small, bottles: 10 }));
    expect(r.errors).toBeUndefined();
    // 10 x 0.75 = 7.5 L at 40 % = 3.000 LAA; loss 0.008
    expect(await k.ledger(r.id)).toEqual([
      ['SpiritsReductionLossesPrescribed', small, '0.000', '-0.008'],
      ['SpiritsReductionPackagedToOwnWarehouse', small, '-7.500', '-3.000'],
    ]);
    expect(await k.co.contents('tank', small)).toBeNull();
    expect(await k.remove(r.id)).toBeNull();
    expect(await k.co.contents('tank', small)).toMatchObject({ volume: 7.5, laa: 3.008, lot: 'GIN-2' });
  });

  it('bottles wine with the Wine categories: in bond into the warehouse, the loss authorised', async () => {
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, k.co.companyId));
    const merlot = await k.co.create('wine', { name: 'Merlot 2026', exciseCategory: 'Over7' });
    const vat = await k.co.tank('Wine vat', 2000);
    // 500 L at 12.6 %: 500 x 12.6 / 100 = 63.000 LAA
    await k.co.act('exciseInitial', {
      vesselId: vat,
      date: '2026-05-01',
      alcoholType: 'Wine',
      alcoholId: merlot,
      lot: 'MER-1',
      volume: 500,
      strength: 12.6,
    });
    const wine750 = await k.co.create('product', { name: 'Merlot 750', containerSize: 0.75, strength: 12.5 });
    // no strength on the record: the product's 12.5 %. 400 x 0.75 = 300 L; the vat gives
    // 63 x 300 / 500 = 37.800 LAA; the bottles hold 300 x 12.5 / 100 = 37.500; loss 0.300
    const r = await k.save(
      'bottling',
      bottling({ lot: 'W-1', tank: vat, product: wine750, bottles: 400, strength: null }),
    );
    expect(r.errors).toBeUndefined();
    expect(await k.ledger(r.id)).toEqual([
      ['WineReductionLossesAuthorised', vat, '0.000', '-0.300'],
      ['WineReductionPackagedToOwnWarehouse', vat, '-300.000', '-37.500'],
    ]);
    // 500 - 300 = 200 L; 63 - 37.8 = 25.2 LAA
    expect(await k.co.contents('tank', vat)).toMatchObject({ alcoholType: 'Wine', volume: 200, laa: 25.2 });
    expect(await k.onHand('product', wine750)).toMatchObject({
      quantity: 400,
      laa: 37.5,
      buckets: [{ lot: 'W-1', status: 'InBond', quantity: 400 }],
    });
  });

  it('refuses more bottles than the tank holds, a product without a container size, a used lot', async () => {
    const tooMany = await k.save('bottling', bottling({ lot: 'B-9', bottles: 2000 }));
    // 2000 x 0.75 = 1500 L; the tank holds 931.75 L
    expect(tooMany.errors?.[0].extensions.info.fields).toMatchObject({
      bottles: 'Tank Gin tank holds 931.750 L; 2000 bottles of 0.750 L take 1,500.000 L',
    });
    const loose = await k.co.create('product', { name: 'Sample', strength: 40 });
    const noSize = await k.save('bottling', bottling({ lot: 'B-9', product: loose }));
    expect(noSize.errors?.[0].extensions.info.fields).toMatchObject({
      product: 'Sample has no container size: set it on the product to bottle it',
    });
    const used = await k.save('bottling', bottling({ lot: 'b-1' }));
    expect(String((used.errors?.[0].extensions.info.fields as Record<string, string>).lot)).toMatch(
      /^Lot b-1 is already used by the bottling of 2026-05-10/,
    );
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 931.75, laa: 382.017 });
  });

  it('refuses to delete a bottling whose bottles were sold, and deletes once they are back', async () => {
    // 50 of the 60 bottles of lot B-1 sold
    const sale = await k.stock([
      {
        date: '2026-05-20',
        kind: 'Product',
        stockId: gin750,
        lot: 'B-1',
        status: 'InBond',
        quantity: -k.units(50),
        category: 'Sold',
      },
    ]);
    expect(await k.remove(first)).toBe(
      `This cannot be undone: Gin 750 (at Main, lot B-1, in bond) holds 10 bottles; the transaction takes 60 bottles out of it: used since by the test transaction ${sale} of 2026-05-20. Edit or delete that first`,
    );
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 931.75, laa: 382.017 });
    await k.inTx(async (ctx) => {
      const { reverseStock } = await import('../../src/server/domain/inventory/stock');
      await reverseStock(ctx, { refType: 'test', refId: sale });
    });
    expect(await k.remove(first)).toBeNull();
    // 45 L and 18.450 LAA back: 976.75 L, 400.467 LAA; the packaging back on the shelf
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 976.75, laa: 400.467 });
    expect(await k.ledger(first)).toEqual([]);
    expect(await k.onHand('item', glass)).toMatchObject({ quantity: 1000, value: 500 });
    expect(await k.onHand('item', corks)).toMatchObject({ quantity: 1000, value: 100 });
    expect((await k.onHand('product', gin750)).buckets).toEqual([
      expect.objectContaining({ lot: 'B-2', status: 'DutyPaid', quantity: 24 }),
      expect.objectContaining({ lot: 'B-3', status: 'InBond', quantity: 7 }),
    ]);
  });

  it('keeps companies apart: another company can neither bottle from the tank nor use the product', async () => {
    const other = await stagedKit(api);
    const theirs = await other.co.create('product', { name: 'Their gin', containerSize: 0.75, strength: 40 });
    const fromOurTank = await other.save('bottling', { ...bottling({ lot: 'X-1' }), product: theirs });
    expect(fromOurTank.errors?.[0].extensions.info.fields).toMatchObject({ tank: 'Not found' });
    const theirTank = await other.co.tank('Their tank');
    const ourProduct = await other.save('bottling', { ...bottling({ lot: 'X-2' }), tank: theirTank });
    expect(ourProduct.errors?.[0].extensions.info.fields).toMatchObject({ product: 'Not found' });
    expect(await k.co.contents('tank', tank)).toMatchObject({ volume: 976.75 });
  });
});
