// Density -> mass fraction at a fixed temperature.
import { coefficientsAt, P_TERMS, polyValue, requireDensityIn } from './density.js';
import { requireFinite, requireTemp } from './errors.js';
import { solveMonotone } from './solver.js';

/** Residual at which the solver stops, kg/m3. */
export const DENSITY_TOLERANCE = 1e-9;

// Reused across calls: lookups are synchronous, so no two calls can share it at once.
const scratch = new Float64Array(P_TERMS);

/**
 * Ethanol mass fraction p (0..1) of a mixture whose true density at t °C is `density` kg/m3.
 * Throws AlcoholometryError when t is outside -20..40 or the density is outside what the
 * formula gives at t for p in [0, 1] (pure ethanol .. pure water).
 */
export function massFractionFromDensity(density: number, t: number): number {
  requireTemp(t);
  requireFinite('density', 'Density', density);
  const c = coefficientsAt(t, scratch);
  requireDensityIn(density, t, polyValue(c, P_TERMS, 1), c[0]);
  return solveMonotone(c, P_TERMS, density, DENSITY_TOLERANCE);
}
