// Exact decimals as scaled BigInt: a value v at scale s is the integer v x 10^s. Money is never
// added, multiplied or rounded as a binary float: GraphQL hands numbers in as JS numbers
// (0.1 arrives as the float nearest 0.1), so a number is read through its shortest decimal
// text (String(0.1) === '0.1'), which is the decimal the person typed.

/** 10^n as a BigInt. */
export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Integer division n / d rounded half away from zero (d ≠ 0). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** `total` split over `weights` in proportion, by cumulative rounding: share i is total x (the
 * weights up to i) / (all the weights), rounded, less the shares before it, so the shares add up
 * to `total` exactly. Weights that sum to zero share nothing out: every share is 0. */
export function shareOut(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  let running = 0n;
  let given = 0n;
  return weights.map((weight) => {
    running += weight;
    const upTo = sum === 0n ? 0n : divRound(total * running, sum);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/** Units at scale `from` to units at scale `to`, rounded half away from zero when it shrinks. */
export function rescale(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * pow10(to - from);
  return divRound(units, pow10(from - to));
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The exact value of a decimal string or a number: digits and scale, nothing rounded. */
export function parseDecimal(value: string | number | bigint): { units: bigint; scale: number } {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a decimal: ${value}`);
  const text = String(value).trim();
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not a decimal: ${text}`);
  const frac = m[3] ?? '';
  let units = BigInt((m[2] || '0') + frac);
  let scale = frac.length - Number(m[4] ?? 0);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: m[1] === '-' ? -units : units, scale };
}

/** A decimal string or number as units of 10^-scale, rounded half away from zero. Null and
 * empty count as 0 (the spec's decimal input: empty counts as 0). */
export function toScaled(value: string | number | bigint | null | undefined, scale: number): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const d = parseDecimal(value);
  return rescale(d.units, d.scale, scale);
}

/** Units of 10^-scale as decimal text with exactly `scale` decimals ('-0.05', '12', '1.500'). */
export function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Round a decimal string or number to `scale` decimals, half away from zero, as text. */
export const roundDecimal = (value: string | number | null | undefined, scale: number): string =>
  fromScaled(toScaled(value, scale), scale);
