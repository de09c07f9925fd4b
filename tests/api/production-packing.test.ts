// Mixed-pack packing and assembly through the API: components leave stock (with lots, in bond
// or duty paid), the pack or assembled item enters it with their LAA and value; editing
// re-posts, deleting reverses, a delete whose output was used refuses. Figures by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reverseStock } from '../../src/server/domain/inventory/stock';
import { backends, startApi, type TestApi } from './harness';
import { stagedKit } from './stagedKit';

describe.each(backends)('packing and assembly on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let gin50 = '';
  let rye50 = '';
  let box = '';
  let tasting = '';
  let packing = '';
  const date = '2026-05-12T12:00:00Z';

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    gin50 = await k.co.create('product', { name: 'Gin 50', containerSize: 0.05, strength: 40 });
    rye50 = await k.co.create('product', { name: 'Rye 50', containerSize: 0.05, strength: 45 });
    tasting = await k.co.create('product', { name: 'Tasting box', mixedPack: true });
    box = await k.co.create('item', { name: 'Gift box', type: 'Inventory', trackUnits: 'ea', precision: 0 });
    // in bond: 100 gin 50 mL, lot G-1, 100 x 0.05 x 40 % = 2.000 LAA worth $150.00;
    // 100 rye 50 mL, 100 x 0.05 x 45 % = 2.250 LAA worth $200.00; 50 gift boxes for $100.00
    await k.stock([
      {
        kind: 'Product',
        stockId: gin50,
        lot: 'G-1',
        status: 'InBond',
        quantity: k.units(100),
        laa: 2_000,
        value: 15_000,
      },
      { kind: 'Product', stockId: rye50, status: 'InBond', quantity: k.units(100), laa: 2_250, value: 20_000 },
      { stockId: box, quantity: k.units(50), value: 10_000 },
    ]);
  });
  afterAll(() => api.close());

  const packingInput = (packs: number, over: Record<string, unknown> = {}) => ({
    lot: 'P-1',
    date,
    site: k.co.site,
    product: tasting,
    quantity: packs,
    components: [
      { product: gin50, lot: 'G-1', quantity: packs },
      { product: rye50, quantity: 2 * packs },
      { item: box, quantity: packs },
    ],
    ...over,
  });

  it('packs: the bottles and the box leave stock, the packs arrive with their LAA and value', async () => {
    const r = await k.save('packing', packingInput(20));
    expect(r.errors).toBeUndefined();
    packing = r.id;
    // gin 20 of 100: 0.400 LAA, $30.00; rye 40 of 100: 0.900 LAA, $80.00; 20 boxes $40.00;
    // 20 packs: 1.300 LAA, $150.00
    expect(await k.movements(packing)).toEqual([
      ['Consumed', gin50, 'G-1', 'InBond', '-20.000000', '-0.400', '-30.00'],
      ['Consumed', rye50, null, 'InBond', '-40.000000', '-0.900', '-80.00'],
      ['Consumed', box, null, null, '-20.000000', '0.000', '-40.00'],
      ['Produced', tasting, 'P-1', 'InBond', '20.000000', '1.300', '150.00'],
    ]);
    expect(await k.onHand('product', tasting)).toMatchObject({ quantity: 20, laa: 1.3, value: 150 });
    expect(await k.onHand('product', rye50)).toMatchObject({ quantity: 60, laa: 1.35, value: 120 });
    // packaged alcohol changes form, not excise status: nothing on the excise ledger
    expect(await k.ledger(packing)).toEqual([]);
  });

  it('re-posts an edit', async () => {
    const r = await k.save('packing', packingInput(10), packing);
    expect(r.errors).toBeUndefined();
    // gin 10: 0.200 LAA $15.00; rye 20: 0.450 LAA $40.00; 10 boxes $20.00: 10 packs 0.650 LAA $75.00
    expect(await k.onHand('product', tasting)).toMatchObject({ quantity: 10, laa: 0.65, value: 75 });
    expect(await k.onHand('product', gin50)).toMatchObject({ quantity: 90, laa: 1.8 });
    expect(await k.onHand('item', box)).toMatchObject({ quantity: 40, value: 80 });
  });

  it('refuses a product that is not a mixed pack, and duty-paid packs from bottles in bond', async () => {
    const notPack = await k.save('packing', packingInput(1, { lot: 'P-2', product: gin50, components: [] }));
    // the generic records layer refuses it first (the field's refFilter mixedPack: true);
    // planPacking refuses it again should the filter go
    expect(notPack.errors?.[0].extensions.info.fields).toMatchObject({ product: expect.any(String) });
    const dutyPaid = await k.save('packing', packingInput(1, { lot: 'P-2', dutyPaid: true }));
    expect(dutyPaid.errors?.[0].message).toBe(
      'Gin 50 (at Main, lot G-1, duty paid) holds 0 bottles; the transaction takes 1 bottles out of it',
    );
  });

  it('refuses to delete a packing whose packs were sold, and deletes once they are back', async () => {
    const sale = await k.stock([
      {
        date: '2026-05-20',
        kind: 'Product',
        stockId: tasting,
        lot: 'P-1',
        status: 'InBond',
        quantity: -k.units(5),
        category: 'Sold',
      },
    ]);
    expect(await k.remove(packing)).toBe(
      `This cannot be undone: Tasting box (at Main, lot P-1, in bond) holds 5 bottles; the transaction takes 10 bottles out of it: used since by the test transaction ${sale} of 2026-05-20. Edit or delete that first`,
    );
    await k.inTx((ctx) => reverseStock(ctx, { refType: 'test', refId: sale }));
    expect(await k.remove(packing)).toBeNull();
    expect(await k.onHand('product', tasting)).toMatchObject({ quantity: 0 });
    expect(await k.onHand('product', gin50)).toMatchObject({ quantity: 100, laa: 2, value: 150 });
    expect(await k.onHand('product', rye50)).toMatchObject({ quantity: 100, laa: 2.25, value: 200 });
    expect(await k.onHand('item', box)).toMatchObject({ quantity: 50, value: 100 });
  });

  describe('assembly', () => {
    let juniper = '';
    let coriander = '';
    let mix = '';
    let assembly = '';
    const assemblyInput = (q: number, j: number, c: number) => ({
      lot: 'A-1',
      date,
      site: k.co.site,
      item: mix,
      quantity: q,
      components: [
        { item: juniper, lot: 'J-3', quantity: j },
        { item: coriander, quantity: c },
      ],
    });

    beforeAll(async () => {
      juniper = await k.co.create('item', { name: 'Juniper', type: 'Inventory', trackUnits: 'kg', precision: 3 });
      coriander = await k.co.create('item', { name: 'Coriander', type: 'Inventory', trackUnits: 'kg', precision: 3 });
      mix = await k.co.create('item', { name: 'Botanical mix', type: 'Inventory', trackUnits: 'kg', precision: 3 });
      // 10 kg of juniper, lot J-3, $200.00 ($20/kg); 5 kg of coriander $50.00 ($10/kg)
      await k.stock([
        { stockId: juniper, lot: 'J-3', quantity: k.units(10), value: 20_000 },
        { stockId: coriander, quantity: k.units(5), value: 5_000 },
      ]);
    });

    it('assembles: components out, the assembled item in at their value', async () => {
      const r = await k.save('assembly', assemblyInput(3, 2, 1));
      expect(r.errors).toBeUndefined();
      assembly = r.id;
      // 2 kg juniper $40.00 + 1 kg coriander $10.00 = 3 kg of mix worth $50.00
      expect(await k.movements(assembly)).toEqual([
        ['Consumed', juniper, 'J-3', null, '-2.000000', '0.000', '-40.00'],
        ['Consumed', coriander, null, null, '-1.000000', '0.000', '-10.00'],
        ['Produced', mix, 'A-1', null, '3.000000', '0.000', '50.00'],
      ]);
      expect(await k.onHand('item', mix)).toMatchObject({ quantity: 3, value: 50 });
    });

    it('re-posts an edit and refuses an item made of itself', async () => {
      const r = await k.save('assembly', assemblyInput(1.5, 1, 0.5), assembly);
      expect(r.errors).toBeUndefined();
      // 1 kg juniper $20.00 + 0.5 kg coriander $5.00 = 1.5 kg worth $25.00
      expect(await k.onHand('item', mix)).toMatchObject({ quantity: 1.5, value: 25 });
      expect(await k.onHand('item', juniper)).toMatchObject({ quantity: 9, value: 180 });
      const self = await k.save('assembly', {
        ...assemblyInput(1, 1, 1),
        lot: 'A-2',
        components: [{ item: mix, quantity: 1 }],
      });
      expect(self.errors?.[0].extensions.info.fields).toMatchObject({
        'components.0.item': 'An item cannot be a component of itself',
      });
    });

    it('refuses to delete an assembly whose item was used, and deletes once it is back', async () => {
      const used = await k.stock([
        { date: '2026-05-20', stockId: mix, lot: 'A-1', quantity: -k.units(1), category: 'Consumed' },
      ]);
      expect(await k.remove(assembly)).toBe(
        // the refusal names the later use (here a bare stock posting of the test's own)
        `This cannot be undone: Botanical mix (at Main, lot A-1) holds 0.5 kg; the transaction takes 1.5 kg out of it: used since by the test transaction ${used} of 2026-05-20. Edit or delete that first`,
      );
      await k.inTx((ctx) => reverseStock(ctx, { refType: 'test', refId: used }));
      expect(await k.remove(assembly)).toBeNull();
      expect(await k.onHand('item', juniper)).toMatchObject({ quantity: 10, value: 200 });
      expect(await k.onHand('item', coriander)).toMatchObject({ quantity: 5, value: 50 });
      expect(await k.onHand('item', mix)).toMatchObject({ quantity: 0 });
    });
  });

  it('keeps companies apart', async () => {
    const other = await stagedKit(api);
    const theirPack = await other.co.create('product', { name: 'Their box', mixedPack: true });
    const r = await other.save('packing', {
      lot: 'X-1',
      date,
      product: theirPack,
      quantity: 1,
      components: [{ product: gin50, lot: 'G-1', quantity: 1 }],
    });
    expect(r.errors?.[0].extensions.info.fields).toMatchObject({ 'components.0.product': 'Not found' });
    expect(await k.onHand('product', gin50)).toMatchObject({ quantity: 100 });
  });
});
