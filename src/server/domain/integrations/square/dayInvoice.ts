// One closed day of the tasting room's Square sales becomes one invoice, through the sales flow
// the app uses for every sale that takes stock: a Shipped, duty-paid shipment from the retail
// site (its posting takes the bottles out of duty-paid stock as Sold, shipmentStock.ts) and the
// invoice made from it, to the tasting-room customer, paid at the till. Both are created by the
// generic create path (validation, totals, hooks, audit) in the caller's transaction.
//
// The amounts are Square's own, not our price list: each line at what it took after its
// discounts (the order's discounts included), and each tax as Square charged it, so the
// invoice's total is what the till took that day to the cent. The taxes are the documents' tax
// as charged (taxAsCharged, shared/money/statedTax.ts), not our tax records on the lines: our documents
// charge a tax once on the sum of their lines, Square rounds it per line, and a day of many sales
// would come out a few cents apart from what was collected. Never a line of their own: a line is
// a sale, so the tax would count as sales and go to QuickBooks as income rather than as tax.
//
// What the till took beyond bottles is on the invoice too, so its total is the sum of Square's
// total_money to the cent: service charges (a tasting fee, a gratuity) as lines without a
// product (no stock moves), their tax inside the tax as charged; the day's net cash rounding
// (rounding_adjustment: Canadian cash totals go to 5 cents) as a "Cash rounding" line when it
// is up, and off the largest line's price when it is down (a line is never below zero).
//
// Refunds of items that day (Square: an order whose `returns` name the lines handed back) are
// not netted against the sales: a day can refund more bottles of a product than it sold, and
// an invoice line cannot go below zero. They are one sales return of the day, Credited (the
// till paid the money back), restocked into duty-paid stock at the retail site through the
// return posting (returnStock.ts). It names no invoice: the bottle was mostly sold on another
// day, and crediting this day's invoice, paid in full at the till, would show the tasting room
// owed money it already had back. The day's invoice less its return is what Square deposits.
// Money given back with no item (a custom refund: Square's return order with a CUSTOM_AMOUNT
// return line) is a line without a product on the day's return, its tax (the return line's
// taxes, when Square states any) in the return's tax as charged, nothing restocked. A custom
// amount keyed in at a sale is a line without a product on the invoice, like a service charge.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { createDocument, fromMilli, nextNumber } from '../../sales/flow/documents';
import { toScaled, fromScaled } from '../../../../shared/money/decimal';
import type { SoldLine } from './api';
import type { SoldProduct } from './products';
import { DayProblem } from './products';

export interface DayLine {
  productId: string;
  /** thousandths of a unit */
  milli: bigint;
  unitCents: bigint;
}

/** A line that moves no stock: a service charge, the cash rounding, a custom amount sold or
 * given back; one per name, its amount before tax. */
export interface DayAmount {
  description: string;
  cents: bigint;
}

/** What the day sold, or what it took back: its item lines at their net amounts, its other
 * lines (service charges, cash rounding, amounts refunded), each tax as Square charged it (name
 * and cents, in the order met), and its total in cents (the sum of Square's total_money: the
 * lines' net amounts, the roundings, plus the taxes). */
export interface DaySide {
  lines: DayLine[];
  amounts: DayAmount[];
  taxes: { name: string; cents: bigint }[];
  cents: bigint;
}

export interface Day {
  sold: DaySide;
  returned: DaySide;
}

function wholeUnits(line: SoldLine): bigint {
  const milli = toScaled(line.quantity, 3);
  if (milli <= 0n || milli % 1000n !== 0n)
    throw new DayProblem(
      `Square ${line.returned ? 'took back' : 'sold'} ${line.quantity} of "${line.name}" (order ${line.orderId}): products move in whole units`,
    );
  return milli / 1000n;
}

/** `cents` over `units` bottles at whole-cent prices that add up exactly: 3 for 100 cents is
 * 2 at 33 and 1 at 34 (a line's discount rarely divides evenly). */
function pricedUnits(units: bigint, cents: bigint): { units: bigint; unitCents: bigint }[] {
  const unit = cents / units;
  const rest = cents - unit * units;
  return [
    { units: units - rest, unitCents: unit },
    { units: rest, unitCents: unit + 1n },
  ].filter((p) => p.units > 0n);
}

const lineCents = (l: DayLine) => (l.milli / 1000n) * l.unitCents;

/** A rounding down (the till took less than the sales and their tax: 12.42 paid as 12.40) has
 * no line of its own, a document line being no less than zero: it comes off the side's largest
 * line, priced again in whole cents (3 at 24.99 less 0.02 is 2 at 24.98 and 1 at 24.99), or off
 * its largest other amount. The tax stays as charged: the rounding is the price, not the tax. */
