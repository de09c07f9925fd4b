// An amount in a document's currency to the home currency: amount x exchange rate, the rate
// taken to 6 decimals (as documents store it), worked exactly and rounded once, half away from
// zero, to the home currency's precision. A customer's balance, a rep's commission and the
// sales reports convert through it, so their figures agree to the cent.
import { divRound, pow10, toScaled } from './decimal';

/** `units` (an amount at `scale` decimals) in home-currency minor units at `precision`
 * decimals. `rate` null: the amount is in the home currency already (a rate of 1). */
export function toHomeUnits(units: bigint, scale: number, rate: string | number | null, precision: number): bigint {
  const r = rate === null ? pow10(6) : toScaled(rate, 6);
  return divRound(units * r * pow10(precision), pow10(scale + 6));
}
