// The spec's currency table (section 3): a currency code to its symbol and its decimal precision.
// Most currencies have 2 decimals; ISO 4217 lists the zero-decimal ones (JPY, KRW, CLP, ISK,
// VND, the CFA and CFP francs...) and the 3-decimal dinars and rials (BHD, IQD, JOD, KWD, LYD,
// OMR, TND). Browser and server both read this file: the document totals are rounded here.

export type CurrencyPrecision = 0 | 2 | 3;

/** ISO 4217 currencies whose minor unit is 0. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** ISO 4217 currencies whose minor unit is 3 (the spec names exactly these). */
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

const SYMBOLS: Record<string, string> = {
  AUD: 'A$',
  BHD: 'BD',
  CAD: '$',
  CHF: 'CHF',
  CLP: 'CLP$',
  CNY: '¥',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  INR: '₹',
  ISK: 'kr',
  JOD: 'JD',
  JPY: '¥',
  KRW: '₩',
  KWD: 'KD',
  MXN: 'MX$',
  NOK: 'kr',
  NZD: 'NZ$',
  OMR: 'RO',
  SEK: 'kr',
  TND: 'DT',
  USD: 'US$',
  VND: '₫',
};

/** Decimal places a currency's amounts are rounded to: 0, 2 (most) or 3. */
export function currencyPrecision(code: string | null | undefined): CurrencyPrecision {
  const c = (code ?? '').toUpperCase();
  if (ZERO_DECIMAL.has(c)) return 0;
  if (THREE_DECIMAL.has(c)) return 3;
  return 2;
}

/** The symbol shown before an amount; the code itself for a currency the table does not name.
 * The home currency of a Canadian company is CAD, shown as a plain '$' (the spec's default
 * prefix of a decimal input); the US dollar is 'US$' so the two never read alike. */
export function currencySymbol(code: string | null | undefined): string {
  const c = (code ?? '').toUpperCase();
  return SYMBOLS[c] ?? c;
}
