// A return made from an invoice whose tax was charged elsewhere (a till's day, taxAsCharged:
// shared/money/statedTax.ts) gives back its share of that tax, and the share follows the
// return's own lines on every save: a draft made of ten bottles and cut to one before it is
// credited gives back one bottle's tax, not ten. The one rule, used by the conversion (which
// creates through the records layer, so this hook runs) and by every save.
//
// All of the invoice's returns (not cancelled) together give back T x R / S, rounded once to the
// invoice currency's cent by the rule statedTax.ts and documentTotals.ts use (divRound, half away
// from zero): T the invoice's tax as charged, S the amounts of all its lines, R the amounts the
// returns hand back (this one's lines as they are being saved, rounded to the cent as they will
// be stored, the others' as stored), R no more than S. This return gives that less what the
// other returns already gave back, never below zero. So the cents never drift over several
// returns, and a day returned whole gives back exactly its tax.
//
// The invoice row is locked while the share is worked: two returns of one invoice saved at once
// would otherwise each read the other's tax as not given back yet, and both take the same cents.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { EntityHooks, WriteChange } from '../../records/hooks';
import { currencyPrecision } from '../../../../shared/money/currencies';
import { divRound, fromScaled, toScaled } from '../../../../shared/money/decimal';
import { lineAmountUnits } from '../../../../shared/money/documentTotals';

type Line = Record<string, unknown>;

const refId = (v: unknown) =>
  v && typeof v === 'object' ? String((v as { id: unknown }).id) : v === null || v === undefined ? null : String(v);

/** The lines as they will be stored: the input's (a line with an id keeps what it does not
 * change), or the record's when the save leaves the lines alone. */
function linesAfter(change: WriteChange): Line[] {
  const before = (change.before?.lines as Line[] | null | undefined) ?? [];
  const given = change.input.lines as Line[] | null | undefined;
  if (given === undefined) return before;
  const byId = new Map(before.map((l) => [String(l.id), l]));
  return (given ?? []).map((l) => (l.id != null ? { ...byId.get(String(l.id)), ...l } : l));
}

/** a line's amount in minor units, rounded to the currency as storeTotals stores it */
const amountOf = (l: Line, precision: number) =>
  lineAmountUnits(
    {
      quantity: l.quantity as string | number | null,
      unitPrice: l.unitPrice as string | number | null,
      discountPercent: l.discountPercent as string | number | null,
    },
    precision,
  );

/** The tax as charged the return gives back, or undefined when its invoice states none (the
 * return's lines' own taxes then make its tax). Locks the invoice row until the transaction ends. */
export async function taxBackOfReturn(
  ctx: DomainContext,
  invoiceId: string,
  returnId: string | null,
  lines: Line[],
): Promise<number | undefined> {
  const { companyId } = ctx.actor;
  const [invoice] = rowsOf<{ stated: string | null; currency: string | null }>(
    await ctx.db.execute(sql`SELECT i.tax_as_charged::text AS stated, i.currency FROM invoices i
      WHERE i.company_id = ${companyId} AND i.id = ${invoiceId} FOR UPDATE`),
  );
  if (!invoice || invoice.stated === null) return undefined;
  const p = currencyPrecision(invoice.currency);
  const [sums] = rowsOf<{ lines: string | null }>(
    await ctx.db.execute(sql`SELECT sum(l.amount)::text AS lines FROM invoices_lines l
      WHERE l.company_id = ${companyId} AND l.parent_id = ${invoiceId}`),
  );
  const tax = toScaled(invoice.stated, p);
  const all = toScaled(sums?.lines ?? 0, p);
  if (all <= 0n) return 0;
  const others = sql`r.company_id = ${companyId} AND r.invoice_id = ${invoiceId} AND r.status <> 'Cancelled'
    ${returnId ? sql`AND r.id <> ${returnId}` : sql``}`;
  const [given] = rowsOf<{ tax: string | null }>(
    await ctx.db.execute(sql`SELECT sum(r.tax_as_charged)::text AS tax FROM sales_returns r WHERE ${others}`),
  );
  const [returned] = rowsOf<{ amount: string | null }>(
    await ctx.db.execute(sql`SELECT sum(l.amount)::text AS amount FROM sales_returns r
      JOIN sales_returns_lines l ON l.company_id = r.company_id AND l.parent_id = r.id WHERE ${others}`),
  );
  let back = toScaled(returned?.amount ?? 0, p) + lines.reduce((sum, l) => sum + amountOf(l, p), 0n);
  if (back > all) back = all;
  if (back < 0n) back = 0n;
  const rest = divRound(tax * back, all) - toScaled(given?.tax ?? 0, p);
  return Number(fromScaled(rest > 0n ? rest : 0n, p));
}

/** salesReturn before write: sets taxAsCharged from the return's lines while it names an
 * invoice. A history replay (an import of past returns) keeps the figures it carries: they are
 * what was given back then. */
export const returnTaxHooks: EntityHooks = {
  async beforeWrite(ctx, change) {
    if (ctx.history) return;
    const invoiceId = refId(change.input.invoice !== undefined ? change.input.invoice : change.before?.invoice);
    const back = invoiceId
      ? await taxBackOfReturn(ctx, invoiceId, change.before?.id ?? null, linesAfter(change))
      : undefined;
    if (back !== undefined) {
      change.input.taxAsCharged = back;
      return;
    }
    // No share to give back (no invoice any more, or one that states no tax as charged): a
    // figure the return took from an invoice is stale, and left would stand as the return's
    // whole tax. A return that never named an invoice keeps what was typed (a till's refunds).
    const typedNow =
      change.input.taxAsCharged !== undefined &&
      change.input.taxAsCharged !== null &&
      Number(change.input.taxAsCharged) !== Number(change.before?.taxAsCharged ?? NaN);
    if (invoiceId || (refId(change.before?.invoice) && !typedNow)) change.input.taxAsCharged = null;
  },
};
