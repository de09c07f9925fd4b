// A document's tax by tax and component, as its totals were computed when it was saved (the
// shared documentTotals over its stored lines and the taxes they name), for an accounting push
// that sends the tax by rate (taxCodes.ts). The tax stored on the document is the truth: when a
// tax's rate changed since the save, the breakdown no longer adds up to it and is refused in
// words rather than sent different from what the customer or supplier was charged.
import { documentTotals, fromScaled, toScaled } from '../../../../shared/money';
import type { Db } from '../../../db/connect';
import { taxesOf } from '../../sales/totals';
import { ConnectorError } from '../connector';
import type { DocumentTax } from './taxCodes';

type Num = string | number | null;

export interface StoredDocument {
  /** what the document is called in a refusal ("invoice 1042") */
  label: string;
  currency: string | null;
  lines: { quantity: Num; unitPrice: Num; discountPercent: Num; tax: string | null }[];
  /** its charges with their sign (shipping +, a restocking fee -, freight +), decimal text */
  charges: string[];
  taxTotal: Num;
}

const CENTS = 2;

export async function documentTaxOf(db: Db, companyId: string, doc: StoredDocument): Promise<DocumentTax[]> {
  const ids = [...new Set(doc.lines.map((l) => l.tax).filter((id): id is string => !!id))];
  const taxes = await taxesOf(db, companyId, ids);
  const totals = documentTotals({
    currency: doc.currency ?? 'CAD',
    lines: doc.lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      tax: l.tax ? (taxes.get(l.tax) ?? null) : null,
    })),
    charges: doc.charges,
  });
  const stored = toScaled(doc.taxTotal ?? 0, CENTS);
  if (toScaled(totals.taxTotal, CENTS) !== stored)
    throw new ConnectorError({
      kind: 'rejected',
      message: `The tax of ${doc.label} ($${fromScaled(stored, CENTS)}) is not what its lines' taxes charge today ($${totals.taxTotal}): a tax's rate changed after it was saved; save it again so its tax is computed anew`,
    });
  return totals.taxes.map((t) => ({
    taxId: String(t.id),
    name: t.name ?? '',
    baseCents: Number(toScaled(t.base, CENTS)),
    components: t.components.map((c) => ({ amountCents: Number(toScaled(c.amount, CENTS)), compound: c.compound })),
  }));
}
