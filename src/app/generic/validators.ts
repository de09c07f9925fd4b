// Form validators from field metadata, with the spec's texts (section 5) as i18n keys:
// 'Required', 'Max length {n}', 'Invalid e-mail', 'Must be >= {min}', 'Must be <= {max}',
// 'Out of range'. They return react-admin's `{ message, args }`, translated under the input.
import type { FieldMeta } from '../../shared/meta';
import { INT_MAX, INT_MIN } from '../../shared/messages';
import { emailListError } from '../widgets/emailRules';
import { isStrength } from './numberDisplay';

export type ValidationResult = string | { message: string; args: Record<string, unknown> } | undefined;
export type FieldValidator = (value: unknown) => ValidationResult;

export const VALIDATION_KEYS = {
  required: 'app.validation.required',
  maxLength: 'app.validation.max_length',
  email: 'app.validation.email',
  min: 'app.validation.min',
  max: 'app.validation.max',
  outOfRange: 'app.validation.out_of_range',
  number: 'app.validation.number',
  integer: 'app.validation.integer',
  strength: 'app.validation.strength',
} as const;

const msg = (message: string, args: Record<string, unknown> = {}) => ({ message, args });

export function isBlankValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const asNumber = (value: unknown): number | undefined => {
  if (isBlankValue(value)) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return n;
};

/** `isRequired` lets react-admin mark the input's label as required. */
export const requiredValidator: FieldValidator & { isRequired: true } = Object.assign(
  (value: unknown) => (isBlankValue(value) ? msg(VALIDATION_KEYS.required) : undefined),
  { isRequired: true as const },
);

export const maxLengthValidator =
  (n: number): FieldValidator =>
  (value) =>
    typeof value === 'string' && value.length > n ? msg(VALIDATION_KEYS.maxLength, { n }) : undefined;

/** Comma-separated addresses; blank passes (spec 5). */
export const emailValidator: FieldValidator = (value) => emailListError(value);

export const numberValidator =
  (field: Pick<FieldMeta, 'type' | 'minimum' | 'maximum' | 'units'>): FieldValidator =>
  (value) => {
    const n = asNumber(value);
    if (n === undefined) return undefined;
    if (!Number.isFinite(n)) return msg(VALIDATION_KEYS.number);
    if (field.type === 'integer') {
      if (!Number.isInteger(n)) return msg(VALIDATION_KEYS.integer);
      if (n < INT_MIN || n > INT_MAX) return msg(VALIDATION_KEYS.outOfRange);
    }
    // a strength (% ABV) out of its range: the spec's one message (section 5)
    if (isStrength(field) && (n < (field.minimum ?? 0) || n > (field.maximum ?? 99)))
      return msg(VALIDATION_KEYS.strength);
    if (field.minimum !== undefined && n < field.minimum) return msg(VALIDATION_KEYS.min, { min: field.minimum });
    if (field.maximum !== undefined && n > field.maximum) return msg(VALIDATION_KEYS.max, { max: field.maximum });
    return undefined;
  };

/**
 * The validators of one input, from its field's metadata. `numbers: false` leaves out the
 * number range rule, for inputs (the decimal input) that apply it themselves.
 */
export function validatorsFor(field: FieldMeta, options: { numbers?: boolean } = {}): FieldValidator[] {
  const validators: FieldValidator[] = [];
  if (field.required && field.type !== 'boolean') validators.push(requiredValidator);
  if ((field.type === 'string' || field.type === 'text') && field.maxLength !== undefined)
    validators.push(maxLengthValidator(field.maxLength));
  if (field.format === 'email') validators.push(emailValidator);
  if ((field.type === 'integer' || field.type === 'decimal') && options.numbers !== false)
    validators.push(numberValidator(field));
  return validators;
}

/** Runs validators the way react-admin does: the first message wins. */
export function validate(validators: readonly FieldValidator[], value: unknown): ValidationResult {
  for (const v of validators) {
    const r = v(value);
    if (r) return r;
  }
  return undefined;
}

/** Step of a number input: 1 for integers, 10^-precision for decimals (default precision 2). */
export function stepFor(field: Pick<FieldMeta, 'type' | 'precision'>): number {
  if (field.type === 'integer') return 1;
  const p = field.precision ?? 2;
  return Number((10 ** -p).toFixed(p));
}
