// The posting rules' arithmetic, against figures worked by hand: thousandths and hundredths as
// integers, rounded once, half away from zero; a part takes its share and the whole takes all.
import { describe, expect, it } from 'vitest';
import {
  formatScaled,
  laaOf,
  litresText,
  milliOf,
  parseScaled,
  shareOf,
  strengthOf,
} from '../../src/server/domain/excise/quantities';
import { kgOf } from '../../src/server/domain/excise/actions';
import { EXCISE_CATEGORIES, categoriesOf, categoryFor } from '../../src/shared/excise/categories';

describe('excise quantities', () => {
  it('reads and writes numerics exactly', () => {
    expect(parseScaled('123.456', 3)).toBe(123456);
    expect(parseScaled('-0.5', 3)).toBe(-500);
    expect(parseScaled('7', 2)).toBe(700);
    expect(parseScaled('1.2300', 3)).toBe(1230);
    expect(() => parseScaled('1.2345', 3)).toThrow();
    expect(formatScaled(-1230, 3)).toBe('-1.230');
    expect(formatScaled(5, 3)).toBe('0.005');
    expect(formatScaled(12345, 2)).toBe('123.45');
  });

  it('rounds typed numbers to 3 decimals once, without binary drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as a float; as thousandths it is 300
    expect(milliOf(0.1) + milliOf(0.2)).toBe(milliOf(0.3));
    expect(milliOf(1.0005)).toBe(1001);
    expect(milliOf(-1.0005)).toBe(-1001);
  });

  it('computes LAA = volume x strength / 100 to 3 decimals', () => {
    expect(laaOf(1_000_000, 6500)).toBe(650_000); // 1000 L at 65 % = 650 LAA
    expect(laaOf(498_000, 4010)).toBe(199_698); // 498 L at 40.1 %
    expect(laaOf(1_000, 3333)).toBe(333); // 1 L at 33.33 % = 0.3333 -> 0.333
    expect(laaOf(1_500, 3333)).toBe(500); // 0.49995 -> 0.500 (half up)
    expect(laaOf(-1_500, 3333)).toBe(-500);
  });

  it('gives a part its share and the whole all of it', () => {
    expect(shareOf(466_950, 10_000, 790_000)).toBe(5_911); // 10/790 x 466.95 = 5.9108…
    expect(shareOf(466_950, 790_000, 790_000)).toBe(466_950);
    // products past 2^53 stay exact (worked with Python's integers): 12,345,678.901 LAA x
    // 98,765,432.109 / 99,999,999.999 in thousandths; a negative share keeps its sign
    expect(shareOf(12_345_678_901, 98_765_432_109, 99_999_999_999)).toBe(12_193_263_113);
    expect(shareOf(-150_000, 333_333, 1_000_000)).toBe(-50_000);
    // three thirds of 100 LAA: two shares then the rest sum to the whole exactly
    const first = shareOf(100_000, 1_000, 3_000);
    const second = shareOf(100_000 - first, 1_000, 2_000);
    const third = shareOf(100_000 - first - second, 1_000, 1_000);
    expect([first, second, third]).toEqual([33_333, 33_334, 33_333]);
    expect(first + second + third).toBe(100_000);
  });

  it('derives strength from LAA and volume to 2 decimals', () => {
    expect(strengthOf(1_050_000, 160_000)).toBe(1524); // 160 / 1050 = 15.238 %
    expect(strengthOf(0, 0)).toBe(0);
  });

  it('weighs spirit with the OIML R 22 density at 20 °C', () => {
    // 50 % mass fraction: rho = 913.7706 kg/m3 (published), ABV = 100 x 0.5 x 913.7706 / 789.24 = 57.889 %
    // so 1000 L at 57.89 % weigh about 913.77 kg
    expect(kgOf(1_000_000, 5789) / 1000).toBeCloseTo(913.77, 0);
    expect(kgOf(1_000_000, 0)).toBe(998_201); // pure water 998.20123 kg/m3
  });

  it('writes volumes as the spec displays them', () => {
    expect(litresText(2_000_000)).toBe('2,000.000 L');
    expect(litresText(-1_234_567_891, 'LAA')).toBe('-1,234,567.891 LAA');
  });

  it('has one initial, adjustment and transfer category per alcohol type', () => {
    for (const type of ['Spirit', 'Wine', 'NonExcise'] as const)
      for (const kind of ['initial', 'adjustment', 'transfer'] as const) {
        expect(categoriesOf(type, kind)).toHaveLength(1);
        expect(EXCISE_CATEGORIES[categoryFor(type, kind)].alcoholType).toBe(type);
      }
    expect(categoriesOf('Spirit', 'reduction')).toContain('SpiritsReductionBulkSpiritsReturnedToSpiritProduction');
  });
});
