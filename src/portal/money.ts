// Exact figures for the order form: prices come as decimal strings ("12.50"), quantities as
// what the person typed. The estimated total is computed in integers (thousandths of a unit
// times thousandths of a unit), never in binary floating point, and rounded half away from zero
// to the currency's 2 places, as the server rounds document totals.

const DECIMAL = /^-?\d{1,15}(\.\d{1,3})?$/;

/** A decimal string with at most 3 places as an integer of thousandths; null when not one. */
export function toThousandths(value: string): bigint | null {
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
  return negative ? -units : units;
}

/** A quantity the person typed: a positive number with at most 3 decimals, else null. */
export function parseQuantity(text: string): bigint | null {
  const units = toThousandths(text.replace(',', '.'));
  return units !== null && units > 0n ? units : null;
}

/** price × quantity, both in thousandths, as a decimal string at 2 places (cents). */
export function lineAmount(price: bigint, quantity: bigint): string {
  // thousandths × thousandths = millionths; cents are 10^4 millionths
  const millionths = price * quantity;
  const sign = millionths < 0n ? '-' : '';
  const abs = millionths < 0n ? -millionths : millionths;
  const cents = (abs + 5_000n) / 10_000n;
  return `${sign}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** Sum of decimal strings at 2 places. */
export function sumAmounts(amounts: string[]): string {
  let cents = 0n;
  for (const a of amounts) cents += toThousandths(a)! / 10n;
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
