// One closed day of the tasting room's Square sales becomes one invoice, through the sales flow
// the app uses for every sale that takes stock: a Shipped, duty-paid shipment from the retail
// site (its posting takes the bottles out of duty-paid stock as Sold, shipmentStock.ts) and the
// invoice made from it, to the tasting-room customer, paid at the till. Both are created by the
// generic create path (validation, totals, hooks, audit) in the caller's transaction.
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

/** The day's quantities per product and unit price (a price change in the day makes two lines). */
export function dayLines(lines: SoldLine[], products: Map<string, SoldProduct>): DayLine[] {
  const byKey = new Map<string, DayLine>();
  for (const line of lines) {
    const product = products.get(line.variationId!)!;
    const key = `${product.id}/${line.unitCents}`;
    const milli = toScaled(line.quantity, 3);
    const entry = byKey.get(key) ?? { productId: product.id, milli: 0n, unitCents: line.unitCents };
    entry.milli += milli;
    byKey.set(key, entry);
  }
  return [...byKey.values()].filter((l) => l.milli !== 0n);
}

/** The day's currency: one per Square location, so a mix means something is wrong. */
export function currencyOf(lines: SoldLine[]): string {
  const currencies = [...new Set(lines.map((l) => l.currency))];
  if (currencies.length > 1) throw new DayProblem(`Square sales in several currencies (${currencies.join(', ')})`);
  return currencies[0] ?? 'CAD';
}

const dollars = (cents: bigint) => Number(fromScaled(cents, 2));

/** The shipment's lines: each product's quantity out of the site's duty-paid lots holding it
 * (oldest lot name first). What no lot holds stays on a line without one, which the posting
 * refuses with its own words (not enough stock), so the day fails and says why. */
async function shipmentLines(ctx: DomainContext, siteId: string, lines: DayLine[]) {
  const totals = new Map<string, bigint>();
  for (const l of lines) totals.set(l.productId, (totals.get(l.productId) ?? 0n) + l.milli);
  const buckets = rowsOf<{ stock_id: string; lot: string; milli: string }>(
    await ctx.db.execute(sql`SELECT stock_id::text, lot, floor(quantity * 1000)::bigint::text AS milli
      FROM stock_balances WHERE company_id = ${ctx.actor.companyId} AND site_id = ${siteId}
        AND stock_kind = 'Product' AND status = 'DutyPaid' AND quantity > 0
        AND stock_id IN (${sql.join(
          [...totals.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})
      ORDER BY stock_id, lot`),
  );
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

/** Paid at the till: the lines' total, quantity x unit price, to the cent (half up). */
export function paidOf(lines: DayLine[]): number {
  const thousandthsOfCents = lines.reduce((sum, l) => sum + l.milli * l.unitCents, 0n);
  return dollars((thousandthsOfCents + 500n) / 1000n);
}

export interface DaySetup {
  day: string;
  siteId: string;
  customerId: string;
  locationId: string;
}

/** Creates the day's shipment and invoice; answers the invoice's id. */
export async function createDayInvoice(
  ctx: DomainContext,
  setup: DaySetup,
  lines: DayLine[],
  currency: string,
): Promise<string> {
  const note = `Square sales of ${setup.day} (location ${setup.locationId})`;
  const shipmentId = await createDocument(ctx, 'shipment', {
    number: await nextNumber(ctx, 'shipment'),
    customer: setup.customerId,
    date: setup.day,
    status: 'Shipped',
    site: setup.siteId,
    dutyPaid: true,
    currency,
    notes: note,
    lines: await shipmentLines(ctx, setup.siteId, lines),
  });
  return createDocument(ctx, 'invoice', {
    number: await nextNumber(ctx, 'invoice'),
    customer: setup.customerId,
    date: setup.day,
    dueDate: setup.day,
    status: 'Paid',
    shipment: shipmentId,
    site: setup.siteId,
    currency,
    amountPaid: paidOf(lines),
    notes: note,
    lines: lines.map((l) => ({ product: l.productId, quantity: fromMilli(l.milli), unitPrice: dollars(l.unitCents) })),
  });
}
