// Safeguarded Newton iteration for a polynomial in p that is monotone on [0, 1]. Both inverse
// problems (density -> p at fixed t, ABV -> p) reduce to this. From the linear guess Newton
// converges in 2 to 8 steps over the whole table, but the curvature of the density curve
// means the first step can land outside the bracket (it does for p around 0.4 below about
// -17 °C); keeping a sign-change bracket and bisecting whenever a step leaves it makes
// convergence unconditional.

const MAX_ITERATIONS = 100;

/**
 * Returns p in [0, 1] with |poly(p) - target| < tolerance, where poly(p) = sum c[k] p^k (k < n)
 * is strictly monotone on [0, 1]. Targets at or beyond an end value return that end (0 or 1):
 * callers validate their domain first, so this clamp only absorbs exact end points and the
 * documented 789.2391 vs 789.24 gap at 100 %vol.
 */
export function solveMonotone(c: Float64Array, n: number, target: number, tolerance: number): number {
  const v0 = c[0];
  let v1 = 0;
  for (let k = n - 1; k >= 0; k--) v1 += c[k];
  // Orient so that g(p) = sign * (poly(p) - target) is increasing.
  const sign = v1 > v0 ? 1 : -1;
  if (sign * (v0 - target) >= 0) return 0;
  if (sign * (v1 - target) <= 0) return 1;

  let lo = 0;
  let hi = 1;
  let p = (target - v0) / (v1 - v0);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let d = 0;
    let v = c[n - 1];
    for (let k = n - 2; k >= 0; k--) {
      d = d * p + v;
      v = v * p + c[k];
    }
    const residual = v - target;
    if (Math.abs(residual) < tolerance) return p;
    if (sign * residual < 0) lo = p;
    else hi = p;
    let next = p - residual / d;
    // The negated test also catches NaN from a zero derivative.
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    // Bracket collapsed to adjacent doubles: rounding noise in poly() now exceeds tolerance.
    if (next === p || hi - lo <= Number.EPSILON) return p;
    p = next;
  }
  return p;
}
