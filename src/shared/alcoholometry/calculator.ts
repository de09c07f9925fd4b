// Quantities for the top-bar alcohol calculator. Everything goes through mass: ethanol mass
// is conserved when liquids are mixed, volume is not (water and ethanol contract on mixing).
import { density20Unchecked, densityUnchecked } from './density.js';
import { AlcoholometryError, requireNonNegative, requirePercent, requireTemp } from './errors.js';
import { massFractionFromDensity } from './inverse.js';
import { abvAt20Unchecked, massFractionFromAbvUnchecked } from './strength.js';

export interface CalculatorQuantities {
  massKg: number;
  /** volume at 20 °C, L */
  litres20: number;
  /** litres of absolute alcohol at 20 °C */
  laa: number;
  /** ABV at 20 °C, % */
  abv: number;
  /** ABW, % (= 100 x ethanol mass fraction) */
  abw: number;
  /** US proof */
  proof: number;
}

function quantities(massKg: number, litres20: number, abv: number, p: number): CalculatorQuantities {
  return { massKg, litres20, laa: (litres20 * abv) / 100, abv, abw: 100 * p, proof: 2 * abv };
}

/** Weighed mass (kg) of a spirit of known ABV at 20 °C. */
export function fromMassAndAbv(massKg: number, abv: number): CalculatorQuantities {
  requireNonNegative('massKg', 'Weight', massKg);
  requirePercent('abv', 'ABV', abv);
  const p = massFractionFromAbvUnchecked(abv);
  return quantities(massKg, (massKg * 1000) / density20Unchecked(p), abv, p);
}

/** Volume at 20 °C (L) of a spirit of known ABV at 20 °C. */
export function fromVolumeAndAbv(litres20: number, abv: number): CalculatorQuantities {
  requireNonNegative('volumeL', 'Volume', litres20);
  requirePercent('abv', 'ABV', abv);
  const p = massFractionFromAbvUnchecked(abv);
  return quantities((litres20 * density20Unchecked(p)) / 1000, litres20, abv, p);
}

export interface Reduction {
  /** water to add, L, measured at the water temperature `t` */
  waterL: number;
  waterKg: number;
  /** volume after mixing and settling back to 20 °C, L */
  finalVolumeL: number;
  finalMassKg: number;
}

/**
 * Water needed to bring `volumeL` litres (at 20 °C) of spirit from `fromAbv` down to `toAbv`,
 * with the water measured at `t` °C. The mix contracts, so more water is needed than the
 * naive V x (from/to - 1): that figure is the growth in final volume, not the water added.
 */
export function waterToReduce(volumeL: number, fromAbv: number, toAbv: number, t = 20): Reduction {
  requireNonNegative('volumeL', 'Volume', volumeL);
  requirePercent('fromAbv', 'Starting ABV', fromAbv);
  requirePercent('toAbv', 'Target ABV', toAbv);
  requireTemp(t);
  if (toAbv > fromAbv) {
    throw new AlcoholometryError('toAbv', 'Target ABV must not be above the starting ABV');
  }
  if (toAbv === 0 && fromAbv > 0) {
    throw new AlcoholometryError('toAbv', 'Target ABV must be above 0 %');
  }
  const p1 = massFractionFromAbvUnchecked(fromAbv);
  const mass1 = (volumeL * density20Unchecked(p1)) / 1000;
  if (toAbv === fromAbv) {
    return { waterL: 0, waterKg: 0, finalVolumeL: volumeL, finalMassKg: mass1 };
  }
  const p2 = massFractionFromAbvUnchecked(toAbv);
  // Ethanol mass p1 m1 is unchanged by adding water, so the final mass is p1 m1 / p2.
  const finalMassKg = (p1 * mass1) / p2;
  const waterKg = finalMassKg - mass1;
  return {
    waterL: (waterKg * 1000) / densityUnchecked(0, t),
    waterKg,
    finalVolumeL: (finalMassKg * 1000) / density20Unchecked(p2),
    finalMassKg,
  };
}

/** Weighed mass (kg) of a spirit whose true density was read at `temp` °C (calculator mode A). */
export function fromMassAndDensity(massKg: number, density: number, temp: number): CalculatorQuantities {
  requireNonNegative('massKg', 'Weight', massKg);
  const p = massFractionFromDensity(density, temp);
  const abv = abvAt20Unchecked(p);
  return quantities(massKg, (massKg * 1000) / density20Unchecked(p), abv, p);
}

/** Volume at 20 °C (L) of a spirit whose true density was read at `temp` °C (mode B). */
export function fromVolumeAndDensity(litres20: number, density: number, temp: number): CalculatorQuantities {
  requireNonNegative('volumeL', 'Volume', litres20);
  const p = massFractionFromDensity(density, temp);
  const abv = abvAt20Unchecked(p);
  return quantities((litres20 * density20Unchecked(p)) / 1000, litres20, abv, p);
}
