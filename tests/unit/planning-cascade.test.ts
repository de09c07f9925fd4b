// The production behind the bottles to make (issue 17, cascadeMath.ts), figures worked by hand.
//
// Product "Rye 40" to bottle: 250 bottles x 0.750 L = 187.500 L (forecastMath's volume).
// Product "Rye 45": 100 bottles x 0.375 L = 37.500 L. Both blended by formula "Rye blend"
// (scale base 100): Rye spirit 52.5 % at 76.20 % ABV, Water 47.5 % (not a spirit), item
// "Oak chips" 0.200 per 100 L blended.
//   Rye 40: rye litres = 187.500 x 52.5 / 100 = 98.4375 -> 98.438 (half away from zero)
//           LAA = 98.438 x 76.20 / 100 = 75.009756 -> 75.010
//           oak chips = 0.200 x 187.500 / 100 = 0.375
//   Rye 45: rye litres = 37.500 x 52.5 / 100 = 19.6875 -> 19.688
//           LAA = 19.688 x 76.20 / 100 = 15.002256 -> 15.002
//           oak chips = 0.200 x 37.500 / 100 = 0.075
//   blend volume 187.500 + 37.500 = 225.000 L for 2 products; rye 118.126 L, 90.012 LAA;
//   oak chips 0.450.
// Process "Rye spirit run" makes the rye (Hearts); its past runs gave 41.000, 39.500 and 40.250
// LAA of Hearts: average 120.750 / 3 = 40.250. Runs = 90.012 / 40.250 = 2.236... -> 3.
// It charges 600 L of "Rye wash" and 0.5 "Antifoam" a run: 1800 and 1.5.
// Product "Gin" (10.000 L) has no formula: listed as such, nothing cascaded.
//
// With 30.000 LAA of rye in tanks: to distil 90.012 - 30.000 = 60.012 LAA; runs = 60.012 /
// 40.250 = 1.49... -> 2; run items 600 x 2 = 1200 L of Rye wash and 0.5 x 2 = 1.0 Antifoam.
// The process's past runs charged 1,200.000 L of wash each from fermenters last filled by mash
// bill "Rye mash" (written for 1,000 L: Rye grain 250, Yeast 0.5): to mash 1,200 x 2 = 2,400 L;
// scaled, Rye grain 250 x 2,400 / 1,000 = 600.000 and Yeast 0.5 x 2,400 / 1,000 = 1.200. A bill
// that does not scale is mashed whole: 2,400 / 1,000 -> 3 mashes, 750 grain and 1.5 yeast.
// With 100.000 LAA in tanks there is nothing to distil: 0 runs, no mash, no run items.
import { describe, expect, it } from 'vitest';
import { cascade, type CascadeInput } from '../../src/server/domain/planning/cascadeMath';

const input: CascadeInput = {
  bottling: [
    { productId: 'p40', volume: '187.500', formulaId: 'f1' },
    { productId: 'p45', volume: '37.500', formulaId: 'f1' },
    { productId: 'gin', volume: '10.000', formulaId: null },
    { productId: 'none', volume: '0.000', formulaId: 'f1' },
  ],
  formulas: [
    {
      formulaId: 'f1',
      name: 'Rye blend',
      scaleBase: '100',
      lines: [
        { type: 'Spirit', spiritId: 's1', spiritName: 'Rye', itemName: null, quantity: '52.5', strength: '76.20' },
        { type: 'NonExcise', spiritId: null, spiritName: null, itemName: null, quantity: '47.5', strength: null },
        { type: 'Item', spiritId: null, spiritName: null, itemName: 'Oak chips', quantity: '0.200', strength: null },
      ],
    },
  ],
  processes: [
    {
      processId: 'pr1',
      name: 'Rye spirit run',
      spiritId: 's1',
      pastRunsLaa: ['41.000', '39.500', '40.250'],
      inputs: [
        { itemName: 'Rye wash', quantity: '600' },
        { itemName: 'Antifoam', quantity: '0.5' },
      ],
    },
    // a second process making rye: the first one given (by name) is the one used
    { processId: 'pr2', name: 'Rye, second still', spiritId: 's1', pastRunsLaa: ['10'], inputs: [] },
  ],
};

