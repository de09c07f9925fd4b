// The portal endpoint's documents and answers (src/server/domain/portal/schema.ts).

export type { PortalSection } from '../shared/portalSections';

export interface Customer {
  id: string;
  name: string;
  currency: string;
  companyName: string;
}
export interface Product {
  id: string;
  sku: string | null;
  name: string;
  description: string | null;
  price: string | null;
  currency: string;
}
export interface Line {
  product: string | null;
  description: string | null;
  quantity: number | null;
}
export interface Order {
  id: string;
  number: string;
  date: string;
  requiredDate: string | null;
  customerPO: string | null;
  status: string;
  currency: string;
  total: string | null;
  lines: Line[];
}
export interface Shipment {
  id: string;
  number: string;
  date: string;
  status: string;
  salesOrderNumber: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  lines: Line[];
}
export interface Invoice {
  id: string;
  number: string;
  date: string;
  dueDate: string | null;
  status: string;
  currency: string;
  total: string;
  amountPaid: string;
  balance: string;
}
export interface Statement {
  currency: string;
  from: string;
  to: string;
  openingBalance: string;
  invoiced: string;
  paid: string;
  credited: string;
  closingBalance: string;
  lines: { date: string; kind: string; number: string; amount: string; balance: string }[];
}

export const CUSTOMERS = `{ portalCustomers { id name } }`;
/** read at start and on each choice of customer: who, and which sections the company shows */
export const CUSTOMER = `{ portalCustomer { id name currency companyName } portalSections }`;
export const PRODUCTS = `{ portalProducts { id sku name description price currency } }`;
const LINES = `lines { product description quantity }`;
export const ORDERS = `{ portalOrders { id number date requiredDate customerPO status currency total ${LINES} } }`;
export const SHIPMENTS = `{ portalShipments { id number date status salesOrderNumber carrier trackingNumber ${LINES} } }`;
export const INVOICES = `{ portalInvoices { id number date dueDate status currency total amountPaid balance } }`;
export const STATEMENT = `query($from: String!, $to: String!) { portalStatement(from: $from, to: $to) {
  currency from to openingBalance invoiced paid credited closingBalance lines { date kind number amount balance } } }`;
export const PLACE_ORDER = `mutation($input: PortalOrderInput!) { portalPlaceOrder(input: $input) { id number } }`;
export const ACCEPT_INVITATION = `mutation($token: String!) { portalAcceptInvitation(token: $token) }`;
