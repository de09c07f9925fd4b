// A return from a period's sums: pure arithmetic over integers (thousandths of a litre or LAA,
// cents), no database. The inventory account is opening + additions - reductions + adjustments
// = closing; the ledger's own closing (opening + every row of the period) must equal it to the
// thousandth, or the return does not reconcile (rows of a category no line sums, or transfers
// between the site's vessels that do not net to zero) and cannot be filed.
import { AppError } from '../kernel/errors';
import type { DutyDef, FormDef, LineDef, Section, StrengthClass } from './forms';
import { RATE_LABELS, dutyCents, rateOn, type RateRow } from './rates';

/** The period's rows of one category summed (by date for categories that carry duty). */
export interface Bucket {
  cat: string;
  /** the rows' date when the category carries duty (each takes the rate of its date), else null */
  date: string | null;
  cls: StrengthClass;
  imported: boolean;
  /** 1 for rows coming in, -1 going out (a reversal counts with the row it reverses) */
  dir: 1 | -1;
  /** the quantity the return counts (LAA for spirits and packaged stock, litres for wine), thousandths */
  qty: number;
  laa: number;
  volume: number;
  n: number;
}

export interface Opening {
  total: number;
  byClass: Partial<Record<StrengthClass, number>>;
}

export interface ComputedLine {
  key: string;
  label: string;
  labelFr: string;
  section: Section;
  unit: string;
  /** thousandths; reductions positive */
  quantity: number;
  categories: readonly string[];
  bands: { band: string; quantity: number }[] | null;
}

export interface ComputedDuty {
  key: string;
  label: string;
  labelFr: string;
  /** the inventory line it is computed on */
  line: string | null;
  classes: readonly StrengthClass[];
  quantity: number | null;
  unit: string | null;
  /** thousandths of a dollar per unit */
  rate: number | null;
  rateFrom: string | null;
  /** cents */
  amount: number;
}

export interface ComputedReturn {
  lines: ComputedLine[];
  duty: ComputedDuty[];
  totalDuty: number;
  closing: number;
  closingByClass: Partial<Record<StrengthClass, number>>;
  ledgerClosing: number;
  /** what the period's rows add that no line sums (thousandths): zero when the return reconciles */
  unmatched: number;
  reconciled: boolean;
  rowCount: number;
  nil: boolean;
}

const CLASSES: StrengthClass[] = ['a', 'b', 'c', 'd'];

/** The line a bucket counts on, or null (a transfer, or a category the form does not know). */
export function lineOf(def: FormDef, b: Pick<Bucket, 'cat' | 'dir'>): LineDef | null {
  return (
    def.lines.find((l) => l.categories.includes(b.cat) && (l.direction === undefined || l.direction === b.dir)) ?? null
  );
}

/** How a section turns the ledger's signed sum into the line's figure. */
const signOf = (s: Section) => (s === 'reduction' ? -1 : 1);

/** Categories whose rows carry duty (the SQL groups these by date). */
export const dutyCategories = (def: FormDef): string[] => [
  ...new Set(def.duty.flatMap((d) => def.lines.find((l) => l.key === d.line)?.categories ?? [])),
];

function dutyEntries(def: FormDef, d: DutyDef, buckets: Bucket[], rates: RateRow[], periodEnd: string): ComputedDuty[] {
  const ln = def.lines.find((l) => l.key === d.line)!;
  const sign = signOf(ln.section);
  const byRate = new Map<string, { rate: RateRow; qty: number }>();
  for (const b of buckets) {
    if (lineOf(def, b) !== ln || !d.classes.includes(b.cls) || (d.importedOnly && !b.imported)) continue;
    const date = b.date ?? periodEnd;
    const rate = rateOn(rates, d.product, date);
    if (!rate)
      throw new AppError(
        'CONFLICT',
        `No duty rate for ${RATE_LABELS[d.product].toLowerCase()} on ${date}: add it to the excise rate table`,
        { product: d.product, date },
      );
    const k = rate.effectiveFrom;
    const e = byRate.get(k) ?? { rate, qty: 0 };
    e.qty += sign * (d.unit === 'LAA' ? b.laa : b.volume);
    byRate.set(k, e);
  }
  return [...byRate.values()]
    .sort((a, b) => a.rate.effectiveFrom.localeCompare(b.rate.effectiveFrom))
    .map(({ rate, qty }) => ({
      key: d.key,
      label: d.label,
      labelFr: d.labelFr,
      line: d.line,
      classes: d.classes,
      quantity: qty,
      unit: d.unit,
      rate: rate.rate,
      rateFrom: rate.effectiveFrom,
      amount: dutyCents(qty, rate.rate),
    }));
}

