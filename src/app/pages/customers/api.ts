// The customer screen's one request (schema/graphql/customers.graphql customerSummary).
export const CUSTOMER_SUMMARY = `query CustomerSummary($id: ID!) { customerSummary(customerId: $id) { customerId balance homeCurrency
  openOrders { id number date requiredDate status currency total }
  openInvoices { id number date dueDate status currency total balance }
  balances { currency amount } } }`;

export interface OpenOrder {
  id: string;
  number: string;
  date: string;
  requiredDate: string | null;
  status: string;
  currency: string;
  total: string | null;
}

export interface OpenInvoice {
  id: string;
  number: string;
  date: string;
  dueDate: string | null;
  status: string;
  currency: string;
  total: string | null;
  balance: string | null;
}

export interface CustomerSummary {
  customerId: string;
  /** in the home currency; null without values */
  balance: string | null;
  homeCurrency: string | null;
  openOrders: OpenOrder[];
  openInvoices: OpenInvoice[];
  balances: { currency: string; amount: string }[];
}
