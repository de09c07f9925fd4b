// The live totals of a document being edited: the form's values (lines as the lines grid holds
// them, the currency, the charge fields) and the company's taxes turned into the shared
// documentTotals input, so the screen shows what the server will store to the cent.
import {
  chargeText,
  documentTotals,
  MONEY_DOCUMENTS,
  withStatedTax,
  type DocumentTotals,
  type TaxInput,
} from '../../../shared/money';
import { groupDecimal } from '../../generic/numberDisplay';

type Values = Record<string, unknown>;

/** A ref as the form holds it: an id, or `{ id, name }` once picked. */
const refId = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'object') {
    const id = (v as { id?: unknown }).id;
    return id === null || id === undefined || id === '' ? null : String(id);
  }
  return String(v);
};

/** A number the person is typing: a partial entry ('1.', '', '-') counts as nothing yet. */
const numeric = (v: unknown): string | number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? t : null;
};

/** The taxes the form's lines name, each once, in line order. */
export function lineTaxIds(values: Values | null | undefined): string[] {
  const lines = Array.isArray(values?.lines) ? (values.lines as Values[]) : [];
  return [...new Set(lines.map((line) => refId(line?.tax)).filter((id): id is string => id !== null))];
}

export const isMoneyDocument = (entity: string) => MONEY_DOCUMENTS.some((d) => d.entity === entity);

export function formTotals(
  entity: string,
  values: Values,
  taxes: ReadonlyMap<string, TaxInput>,
  fallbackCurrency: string,
): DocumentTotals {
  const doc = MONEY_DOCUMENTS.find((d) => d.entity === entity);
  const lines = Array.isArray(values.lines) ? (values.lines as Values[]) : [];
  const computed = documentTotals({
    currency: (typeof values.currency === 'string' && values.currency.trim()) || fallbackCurrency,
    lines: lines.map((line) => {
      const taxId = refId(line?.tax);
      return {
        quantity: numeric(line?.quantity),
        unitPrice: numeric(line?.unitPrice),
        discountPercent: numeric(line?.discountPercent),
        tax: taxId ? (taxes.get(taxId) ?? null) : null,
      };
    }),
    charges: (doc?.charges ?? []).map((c) => chargeText(numeric(values[c.field]), c.sign)),
  });
  // a tax already charged by a till or a shop is the document's tax, as the server stores it
  return withStatedTax(
    computed,
    numeric(values.taxAsCharged),
    lines.map((line) => refId(line?.tax) !== null),
  );
}

/** An amount's decimal text for people: thousands grouped, the locale's decimal mark, the
 * currency's symbol ('$1,234.50'; '1 234,50 $' in French). */
export function formatMoney(amount: string, symbol: string, locale: string): string {
  const negative = amount.startsWith('-');
  const number = groupDecimal(amount.replace('-', '').replace(/\.$/, ''), locale);
  const sign = negative ? '-' : '';
  return locale === 'fr' ? `${sign}${number} ${symbol}` : `${sign}${symbol}${number}`;
}
