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
});
