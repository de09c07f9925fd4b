// The scaling rules of spec 5, pure and exact: quantities are decimals of at most 3 places
// (6 for item precision), worked as integers and rounded once, half away from zero.
//
// - A mash bill scales in proportion to the new volume: quantity x new volume / bill volume
//   (a bill that is not scalable keeps its quantities).
// - A bottling's bill of materials: per Bottle, quantity x cases x case size; per Case,
//   quantity x cases; rounded to the line's precision.
// - A blend formula scaled to a quantity Q: spirit and wine lines are percentages of the blend,
//   Q x percent / 100 rounded to 3 decimals; every other line scales by the ratio of the
//   scale-to input to its base (formula.scaleBase). The scale-to input is the formula's line
//   naming the scale-to record when that line is a spirit or wine (its scaled quantity over the
//   base); otherwise it is the blend itself (Q over the base). With no base the other lines are
//   kept as written.

/** A decimal (API number) to an integer of 10^-scale units, half away from zero. */
const units = (x: number, scale: number): bigint => {
  const n = Math.abs(x) * 10 ** scale;
  const r = BigInt(Math.round(n));
  return x < 0 ? -r : r;
};
const toNumber = (n: bigint, scale: number): number => Number(n) / 10 ** scale;

/** numerator / denominator rounded half away from zero (BigInt, exact). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const a = numerator < 0n ? -numerator : numerator;
  const b = denominator < 0n ? -denominator : denominator;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** quantity x numerator / denominator, all decimals, rounded to `precision` places. */
export function scaleBy(quantity: number, numerator: number, denominator: number, precision = 3): number {
  // work in 10^-6 for the factors: every input has at most 6 places
  const q = units(quantity, 6);
  const n = units(numerator, 6);
  const d = units(denominator, 6);
  // q (1e-6) x n (1e-6) / d (1e-6) is in 1e-6; scale to `precision`
  const result = divRound(q * n * 10n ** BigInt(precision), d * 10n ** 6n);
  return toNumber(result, precision);
}

export interface MashBillLine {
  quantity: number;
  /** decimals to keep (the item's precision); 3 by default */
  precision?: number | null;
  [k: string]: unknown;
}

/** A mash bill's items for a mash of `volume` litres. */
export function scaleMash<L extends MashBillLine>(
  bill: { volume: number; scalable?: boolean | null; items: L[] },
  volume: number,
): L[] {
  if (bill.scalable === false || !bill.volume) return bill.items.map((l) => ({ ...l }));
  return bill.items.map((l) => ({ ...l, quantity: scaleBy(l.quantity, volume, bill.volume, l.precision ?? 3) }));
}

export interface BomLine {
  quantity: number;
  per: 'Bottle' | 'Case';
  /** decimals to keep; the product bom's default is 0 */
  precision?: number | null;
  [k: string]: unknown;
}

/** A product's bill of materials for `cases` cases of `caseSize` bottles. */
export function scaleBom<L extends BomLine>(bom: L[], cases: number, caseSize: number): L[] {
  return bom.map((l) => ({
    ...l,
    quantity:
      l.per === 'Case'
        ? scaleBy(l.quantity, cases, 1, l.precision ?? 0)
        : scaleBy(l.quantity, cases * caseSize, 1, l.precision ?? 0),
  }));
}

export interface FormulaLine {
  type: 'Spirit' | 'Wine' | 'NonExcise' | 'Item';
  /** percent of the blend for spirits and wine; an amount otherwise */
  quantity: number;
  spirit?: { id: string } | null;
  wine?: { id: string } | null;
  nonExcise?: { id: string } | null;
  item?: { id: string } | null;
  [k: string]: unknown;
}

export interface FormulaToScale<L extends FormulaLine = FormulaLine> {
  scaleBase?: number | null;
  scaleTo?: { id: string } | null;
  inputs: L[];
}

const isPercent = (l: FormulaLine) => l.type === 'Spirit' || l.type === 'Wine';
const recordOf = (l: FormulaLine) => (l.spirit ?? l.wine ?? l.nonExcise ?? l.item)?.id ?? null;

/** A formula's inputs for a blend of `quantity` (litres): spirit and wine lines become
 * quantity x percent / 100 (3 decimals), the others scale by the scale-to input over the base. */
export function scaleFormula<L extends FormulaLine>(formula: FormulaToScale<L>, quantity: number): L[] {
  const percentOf = (l: FormulaLine) => scaleBy(quantity, l.quantity, 100, 3);
  const scaleLine = formula.scaleTo?.id ? formula.inputs.find((l) => recordOf(l) === formula.scaleTo!.id) : undefined;
  const scaleTo = scaleLine && isPercent(scaleLine) ? percentOf(scaleLine) : quantity;
  const base = formula.scaleBase ?? 0;
  return formula.inputs.map((l) => ({
    ...l,
    quantity: isPercent(l) ? percentOf(l) : base > 0 ? scaleBy(l.quantity, scaleTo, base, 3) : l.quantity,
  }));
}