describe('the production behind the bottles to make', () => {
  const result = cascade(input);

  it('blends the products by their formula', () => {
    expect(result.blends).toEqual([{ formulaId: 'f1', name: 'Rye blend', volume: '225.000', products: 2 }]);
    expect(result.withoutFormula).toEqual(['gin']);
  });

  it('needs the formula’s spirit by percentage and strength, and the runs of the process making it', () => {
    expect(result.spirits).toEqual([
      {
        spiritId: 's1',
        name: 'Rye',
        litres: '118.126',
        laa: '90.012',
        inTanks: '0.000',
        toDistil: '90.012',
        processId: 'pr1',
        processName: 'Rye spirit run',
        laaPerRun: '40.250',
        runs: 3,
      },
    ]);
  });

  it('adds the formula’s and the runs’ items', () => {
    const items = Object.fromEntries([...result.itemNeeds.values()].map((n) => [n.name, n.quantity]));
    // scaled at 3 decimals: 0.450 -> 450n, 1800 -> 1800000n, 1.5 -> 1500n
    expect(items).toEqual({ 'Oak chips': 450n, 'Rye wash': 1_800_000n, Antifoam: 1500n });
  });

  it('cannot count runs with no past run of the process (nor a process)', () => {
    const r = cascade({
      ...input,
      processes: [{ ...input.processes[0], pastRunsLaa: [] }],
    });
    expect(r.spirits[0]).toMatchObject({ processName: 'Rye spirit run', laaPerRun: null, runs: null });
    expect([...r.itemNeeds.keys()]).toEqual(['oak chips']);
    const none = cascade({ ...input, processes: [] });
    expect(none.spirits[0]).toMatchObject({ processId: null, runs: null });
  });

  describe('with spirit in tanks and the mash behind the runs', () => {
    const withMash: CascadeInput = {
      ...input,
      processes: [{ ...input.processes[0], washPerRun: '1200.000', mashBillId: 'mb1' }, input.processes[1]],
      mashBills: [
        {
          mashBillId: 'mb1',
          name: 'Rye mash',
          volume: '1000',
          scalable: true,
          items: [
            { itemName: 'Rye grain', quantity: '250' },
            { itemName: 'Yeast', quantity: '0.5' },
          ],
        },
      ],
      spiritInTanks: { s1: '30.000' },
    };
    const items = (r: ReturnType<typeof cascade>) =>
      Object.fromEntries([...r.itemNeeds.values()].map((n) => [n.name, n.quantity]));

    it('deducts the spirit in tanks and mashes the wash of the runs left, scaled', () => {
      const r = cascade(withMash);
      expect(r.spirits[0]).toMatchObject({ inTanks: '30.000', toDistil: '60.012', runs: 2 });
      expect(r.mashes).toEqual([{ mashBillId: 'mb1', name: 'Rye mash', volume: '2400.000', runs: 2 }]);
      expect(items(r)).toEqual({
        'Oak chips': 450n,
        'Rye wash': 1_200_000n,
        Antifoam: 1000n,
        'Rye grain': 600_000n,
        Yeast: 1200n,
      });
    });

    it('mashes a bill that does not scale whole', () => {
      const r = cascade({ ...withMash, mashBills: [{ ...withMash.mashBills![0], scalable: false }] });
      expect(items(r)).toMatchObject({ 'Rye grain': 750_000n, Yeast: 1500n });
    });

    it('distils and mashes nothing when the tanks hold enough', () => {
      const r = cascade({ ...withMash, spiritInTanks: { s1: '100.000' } });
      expect(r.spirits[0]).toMatchObject({ inTanks: '100.000', toDistil: '0.000', runs: 0 });
      expect(r.mashes).toEqual([]);
      expect(items(r)).toEqual({ 'Oak chips': 450n });
    });
  });
});
