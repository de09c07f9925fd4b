// Exact quantities: volumes, LAA and kg in thousandths (integers), strength in hundredths of a
// percent, value in cents. Nothing is added or compared as a binary float; each derived figure
// is rounded once, half away from zero, where it is computed.

/** an integer count of thousandths (L, LAA, kg) */
export type Milli = number;
/** an integer count of hundredths of a % ABV */
export type Centi = number;

/** Largest volume one row may carry: 99,999,999.999 L keeps every product below 2^53. */
export const MAX_MILLI = 99_999_999_999;

const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** A database numeric as text ("-12.345") to an integer of 10^-scale units, exactly. */
export function parseScaled(text: string | number | null | undefined, scale: number): number {
  if (text === null || text === undefined) return 0;
  const s = String(text).trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`Not a decimal: ${s}`);
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) throw new Error(`More than ${scale} decimals: ${s}`);
  const n = Number((m[2] || '0') + frac.slice(0, scale));
  return m[1] ? -n : n;
}

/** An integer of 10^-scale units to the decimal text a numeric column takes. */
export function formatScaled(n: number, scale: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.abs(n)).padStart(scale + 1, '0');
  return scale ? `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}` : `${sign}${digits}`;
}

/** A number typed by a person (GraphQL Float) to thousandths, rounded to 3 decimals. */
export const milliOf = (x: number): Milli => roundHalfAway(x * 1000);
export const centiOf = (x: number): Centi => roundHalfAway(x * 100);
export const fromMilli = (m: Milli): number => Number(formatScaled(m, 3));
export const fromCenti = (c: Centi): number => Number(formatScaled(c, 2));

/** LAA = volume x strength / 100, rounded once to 3 decimals. */
export const laaOf = (volume: Milli, strength: Centi): Milli => roundHalfAway((volume * strength) / 10_000);

/** Strength of a quantity: LAA / volume x 100, to 2 decimals (0 for an empty vessel). */
export const strengthOf = (volume: Milli, laa: Milli): Centi =>
  volume === 0 ? 0 : roundHalfAway((laa * 10_000) / volume);

/** The share of `total` that goes with `part` of `whole` (a transfer takes its share of the
 * vessel's LAA, kg and value; a stock movement its share of the site's value), rounded once,
 * half away from zero; the whole of it when the whole is taken, so nothing is left. Worked in
 * BigInt: a value in cents times a quantity in millionths, or LAA times litres in thousandths,
 * passes 2^53. */
export function shareOf(total: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  if (part === whole) return total;
  const n = BigInt(total) * BigInt(part);
  const w = BigInt(whole);
  const negative = n < 0n !== w < 0n;
  const a = n < 0n ? -n : n;
  const b = w < 0n ? -w : w;
  const q = (2n * a + b) / (2n * b);
  return Number(negative ? -q : q);
}

/** "1,234.500 L" as the spec's number display writes volumes (3 decimals, thousands commas). */
export function litresText(m: Milli, unit = 'L'): string {
  const [int, frac] = formatScaled(m, 3).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const grouped = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${frac} ${unit}`;
}

export const strengthText = (c: Centi): string => `${formatScaled(c, 2)} %`;
