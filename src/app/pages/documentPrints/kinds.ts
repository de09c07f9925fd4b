// Each edit screen with a Print button, and the document it prints (kept apart from the print
// queries so the button does not carry them).
export type DocumentKind = 'invoice' | 'packingSlip' | 'purchaseOrder';

export const PRINTABLE_DOCUMENTS = {
  invoice: 'invoice',
  shipment: 'packingSlip',
  purchaseOrder: 'purchaseOrder',
} as const satisfies Record<string, DocumentKind>;
