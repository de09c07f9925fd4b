// A return made from an invoice whose tax was charged elsewhere (a till's day, taxAsCharged:
// shared/money/statedTax.ts) gives back its share of that tax, and the share follows the
// return's own lines on every save: a draft made of ten bottles and cut to one before it is
// credited gives back one bottle's tax, not ten. The one rule, used by the conversion (which
// creates through the records layer, so this hook runs) and by every save.
//
// All of the invoice's returns (not cancelled) together give back T x R / S, rounded once to
// the cent (half up): T the invoice's tax as charged, S the amounts of all its lines, R the
// amounts the returns hand back (this one's lines as they are being saved, the others' as
// stored), R no more than S. This return gives that less what the other returns already gave
// back, never below zero. So the cents never drift over several returns, and a day returned
// whole gives back exactly its tax.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { EntityHooks, WriteChange } from '../../records/hooks';
import { fromScaled, toScaled } from '../../../../shared/money/decimal';
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

/** amounts in thousandths, as lines store them */
const AMOUNT_SCALE = 3;

const amountOf = (l: Line) =>
  lineAmountUnits(
    {
      quantity: l.quantity as string | number | null,
      unitPrice: l.unitPrice as string | number | null,
      discountPercent: l.discountPercent as string | number | null,
    },
    AMOUNT_SCALE,
  );

/** The tax as charged the return gives back, or undefined when its invoice states none (the
 * return's own taxes, or a tax as charged typed on it, then stand). */
export async function taxBackOfReturn(
  ctx: DomainContext,
  invoiceId: string,
  returnId: string | null,
  lines: Line[],
): Promise<number | undefined> {
  const { companyId } = ctx.actor;
  const [invoice] = rowsOf<{ stated: string | null; lines: string | null }>(
    await ctx.db.execute(sql`SELECT i.tax_as_charged::text AS stated,
        (SELECT sum(l.amount) FROM invoices_lines l WHERE l.company_id = i.company_id AND l.parent_id = i.id)::text AS lines
      FROM invoices i WHERE i.company_id = ${companyId} AND i.id = ${invoiceId}`),
  );
  if (!invoice || invoice.stated === null) return undefined;
  const tax = toScaled(invoice.stated, 2);
  const all = toScaled(invoice.lines ?? 0, AMOUNT_SCALE);
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
  let back = toScaled(returned?.amount ?? 0, AMOUNT_SCALE) + lines.reduce((sum, l) => sum + amountOf(l), 0n);
  if (back > all) back = all;
  if (back < 0n) back = 0n;
  const cumulative = (tax * back * 2n + all) / (all * 2n);
  const rest = cumulative - toScaled(given?.tax ?? 0, 2);
  return Number(fromScaled(rest > 0n ? rest : 0n, 2));
}

/** salesReturn before write: sets taxAsCharged from the return's lines while it names an
 * invoice with a tax as charged. */
export const returnTaxHooks: EntityHooks = {
  async beforeWrite(ctx, change) {
    const invoiceId = refId(change.input.invoice !== undefined ? change.input.invoice : change.before?.invoice);
    if (!invoiceId) return;
    const back = await taxBackOfReturn(ctx, invoiceId, change.before?.id ?? null, linesAfter(change));
    if (back !== undefined) change.input.taxAsCharged = back;
  },
};
