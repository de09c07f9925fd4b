// The live totals of a document's edit screen: the form's values as react-hook-form holds them
// (refs picked as { id, name }, numbers typed as text, half-typed entries) give the figures the
// server stores, worked by hand below; amounts are shown in the locale's format.
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { sdl } from '../../src/generated/sdl';
import { DOCUMENT_TAX } from '../../src/app/pages/documentTotals/api';
import { formatMoney, formTotals, isMoneyDocument, lineTaxIds } from '../../src/app/pages/documentTotals/totals';
import type { TaxInput } from '../../src/shared/money';

const taxes = new Map<string, TaxInput>([
  [
    '7',
    {
      id: '7',
      name: 'GST + QST',
      rate: 14.975,
      components: [
        { name: 'GST', rate: 5 },
        { name: 'QST', rate: 9.975 },
      ],
    },
  ],
  ['8', { id: '8', name: 'HST', rate: 13, components: [] }],
]);

describe('document totals panel', () => {
  it('totals the form as it is being typed', () => {
    // line 1: 4 x 25 = 100.00 (GST + QST); line 2: '2' x '10.5' = 21.00 (HST); line 3 half-typed
    // ('1.' x '') counts nothing; subtotal 121.00. Shipping 15 is taxed like the goods, shared by
    // amount: 1500 x 100/121 = 1239.7 -> 12.40 to line 1, the 2.60 left to line 2.
    // GST 112.40 x 5 % = 5.62; QST 112.40 x 9.975 % = 11.2119 -> 11.21; HST 23.60 x 13 % = 3.068
    // -> 3.07; total 121 + 15 + 5.62 + 11.21 + 3.07 = 155.90
    const t = formTotals(
      'invoice',
      {
        currency: 'CAD',
        shippingCharge: '15',
        lines: [
          { quantity: 4, unitPrice: 25, tax: { id: '7', name: 'GST + QST' } },
          { quantity: '2', unitPrice: '10.5', tax: '8' },
          { quantity: '1.', unitPrice: '', tax: null },
        ],
      },
      taxes,
      'CAD',
    );
    expect(t.subtotal).toBe('121.00');
    expect(t.taxes.flatMap((x) => x.components.map((c) => c.amount))).toEqual(['5.62', '11.21', '3.07']);
    expect(t.charges).toBe('15.00');
    expect(t.total).toBe('155.90');
  });

  it("takes a return's restocking fee off and rounds in the document's currency", () => {
    // JPY: 3 x 1,250 = 3750, less a 500 fee = 3250
    const t = formTotals(
      'salesReturn',
      { currency: 'JPY', restockingFee: 500, lines: [{ quantity: 3, unitPrice: 1250 }] },
      taxes,
      'CAD',
    );
    expect(t.total).toBe('3250');
    // no currency yet: the record's
    expect(formTotals('estimate', { lines: [] }, taxes, 'KWD').total).toBe('0.000');
  });

  it("shows a till's tax as charged instead of computing one", () => {
    // a Square day: 2 x 35.95 + 89.00 = 160.90; the till charged 20.92 (13 % of 160.90 once would
    // be 20.917 -> 20.92 too, so the test states 20.93 to tell the two apart): total 181.83.
    // No line names a tax: the 20.93 is shared by amount, 2093 x 7190/16090 = 935.3 -> 9.35 to
    // line 1, the 11.58 left to line 2.
    const t = formTotals(
      'invoice',
      {
        currency: 'CAD',
        taxAsCharged: '20.93',
        lines: [
          { quantity: 2, unitPrice: '35.95' },
          { quantity: '1', unitPrice: 89 },
        ],
      },
      taxes,
      'CAD',
    );
    expect(t.subtotal).toBe('160.90');
    expect(t.taxTotal).toBe('20.93');
    expect(t.lines.map((l) => l.taxAmount)).toEqual(['9.35', '11.58']);
    expect(t.total).toBe('181.83');
    // a half-typed stated tax counts nothing yet: no tax on untaxed lines
    expect(
      formTotals('invoice', { taxAsCharged: '.', lines: [{ quantity: 1, unitPrice: 10 }] }, taxes, 'CAD').total,
    ).toBe('10.00');
  });

  it('asks for each tax the lines name once', () => {
    expect(lineTaxIds({ lines: [{ tax: { id: '7' } }, { tax: '8' }, { tax: '7' }, { tax: null }, {}] })).toEqual([
      '7',
      '8',
    ]);
    expect(lineTaxIds({})).toEqual([]);
  });

  it('knows the seven documents', () => {
    for (const e of [
      'estimate',
      'salesOrder',
      'shipment',
      'invoice',
      'salesReturn',
      'purchaseOrder',
      'inventoryReceipt',
    ])
      expect(isMoneyDocument(e)).toBe(true);
    expect(isMoneyDocument('customer')).toBe(false);
  });

  it('formats amounts for English and French readers', () => {
    expect(formatMoney('1234567.50', '$', 'en')).toBe('$1,234,567.50');
    expect(formatMoney('-5.00', '$', 'en')).toBe('-$5.00');
    expect(formatMoney('1234.50', '$', 'fr')).toBe('1\u202f234,50 $');
    expect(formatMoney('3713', '¥', 'en')).toBe('¥3,713');
  });

  it("asks the API for the company's taxes in a query it answers", () => {
    expect(validate(buildSchema(sdl), parse(DOCUMENT_TAX)).map((e) => e.message)).toEqual([]);
  });
});
