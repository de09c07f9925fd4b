// Money rules against figures worked by hand (the working is in each comment): exact decimals,
// the currency table, line amounts and document-level tax rounding, compound taxes, 0- and
// 3-decimal currencies and no binary-float drift.
import { describe, expect, it } from 'vitest';
import {
  currencyPrecision,
  currencySymbol,
  documentTotals,
  fromScaled,
  lineAmount,
  roundDecimal,
  shareOut,
  toScaled,
} from '../../src/shared/money';

const gstQst = {
  id: 'qc',
  name: 'GST + QST',
  rate: '14.975',
  components: [
    { name: 'GST', rate: 5 },
    { name: 'QST', rate: 9.975 },
  ],
};
const hst = { id: 'on', name: 'HST', rate: 13 };

describe('decimal', () => {
  it('parses strings and GraphQL numbers exactly and rounds half away from zero', () => {
    // 1.005 as a float is 1.00499999999999989...; read through its text it is 1.005 -> 1.01
    expect(toScaled(1.005, 2)).toBe(101n);
    expect(toScaled('-1.005', 2)).toBe(-101n);
    expect(toScaled('2.5', 0)).toBe(3n);
    expect(toScaled(-2.5, 0)).toBe(-3n);
    expect(toScaled('2.4999', 0)).toBe(2n);
    expect(toScaled(1e-7, 3)).toBe(0n);
    expect(toScaled(1.5e3, 2)).toBe(150000n);
    expect(toScaled('.5', 1)).toBe(5n); // a leading dot counts as a leading zero
    expect(toScaled(null, 2)).toBe(0n);
    expect(toScaled('', 2)).toBe(0n);
    expect(() => toScaled('1,5', 2)).toThrow();
    expect(() => toScaled(Number.NaN, 2)).toThrow();
  });

  it('shares a total out over weights by cumulative rounding, the shares adding up exactly', () => {
    // 5 over four equal weights: 5x1/4 = 1.25 -> 1; 5x2/4 = 2.5 -> 3 (share 2); 5x3/4 = 3.75 -> 4
    // (share 1); 5x4/4 = 5 (share 1)
    expect(shareOut(5n, [1n, 1n, 1n, 1n])).toEqual([1n, 2n, 1n, 1n]);
    // 100 over 30.00 and 10.00: 100x3000/4000 = 75, then 25
    expect(shareOut(100n, [3000n, 1000n])).toEqual([75n, 25n]);
    // -7 over 1 and 2: -7x1/3 = -2.33 -> -2; -7x3/3 = -7 (share -5)
    expect(shareOut(-7n, [1n, 2n])).toEqual([-2n, -5n]);
    // weights that sum to zero share nothing
    expect(shareOut(1000n, [0n, 0n])).toEqual([0n, 0n]);
    expect(shareOut(3n, [])).toEqual([]);
  });

  it('formats with exactly the scale asked', () => {
    expect(fromScaled(-5n, 2)).toBe('-0.05');
    expect(fromScaled(12n, 0)).toBe('12');
    expect(fromScaled(1500n, 3)).toBe('1.500');
    expect(roundDecimal('9.975', 2)).toBe('9.98');
    expect(roundDecimal(0.1 + 0.2, 2)).toBe('0.30');
  });
});

