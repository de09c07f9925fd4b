// Shopify's money on a sales order, to the cent. Shopify discounts a line by the amounts in its
// discount_allocations (a discount on the line itself and its share of an order-level discount,
// which Shopify spreads over the lines itself); the shipping lines carry their own. A sales
// order line has a unit price and a discount percent (2 decimals each), so each Shopify line
// becomes, in this order of preference, whichever is exact:
// 1. Shopify's price with the percent whose rounded amount is the discounted total (the line
//    reads as the shop showed it);
// 2. the discounted total over the quantity as the unit price, when it divides to the cent;
// 3. two lines of the same product, r units a cent dearer than the rest, so they add up to
//    the discounted total (r = the cents left over).
// An order edited in Shopify (units taken off, a line removed) or partly refunded keeps each
// line's `quantity` as first ordered; `current_quantity` is what the customer still buys, and
// is what becomes the sales order (a line at 0 is left out). The discount of the units taken
// off is what their refund_line_items say they came to (subtotal, after discounts), else the
// line's discount shared in proportion to the units (to the nearest cent).
// Every figure is worked in integer cents; no float arithmetic touches money.
import { fromScaled, lineAmountUnits, toScaled } from '../../../../shared/money';
import type { StoreOrder, StoreOrderLine } from './types';

/** Money text from Shopify ("199.00") as integer cents, exactly; anything else is refused. */
export function shopifyCents(text: string | number | undefined | null, what: string): bigint {
  const t = String(text ?? '0').trim();
  if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(t))
    throw new MoneyProblem(`Shopify sent an amount that is not money: ${what} ${t}`);
  return toScaled(t, 2);
}

export class MoneyProblem extends Error {
  override name = 'MoneyProblem';
}

const allocated = (allocations: { amount?: string | null }[] | undefined, what: string) =>
  (allocations ?? []).reduce((sum, a) => sum + shopifyCents(a?.amount, what), 0n);

/** The discount on one line: its allocations when Shopify sent them (they hold the order-level
 * share too), else the older total_discount. */
export function lineDiscountCents(line: StoreOrderLine): bigint {
  const what = `discount of "${line.title}"`;
  return Array.isArray(line.discount_allocations)
    ? allocated(line.discount_allocations, what)
    : shopifyCents(line.total_discount, what);
}

/** The units of a line still ordered (Shopify's current_quantity, else quantity). */
export function currentQuantity(line: StoreOrderLine): number {
  return typeof line.current_quantity === 'number' ? line.current_quantity : line.quantity;
}

/** Whether an edit or a refund took units off any line. */
export function wasEdited(order: StoreOrder): boolean {
  return order.line_items.some((line) => currentQuantity(line) !== line.quantity);
}

/** The units refunded of a line and what they came to after discounts, in cents. */
function refundedOf(order: StoreOrder | undefined, line: StoreOrderLine) {
  let units = 0;
  let cents = 0n;
  if (line.id === undefined || line.id === null) return { units, cents };
  for (const refund of order?.refunds ?? [])
    for (const item of refund?.refund_line_items ?? [])
      if (String(item?.line_item_id) === String(line.id)) {
        units += Number(item.quantity ?? 0);
        cents += shopifyCents(item.subtotal, `refund of "${line.title}"`);
      }
  return { units, cents };
}

/** The discount on the units still ordered, in cents. */
function currentDiscountCents(line: StoreOrderLine, order: StoreOrder | undefined, quantity: number): bigint {
  const discount = lineDiscountCents(line);
  if (quantity === line.quantity || discount === 0n) return discount;
  const price = shopifyCents(line.price, `price of "${line.title}"`);
  const refunded = refundedOf(order, line);
  // the refunds name every unit taken off: what is left is exactly the line less their subtotals
  if (refunded.units === line.quantity - quantity) {
    const left = discount - (price * BigInt(refunded.units) - refunded.cents);
    if (left >= 0n) return left;
  }
  // units taken off by an edit: the discount in proportion, half a cent rounded up
  const scaled = discount * BigInt(quantity) * 2n;
  const whole = BigInt(line.quantity);
  return (scaled / whole + 1n) / 2n;
}

export interface PricedLine {
  /** the Shopify line it came from */
  index: number;
  quantity: number;
  /** decimal text, 2 decimals */
  unitPrice: string;
  discountPercent?: string;
  /** cents this line comes to after the discount */
  amountCents: bigint;
}

const amountAt = (quantity: number, unitPrice: string, discountPercent?: string) =>
  lineAmountUnits({ quantity, unitPrice, discountPercent }, 2);

/** One Shopify line as one or two sales order lines worth exactly its discounted total, for the
 * units still ordered (none for a line taken off). */
export function priceLine(line: StoreOrderLine, index: number, order?: StoreOrder): PricedLine[] {
  const quantity = currentQuantity(line);
  if (!Number.isInteger(line.quantity) || line.quantity <= 0 || !Number.isInteger(quantity) || quantity < 0)
    throw new MoneyProblem(`The line "${line.title}" has a quantity that is not a whole number of units`);
  if (quantity > line.quantity) throw new MoneyProblem(`The line "${line.title}" has more units now than were ordered`);
  if (quantity === 0) return [];
  const price = shopifyCents(line.price, `price of "${line.title}"`);
  const discount = currentDiscountCents(line, order, quantity);
  const gross = price * BigInt(quantity);
  const net = gross - discount;
  if (price < 0n || discount < 0n || net < 0n)
    throw new MoneyProblem(`The line "${line.title}" has a discount larger than its price`);
  const unitPrice = fromScaled(price, 2);
  if (discount === 0n) return [{ index, quantity, unitPrice, amountCents: net }];
  // the percent (hundredths) nearest below and above discount / gross
  const below = (discount * 10000n) / gross;
  for (const hundredths of [below, below + 1n]) {
    if (hundredths > 10000n) continue;
    const percent = fromScaled(hundredths, 2);
    if (amountAt(quantity, unitPrice, percent) === net)
      return [{ index, quantity, unitPrice, discountPercent: percent, amountCents: net }];
  }
  const q = BigInt(quantity);
  const each = net / q;
  const dearer = net % q;
  const cheaper: PricedLine = {
    index,
    quantity: Number(q - dearer),
    unitPrice: fromScaled(each, 2),
    amountCents: each * (q - dearer),
  };
  if (dearer === 0n) return [cheaper];
  return [
    cheaper,
    { index, quantity: Number(dearer), unitPrice: fromScaled(each + 1n, 2), amountCents: (each + 1n) * dearer },
  ];
}

/** What the shipping comes to after its own discounts (a free-shipping code), in cents. */
export function shippingCents(order: StoreOrder): bigint {
  if (!Array.isArray(order.shipping_lines))
    return shopifyCents(order.total_shipping_price_set?.shop_money?.amount, 'shipping');
  return order.shipping_lines.reduce(
    (sum, s) => sum + shopifyCents(s.price, 'shipping') - allocated(s.discount_allocations, 'shipping discount'),
    0n,
  );
}

/** The discounts Shopify applied to what is still ordered, in cents (for the notes: lines and
 * shipping together). */
export function discountCents(order: StoreOrder): bigint {
  const lines = order.line_items.reduce(
    (sum, line) => sum + (currentQuantity(line) > 0 ? currentDiscountCents(line, order, currentQuantity(line)) : 0n),
    0n,
  );
  const shipping = (order.shipping_lines ?? []).reduce(
    (sum, s) => sum + allocated(s.discount_allocations, 'shipping discount'),
    0n,
  );
  return lines + shipping;
}
