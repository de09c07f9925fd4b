// Domain errors for the alcoholometry module. The calculator form and the GraphQL resolvers
// both catch these, so each carries the argument at fault (to highlight one input) and an
// English message that can be shown as is.

/** Names reported in `AlcoholometryError.field`. Temperature is always 'temp' (even where the
 * parameter is called `t`) so a form has a single name to map; other names follow the
 * parameter of the function that was called. */
export type AlcoholometryField =
  'temp' | 'p' | 'density' | 'b' | 'abv' | 'abw' | 'fromAbv' | 'toAbv' | 'massKg' | 'volumeL';

export class AlcoholometryError extends Error {
  override readonly name = 'AlcoholometryError';
  readonly field: AlcoholometryField;

  constructor(field: AlcoholometryField, message: string) {
    super(message);
    this.field = field;
  }
}

export const TEMP_MIN = -20;
export const TEMP_MAX = 40;

/** Up to `decimals` decimals without trailing zeros: 998.20 -> '998.2'. */
export function formatNumber(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals)));
}

export function requireFinite(field: AlcoholometryField, label: string, value: number): void {
  // typeof guards callers that bypass the type checker (GraphQL variables, form strings).
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new AlcoholometryError(field, `${label} must be a finite number`);
  }
}

export function requireTemp(t: number): void {
  requireFinite('temp', 'Temperature', t);
  if (t < TEMP_MIN || t > TEMP_MAX) {
    throw new AlcoholometryError('temp', `Temperature must be between ${TEMP_MIN} and ${TEMP_MAX} °C`);
  }
}

export function requireMassFraction(p: number): void {
  requireFinite('p', 'Mass fraction', p);
  if (p < 0 || p > 1) {
    throw new AlcoholometryError('p', 'Mass fraction must be between 0 and 1');
  }
}

/** ABV or ABW in percent, 0..100 inclusive. */
export function requirePercent(field: AlcoholometryField, label: string, value: number): void {
  requireFinite(field, label, value);
  if (value < 0 || value > 100) {
    throw new AlcoholometryError(field, `${label} must be between 0 and 100 %`);
  }
}

export function requireNonNegative(field: AlcoholometryField, label: string, value: number): void {
  requireFinite(field, label, value);
  if (value < 0) {
    throw new AlcoholometryError(field, `${label} must not be negative`);
  }
}
