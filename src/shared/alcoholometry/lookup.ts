// The two table lookups behind the spec's alcoholometricLookupByDensity / ByStrength calls.
import { density20Unchecked, densityUnchecked } from './density.js';
import { requirePercent, requireTemp } from './errors.js';
import { massFractionFromDensity } from './inverse.js';
import { abvAt20Unchecked, massFractionFromAbvUnchecked } from './strength.js';

/** One row of the alcoholometric table, named as in the spec's GraphQL answer. */
export interface AlcoholometricLookup {
  /** temperature of the density reading, °C */
  temp: number;
  /** true (in vacuo) density at `temp`, kg/m3 */
  density: number;
  /** litres of absolute alcohol (at 20 °C) per kg of mixture */
  a: number;
  /** strength: ABV at 20 °C, % */
  b: number;
  /** litres of mixture at 20 °C per kg of mixture */
  c: number;
}

function row(temp: number, density: number, p: number, b: number): AlcoholometricLookup {
  const c = 1000 / density20Unchecked(p);
  return { temp, density, a: (c * b) / 100, b, c };
}

/** Table row for a true density measured at `temp` °C. */
export function lookupByDensity(temp: number, density: number): AlcoholometricLookup {
  const p = massFractionFromDensity(density, temp);
  return row(temp, density, p, abvAt20Unchecked(p));
}

/** Table row for a strength `b` (ABV at 20 °C, %); `density` is the density at `temp`. */
export function lookupByStrength(temp: number, b: number): AlcoholometricLookup {
  requireTemp(temp);
  requirePercent('b', 'Strength', b);
  const p = massFractionFromAbvUnchecked(b);
  return row(temp, densityUnchecked(p, temp), p, b);
}
