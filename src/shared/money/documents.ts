// The seven money documents (sales and purchasing) whose totals src/shared/money computes, with
// what each is made of besides its lines: the party whose currency and term it takes, and the
// charge fields that go into its total. The server stores the totals with this, the edit screen
// shows them live with it, so both add the same things.

export interface MoneyDocument {
  entity: 'estimate' | 'salesOrder' | 'shipment' | 'invoice' | 'salesReturn' | 'purchaseOrder' | 'inventoryReceipt';
  /** the customer or supplier ref field */
  party: 'customer' | 'supplier';
  /** charge fields: +1 added to the total (shipping, freight), -1 taken off (a restocking fee
   * keeps part of what a return credits) */
  charges: { field: string; sign: 1 | -1 }[];
}

export const MONEY_DOCUMENTS: MoneyDocument[] = [
  { entity: 'estimate', party: 'customer', charges: [{ field: 'shippingCharge', sign: 1 }] },
  { entity: 'salesOrder', party: 'customer', charges: [{ field: 'shippingCharge', sign: 1 }] },
  // a shipment's shippingCost is what the carrier charges us, not the customer: not in its total
  { entity: 'shipment', party: 'customer', charges: [] },
  { entity: 'invoice', party: 'customer', charges: [{ field: 'shippingCharge', sign: 1 }] },
  { entity: 'salesReturn', party: 'customer', charges: [{ field: 'restockingFee', sign: -1 }] },
  { entity: 'purchaseOrder', party: 'supplier', charges: [{ field: 'freight', sign: 1 }] },
  { entity: 'inventoryReceipt', party: 'supplier', charges: [{ field: 'freight', sign: 1 }] },
];

/** A charge field's value as the signed text documentTotals adds (null and empty count as 0). */
export function chargeText(value: unknown, sign: 1 | -1): string {
  if (value === null || value === undefined || value === '') return '0';
  const text = String(value).trim();
  if (sign > 0) return text;
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}
