// A document's tax by tax and component, for an accounting push that sends the tax by rate
// (taxCodes.ts). What each tax charged is what the document stored: the sum of its lines' stored
// tax amounts (storeTotals keeps each line's share, adding up to the tax's total). The shared
// documentTotals over the stored lines gives each tax's base and its split over its components;
// when a tax's rate changed since the document was saved, the stored amount is split in the
// proportion of today's components, so an issued document is sent as charged, never re-priced.
import { documentTotals, fromScaled, shareOut, toScaled } from '../../../../shared/money';
import type { Db } from '../../../db/connect';
import { taxesOf } from '../../sales/totals';
import { ConnectorError } from '../connector';
import type { DocumentTax } from './taxCodes';

type Num = string | number | null;

export interface StoredDocument {
  /** what the document is called in a refusal ("invoice 1042") */
  label: string;
  currency: string | null;
  lines: { quantity: Num; unitPrice: Num; discountPercent: Num; tax: string | null; taxAmount: Num }[];
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
  const stored = new Map<string, bigint>();
  for (const line of doc.lines)
    if (line.tax) stored.set(line.tax, (stored.get(line.tax) ?? 0n) + toScaled(line.taxAmount ?? 0, CENTS));
  const byTax = totals.taxes.map((t) => {
    const computed = t.components.map((c) => toScaled(c.amount, CENTS));
    const charged = stored.get(String(t.id)) ?? computed.reduce((a, b) => a + b, 0n);
    const same = charged === computed.reduce((a, b) => a + b, 0n);
    const weights = computed.some((c) => c !== 0n) ? computed : computed.map((_, i) => (i === 0 ? 1n : 0n));
    const amounts = same ? computed : shareOut(charged, weights);
    return {
      taxId: String(t.id),
      name: t.name ?? '',
      baseCents: Number(toScaled(t.base, CENTS)),
      components: t.components.map((c, i) => ({ rate: c.rate, compound: c.compound, amountCents: Number(amounts[i]) })),
    };
  });
  // the lines' shares add up to the document's tax, as storeTotals stores them
  const sum = byTax.reduce((total, t) => total + t.components.reduce((s, c) => s + BigInt(c.amountCents), 0n), 0n);
  if (sum !== toScaled(doc.taxTotal ?? 0, CENTS))
    throw new ConnectorError({
      kind: 'rejected',
      message: `The tax of ${doc.label} (${fromScaled(toScaled(doc.taxTotal ?? 0, CENTS), CENTS)}) is not the sum of its lines' taxes (${fromScaled(sum, CENTS)}): open it and save it again`,
    });
  return byTax;
}
