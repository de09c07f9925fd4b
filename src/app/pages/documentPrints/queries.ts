// The print queries of a sales or purchasing document. A reference inside a record answers only
// its id and title (records/hydrate.ts), so a print asks twice: the record with its lines, then
// what the print shows of the records it names (customer or supplier, sales order, shipment,
// terms, site and its licences, the taxes of the lines), with the company's name, address and
// business number, in one request of aliases. Money fields answer null without the `values`
// permission (the print then leaves prices out).
import type { DocumentKind } from './kinds';

export type { DocumentKind };

const GOODS = `product { id name } item { id name }`;
/** sales lines may sell a bundle (a gift set) as one line */
const SALES_GOODS = `${GOODS} bundle { id name }`;

export const DOCUMENT_QUERIES: Record<DocumentKind, { field: string; document: string }> = {
  invoice: {
    field: 'invoice',
    document: `query DocumentPrintInvoice($id: ID!) {
  invoice(id: $id) {
    id number date dueDate status customerPO currency shippingCharge taxAsCharged amountPaid notes
    customer { id name } salesOrder { id number } shipment { id number } salesRep { id name }
    term { id name } site { id name }
    lines { id ${SALES_GOODS} description quantity unitPrice discountPercent tax { id name } }
  }
}`,
  },
  packingSlip: {
    field: 'shipment',
    document: `query DocumentPrintPackingSlip($id: ID!) {
  shipment(id: $id) {
    id number date status dutyPaid bondDestination recipientLicense carrier trackingNumber shippingAddress notes
    customer { id name } salesOrder { id number } site { id name }
    lines { id ${SALES_GOODS} description lot quantity }
  }
}`,
  },
  purchaseOrder: {
    field: 'purchaseOrder',
    document: `query DocumentPrintPurchaseOrder($id: ID!) {
  purchaseOrder(id: $id) {
    id number date expectedDate status supplierReference currency freight notes
    supplier { id name } term { id name } site { id name }
    lines { id ${GOODS} description quantity unitPrice discountPercent tax { id name } }
  }
}`,
  },
};

/** What the second request asks of each record a document names (by its field on the document). */
const DETAILS: Record<string, { type: string; fields: string }> = {
  customer: { type: 'customer', fields: 'id name email phone billingAddress' },
  supplier: { type: 'supplier', fields: 'id name contact email phone address businessNumber exciseLicense' },
  salesOrder: { type: 'salesOrder', fields: 'id number customerPO shippingAddress' },
  shipment: { type: 'shipment', fields: 'id number shippingAddress' },
  term: { type: 'term', fields: 'id name dueDays discountPercent discountDays' },
  site: {
    type: 'site',
    fields: 'id name shippingAddress spiritsLicense warehouseLicense userLicense wineLicense',
  },
};
export const DETAIL_FIELDS = Object.keys(DETAILS);

/** the alias the company's taxes come back under, for a tax as charged */
export const STATED_TAXES = 'statedTaxes';

const TAX_FIELDS = 'id name code rate registrationNumber components { name rate compound }';

/** The second request: the company, each named record (by its document field) and the lines'
 * taxes (at most 20: the API allows 30 aliases) as t0, t1, …; for a tax as charged (a till's,
 * on no line's tax record), the company's taxes' registration numbers as statedTaxes. */
export function detailsQuery(
  refs: Record<string, string>,
  taxIds: string[],
  statedTax = false,
): { document: string; variables: Record<string, string> } {
  const parts = ['  companies { id name address phone businessNumber }'];
  if (statedTax) parts.push(`  ${STATED_TAXES}: taxes2(first: 100) { edges { node { registrationNumber } } }`);
  const defs: string[] = [];
  const variables: Record<string, string> = {};
  for (const [field, id] of Object.entries(refs)) {
    const d = DETAILS[field];
    if (!d) continue;
    defs.push(`$${field}: ID!`);
    variables[field] = id;
    parts.push(`  ${field}: ${d.type}(id: $${field}) { ${d.fields} }`);
  }
  taxIds.slice(0, 20).forEach((id, i) => {
    defs.push(`$t${i}: ID!`);
    variables[`t${i}`] = id;
    parts.push(`  t${i}: tax(id: $t${i}) { ${TAX_FIELDS} }`);
  });
  return {
    document: `query DocumentPrintDetails${defs.length ? `(${defs.join(', ')})` : ''} {\n${parts.join('\n')}\n}`,
    variables,
  };
}
