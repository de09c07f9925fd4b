// Totals of a sales or purchasing document, exactly (scaled BigInt, see decimal.ts), in the
// document currency's precision (currencies.ts). The same code runs on the server (stored
// readOnly fields) and in the browser (live totals while lines are edited), so both agree to
// the last cent.
//
// Where rounding happens, and why:
// - A line's `amount` is quantity x unitPrice x (1 - discountPercent / 100), rounded ONCE to the
//   currency (half away from zero). `subtotal` is the sum of the rounded line amounts, so the
//   lines printed on a document add up to its subtotal.
// - Tax is computed per tax and per component on the document, not per line: each component is
//   charged on the sum of the amounts of the lines that carry that tax and rounded once. This is
//   how an invoice shows "GST 5 % ... 5.00 / QST 9.975 % ... 9.98" and it avoids the cents that
//   per-line rounding gains or loses over many lines (CRA and Revenu Québec accept rounding on
//   the invoice total; they do not require it per line).
// - A compound component (the former PEI and pre-2013 Quebec rules) is charged on the amount
//   PLUS the components listed before it in the same tax (each already rounded, as printed):
//   the tax screen labels it "on the amount plus the taxes before it". A tax without
//   components is a single non-compound component of its `rate`.
// - Each line's `taxAmount` is its share of its tax's total, allocated by cumulative rounding
//   in line order (share_i = round(T x cum_i / A) - round(T x cum_(i-1) / A)), so the line tax
//   amounts add up exactly to `taxTotal` and each is within one minor unit of its proportion.
// - Charges (a shipping charge, freight, a restocking fee taken off a return) are NOT part of
//   `subtotal` (the goods before tax and shipping, which a sales rep's commission is paid on) but
//   are taxed like the goods: the CRA treats a delivery charge the seller bills as part of the
//   supply of the goods (GST/HST Memorandum 3-3-3, "freight" follows the goods' tax status), and
//   a restocking fee kept on a return is consideration for the same supply. So the charges are
//   shared across the lines in proportion to their amounts (cumulative rounding, the shares add up
//   to the charges exactly) and each line's share joins the base of the line's tax; a share of an
//   untaxed line stays untaxed. A document with no goods (subtotal 0) leaves its charges untaxed.

import { currencyPrecision } from './currencies';
import { divRound, fromScaled, parseDecimal, pow10, shareOut, toScaled } from './decimal';

type Num = string | number | null | undefined;

export interface TaxComponentInput {
  name?: string | null;
  rate: Num;
  compound?: boolean | null;
}

export interface TaxInput {
  /** identifies the tax across lines; lines whose tax has no id are grouped by object identity */
  id?: string | number | null;
  name?: string | null;
  code?: string | null;
  rate: Num;
  components?: TaxComponentInput[] | null;
}

export interface LineInput {
  quantity: Num;
  unitPrice: Num;
  discountPercent?: Num;
  tax?: TaxInput | null;
}

export interface DocumentInput {
  currency: string | null | undefined;
  lines: LineInput[];
  /** shipping charge, freight, a restocking fee (negative): added to the total, taxed like the goods */
  charges?: Num[];
}

export interface TaxTotal {
  id: string | number | null;
  name: string | null;
  code: string | null;
  /** the sum of the line amounts carrying this tax, with their share of the charges */
  base: string;
  amount: string;
  components: { name: string | null; rate: string; compound: boolean; amount: string }[];
}

export interface DocumentTotals {
  currency: string;
  precision: number;
  lines: { amount: string; taxAmount: string }[];
  subtotal: string;
  charges: string;
  taxTotal: string;
  total: string;
  taxes: TaxTotal[];
}

/** A line's amount in minor units of a currency of `precision` decimals: quantity x unitPrice x
 * (100 - discountPercent) / 100, rounded once, half away from zero. */
