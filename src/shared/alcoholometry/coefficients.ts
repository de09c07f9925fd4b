// OIML R 22 (1975) coefficients, copied from the recommendation (see
// /work/shared/reference/oiml-r22.md; only trailing zeros dropped). Do not round them: the
// high-order A terms are large and alternate in sign, so the density depends on every digit.

/** A_1..A_12: the 20 °C curve, coefficient of p^(k-1). */
export const A: readonly number[] = [
  998.20123, -192.9769495, 389.1238958, -1668.103923, 13522.15441, -88292.78388, 306287.4042, -613838.1234, 747017.2998,
  -547846.1354, 223446.0334, -39032.85426,
];

/** B_1..B_6: pure water, coefficient of (t-20)^k. */
export const B: readonly number[] = [
  -0.20618513, -5.2682542e-3, 3.6130013e-5, -3.8957702e-7, 7.169354e-9, -9.9739231e-11,
];

/** C[i-1][k-1] = C_{i,k}: coefficient of p^k (t-20)^i; row i has m_i = 11, 10, 9, 4, 2 terms. */
export const C: readonly (readonly number[])[] = [
  [
    0.1693443461530087, -10.46914743455169, 71.96353469546523, -704.7478054272792, 3924.090430035045,
    -12101.64659068747, 22486.46550400788, -26055.62982188164, 18523.73922069467, -7420.201433430137, 1285.617841998974,
  ],
  [
    -0.0119301300505701, 0.2517399633803461, -2.170575700536993, 13.53034988843029, -50.29988758547014,
    109.635566657757, -142.2753946421155, 108.043594285623, -44.14153236817392, 7.442971530188783,
  ],
  [
    -6.802995733503803e-4, 0.01876837790289664, -0.2002561813734156, 1.02299296671922, -2.895696483903638,
    4.810060584300675, -4.672147440794683, 2.458043105903461, -0.5411227621436812,
  ],
  [4.075376675622027e-6, -8.76305857347111e-6, 6.515031360099368e-6, -1.51578483698721e-6],
  [-2.788074354782409e-8, 1.345612883493354e-8],
];

/** Highest power of p in the formula (A has 12 terms: p^0..p^11). */
export const P_DEGREE = A.length - 1;

/** Slots per column: powers (t-20)^0 .. (t-20)^6. */
const X_STRIDE = B.length + 1;

// Regroup the three sums as rho = sum_k col_k(x) p^k with x = t-20, so the formula becomes a
// Horner evaluation in p whose coefficients are themselves Horner polynomials in x. The
// inverse solvers fix t, evaluate the 12 column polynomials once, then iterate on a plain
// polynomial in p. Columns are stored flat (stride X_STRIDE, ascending powers of x) with their
// degree alongside, so the hot loops touch one typed array and skip the padding zeros.
const columns = new Float64Array((P_DEGREE + 1) * X_STRIDE);
const degrees = new Int32Array(P_DEGREE + 1);

for (let k = 0; k <= P_DEGREE; k++) {
  const base = k * X_STRIDE;
  columns[base] = A[k];
  if (k === 0) {
    B.forEach((b, i) => (columns[base + 1 + i] = b));
    degrees[k] = B.length;
    continue;
  }
  // m_i is non-increasing in i, so the rows that have a p^k term are always 1..d.
  let d = 0;
  while (d < C.length && C[d].length >= k) {
    columns[base + 1 + d] = C[d][k - 1];
    d++;
  }
  degrees[k] = d;
}

export const COLUMNS: Float64Array = columns;
export const COLUMN_DEGREES: Int32Array = degrees;
export const COLUMN_STRIDE: number = X_STRIDE;

/** The 20 °C curve as a typed array (x = 0 leaves only the A terms). */
export const A20: Float64Array = Float64Array.from(A);
