// Sales rep commission totals against figures worked by hand: the rep's % of each invoice's
// subtotal, converted to the home currency at the invoice's rate, rounded once per invoice,
// then added.
import { describe, expect, it } from 'vitest';
import { commissionTotal, invoiceCommissionUnits } from '../../src/server/domain/sales/commission';

describe('commission', () => {
  it('rounds each invoice, then adds', () => {
    // 99.99 x 7.5 % = 7.49925 -> 7.50; 10.01 x 7.5 % = 0.75075 -> 0.75; 0.10 x 7.5 % = 0.0075 -> 0.01
    // per invoice: 7.50 + 0.75 + 0.01 = 8.26
    const invoices = [
      { subtotal: '99.990', currency: 'CAD', exchangeRate: '1' },
      { subtotal: '10.010', currency: 'CAD', exchangeRate: null },
      { subtotal: '0.100', currency: 'CAD', exchangeRate: '1' },
    ];
    expect(commissionTotal(invoices, '7.5', 'CAD')).toBe('8.26');
    expect(invoiceCommissionUnits(invoices[2], '7.5', 'CAD')).toBe(1n);
    // three invoices of 0.10: 0.01 each = 0.03, where 7.5 % of their sum 0.30 would be 0.0225 -> 0.02
    const small = { subtotal: '0.10', currency: 'CAD', exchangeRate: '1' };
    expect(commissionTotal([small, small, small], '7.5', 'CAD')).toBe('0.03');
  });

  it('converts a foreign invoice at its exchange rate before rounding', () => {
    // USD 200.00 x 1.3575 = CAD 271.50; x 5 % = 13.575 -> 13.58
    expect(commissionTotal([{ subtotal: 200, currency: 'USD', exchangeRate: 1.3575 }], 5, 'CAD')).toBe('13.58');
    // a yen invoice into CAD: 12,345 x 0.0091 = 112.3395; x 10 % = 11.23395 -> 11.23
    expect(commissionTotal([{ subtotal: '12345', currency: 'JPY', exchangeRate: '0.0091' }], 10, 'CAD')).toBe('11.23');
  });

  it('pays nothing on no invoices or a 0 % rep', () => {
    expect(commissionTotal([], 10, 'CAD')).toBe('0.00');
    expect(commissionTotal([{ subtotal: 500, currency: 'CAD', exchangeRate: 1 }], 0, 'CAD')).toBe('0.00');
    // a home currency of 0 decimals: 1,234 x 7 % = 86.38 -> 86
    expect(commissionTotal([{ subtotal: 1234, currency: 'JPY', exchangeRate: 1 }], 7, 'JPY')).toBe('86');
  });
});