function roundDown(side: DaySide, down: bigint) {
  const amount = [...side.amounts].sort((x, y) => (y.cents > x.cents ? 1 : y.cents < x.cents ? -1 : 0))[0];
  const line = [...side.lines].sort((x, y) => {
    const d = lineCents(y) - lineCents(x);
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  })[0];
  if (line && lineCents(line) >= down) {
    const units = line.milli / 1000n;
    const at = side.lines.indexOf(line);
    const repriced = pricedUnits(units, lineCents(line) - down).map((p) => ({
      productId: line.productId,
      milli: p.units * 1000n,
      unitCents: p.unitCents,
    }));
    side.lines.splice(at, 1, ...repriced);
    return;
  }
  if (amount && amount.cents >= down) {
    amount.cents -= down;
    return;
  }
  throw new DayProblem(`Square's cash rounding of the day (-${fromScaled(down, 2)}) is more than its sales`);
}

function sideOf(lines: SoldLine[], products: Map<string, SoldProduct>): DaySide {
  const byPrice = new Map<string, DayLine>();
  const amounts = new Map<string, bigint>();
  const taxes = new Map<string, bigint>();
  let cents = 0n;
  let rounded = 0n;
  for (const line of lines) {
    cents += line.netCents;
    for (const tax of line.taxes) {
      taxes.set(tax.name, (taxes.get(tax.name) ?? 0n) + tax.cents);
      cents += tax.cents;
    }
    if (line.kind === 'rounding') {
      rounded += line.netCents;
      continue;
    }
    if (line.netCents < 0n)
      throw new DayProblem(`Square line "${line.name}" (order ${line.orderId}) comes to less than nothing`);
    if (line.kind !== 'item') {
      amounts.set(line.name, (amounts.get(line.name) ?? 0n) + line.netCents);
      continue;
    }
    const product = products.get(line.variationId!)!;
    for (const { units, unitCents } of pricedUnits(wholeUnits(line), line.netCents)) {
      const key = `${product.id}/${unitCents}`;
      const entry = byPrice.get(key) ?? { productId: product.id, milli: 0n, unitCents };
      entry.milli += units * 1000n;
      byPrice.set(key, entry);
    }
  }
  for (const [name, amount] of taxes)
    if (amount < 0n) throw new DayProblem(`Square's ${name} of the day comes to less than nothing`);
  const side: DaySide = {
    lines: [...byPrice.values()],
    amounts: [...amounts].filter(([, c]) => c > 0n).map(([description, c]) => ({ description, cents: c })),
    taxes: [...taxes].filter(([, amount]) => amount > 0n).map(([name, amount]) => ({ name, cents: amount })),
    cents,
  };
  if (rounded > 0n) side.amounts.push({ description: CASH_ROUNDING, cents: rounded });
  if (rounded < 0n) roundDown(side, -rounded);
  return side;
}

/** the line a day's net cash rounding up shows as */
export const CASH_ROUNDING = 'Cash rounding';

/** The day's sales and refunds: per product and unit price (a discount or a price change in the
 * day makes several lines), and each tax. */
export function dayOf(lines: SoldLine[], products: Map<string, SoldProduct>): Day {
  return {
    sold: sideOf(
      lines.filter((l) => !l.returned),
      products,
    ),
    returned: sideOf(
      lines.filter((l) => l.returned),
      products,
    ),
  };
}

const taxCents = (side: DaySide) => side.taxes.reduce((sum, t) => sum + t.cents, 0n);

/** The side's taxes by name, for the document's notes (its tax is one amount): "HST 13% 20.92". */
const taxWords = (words: string, side: DaySide) =>
  side.taxes.length ? `; ${words}: ${side.taxes.map((t) => `${t.name} ${fromScaled(t.cents, 2)}`).join(', ')}` : '';

/** The day's currency: one per Square location, so a mix means something is wrong. */
export function currencyOf(lines: SoldLine[]): string {
  const currencies = [...new Set(lines.map((l) => l.currency))];
  if (currencies.length > 1) throw new DayProblem(`Square sales in several currencies (${currencies.join(', ')})`);
  return currencies[0] ?? 'CAD';
}

const dollars = (cents: bigint) => Number(fromScaled(cents, 2));

async function dutyPaidLots(ctx: DomainContext, siteId: string, productIds: string[]) {
  return rowsOf<{ stock_id: string; lot: string | null; milli: string }>(
    await ctx.db.execute(sql`SELECT stock_id::text, lot, floor(quantity * 1000)::bigint::text AS milli
      FROM stock_balances WHERE company_id = ${ctx.actor.companyId} AND site_id = ${siteId}
        AND stock_kind = 'Product' AND status = 'DutyPaid'
        AND stock_id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      ORDER BY stock_id, lot`),
  );
}

const productTotals = (lines: DayLine[]) => {
  const totals = new Map<string, bigint>();
  for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0n) + l.milli);
  return totals;
};

