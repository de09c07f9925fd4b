// A charge (shipping, freight, a restocking fee) taxed like the goods, as the shared
// documentTotals tax it, goes over there as one line per tax code of the goods, in proportion to
// the goods' amounts under each code (cumulative rounding: the parts add up to the charge), so
// the other system's tax reports put it under the codes it was taxed by.
import { shareOut } from '../../../../shared/money';
import type { TaxCodingToPush } from '../connector';

export function splitCharge(
  amountCents: number,
  coding: TaxCodingToPush | undefined,
): { codeExternalId: string | null; amountCents: number }[] {
  if (!coding) return [{ codeExternalId: null, amountCents }];
  // goods that add up to nothing share nothing: the charge goes whole under the first code
  if (coding.chargeCodes.reduce((sum, c) => sum + c.weightCents, 0) === 0)
    return [{ codeExternalId: coding.chargeCodes[0]?.codeExternalId ?? null, amountCents }];
  const shares = shareOut(
    BigInt(amountCents),
    coding.chargeCodes.map((c) => BigInt(c.weightCents)),
  );
  return coding.chargeCodes
    .map((c, i) => ({ codeExternalId: c.codeExternalId, amountCents: Number(shares[i]) }))
    .filter((part) => part.amountCents !== 0);
}
