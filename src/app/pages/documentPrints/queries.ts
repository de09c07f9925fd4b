// The print query of each sales or purchasing document: the record with what its print shows
// (parties, addresses, terms, lines with their taxes) and the company's name, address and
// business number. Money fields answer null without the `values` permission (the print then
// leaves prices out). One request per print.

import type { DocumentKind } from './kinds';

export type { DocumentKind };

const COMPANY = `companies { id name address phone businessNumber }`;
const SITE = `site { id name shippingAddress spiritsLicense warehouseLicense userLicense wineLicense }`;
const TERM = `term { id name dueDays discountPercent discountDays }`;
const TAX = `tax { id name code rate registrationNumber components { name rate compound } }`;
const GOODS = `product { id sku name } item { id name }`;

export const DOCUMENT_QUERIES: Record<DocumentKind, { field: string; document: string }> = {
  invoice: {
    field: 'invoice',
    document: `query DocumentPrintInvoice($id: ID!) {
  ${COMPANY}
  invoice(id: $id) {
    id number date dueDate status customerPO currency shippingCharge amountPaid balance subtotal taxTotal total notes
    customer { id name email phone }
    salesOrder { id number shippingAddress }
    shipment { id number shippingAddress }
    salesRep { id name }
    ${TERM}
    ${SITE}
    lines { id ${GOODS} description quantity unitPrice discountPercent amount taxAmount ${TAX} }
  }
}`,
  },
  packingSlip: {
    field: 'shipment',
    document: `query DocumentPrintPackingSlip($id: ID!) {
  ${COMPANY}
  shipment(id: $id) {
    id number date status dutyPaid bondDestination recipientLicense carrier trackingNumber shippingAddress notes
    customer { id name email phone }
    salesOrder { id number customerPO }
    ${SITE}
    lines { id ${GOODS} description lot quantity }
  }
}`,
  },
  purchaseOrder: {
    field: 'purchaseOrder',
    document: `query DocumentPrintPurchaseOrder($id: ID!) {
  ${COMPANY}
  purchaseOrder(id: $id) {
    id number date expectedDate status supplierReference currency freight subtotal taxTotal total notes
    supplier { id name contact email phone address businessNumber exciseLicense }
    ${TERM}
    ${SITE}
    lines { id ${GOODS} description quantity unitPrice discountPercent amount taxAmount ${TAX} }
  }
}`,
  },
};
