// How a number field is shown (spec 9, issue 10 points 18 and 20), decided by its metadata:
// - years, ids and codes are not quantities: an integer field named `id`, `vintage`, `year`,
//   `…Year`, `code` or `…Code` is shown without a thousands separator ('2025', never '2,025');
// - every other number is grouped, with the separators of the app's locale ('1,234.50' in
//   English, '1 234,50' in French), decimals fixed to the field's precision (default 2);
// - a strength (units '% ABV') is validated with 'Strength must be between 0% and 99%'.
import type { FieldMeta } from '../../shared/meta';

type NumberFieldMeta = Pick<FieldMeta, 'name' | 'type' | 'precision'>;

const PLAIN_INTEGER_NAME = /^(id|vintage|year|code)$|[a-z0-9](Year|Code)$/;

/** An integer that names (a year, an id, a code) rather than counts: no thousands separator. */
export function isPlainInteger(field: Pick<FieldMeta, 'name' | 'type'>): boolean {
  return field.type === 'integer' && PLAIN_INTEGER_NAME.test(field.name);
}

/** A strength field (% ABV): spec 5's strength message. */
export const isStrength = (field: Pick<FieldMeta, 'units'>): boolean => field.units === '% ABV';

/** The Intl locale of an app language: 'en' -> 'en-CA', 'fr' -> 'fr-CA'. */
export const numberLocale = (locale: string | undefined): string => `${locale === 'fr' ? 'fr' : 'en'}-CA`;

export function numberDisplayOptions(field: NumberFieldMeta): Intl.NumberFormatOptions {
  if (field.type === 'decimal') {
    const p = field.precision ?? 2;
    return { minimumFractionDigits: p, maximumFractionDigits: p, useGrouping: true };
  }
  return { maximumFractionDigits: 0, useGrouping: !isPlainInteger(field) };
}

/** The text of a number field's value in a list or a read-only view; '' when empty or not a number. */
export function formatFieldNumber(value: unknown, field: NumberFieldMeta, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return new Intl.NumberFormat(numberLocale(locale), numberDisplayOptions(field)).format(n);
}

/** A decimal string grouped for reading, without going through a float (every decimal kept):
 * '-1234.50' -> '-1,234.50' in English, '-1 234,50' in French (narrow no-break space). */
export function groupDecimal(value: string, locale: string): string {
  const negative = value.startsWith('-');
  const [int, frac] = (negative ? value.slice(1) : value).split('.');
  const fr = locale === 'fr';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, fr ? '\u202f' : ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? (fr ? ',' : '.') + frac : ''}`;
}
