/**
 * OIML R 22 alcoholometry (International Alcoholometric Tables), shared by browser and server.
 * Pure functions, no dependencies, no I/O.
 *
 * Densities are TRUE densities (in vacuo), kg/m3. CRA's laboratory tables apply the same
 * formula to densities weighed in air, which read about 1.05 to 1.08 kg/m3 lower (pure ethanol
 * at 20 °C: 788.1589894 kg/m3 in air against 789.24 true). An in-air density must be converted
 * to true density before it is looked up here; feeding it in directly overstates the strength.
 *
 * Strength is ABV at 20 °C (% by volume, the `b` of the tables); ABW is % by weight (= 100 x
 * ethanol mass fraction p); proof is US proof (2 x ABV). A lookup row gives, per kg of mixture:
 *   a  litres of absolute alcohol at 20 °C   (a = c x b / 100)
 *   b  ABV at 20 °C, %
 *   c  litres of mixture at 20 °C            (c = 1000 / rho(p, 20))
 * so LAA = kg x a and litres at 20 °C = kg x c.
 *
 * Domain: temperature -20..40 °C, p 0..1, ABV and ABW 0..100 %, density between the formula's
 * values for pure ethanol and pure water at the given temperature. Anything else, or a
 * non-finite number, throws AlcoholometryError naming the field; nothing is extrapolated.
 */
export { AlcoholometryError, TEMP_MAX, TEMP_MIN } from './errors.js';
export type { AlcoholometryField } from './errors.js';
export { densityOf, densityRange, densitySlope } from './density.js';
export type { DensityRange } from './density.js';
export { DENSITY_TOLERANCE, massFractionFromDensity } from './inverse.js';
export {
  ABV_TOLERANCE,
  ABW_ETHANOL_CONSTANT,
  ETHANOL_DENSITY_20,
  abvAt20,
  abvFromAbw,
  abwFromAbv,
  massFractionFromAbv,
  proof,
} from './strength.js';
export { lookupByDensity, lookupByStrength } from './lookup.js';
export type { AlcoholometricLookup } from './lookup.js';
export {
  fromMassAndAbv,
  fromMassAndDensity,
  fromVolumeAndAbv,
  fromVolumeAndDensity,
  waterToReduce,
} from './calculator.js';
export type { CalculatorQuantities, Reduction } from './calculator.js';