/** The shipment's lines: each product's quantity out of the site's duty-paid lots holding it
 * (oldest lot name first). What no lot holds stays on a line without one, which the posting
 * refuses with its own words (not enough stock), so the day fails and says why. */
async function shipmentLines(ctx: DomainContext, siteId: string, lines: DayLine[]) {
  const totals = productTotals(lines);
  const buckets = (await dutyPaidLots(ctx, siteId, [...totals.keys()])).filter((b) => BigInt(b.milli) > 0n);
  const out: Record<string, unknown>[] = [];
  for (const [productId, total] of totals) {
    let need = total;
    for (const bucket of buckets.filter((b) => b.stock_id === productId)) {
      if (need <= 0n) break;
      const held = BigInt(bucket.milli);
      const take = held < need ? held : need;
      out.push({ product: productId, quantity: fromMilli(take), ...(bucket.lot ? { lot: bucket.lot } : {}) });
      need -= take;
    }
    if (need > 0n) out.push({ product: productId, quantity: fromMilli(need) });
  }
  return out;
}

/** The return's lines: each back into the lot the site holds most of that product in (the
 * till does not say which bottle came back), or none when the site holds no lot of it. */
async function returnLines(ctx: DomainContext, siteId: string, lines: DayLine[]) {
  const ids = [...productTotals(lines).keys()];
  const buckets = ids.length ? await dutyPaidLots(ctx, siteId, ids) : [];
  const lotOf = (productId: string) =>
    buckets
      .filter((b) => b.stock_id === productId && b.lot)
      .sort((a, b) => (BigInt(b.milli) > BigInt(a.milli) ? 1 : BigInt(b.milli) < BigInt(a.milli) ? -1 : 0))[0]?.lot;
  return lines.map((l) => {
    const lot = lotOf(l.productId);
    return { ...documentLine(l), ...(lot ? { lot } : {}) };
  });
}

const documentLine = (l: DayLine) => ({
  product: l.productId,
  quantity: fromMilli(l.milli),
  unitPrice: dollars(l.unitCents),
});

const amountLine = (a: DayAmount) => ({
  description: a.description.slice(0, 200),
  quantity: 1,
  unitPrice: dollars(a.cents),
});

export interface DaySetup {
  day: string;
  siteId: string;
  customerId: string;
  locationId: string;
  /** what came in after the day was pulled (a till's late uploads, refunds added later) */
  later?: boolean;
}

/** Creates the day's shipment and invoice, and its return when it refunded items; answers the
 * documents' ids. */
export async function createDayDocuments(
  ctx: DomainContext,
  setup: DaySetup,
  day: Day,
  currency: string,
): Promise<{ invoiceId: string | null; returnId: string | null }> {
  const where = `(location ${setup.locationId})${setup.later ? ', taken after the day was pulled' : ''}`;
  let invoiceId: string | null = null;
  const hasLines = (side: DaySide) => side.lines.length > 0 || side.amounts.length > 0;
  if (hasLines(day.sold)) {
    const note = `Square sales of ${setup.day} ${where}${taxWords('tax charged at the till', day.sold)}`;
    // the shipment takes the bottles; a day of tasting fees only ships nothing
    const shipmentId = day.sold.lines.length
      ? await createDocument(ctx, 'shipment', {
          number: await nextNumber(ctx, 'shipment'),
          customer: setup.customerId,
          date: setup.day,
          status: 'Shipped',
          site: setup.siteId,
          dutyPaid: true,
          currency,
          notes: note,
          lines: await shipmentLines(ctx, setup.siteId, day.sold.lines),
        })
      : null;
    invoiceId = await createDocument(ctx, 'invoice', {
      number: await nextNumber(ctx, 'invoice'),
      customer: setup.customerId,
      date: setup.day,
      dueDate: setup.day,
      status: 'Paid',
      ...(shipmentId ? { shipment: shipmentId } : {}),
      site: setup.siteId,
      currency,
      taxAsCharged: dollars(taxCents(day.sold)),
      amountPaid: dollars(day.sold.cents),
      notes: note,
      lines: [...day.sold.lines.map(documentLine), ...day.sold.amounts.map(amountLine)],
    });
  }
  let returnId: string | null = null;
  if (hasLines(day.returned))
    returnId = await createDocument(ctx, 'salesReturn', {
      number: await nextNumber(ctx, 'salesReturn'),
      customer: setup.customerId,
      date: setup.day,
      status: 'Credited',
      reason: 'Other',
      restock: day.returned.lines.length > 0,
      dutyPaid: true,
      site: setup.siteId,
      currency,
      taxAsCharged: dollars(taxCents(day.returned)),
      notes: `Square refunds of ${setup.day} ${where}${taxWords('tax refunded at the till', day.returned)}`,
      lines: [...(await returnLines(ctx, setup.siteId, day.returned.lines)), ...day.returned.amounts.map(amountLine)],
    });
  return { invoiceId, returnId };
}
