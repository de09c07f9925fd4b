// Duty rates as dated data (canada-excise.md "Rates"): each April 1 the rates are indexed; an
// event takes the rate in force on its date. The table below is the reference's; a company
// administrator may add a row (the next April's notice) or correct one: those rows live in
// excise_rates and win over these for the same product and date.
//
// Money is integer cents; rates are integer thousandths of a dollar; quantities are integer
// thousandths of a litre. Duty = quantity x rate, rounded half away from zero to the cent, in
// BigInt so no float ever carries money.

export const RATE_PRODUCTS = [
  'spirits',
  'lowStrengthSpirits',
  'wineOver7',
  'wineOver1_2To7',
  'wineUpTo1_2',
  'specialImported',
] as const;
export type RateProduct = (typeof RATE_PRODUCTS)[number];

export const RATE_LABELS: Record<RateProduct, string> = {
  spirits: 'Spirits over 7 % ABV, per LAA',
  lowStrengthSpirits: 'Spirits 7 % ABV or less, per litre',
  wineOver7: 'Wine over 7 % ABV, per litre',
  wineOver1_2To7: 'Wine over 1.2 % to 7 % ABV, per litre',
  wineUpTo1_2: 'Wine 1.2 % ABV or less, per litre',
  specialImported: 'Special duty, imported spirits delivered to licensed users, per LAA',
};

export interface RateRow {
  product: RateProduct;
  /** ISO date the rate applies from */
  effectiveFrom: string;
  /** thousandths of a dollar per unit (13.840 $/LAA = 13840) */
  rate: number;
  /** from the company's own table rather than the reference */
  custom?: boolean;
}

const rows = (effectiveFrom: string, r: Record<RateProduct, number>): RateRow[] =>
  RATE_PRODUCTS.map((product) => ({ product, effectiveFrom, rate: r[product] }));

/** The reference's table (2023 and the 2025 low-strength figure confirmed; the rest at the 2 % cap). */
export const DEFAULT_RATES: RateRow[] = [
  ...rows('2023-04-01', {
    spirits: 13_303,
    lowStrengthSpirits: 337,
    wineOver7: 702,
    wineOver1_2To7: 337,
    wineUpTo1_2: 22,
    specialImported: 120,
  }),
  ...rows('2024-04-01', {
    spirits: 13_569,
    lowStrengthSpirits: 344,
    wineOver7: 716,
    wineOver1_2To7: 344,
    wineUpTo1_2: 22,
    specialImported: 120,
  }),
  ...rows('2025-04-01', {
    spirits: 13_840,
    lowStrengthSpirits: 351,
    wineOver7: 730,
    wineOver1_2To7: 351,
    wineUpTo1_2: 22,
    specialImported: 120,
  }),
];

/** The reference's rows with the company's rows laid over them (same product and date: the company's). */
export function mergeRates(custom: RateRow[], base: RateRow[] = DEFAULT_RATES): RateRow[] {
  const byKey = new Map(base.map((r) => [`${r.product}@${r.effectiveFrom}`, r]));
  for (const r of custom) byKey.set(`${r.product}@${r.effectiveFrom}`, { ...r, custom: true });
  return [...byKey.values()].sort((a, b) =>
    a.product === b.product ? a.effectiveFrom.localeCompare(b.effectiveFrom) : a.product.localeCompare(b.product),
  );
}

/** The rate in force on a date: the latest row from on or before it; null before the first. */
export function rateOn(table: RateRow[], product: RateProduct, date: string): RateRow | null {
  let found: RateRow | null = null;
  for (const r of table)
    if (r.product === product && r.effectiveFrom <= date && (!found || r.effectiveFrom > found.effectiveFrom))
      found = r;
  return found;
}

/** Cents of duty on a quantity (thousandths of a unit) at a rate (thousandths of a dollar per unit). */
export function dutyCents(quantityMilli: number | bigint, rateMilli: number | bigint): number {
  const micro = BigInt(quantityMilli) * BigInt(rateMilli); // millionths of a dollar
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = (abs + 5_000n) / 10_000n; // half away from zero
  return Number(negative ? -cents : cents);
}

/** '13.840' -> 13840; refuses more than 3 decimals. */
export function parseRate(value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || value > 1_000_000) return null;
  const milli = Math.round(value * 1000);
  return Math.abs(milli - value * 1000) < 1e-6 ? milli : null;
}