export function computeReturn(
  def: FormDef,
  opening: Opening,
  buckets: Bucket[],
  rates: RateRow[],
  periodEnd: string,
  refundCents = 0,
): ComputedReturn {
  const sums = new Map<string, { total: number; byClass: Record<StrengthClass, number> }>();
  let all = 0;
  let counted = 0;
  let rowCount = 0;
  for (const b of buckets) {
    all += b.qty;
    rowCount += b.n;
    const ln = lineOf(def, b);
    if (!ln) continue;
    counted += b.qty;
    const s = sums.get(ln.key) ?? { total: 0, byClass: { a: 0, b: 0, c: 0, d: 0 } };
    s.total += b.qty;
    s.byClass[b.cls] += b.qty;
    sums.set(ln.key, s);
  }
  const bandsOf = (byClass: Partial<Record<StrengthClass, number>>, sign = 1) =>
    def.bands
      ? def.bands.map((band) => ({
          band: band.key,
          quantity: sign * band.classes.reduce((t, c) => t + (byClass[c] ?? 0), 0),
        }))
      : null;
  const closingByClass: Partial<Record<StrengthClass, number>> = {};
  for (const c of CLASSES) closingByClass[c] = opening.byClass[c] ?? 0;
  let closing = opening.total;
  const lines: ComputedLine[] = [];
  for (const l of def.lines) {
    const base = { key: l.key, label: l.label, labelFr: l.labelFr, section: l.section, unit: def.unit };
    if (l.section === 'opening') {
      lines.push({ ...base, quantity: opening.total, categories: [], bands: bandsOf(opening.byClass) });
      continue;
    }
    if (l.section === 'closing') continue;
    const s = sums.get(l.key) ?? { total: 0, byClass: { a: 0, b: 0, c: 0, d: 0 } };
    const sign = signOf(l.section);
    closing += s.total;
    for (const c of CLASSES) closingByClass[c] = (closingByClass[c] ?? 0) + s.byClass[c];
    lines.push({ ...base, quantity: sign * s.total, categories: l.categories, bands: bandsOf(s.byClass, sign) });
  }
  const closingDef = def.lines.find((l) => l.section === 'closing')!;
  lines.push({
    key: closingDef.key,
    label: closingDef.label,
    labelFr: closingDef.labelFr,
    section: 'closing',
    unit: def.unit,
    quantity: closing,
    categories: [],
    bands: bandsOf(closingByClass),
  });

  const duty: ComputedDuty[] = [];
  const firstOfKey = new Map<string, DutyDef>();
  for (const d of def.duty) {
    if (!firstOfKey.has(d.key)) firstOfKey.set(d.key, d);
    duty.push(...dutyEntries(def, d, buckets, rates, periodEnd));
  }
  // every duty line of the form shows, at the rate in force at the period's end when nothing moved
  for (const [key, d] of firstOfKey)
    if (!duty.some((e) => e.key === key)) {
      const rate = rateOn(rates, d.product, periodEnd);
      duty.push({
        key,
        label: d.label,
        labelFr: d.labelFr,
        line: d.line,
        classes: d.classes,
        quantity: 0,
        unit: d.unit,
        rate: rate?.rate ?? null,
        rateFrom: rate?.effectiveFrom ?? null,
        amount: 0,
      });
    }
  const order = [...firstOfKey.keys()];
  duty.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  if (def.duty.length)
    duty.push({
      key: 'refund.b256',
      label: 'B256 refund claims offset',
      labelFr: 'Demandes de remboursement B256 déduites',
      line: null,
      classes: [],
      quantity: null,
      unit: null,
      rate: null,
      rateFrom: null,
      amount: refundCents ? -refundCents : 0,
    });
  const ledgerClosing = opening.total + all;
  return {
    lines,
    duty,
    totalDuty: duty.reduce((t, e) => t + e.amount, 0),
    closing,
    closingByClass,
    ledgerClosing,
    unmatched: all - counted,
    reconciled: ledgerClosing === closing,
    rowCount,
    nil: rowCount === 0,
  };
}