export function lineAmountUnits(line: Omit<LineInput, 'tax'>, precision: number): bigint {
  if (line.quantity === null || line.quantity === undefined || line.quantity === '') return 0n;
  if (line.unitPrice === null || line.unitPrice === undefined || line.unitPrice === '') return 0n;
  const q = parseDecimal(line.quantity);
  const p = parseDecimal(line.unitPrice);
  const d =
    line.discountPercent === null || line.discountPercent === undefined || line.discountPercent === ''
      ? { units: 0n, scale: 0 }
      : parseDecimal(line.discountPercent);
  const hundred = 100n * pow10(d.scale);
  return divRound(q.units * p.units * (hundred - d.units) * pow10(precision), pow10(q.scale + p.scale) * hundred);
}

/** A line's amount as decimal text in the currency's precision (purchasing costs receipts with
 * it, so a receipt's value is what its purchase order line says). */
export function lineAmount(line: Omit<LineInput, 'tax'>, currency: string | null | undefined): string {
  const precision = currencyPrecision(currency);
  return fromScaled(lineAmountUnits(line, precision), precision);
}

/** base x rate % in minor units, rounded once. */
function percentOf(base: bigint, rate: Num): bigint {
  if (rate === null || rate === undefined || rate === '') return 0n;
  const r = parseDecimal(rate);
  return divRound(base * r.units, 100n * pow10(r.scale));
}

function rateText(rate: Num): string {
  if (rate === null || rate === undefined || rate === '') return '0';
  const r = parseDecimal(rate);
  return fromScaled(r.units, r.scale);
}

export function documentTotals(doc: DocumentInput): DocumentTotals {
  const currency = (doc.currency ?? '').toUpperCase();
  const precision = currencyPrecision(currency);
  const amounts = doc.lines.map((line) => lineAmountUnits(line, precision));
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  const charges = (doc.charges ?? []).reduce<bigint>((sum, c) => sum + toScaled(c, precision), 0n);
  // each line's taxable amount: its own plus its share of the charges (cumulative rounding)
  const chargeShares = shareOut(charges, amounts);
  const taxable = amounts.map((amount, i) => amount + chargeShares[i]);

  // group the lines by tax, in the order each tax first appears
  const groups = new Map<unknown, { tax: TaxInput; lines: number[] }>();
  doc.lines.forEach((line, i) => {
    const tax = line.tax;
    if (!tax) return;
    const key = tax.id === null || tax.id === undefined ? tax : `id:${String(tax.id)}`;
    const group = groups.get(key) ?? { tax, lines: [] };
    group.lines.push(i);
    groups.set(key, group);
  });

  const lineTax = amounts.map(() => 0n);
  const taxes: TaxTotal[] = [];
  let taxTotal = 0n;
  for (const { tax, lines } of groups.values()) {
    const base = lines.reduce((sum, i) => sum + taxable[i], 0n);
    const parts: TaxComponentInput[] = tax.components?.length ? tax.components : [{ name: tax.name, rate: tax.rate }];
    let before = 0n;
    const components = parts.map((c) => {
      const amount = percentOf(c.compound ? base + before : base, c.rate);
      before += amount;
      return { name: c.name ?? null, rate: rateText(c.rate), compound: Boolean(c.compound), amount };
    });
    const total = before;
    taxTotal += total;
    // cumulative rounding: the shares add up to the tax's total exactly
    const taxShares = shareOut(
      total,
      lines.map((i) => taxable[i]),
    );
    lines.forEach((i, k) => (lineTax[i] += taxShares[k]));
    // a tax on lines that sum to zero has nothing to charge, so nothing is left to allocate
    taxes.push({
      id: tax.id ?? null,
      name: tax.name ?? null,
      code: tax.code ?? null,
      base: fromScaled(base, precision),
      amount: fromScaled(total, precision),
      components: components.map((c) => ({ ...c, amount: fromScaled(c.amount, precision) })),
    });
  }

  const fmt = (u: bigint) => fromScaled(u, precision);
  return {
    currency,
    precision,
    lines: amounts.map((a, i) => ({ amount: fmt(a), taxAmount: fmt(lineTax[i]) })),
    subtotal: fmt(subtotal),
    charges: fmt(charges),
    taxTotal: fmt(taxTotal),
    total: fmt(subtotal + charges + taxTotal),
    taxes,
  };
}
