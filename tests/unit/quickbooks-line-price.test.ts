// A sales line's Qty and UnitPrice for QuickBooks (src/server/domain/integrations/quickbooks/
// linePrice.ts): Qty × UnitPrice must come to the Amount, to the cent. Figures worked by hand.
import { describe, expect, it } from 'vitest';
import { qtyAndPrice } from '../../src/server/domain/integrations/quickbooks/linePrice';

describe('qtyAndPrice', () => {
  it('keeps the line price when Qty × price is the Amount', () => {
    // 2 × 34.50 = 69.00
    expect(qtyAndPrice('2', '34.50', 6900)).toEqual({ Qty: 2, UnitPrice: 34.5 });
    // 2.5 L × 12.40 = 31.00
    expect(qtyAndPrice('2.5', '12.40', 3100)).toEqual({ Qty: 2.5, UnitPrice: 12.4 });
  });

  it('sends what each unit came to after a discount', () => {
    // 3 × 34.50 less 10 % = 93.15; 93.15 ÷ 3 = 31.05
    expect(qtyAndPrice('3', '34.50', 9315)).toEqual({ Qty: 3, UnitPrice: 31.05 });
    // 7 × 12.25 less 15 % = 72.89; 72.89 ÷ 7 = 10.412857… → 10.41286 (× 7 = 72.89002)
    expect(qtyAndPrice('7', '12.25', 7289)).toEqual({ Qty: 7, UnitPrice: 10.41286 });
  });

  it('sends the Amount alone when no price comes to it, and Qty alone without a price of ours', () => {
    // nothing of a zero quantity comes to 5.00
    expect(qtyAndPrice('0', '5.00', 500)).toEqual({});
    // 300 000 units coming to 0.01 in all: 0.00000 each at 5 decimals comes to nothing
    expect(qtyAndPrice('300000', '1.00', 1)).toEqual({});
    expect(qtyAndPrice('4', null, 1200)).toEqual({ Qty: 4 });
  });
});
