// Conversions between mass fraction, ABV at 20 °C, ABW and proof.
import { A } from './coefficients.js';
import { density20Unchecked } from './density.js';
import { requireMassFraction, requirePercent } from './errors.js';
import { solveMonotone } from './solver.js';

/** Density of pure ethanol at 20 °C (kg/m3) that defines ABV in OIML R 22. */
export const ETHANOL_DENSITY_20 = 789.24;

/** The same constant in kg/L, as the spec writes it for ABW. */
export const ABW_ETHANOL_CONSTANT = 0.78924;

/** Residual at which the ABV solver stops, %vol. */
export const ABV_TOLERANCE = 1e-10;

// ABV(p) = 100 p rho(p, 20) / 789.24 is itself a polynomial in p (degree 12, no constant
// term), so the inverse can run the same solver as the density inverse on fixed coefficients.
const ABV_TERMS = A.length + 1;
const abvCoefficients = new Float64Array(ABV_TERMS);
for (let k = 0; k < A.length; k++) abvCoefficients[k + 1] = (100 * A[k]) / ETHANOL_DENSITY_20;

/** Unchecked ABV at 20 °C in %vol. */
export function abvAt20Unchecked(p: number): number {
  return (100 * p * density20Unchecked(p)) / ETHANOL_DENSITY_20;
}

/** Unchecked inverse of abvAt20. */
export function massFractionFromAbvUnchecked(abv: number): number {
  return solveMonotone(abvCoefficients, ABV_TERMS, abv, ABV_TOLERANCE);
}

/** ABV at 20 °C, % by volume, of a mixture with ethanol mass fraction p. */
export function abvAt20(p: number): number {
  requireMassFraction(p);
  return abvAt20Unchecked(p);
}

/**
 * Ethanol mass fraction for an ABV at 20 °C (0..100 %vol).
 *
 * The formula's rho(1, 20) is 789.2391, a hair under the 789.24 that defines ABV, so
 * abvAt20(1) is 99.99989 rather than 100. ABV in that last 0.00011 %vol maps to p = 1; it is
 * inside the legal 0..100 domain and far below the 0.01 %vol anyone reads, so it is not
 * treated as an extrapolation.
 */
export function massFractionFromAbv(abv: number): number {
  requirePercent('abv', 'ABV', abv);
  return massFractionFromAbvUnchecked(abv);
}

/**
 * ABW % (= 100 p) from ABV %. Algebraically the spec's ABV x 0.78924 / (rho(p, 20) / 1000);
 * computed as 100 p so that 100 %vol gives exactly 100 % by weight despite the 789.2391 gap.
 */
export function abwFromAbv(abv: number): number {
  requirePercent('abv', 'ABV', abv);
  return 100 * massFractionFromAbvUnchecked(abv);
}

/** ABV % at 20 °C from ABW % (= 100 p). */
export function abvFromAbw(abw: number): number {
  requirePercent('abw', 'ABW', abw);
  return abvAt20Unchecked(abw / 100);
}

/** US proof (2 x ABV). Canada reports % by volume and LAA and has no legal proof today. */
export function proof(abv: number): number {
  requirePercent('abv', 'ABV', abv);
  return 2 * abv;
}
