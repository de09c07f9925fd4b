// What each stock line of a receipt cost, in cents of the company's home currency: the line's
// amount after discount (the money module's lineAmount, in the receipt's currency) times the
// receipt's exchange rate, plus its share of the freight. Worked in scaled BigInt, never floats.
import { divRound, lineAmount, pow10, toScaled } from '../../../shared/money';
import type { DomainContext } from '../records/actor';
import { moneySettings } from '../sales/settings';
import { validationError } from '../kernel/errors';

/** Decimals of an exchange rate (the schema's precision 6). */
const RATE_SCALE = 6;
/** Decimals an amount is carried at before it becomes cents (3-decimal currencies exist). */
const AMOUNT_SCALE = 3;

export interface PricedLine {
  quantity: number | null;
  unitPrice: number | null;
  discountPercent: number | null;
}

/** The rate that turns the receipt's currency into the home currency, in millionths: 1 in the
 * home currency; otherwise the receipt must give it (refused on the field when missing). */
export async function rateOf(
  ctx: DomainContext,
  receipt: { currency?: string | null; exchangeRate?: number | null },
): Promise<bigint> {
  // the money module's rules refuse a foreign document without a rate when it is saved; this
  // guards the cost itself
  const home = (await moneySettings(ctx)).homeCurrency;
  const currency = receipt.currency || home;
  if (currency === home) return pow10(RATE_SCALE);
  const rate = toScaled(receipt.exchangeRate ?? null, RATE_SCALE);
  if (rate <= 0n)
    throw validationError({
      exchangeRate: `Give the exchange rate from ${currency} to ${home}: the cost of what is received is kept in ${home}`,
    });
  return rate;
}

/** An amount in the receipt's currency (thousandths) times the rate, in home cents. */
const homeCents = (amount: bigint, rate: bigint): bigint =>
  divRound(amount * rate, pow10(AMOUNT_SCALE + RATE_SCALE - 2));

/**
 * The home-currency cost in cents of each line, in order. Freight is allocated across the lines
 * given (the ones that take stock) in proportion to their amounts, because a dearer line is
 * what the freight mostly paid to carry; each line takes its rounded share of what is left, so
 * the shares add up to the freight exactly. With no amount at all, the freight is shared by
 * line count so it is still carried into stock.
 */
export function lineCosts(
  lines: PricedLine[],
  currency: string | null,
  freight: number | null,
  rate: bigint,
): number[] {
  const amounts = lines.map((l) => toScaled(lineAmount(l, currency), AMOUNT_SCALE));
  const costs = amounts.map((a) => homeCents(a, rate));
  let freightLeft = homeCents(toScaled(freight ?? null, AMOUNT_SCALE), rate);
  const byCount = amounts.every((a) => a === 0n);
  let weightLeft = byCount ? BigInt(lines.length) : amounts.reduce((s, a) => s + a, 0n);
  lines.forEach((_, i) => {
    const weight = byCount ? 1n : amounts[i];
    const share =
      weightLeft === 0n ? 0n : weight === weightLeft ? freightLeft : divRound(freightLeft * weight, weightLeft);
    costs[i] += share;
    freightLeft -= share;
    weightLeft -= weight;
  });
  return costs.map((c) => Number(c));
}
