// The scaling rules of spec 5 against figures worked by hand, and the blend and wine arithmetic
// the production records post (water from the alcoholometric tables, ABV from gravity).
import { describe, expect, it } from 'vitest';
import { scaleBom, scaleBy, scaleFormula, scaleMash } from '../../src/server/domain/production/scaling';
import { blendOutput } from '../../src/server/domain/production/blend';
import { strengthFromGravity } from '../../src/server/domain/production/wineFermentation';

describe('scaleBy', () => {
  it('multiplies and divides exactly, rounding once half away from zero', () => {
    // 0.1 x 3 / 1 = 0.3 exactly (binary floats give 0.30000000000000004)
    expect(scaleBy(0.1, 3, 1)).toBe(0.3);
    // 1 x 2 / 3 = 0.6666… -> 0.667
    expect(scaleBy(1, 2, 3)).toBe(0.667);
    // 0.0005 x 1 / 1 to 3 places: 0.0005 is half a thousandth -> 0.001 (half away from zero)
    expect(scaleBy(0.0005, 1, 1)).toBe(0.001);
    // 2.5 to 0 places -> 3; -2.5 -> -3
    expect(scaleBy(2.5, 1, 1, 0)).toBe(3);
    expect(scaleBy(-2.5, 1, 1, 0)).toBe(-3);
  });
});

describe('mash scaling: proportional to the new volume', () => {
  const bill = {
    volume: 1000,
    scalable: true,
    items: [
      { name: 'Malted barley', quantity: 250, precision: 1 },
      { name: 'Rye', quantity: 120.5 },
      { name: 'Yeast', quantity: 0.333 },
    ],
  };
  it('scales each item by new volume / bill volume', () => {
    const scaled = scaleMash(bill, 1500);
    // 250 x 1500 / 1000 = 375.0
    expect(scaled[0].quantity).toBe(375);
    // 120.5 x 1.5 = 180.75
    expect(scaled[1].quantity).toBe(180.75);
    // 0.333 x 1.5 = 0.4995 -> 0.500 at 3 places (half away from zero)
    expect(scaled[2].quantity).toBe(0.5);
    expect(scaled[0].name).toBe('Malted barley');
  });
  it('rounds to the item precision', () => {
    // 250 x 777 / 1000 = 194.25 -> 194.3 at 1 place
    expect(scaleMash(bill, 777)[0].quantity).toBe(194.3);
    // 120.5 x 777 / 1000 = 93.6285 -> 93.629 at 3 places
    expect(scaleMash(bill, 777)[1].quantity).toBe(93.629);
  });
  it('keeps a bill that is not scalable as written', () => {
    expect(scaleMash({ ...bill, scalable: false }, 1500).map((l) => l.quantity)).toEqual([250, 120.5, 0.333]);
  });
});

describe('bottling bill of materials', () => {
  const bom = [
    { name: 'Bottle 750 ml', quantity: 1, per: 'Bottle' as const },
    { name: 'Label', quantity: 2, per: 'Bottle' as const },
    { name: 'Carton', quantity: 1, per: 'Case' as const },
    { name: 'Tape (m)', quantity: 1.25, per: 'Case' as const, precision: 2 },
    { name: 'Wax (kg)', quantity: 0.015, per: 'Bottle' as const, precision: 3 },
  ];
  it('per Bottle scales by cases x case size; per Case by cases', () => {
    const scaled = scaleBom(bom, 10, 12);
    // 1 x 10 x 12 = 120 bottles
    expect(scaled[0].quantity).toBe(120);
    // 2 x 120 = 240 labels
    expect(scaled[1].quantity).toBe(240);
    // 1 x 10 = 10 cartons
    expect(scaled[2].quantity).toBe(10);
    // 1.25 x 10 = 12.50 m of tape
    expect(scaled[3].quantity).toBe(12.5);
    // 0.015 x 120 = 1.800 kg of wax
    expect(scaled[4].quantity).toBe(1.8);
  });
  it('rounds to the line precision (0 by default)', () => {
    // half a label per bottle, 1 case of 6, 3 cases: 0.5 x 18 = 9
    expect(scaleBom([{ quantity: 0.5, per: 'Bottle' }], 3, 6)[0].quantity).toBe(9);
    // 0.3 per bottle x 5 bottles = 1.5 -> 2 at precision 0
    expect(scaleBom([{ quantity: 0.3, per: 'Bottle' }], 1, 5)[0].quantity).toBe(2);
    // 0.333 per case x 7 cases = 2.331 -> 2.33 at precision 2
    expect(scaleBom([{ quantity: 0.333, per: 'Case', precision: 2 }], 7, 12)[0].quantity).toBe(2.33);
  });
});

