// A report cell as the screen shows it. Cells travel as exact text ('1234.567'); numbers are
// grouped and given the locale's decimal sign without going through a float, so a quantity keeps
// its three decimals and money its currency's. Dates, lots and text show as they are.
import type { ReportColumnType } from '../../../shared/reports/types';
import { numberLocale } from '../../generic/numberDisplay';

const NUMERIC: ReadonlySet<ReportColumnType> = new Set(['integer', 'quantity', 'laa', 'money', 'percent']);

export const isNumeric = (type: ReportColumnType) => NUMERIC.has(type);

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(numberLocale(locale)).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/** '-1234567.250' -> '-1,234,567.250' (en) or '-1 234 567,250' (fr); other text unchanged. */
export function formatNumberText(text: string, locale: string): string {
  const m = NUMBER.exec(text.trim());
  if (!m) return text;
  const { group, decimal } = separators(locale);
  const whole = m[2].replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${m[1]}${whole}${m[3] !== undefined ? decimal + m[3] : ''}`;
}

export function formatCell(text: string, type: ReportColumnType, locale: string): string {
  if (text === '' || !isNumeric(type)) return text;
  const shown = formatNumberText(text, locale);
  return type === 'percent' ? `${shown} %` : shown;
}
