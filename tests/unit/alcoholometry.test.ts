import { describe, expect, it } from 'vitest';
import {
  ABW_ETHANOL_CONSTANT,
  AlcoholometryError,
  DENSITY_TOLERANCE,
  abvAt20,
  abvFromAbw,
  abwFromAbv,
  densityOf,
  densityRange,
  densitySlope,
  fromMassAndAbv,
  fromMassAndDensity,
  fromVolumeAndAbv,
  fromVolumeAndDensity,
  lookupByDensity,
  lookupByStrength,
  massFractionFromAbv,
  massFractionFromDensity,
  proof,
  waterToReduce,
} from '../../src/shared/alcoholometry/index.js';
import type { AlcoholometryField } from '../../src/shared/alcoholometry/index.js';

// Grids are built from integer steps so that both edges are hit exactly (no float drift).
const TEMPS = Array.from({ length: 121 }, (_, i) => -20 + i * 0.5);
const FRACTIONS = Array.from({ length: 101 }, (_, j) => j / 100);

/** Asserts that `value` rounds to the published figure at the published number of decimals. */
function expectPublished(value: number, published: string): void {
  const decimals = published.split('.')[1]?.length ?? 0;
  expect(value.toFixed(decimals)).toBe(published);
}

function expectDomainError(fn: () => unknown, field: AlcoholometryField, message?: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AlcoholometryError);
  const error = caught as AlcoholometryError;
  expect(error.name).toBe('AlcoholometryError');
  expect(error.field).toBe(field);
  expect(error.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe('densityOf: published OIML R 22 check values', () => {
  it.each([
    [0.31, 13, '956.42'],
    [0.88, -10, '848.57'],
    [0, 20, '998.20123'],
    [1, 20, '789.2391'],
    [0, 0, '999.8369'],
    [1, 0, '806.2151'],
    [0.5, 20, '913.7706'],
  ])('rho(%s, %s) = %s', (p, t, published) => {
    expectPublished(densityOf(p, t), published);
  });

  // The published values have 2 to 5 decimals, too few to catch a mistyped high-order
  // coefficient. These were computed term by term (plain powers, no Horner, no regrouping) from
  // the reference file's coefficients in a separate script, and pin every (t-20)^i column.
  it.each([
    [0.05, -20, 985.984555806],
    [0.19, -20, 978.493724211],
    [0.42, -17.5, 957.483132489],
    [0.77, 5.5, 863.013569551],
    [0.88, -10, 848.567104265],
    [0.66, 31.5, 867.287301073],
    [0.97, 40, 781.023675823],
    [0.12, 38, 972.448026651],
  ])('rho(%s, %s) = %s by term-by-term evaluation', (p, t, expected) => {
    expect(Math.abs(densityOf(p, t) - expected)).toBeLessThan(1e-8);
  });

  it('40 %vol is about 948.05 kg/m3 at 20 °C', () => {
    expectPublished(lookupByStrength(20, 40).density, '948.05');
    expectPublished(densityOf(massFractionFromAbv(40), 20), '948.05');
  });

  it('density range at 20 °C runs from pure ethanol to pure water', () => {
    const range = densityRange(20);
    expectPublished(range.min, '789.2391');
    expectPublished(range.max, '998.20123');
  });
});

describe('monotonicity over the whole temperature range', () => {
  it('rho strictly decreases in p at every temperature (step 0.001)', () => {
    let violations = 0;
    let steepestFlat = -Infinity;
    for (const t of TEMPS) {
      let previous = densityOf(0, t);
      for (let j = 1; j <= 1000; j++) {
        const current = densityOf(j / 1000, t);
        if (!(current < previous)) violations++;
        previous = current;
        steepestFlat = Math.max(steepestFlat, densitySlope(j / 1000, t));
      }
    }
    expect(violations).toBe(0);
    // The least negative slope found is about -6 kg/m3 per unit p (p ~ 0.19 at -20 °C).
    expect(steepestFlat).toBeLessThan(-5);
  });

  it('analytic dρ/dp matches a central difference', () => {
    const h = 1e-6;
    for (const t of [-20, -7.5, 0, 13, 20, 33.5, 40]) {
      for (const p of [0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999]) {
        const numeric = (densityOf(p + h, t) - densityOf(p - h, t)) / (2 * h);
        expect(Math.abs(densitySlope(p, t) - numeric)).toBeLessThan(1e-4);
      }
    }
  });

  it('ABV at 20 °C strictly increases in p', () => {
    let previous = abvAt20(0);
    for (let j = 1; j <= 1000; j++) {
      const current = abvAt20(j / 1000);
      expect(current).toBeGreaterThan(previous);
      previous = current;
    }
    expect(abvAt20(0)).toBe(0);
    // rho(1, 20) = 789.2391 is a hair under the defining 789.24.
    expectPublished(abvAt20(1), '99.9999');
  });
});

describe('inverse lookups round-trip on a dense grid (t step 0.5, p step 0.01)', () => {
  it('massFractionFromDensity converges to |Δρ| < 1e-9 kg/m3', () => {
    let worst = 0;
    for (const t of TEMPS) {
      for (const p of FRACTIONS) {
        const density = densityOf(p, t);
        const q = massFractionFromDensity(density, t);
        expect(q).toBeGreaterThanOrEqual(0);
        expect(q).toBeLessThanOrEqual(1);
        worst = Math.max(worst, Math.abs(densityOf(q, t) - density));
      }
    }
    expect(worst).toBeLessThan(DENSITY_TOLERANCE);
  });

  it('lookupByDensity recovers the strength within 0.001 %vol', () => {
    let worst = 0;
    for (const t of TEMPS) {
      for (const p of FRACTIONS) {
        const row = lookupByDensity(t, densityOf(p, t));
        worst = Math.max(worst, Math.abs(row.b - abvAt20(p)));
      }
    }
    expect(worst).toBeLessThan(0.001);
  });

  it('lookupByStrength recovers the density within 0.001 kg/m3', () => {
    let worst = 0;
    for (const t of TEMPS) {
      for (const p of FRACTIONS) {
        const row = lookupByStrength(t, abvAt20(p));
        worst = Math.max(worst, Math.abs(row.density - densityOf(p, t)));
      }
    }
    expect(worst).toBeLessThan(0.001);
  });

  it('massFractionFromAbv inverts abvAt20 for 0..100 %vol in steps of 0.25', () => {
    let worst = 0;
    for (let i = 0; i <= 400; i++) {
      const abv = i / 4;
      worst = Math.max(worst, Math.abs(abvAt20(massFractionFromAbv(abv)) - abv));
    }
    // Includes 100 %vol, which maps to p = 1 (ABV 99.99989).
    expect(worst).toBeLessThan(0.001);
    expect(massFractionFromAbv(100)).toBe(1);
    expect(massFractionFromAbv(0)).toBe(0);
  });
});

describe('lookups a, b, c', () => {
  it('40 %vol at 20 °C', () => {
    const row = lookupByStrength(20, 40);
    expect(row.temp).toBe(20);
    expect(row.b).toBe(40);
    expectPublished(row.c, '1.05480');
    expectPublished(row.a, '0.42192');
  });

  it('c = 1000 / rho(p, 20), a = c b / 100 = 1000 p / 789.24, at every grid point', () => {
    for (const t of [-20, -10.5, 0, 12, 20, 27.5, 40]) {
      for (const p of [0, 0.05, 0.33, 0.5, 0.8, 1]) {
        const density = densityOf(p, t);
        const row = lookupByDensity(t, density);
        expect(row.temp).toBe(t);
        expect(row.density).toBe(density);
        expect(row.c).toBeCloseTo(1000 / densityOf(p, 20), 9);
        expect(row.a).toBeCloseTo((row.c * row.b) / 100, 12);
        expect(row.a).toBeCloseTo((1000 * p) / 789.24, 9);

        // The same mixture looked up by strength gives the same row.
        const byStrength = lookupByStrength(t, row.b);
        expect(byStrength.density).toBeCloseTo(density, 6);
        expect(byStrength.a).toBeCloseTo(row.a, 9);
        expect(byStrength.c).toBeCloseTo(row.c, 9);
      }
    }
  });

  it('the reading temperature matters: 900 kg/m3 is stronger when warm', () => {
    const cold = lookupByDensity(5, 900).b;
    const warm = lookupByDensity(35, 900).b;
    expect(lookupByDensity(20, 900).b).toBeCloseTo(63.9968, 4);
    expect(warm).toBeLessThan(cold);
  });

  it('an in-air density is not a true density: in-air pure ethanol is out of range', () => {
    expectDomainError(() => lookupByDensity(20, 788.1589894), 'density');
    // Adding the reference's own 20 °C offset (789.24 - 788.1589894) brings it back in range.
    expect(lookupByDensity(20, 788.1589894 + 1.0810106).b).toBeGreaterThan(99.99);
  });
});

describe('domain errors', () => {
  it('temperature: -20 and 40 pass, just outside and non-finite throw', () => {
    expect(() => densityOf(0.4, -20)).not.toThrow();
    expect(() => densityOf(0.4, 40)).not.toThrow();
    const message = 'Temperature must be between -20 and 40 °C';
    expectDomainError(() => densityOf(0.4, -20.0001), 'temp', message);
    expectDomainError(() => densityOf(0.4, 40.0001), 'temp', message);
    expectDomainError(() => densityOf(0.4, Number.NaN), 'temp');
    expectDomainError(() => densityOf(0.4, Number.POSITIVE_INFINITY), 'temp');
    expectDomainError(() => massFractionFromDensity(900, 40.0001), 'temp', message);
    expectDomainError(() => lookupByDensity(-20.0001, 900), 'temp', message);
    expectDomainError(() => lookupByStrength(40.0001, 40), 'temp', message);
    expectDomainError(() => lookupByStrength(Number.NaN, 40), 'temp');
    expectDomainError(() => densityRange(41), 'temp');
    expectDomainError(() => densitySlope(0.5, -21), 'temp');
    expectDomainError(() => waterToReduce(100, 60, 40, 40.5), 'temp');
  });

  it('mass fraction: 0 and 1 pass, just outside and NaN throw', () => {
    expect(densityOf(0, 20)).toBe(998.20123);
    expect(() => densityOf(1, 20)).not.toThrow();
    expectDomainError(() => densityOf(-1e-9, 20), 'p', 'Mass fraction must be between 0 and 1');
    expectDomainError(() => densityOf(1 + 1e-9, 20), 'p');
    expectDomainError(() => densityOf(Number.NaN, 20), 'p');
    expectDomainError(() => abvAt20(1.01), 'p');
    expectDomainError(() => densitySlope(-0.1, 20), 'p');
  });

  it('density: the ends of the range at each temperature pass, just outside throws', () => {
    for (const t of [-20, 0, 20, 40]) {
      const { min, max } = densityRange(t);
      expect(massFractionFromDensity(min, t)).toBe(1);
      expect(massFractionFromDensity(max, t)).toBe(0);
      expect(lookupByDensity(t, max).b).toBe(0);
      expectDomainError(() => massFractionFromDensity(min - 1e-6, t), 'density');
      expectDomainError(() => massFractionFromDensity(max + 1e-6, t), 'density');
      expectDomainError(() => lookupByDensity(t, min - 1e-6), 'density');
      expectDomainError(() => lookupByDensity(t, max + 1e-6), 'density');
    }
    expectDomainError(
      () => lookupByDensity(20, 1005),
      'density',
      'Density 1005 kg/m3 is outside 789.24..998.2 at 20 °C',
    );
    // The spec's calculator allows 780, which only exists above about 30 °C.
    expect(() => lookupByDensity(40, 780)).not.toThrow();
    expectDomainError(() => lookupByDensity(20, 780), 'density');
    expectDomainError(() => lookupByDensity(20, Number.NaN), 'density');
    expectDomainError(() => massFractionFromDensity(Number.NEGATIVE_INFINITY, 20), 'density');
  });

  it('ABV: 0 and 100 pass, just outside and NaN throw, named after the argument', () => {
    expect(lookupByStrength(20, 0).density).toBe(998.20123);
    expect(lookupByStrength(20, 100).density).toBeCloseTo(789.2391, 4);
    expectDomainError(() => lookupByStrength(20, -0.001), 'b', 'Strength must be between 0 and 100 %');
    expectDomainError(() => lookupByStrength(20, 100.001), 'b');
    expectDomainError(() => lookupByStrength(20, Number.NaN), 'b');
    expect(() => massFractionFromAbv(100)).not.toThrow();
    expectDomainError(() => massFractionFromAbv(100.001), 'abv', 'ABV must be between 0 and 100 %');
    expectDomainError(() => massFractionFromAbv(-0.001), 'abv');
    expectDomainError(() => massFractionFromAbv(Number.NaN), 'abv');
    expectDomainError(() => abwFromAbv(101), 'abv');
    expectDomainError(() => proof(-1), 'abv');
    expectDomainError(() => proof(Number.NaN), 'abv');
    expectDomainError(() => abvFromAbw(100.001), 'abw');
    expectDomainError(() => abvFromAbw(Number.NaN), 'abw');
    expect(abvFromAbw(100)).toBeCloseTo(100, 3);
  });

  it('calculator inputs', () => {
    expectDomainError(() => fromMassAndAbv(-1, 40), 'massKg');
    expectDomainError(() => fromMassAndAbv(Number.NaN, 40), 'massKg');
    expectDomainError(() => fromMassAndAbv(10, 100.5), 'abv');
    expectDomainError(() => fromVolumeAndAbv(-0.001, 40), 'volumeL');
    expectDomainError(() => fromMassAndDensity(10, 1010, 20), 'density');
    expectDomainError(() => fromVolumeAndDensity(10, 900, 45), 'temp');
    expectDomainError(() => waterToReduce(-1, 60, 40), 'volumeL');
    expectDomainError(() => waterToReduce(100, 101, 40), 'fromAbv');
    expectDomainError(() => waterToReduce(100, 40, 60), 'toAbv', 'Target ABV must not be above the starting ABV');
    expectDomainError(() => waterToReduce(100, 40, 0), 'toAbv', 'Target ABV must be above 0 %');
  });

  it('a value passed as a string from a form is rejected, not coerced', () => {
    const fromForm = '20' as unknown as number;
    expectDomainError(() => densityOf(0.5, fromForm), 'temp');
  });
});

describe('ABW and proof', () => {
  it('ABW = ABV x 0.78924 / (rho(p, 20) / 1000) = 100 p', () => {
    for (const abv of [0.5, 5, 12.5, 40, 57.1, 63.5, 80, 96]) {
      const p = massFractionFromAbv(abv);
      const specFormula = (abv * ABW_ETHANOL_CONSTANT) / (densityOf(p, 20) / 1000);
      expect(abwFromAbv(abv)).toBeCloseTo(specFormula, 8);
      expect(abwFromAbv(abv)).toBeCloseTo(100 * p, 12);
      expect(abvFromAbw(abwFromAbv(abv))).toBeCloseTo(abv, 8);
    }
    expectPublished(abwFromAbv(40), '33.30');
    expect(abwFromAbv(0)).toBe(0);
    expect(abwFromAbv(100)).toBe(100);
  });

  it('proof is US proof, 2 x ABV', () => {
    expect(proof(40)).toBe(80);
    expect(proof(0)).toBe(0);
    expect(proof(100)).toBe(200);
    expect(proof(43.25)).toBe(86.5);
  });
});

describe('calculator helpers', () => {
  it('mass and ABV give litres at 20 °C and LAA (kg x c, kg x a)', () => {
    const q = fromMassAndAbv(100, 40);
    const row = lookupByStrength(20, 40);
    expect(q.litres20).toBeCloseTo(100 * row.c, 9);
    expect(q.laa).toBeCloseTo(100 * row.a, 9);
    expectPublished(q.litres20, '105.480');
    expectPublished(q.laa, '42.192');
    expect(q.proof).toBe(80);
    expectPublished(q.abw, '33.30');
  });

  it('litres at 20 °C and ABV give LAA and kg', () => {
    const q = fromVolumeAndAbv(100, 40);
    expect(q.laa).toBeCloseTo(40, 12);
    expectPublished(q.massKg, '94.805');
    // LAA x 0.78924 kg/L is the ethanol mass, i.e. ABW x kg / 100.
    expect(q.laa * ABW_ETHANOL_CONSTANT).toBeCloseTo((q.abw * q.massKg) / 100, 9);
  });

  it('density modes agree with the ABV modes', () => {
    const byDensity = fromMassAndDensity(250, 930, 15);
    const byAbv = fromMassAndAbv(250, lookupByDensity(15, 930).b);
    expect(byDensity.litres20).toBeCloseTo(byAbv.litres20, 9);
    expect(byDensity.laa).toBeCloseTo(byAbv.laa, 9);
    const v = fromVolumeAndDensity(100, 948.0450815610524, 20);
    expect(v.abv).toBeCloseTo(40, 6);
    expect(v.laa).toBeCloseTo(40, 6);
  });
});

describe('waterToReduce', () => {
  it('100 L at 60 % to 40 %: mass balance checked by hand', () => {
    // By hand: rho(60 %) = 909.114 and rho(40 %) = 948.045 kg/m3 at 20 °C. The 60 LAA carry
    // 60 x 0.78924 = 47.354 kg of ethanol, unchanged by adding water, so the result is
    // 60 / 0.40 = 150 L weighing 150 x 0.948045 = 142.207 kg. Start mass 100 x 0.909114 =
    // 90.911 kg, so water = 51.295 kg = 51.295 / 0.99820123 = 51.388 L (at 20 °C).
    const r = waterToReduce(100, 60, 40);
    expectPublished(r.finalMassKg, '142.207');
    expectPublished(r.waterKg, '51.295');
    expectPublished(r.waterL, '51.388');
    expect(r.finalVolumeL).toBeCloseTo(150, 6);
    // Ethanol mass is conserved.
    const ethanolBefore = massFractionFromAbv(60) * fromVolumeAndAbv(100, 60).massKg;
    const ethanolAfter = massFractionFromAbv(40) * r.finalMassKg;
    expect(ethanolAfter).toBeCloseTo(ethanolBefore, 9);
    expect(ethanolBefore).toBeCloseTo(60 * ABW_ETHANOL_CONSTANT, 9);
  });

  it('differs from the naive V x (from/to - 1) because the mix contracts', () => {
    const naive = 100 * (60 / 40 - 1);
    const r = waterToReduce(100, 60, 40);
    expect(naive).toBe(50);
    expect(r.waterL - naive).toBeGreaterThan(1.3);
    // The 51.4 L of water and 100 L of spirit make only 150 L, not 151.4 L.
    expect(r.waterL + 100 - r.finalVolumeL).toBeGreaterThan(1.3);
  });

  it('water measured at another temperature takes its volume at that temperature', () => {
    const at20 = waterToReduce(100, 60, 40);
    const at4 = waterToReduce(100, 60, 40, 4);
    expect(at4.waterKg).toBe(at20.waterKg);
    expect(at4.waterL).toBeCloseTo((at20.waterKg * 1000) / densityOf(0, 4), 12);
    expect(at4.waterL).toBeLessThan(at20.waterL);
  });

  it('no reduction needs no water; still-strength spirit to bottle strength', () => {
    expect(waterToReduce(100, 40, 40)).toEqual({
      waterL: 0,
      waterKg: 0,
      finalVolumeL: 100,
      finalMassKg: fromVolumeAndAbv(100, 40).massKg,
    });
    const r = waterToReduce(1000, 94.5, 40);
    expect(r.finalVolumeL).toBeCloseTo((1000 * 94.5) / 40, 5);
    expect(r.waterL).toBeGreaterThan(1000 * (94.5 / 40 - 1));
  });
});
