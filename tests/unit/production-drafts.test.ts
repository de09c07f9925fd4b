// The production create routes prefilled from a recipe (spec 2.4) with spec 5's scaling.
// Expected figures worked by hand in the comments.
import { describe, expect, it } from 'vitest';
import { amountOf, draftKindOf } from '../../src/app/pages/productionDrafts/drafts';

const kind = (entity: string) => draftKindOf(entity)!;

describe('production drafts', () => {
  it('scales a mash bill to the volume asked', () => {
    const bill = {
      id: '7',
      name: 'Rye mash',
      volume: 1000,
      scalable: true,
      items: [
        { id: '71', item: { id: '1', name: 'Rye' }, quantity: 250 },
        { id: '72', item: { id: '2', name: 'Malt' }, quantity: 52.5 },
      ],
    };
    // 1500 L of a 1000 L bill: 250 x 1.5 = 375 kg, 52.5 x 1.5 = 78.75 kg
    expect(kind('mash').draft(bill, 1500)).toEqual({
      mashBill: { id: '7', name: 'Rye mash', volume: 1000, scalable: true, items: bill.items },
      volume: 1500,
      items: [
        { item: { id: '1', name: 'Rye' }, quantity: 375 },
        { item: { id: '2', name: 'Malt' }, quantity: 78.75 },
      ],
    });
    // a bill that does not scale keeps its quantities
    expect(kind('mash').draft({ ...bill, scalable: false }, 1500).items).toEqual([
      { item: { id: '1', name: 'Rye' }, quantity: 250 },
      { item: { id: '2', name: 'Malt' }, quantity: 52.5 },
    ]);
  });

  it('scales a formula: spirits by percent, other inputs by the base', () => {
    const formula = {
      id: '9',
      scaleBase: 100,
      blendStrength: 40,
      inputs: [
        { id: '91', type: 'Spirit', spirit: { id: '3' }, quantity: 60, minQuantity: 55, maxQuantity: 65 },
        { id: '92', type: 'Spirit', spirit: { id: '4' }, quantity: 40 },
        { id: '93', type: 'Item', item: { id: '5' }, quantity: 2 },
      ],
    };
    // 500 L: 500 x 60 / 100 = 300 L, 500 x 40 / 100 = 200 L; the item 2 x 500 / 100 = 10
    const draft = kind('blend').draft(formula, 500);
    expect(draft).toMatchObject({ formula: { id: '9' }, blendToVolume: 500, blendStrength: 40 });
    expect((draft.inputs as Record<string, unknown>[]).map((l) => [l.type, l.quantity, l.minQuantity])).toEqual([
      ['Spirit', 300, undefined],
      ['Spirit', 200, undefined],
      ['Item', 10, undefined],
    ]);
    expect((draft.inputs as Record<string, unknown>[])[0].id).toBeUndefined();
  });

  it('bottles cases of a product with its bill of materials', () => {
    const product = {
      id: '11',
      name: 'Rye 750',
      strength: 40,
      caseSize: 6,
      bom: [
        { id: '111', name: 'Label', quantity: 1, per: 'Bottle' },
        { id: '112', name: 'Shipper box', quantity: 1, per: 'Case' },
        { id: '113', name: 'Capsule', quantity: 1, per: 'Bottle' },
      ],
    };
    // 10 cases of 6: 60 bottles, 60 labels and capsules, 10 boxes
    expect(kind('bottling').draft(product, 10)).toEqual({
      product: { ...product, id: '11' },
      caseSize: 6,
      strength: 40,
      bottles: 60,
      bom: [
        { name: 'Label', quantity: 60 },
        { name: 'Shipper box', quantity: 10 },
        { name: 'Capsule', quantity: 60 },
      ],
    });
  });

  it('reads the amount from the query string and ignores nonsense', () => {
    expect(amountOf(new URLSearchParams('mashBillId=7&volume=1500'), kind('mash'))).toBe(1500);
    expect(amountOf(new URLSearchParams('mashBillId=7&volume=-3'), kind('mash'))).toBeNull();
    expect(amountOf(new URLSearchParams('mashBillId=7&volume=lots'), kind('mash'))).toBeNull();
    expect(amountOf(new URLSearchParams('processId=7'), kind('distillation'))).toBeNull();
  });
});
