// A sales line's Qty and UnitPrice as QuickBooks takes them: it refuses a line whose Qty ×
// UnitPrice does not come to its Amount, to the cent (error 6070). A discounted line's Amount is
// less than Qty × list price, so the price sent is what each unit came to (Amount ÷ Qty); the
// Amount, the money that counts, is always ours as it is.
import { divRound, parseDecimal, pow10 } from '../../../../shared/money/decimal';

/** QuickBooks shows rates to 5 decimals: a unit price past that is not kept as sent. */
const PRICE_DECIMALS = 5;

/** Qty × price in cents, rounded half away from zero. */
function centsOf(quantity: { units: bigint; scale: number }, price: { units: bigint; scale: number }): bigint {
  return divRound(quantity.units * price.units * 100n, pow10(quantity.scale + price.scale));
}

const numberOf = (units: bigint, scale: number) => Number(units) / 10 ** scale;

/** Qty, with UnitPrice when one comes to `amountCents`: the line's own price, else Amount ÷ Qty
 * to 5 decimals; neither (Amount alone) when no such price exists. A line without a price of
 * ours sends Qty alone. */
export function qtyAndPrice(
  quantity: string,
  unitPrice: string | null,
  amountCents: number,
): { Qty?: number; UnitPrice?: number } {
  const qty = parseDecimal(quantity);
  const cents = BigInt(amountCents);
  // no price of ours: QuickBooks prices it as its Item says
  if (unitPrice === null) return { Qty: numberOf(qty.units, qty.scale) };
  if (centsOf(qty, parseDecimal(unitPrice)) === cents)
    return { Qty: numberOf(qty.units, qty.scale), UnitPrice: Number(unitPrice) };
  if (qty.units === 0n) return {};
  // Amount ÷ Qty at 5 decimals: cents × 10^(5 - 2) × 10^qty.scale ÷ qty.units
  const each = { units: divRound(cents * pow10(PRICE_DECIMALS - 2 + qty.scale), qty.units), scale: PRICE_DECIMALS };
  if (centsOf(qty, each) !== cents) return {};
  return { Qty: numberOf(qty.units, qty.scale), UnitPrice: numberOf(each.units, each.scale) };
}