describe('formula scaling', () => {
  const formula = {
    scaleBase: 100,
    scaleTo: null as { id: string } | null,
    inputs: [
      { type: 'Spirit' as const, spirit: { id: '1' }, quantity: 37.5 },
      { type: 'Wine' as const, wine: { id: '2' }, quantity: 12.345 },
      { type: 'Item' as const, item: { id: '3' }, quantity: 8 },
      { type: 'Item' as const, item: { id: '4' }, quantity: 0.25 },
      { type: 'NonExcise' as const, nonExcise: { id: '5' }, quantity: 3 },
    ],
  };
  it('spirit and wine quantities are quantity x percent / 100 to 3 decimals', () => {
    const scaled = scaleFormula(formula, 500);
    // 500 x 37.5 / 100 = 187.5
    expect(scaled[0].quantity).toBe(187.5);
    // 500 x 12.345 / 100 = 61.725
    expect(scaled[1].quantity).toBe(61.725);
    // 333.333 x 37.5 / 100 = 124.999875 -> 125.000
    expect(scaleFormula(formula, 333.333)[0].quantity).toBe(125);
    // 1 x 12.345 / 100 = 0.12345 -> 0.123
    expect(scaleFormula(formula, 1)[1].quantity).toBe(0.123);
  });
  it('other inputs scale by the scale-to quantity over the base (the blend when no scale-to input)', () => {
    const scaled = scaleFormula(formula, 500);
    // ratio 500 / 100 = 5: 8 x 5 = 40; 0.25 x 5 = 1.25; 3 x 5 = 15
    expect(scaled.slice(2).map((l) => l.quantity)).toEqual([40, 1.25, 15]);
    // ratio 250 / 300 with base 300: 8 x 250 / 300 = 6.6666… -> 6.667
    expect(scaleFormula({ ...formula, scaleBase: 300 }, 250)[2].quantity).toBe(6.667);
  });
  it('with a spirit scale-to input, others scale by its scaled quantity over the base', () => {
    // scale to the spirit (37.5 % of the blend), base 37.5 L of it:
    // blend of 200 L -> spirit 200 x 37.5 / 100 = 75 L; ratio 75 / 37.5 = 2; item 8 x 2 = 16
    const scaled = scaleFormula({ ...formula, scaleBase: 37.5, scaleTo: { id: '1' } }, 200);
    expect(scaled[0].quantity).toBe(75);
    expect(scaled[2].quantity).toBe(16);
    expect(scaled[3].quantity).toBe(0.5);
  });
  it('with an item scale-to input the blend quantity is the scale-to quantity', () => {
    // scale-to item 3 (base 100): 500 / 100 = 5, as without a scale-to input
    expect(scaleFormula({ ...formula, scaleTo: { id: '3' } }, 500)[2].quantity).toBe(40);
  });
  it('keeps other inputs as written when the formula has no base', () => {
    const scaled = scaleFormula({ ...formula, scaleBase: null }, 500);
    expect(scaled[0].quantity).toBe(187.5);
    expect(scaled.slice(2).map((l) => l.quantity)).toEqual([8, 0.25, 3]);
  });
});

describe('blend output', () => {
  it('blends to a volume: the LAA stays, the strength follows', () => {
    // 300 L holding 180 LAA (60 %) made up to 450 L: 180 / 450 = 40.00 %
    const out = blendOutput(300_000, 180_000, { blendToVolume: 450_000 });
    expect(out).toMatchObject({ litres: 450_000, laa: 180_000, strength: 4000 });
    // water from the tables is more than the 150 L the volume grows (contraction)
    expect(out.water!).toBeGreaterThan(150_000);
    expect(out.water!).toBeLessThan(160_000);
  });
  it('blends to a strength: litres = LAA x 100 / strength', () => {
    // 180 LAA at 43 %: 180 x 100 / 43 = 418.6046… -> 418.605 L
    const out = blendOutput(300_000, 180_000, { blendStrength: 4300 });
    expect(out.litres).toBe(418_605);
    expect(out.strength).toBe(4300);
  });
  it('measured litres win over the targets; none at all keep the inputs litres', () => {
    expect(blendOutput(300_000, 180_000, { litres: 440_000, blendToVolume: 450_000 }).litres).toBe(440_000);
    expect(blendOutput(300_000, 180_000, {})).toMatchObject({ litres: 300_000, strength: 6000, water: 0 });
  });
});

describe('wine strength from gravity', () => {
  it('is (OG - FG) x 131.25 to 2 decimals', () => {
    // 1.090 - 0.995 = 0.095 x 131.25 = 12.46875 -> 12.47 %
    expect(strengthFromGravity(1.09, 0.995)).toBe(1247);
    // 1.050 - 1.010 = 0.040 x 131.25 = 5.25 %
    expect(strengthFromGravity(1.05, 1.01)).toBe(525);
    expect(strengthFromGravity(1.0, 1.0)).toBeNull();
  });
});
