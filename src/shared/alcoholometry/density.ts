// The OIML R 22 density formula, forward direction, plus the pieces the inverse solvers reuse.
import { A20, COLUMN_DEGREES, COLUMN_STRIDE, COLUMNS, P_DEGREE } from './coefficients.js';
import { AlcoholometryError, formatNumber, requireMassFraction, requireTemp } from './errors.js';

/** Number of coefficients of the density polynomial in p at a fixed temperature. */
export const P_TERMS = P_DEGREE + 1;

/**
 * Fills `out[0..11]` with the coefficients of rho(p) at temperature t (ascending powers of p).
 * No validation: callers check t first. Writing into a caller's buffer keeps the per-lookup
 * path free of allocations.
 */
export function coefficientsAt(t: number, out: Float64Array): Float64Array {
  const x = t - 20;
  for (let k = 0; k < P_TERMS; k++) {
    const base = k * COLUMN_STRIDE;
    let acc = COLUMNS[base + COLUMN_DEGREES[k]];
    for (let i = COLUMN_DEGREES[k] - 1; i >= 0; i--) acc = acc * x + COLUMNS[base + i];
    out[k] = acc;
  }
  return out;
}

/** Horner value of sum c[k] p^k for k < n. */
export function polyValue(c: Float64Array, n: number, p: number): number {
  let v = c[n - 1];
  for (let k = n - 2; k >= 0; k--) v = v * p + c[k];
  return v;
}

/** Unchecked rho(p, t). Same operation order as coefficientsAt + polyValue, so the domain
 * bounds computed from coefficients agree bit for bit with densityOf at p = 0 and p = 1. */
export function densityUnchecked(p: number, t: number): number {
  const x = t - 20;
  let v = 0;
  for (let k = P_DEGREE; k >= 0; k--) {
    const base = k * COLUMN_STRIDE;
    let col = COLUMNS[base + COLUMN_DEGREES[k]];
    for (let i = COLUMN_DEGREES[k] - 1; i >= 0; i--) col = col * x + COLUMNS[base + i];
    v = v * p + col;
  }
  return v;
}

/** Unchecked rho(p, 20): at 20 °C only the A terms survive. */
export function density20Unchecked(p: number): number {
  return polyValue(A20, P_TERMS, p);
}

/**
 * True (in vacuo) density in kg/m3 of an ethanol-water mixture with ethanol mass fraction p
 * (0..1) at t °C (-20..40), by the OIML R 22 formula.
 */
export function densityOf(p: number, t: number): number {
  requireMassFraction(p);
  requireTemp(t);
  return densityUnchecked(p, t);
}

/**
 * Analytic dρ/dp (kg/m3 per unit mass fraction) at (p, t). Negative everywhere in the domain:
 * adding ethanol always lowers the density, which is what makes the inverse well posed.
 */
export function densitySlope(p: number, t: number): number {
  requireMassFraction(p);
  requireTemp(t);
  const c = coefficientsAt(t, new Float64Array(P_TERMS));
  let d = 0;
  let v = c[P_TERMS - 1];
  for (let k = P_TERMS - 2; k >= 0; k--) {
    d = d * p + v;
    v = v * p + c[k];
  }
  return d;
}

export interface DensityRange {
  /** density of pure ethanol (p = 1) at t */
  min: number;
  /** density of pure water (p = 0) at t */
  max: number;
}

/** The densities the formula can produce at t: [rho(1, t), rho(0, t)]. */
export function densityRange(t: number): DensityRange {
  requireTemp(t);
  return { min: densityUnchecked(1, t), max: densityUnchecked(0, t) };
}

/**
 * Throws unless `density` lies in [min, max]. The bounds in the message are rounded inward
 * (min up, max down) so that every value inside the range the user reads is accepted.
 */
export function requireDensityIn(density: number, t: number, min: number, max: number): void {
  if (density < min || density > max) {
    const lo = formatNumber(Math.ceil(min * 100) / 100);
    const hi = formatNumber(Math.floor(max * 100) / 100);
    throw new AlcoholometryError(
      'density',
      `Density ${formatNumber(density, 4)} kg/m3 is outside ${lo}..${hi} at ${formatNumber(t, 2)} °C`,
    );
  }
}
