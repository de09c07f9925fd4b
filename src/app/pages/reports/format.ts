// A report cell as the screen shows it. Cells travel as exact text ('1234.567'); numbers are
// grouped and given the locale's decimal sign without going through a float, so a quantity keeps
// its three decimals and money its currency's. Dates, lots and text show as they are.
import type { ReportColumnType } from '../../../shared/reports/types';
import { groupDecimal } from '../../generic/numberDisplay';

const NUMERIC: ReadonlySet<ReportColumnType> = new Set(['integer', 'quantity', 'laa', 'money', 'percent']);

export const isNumeric = (type: ReportColumnType) => NUMERIC.has(type);

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** '-1234567.250' -> '-1,234,567.250' (en) or '-1 234 567,250' (fr); other text unchanged. */
export function formatNumberText(text: string, locale: string): string {
  const t = text.trim();
  return NUMBER.test(t) ? groupDecimal(t, locale) : text;
}

export function formatCell(text: string, type: ReportColumnType, locale: string): string {
  if (text === '' || !isNumeric(type)) return text;
  const shown = formatNumberText(text, locale);
  return type === 'percent' ? `${shown} %` : shown;
}
