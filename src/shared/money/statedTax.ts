// A document whose tax was already charged elsewhere states it in `taxAsCharged`: a till (Square)
// rounds its tax per line, our documents compute it once on the total, and over a day of sales
// the two differ by a few cents. The tax collected is what the customer paid, so the stated
// amount is the document's tax to the cent: taxTotal, total, and each line's taxAmount (its share,
// by cumulative rounding, of the lines that carry a tax, or of all lines when none names one:
// the till taxed them without our tax records). Tax stays tax: never a line, never in subtotal.
// Shared so the edit form's live totals and the print show what the server stores.
import { fromScaled, shareOut, toScaled } from './decimal';
import type { DocumentTotals } from './documentTotals';

/** the name of the single tax a stated amount shows as (translated by the screens) */
export const STATED_TAX_NAME = 'Tax as charged';

export function withStatedTax(totals: DocumentTotals, stated: unknown, taxed: boolean[]): DocumentTotals {
  if (stated === null || stated === undefined || stated === '') return totals;
  const p = totals.precision;
  const tax = toScaled(stated as string | number, p);
  const amounts = totals.lines.map((l) => toScaled(l.amount, p));
  const anyTaxed = taxed.some(Boolean);
  const weights = amounts.map((a, i) => (!anyTaxed || taxed[i] ? a : 0n));
  const shares = shareOut(tax, weights);
  const subtotal = toScaled(totals.subtotal, p);
  const charges = toScaled(totals.charges, p);
  const fmt = (u: bigint) => fromScaled(u, p);
  return {
    ...totals,
    lines: totals.lines.map((l, i) => ({ amount: l.amount, taxAmount: fmt(shares[i]) })),
    taxTotal: fmt(tax),
    total: fmt(subtotal + charges + tax),
    taxes: [
      {
        id: null,
        name: STATED_TAX_NAME,
        code: null,
        base: fmt(subtotal + charges),
        amount: fmt(tax),
        components: [],
      },
    ],
  };
}