describe('currency table', () => {
  it('gives 2 decimals by default, 0 for JPY/KRW and other zero-decimal currencies, 3 for the dinars', () => {
    expect(currencyPrecision('CAD')).toBe(2);
    expect(currencyPrecision('USD')).toBe(2);
    expect(currencyPrecision('EUR')).toBe(2);
    for (const c of ['JPY', 'KRW', 'CLP', 'ISK', 'VND']) expect(currencyPrecision(c)).toBe(0);
    for (const c of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(currencyPrecision(c)).toBe(3);
    expect(currencyPrecision(null)).toBe(2);
  });

  it('gives a symbol, or the code when the table has none', () => {
    expect(currencySymbol('CAD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('XYZ')).toBe('XYZ');
  });
});

describe('line amounts', () => {
  it('applies the discount and rounds once to the currency', () => {
    // 7 x 12.99 = 90.93; less 15 % = 90.93 x 0.85 = 77.2905 -> 77.29
    expect(lineAmount({ quantity: 7, unitPrice: 12.99, discountPercent: 15 }, 'CAD')).toBe('77.29');
    // 2.5 x 1.99 = 4.975 -> 4.98 (half away from zero; as floats 2.5*1.99 = 4.9749999...)
    expect(lineAmount({ quantity: 2.5, unitPrice: 1.99 }, 'CAD')).toBe('4.98');
    // no price yet: nothing
    expect(lineAmount({ quantity: 3, unitPrice: null }, 'CAD')).toBe('0.00');
  });
});

describe('document totals', () => {
  it('GST 5 % + QST 9.975 % on $100.00 is 114.98', () => {
    // GST 100 x 5 % = 5.00; QST 100 x 9.975 % = 9.975 -> 9.98; total 100 + 5.00 + 9.98 = 114.98
    const t = documentTotals({ currency: 'CAD', lines: [{ quantity: 1, unitPrice: 100, tax: gstQst }] });
    expect(t.subtotal).toBe('100.00');
    expect(t.taxes[0].components.map((c) => c.amount)).toEqual(['5.00', '9.98']);
    expect(t.taxTotal).toBe('14.98');
    expect(t.total).toBe('114.98');
    expect(t.lines).toEqual([{ amount: '100.00', taxAmount: '14.98' }]);
  });

  it('HST 13 % on two lines, allocated to the lines without losing a cent', () => {
    // 3 x 19.99 = 59.97; 1 x 45.50 = 45.50; subtotal 105.47
    // HST 105.47 x 13 % = 13.7111 -> 13.71; total 119.18
    // line 1 share: 1371 x 5997 / 10547 = 779.55 cents -> 7.80; line 2: 13.71 - 7.80 = 5.91
    const t = documentTotals({
      currency: 'CAD',
      lines: [
        { quantity: 3, unitPrice: '19.99', tax: hst },
        { quantity: 1, unitPrice: '45.50', tax: hst },
      ],
    });
    expect(t.subtotal).toBe('105.47');
    expect(t.taxTotal).toBe('13.71');
    expect(t.total).toBe('119.18');
    expect(t.lines).toEqual([
      { amount: '59.97', taxAmount: '7.80' },
      { amount: '45.50', taxAmount: '5.91' },
    ]);
  });

  it('compound tax: the former PEI rule, 10 % PST on the price plus 5 % GST', () => {
    // GST 100 x 5 % = 5.00; PST (100 + 5.00) x 10 % = 10.50; tax 15.50; total 115.50
    const pei = {
      id: 'pe',
      name: 'GST + PST',
      rate: 15,
      components: [
        { name: 'GST', rate: 5 },
        { name: 'PST', rate: 10, compound: true },
      ],
    };
    const t = documentTotals({ currency: 'CAD', lines: [{ quantity: 4, unitPrice: 25, tax: pei }] });
    expect(t.taxes[0].components.map((c) => c.amount)).toEqual(['5.00', '10.50']);
    expect(t.taxTotal).toBe('15.50');
    expect(t.total).toBe('115.50');
  });

  it('rounds a Kuwaiti dinar document to 3 decimals', () => {
    // 3 x 1.25 = 3.750, less 10 % = 3.375; tax 5 % = 0.16875 -> 0.169; total 3.544
    const t = documentTotals({
      currency: 'KWD',
      lines: [{ quantity: 3, unitPrice: 1.25, discountPercent: 10, tax: { id: 1, name: 'VAT', rate: 5 } }],
    });
    expect(t.precision).toBe(3);
    expect(t.subtotal).toBe('3.375');
    expect(t.taxTotal).toBe('0.169');
    expect(t.total).toBe('3.544');
  });

  it('rounds a yen document to whole yen', () => {
    // 3 x 1250 = 3750, less 10 % = 3375; tax 10 % = 337.5 -> 338; total 3713
    const t = documentTotals({
      currency: 'JPY',
      lines: [{ quantity: 3, unitPrice: 1250, discountPercent: 10, tax: { id: 1, name: 'Consumption tax', rate: 10 } }],
    });
    expect(t.subtotal).toBe('3375');
    expect(t.taxTotal).toBe('338');
    expect(t.total).toBe('3713');
    expect(t.lines[0]).toEqual({ amount: '3375', taxAmount: '338' });
  });

  it('adds 100 lines of 0.1 x 0.7 without drift', () => {
    // each line 0.1 x 0.7 = 0.07 exactly (as floats 0.06999999999999999); 100 lines = 7.00;
    // HST 7.00 x 13 % = 0.91; total 7.91
    const lines = Array.from({ length: 100 }, () => ({ quantity: 0.1, unitPrice: 0.7, tax: hst }));
    const t = documentTotals({ currency: 'CAD', lines });
    expect(t.subtotal).toBe('7.00');
    expect(t.taxTotal).toBe('0.91');
    expect(t.total).toBe('7.91');
    const allocated = t.lines.reduce((sum, l) => sum + toScaled(l.taxAmount, 2), 0n);
    expect(allocated).toBe(91n);
  });

  it('rounds tax once per document and allocates it so the lines add up', () => {
    // three lines of 0.10 at 5 %: per line 0.005 would round to 0.01 each (0.03), but the
    // document tax is 0.30 x 5 % = 0.015 -> 0.02. Cumulative shares: round(2 x 10/30) = 1,
    // round(2 x 20/30) = 1, 2 -> 0.01, 0.00, 0.01
    const gst = { id: 'gst', name: 'GST', rate: 5 };
    const t = documentTotals({
      currency: 'CAD',
      lines: [0, 1, 2].map(() => ({ quantity: 1, unitPrice: 0.1, tax: gst })),
    });
    expect(t.taxTotal).toBe('0.02');
    expect(t.lines.map((l) => l.taxAmount)).toEqual(['0.01', '0.00', '0.01']);
  });

  it('keeps taxes apart, leaves untaxed lines untaxed, and taxes shipping like the goods it carries', () => {
    // line 1: 2 x 50 = 100.00 GST 5 %; line 2: 1 x 20 = 20.00 HST 13 %; line 3: 1 x 10 = 10.00 no
    // tax; subtotal 130.00. Shipping 15.00 shared by amount (cumulative, in cents): 1500 x 100/130
    // = 1153.8 -> 11.54; 1500 x 120/130 = 1384.6 -> 13.85, so 2.31; the last 1.15 (untaxed line).
    // GST (100.00 + 11.54) x 5 % = 5.577 -> 5.58; HST (20.00 + 2.31) x 13 % = 2.9003 -> 2.90;
    // taxes 8.48; total 130.00 + 15.00 + 8.48 = 153.48
    const t = documentTotals({
      currency: 'CAD',
      lines: [
        { quantity: 2, unitPrice: 50, tax: { id: 'gst', name: 'GST', rate: 5 } },
        { quantity: 1, unitPrice: 20, tax: hst },
        { quantity: 1, unitPrice: 10, tax: null },
      ],
      charges: ['15'],
    });
    expect(t.subtotal).toBe('130.00');
    expect(t.taxes.map((x) => [x.name, x.base, x.amount])).toEqual([
      ['GST', '111.54', '5.58'],
      ['HST', '22.31', '2.90'],
    ]);
    expect(t.taxTotal).toBe('8.48');
    expect(t.charges).toBe('15.00');
    expect(t.total).toBe('153.48');
    expect(t.lines.map((l) => l.taxAmount)).toEqual(['5.58', '2.90', '0.00']);
  });

  it('a 100 % discount leaves nothing to tax', () => {
    const t = documentTotals({
      currency: 'CAD',
      lines: [{ quantity: 5, unitPrice: 9.99, discountPercent: 100, tax: hst }],
    });
    expect(t.total).toBe('0.00');
    expect(t.lines[0]).toEqual({ amount: '0.00', taxAmount: '0.00' });
  });
});
