// What a connector does for the sync. Every app connects by OAuth (OAuthConnector); each add-on
// adds its own calls: accounting (QuickBooks Online now; Xero or Sage implement the same shape
// later), e-commerce, point of sale. The syncs own the queue, the links, the log and the
// tokens' storage; a connector only speaks its system's API and sorts its failures into the
// kinds below, so the retry rules are the same for every system.

/** OAuth tokens as the sync keeps them (sealed in the connection row). */
export interface ConnectorTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO 8601 */
  accessExpiresAt: string;
  refreshExpiresAt: string;
  /** the other system's company (QuickBooks: realmId) */
  externalCompanyId: string;
}

/** How a call failed, which decides what the sync does next. */
export type ConnectorFailure =
  /** the access token was refused: refresh it and try once more */
  | { kind: 'unauthorized'; message: string }
  /** too many requests: wait this long, then try again */
  | { kind: 'rateLimited'; retryAfterSeconds: number; message: string }
  /** the other system failed (5xx, or no answer): the job is retried later */
  | { kind: 'unavailable'; message: string }
  /** the other system refused the record (a validation fault): logged as failed, not retried */
  | { kind: 'rejected'; message: string; code?: string };

export class ConnectorError extends Error {
  constructor(readonly failure: ConnectorFailure) {
    super(failure.message);
    this.name = 'ConnectorError';
  }
}

export interface CustomerToPush {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  currency: string | null;
}

export interface InvoiceLineToPush {
  /** the line's product or item over there (an Item), when it is mapped to an income account */
  itemExternalId?: string | null;
  description: string | null;
  quantity: string;
  /** dollars as stored (numeric text), or null */
  unitPrice: string | null;
  /** the line's amount in cents */
  amountCents: number;
  /** the tax code over there the line is sent with, when the company there charges sales tax */
  taxCodeExternalId?: string | null;
}

/** One rate's share of a document's tax, as this app computed it (a tax code over there names
 * the rate; the amount is sent so the other system keeps the tax to the cent as charged here). */
export interface TaxLineToPush {
  rateExternalId: string;
  /** decimal text, as "9.975" */
  percent: string;
  /** the amount the rate is charged on, in cents */
  baseCents: number;
  amountCents: number;
}

/** How a document's tax goes over there when the company there charges sales tax: each line
 * names its code (InvoiceLineToPush.taxCodeExternalId); shipping and other charges, taxed like
 * the goods, are split over the goods' codes in proportion to their amounts (chargeSplit.ts);
 * and the tax by rate. Absent: the document's tax goes as a total only. */
export interface TaxCodingToPush {
  chargeCodes: { codeExternalId: string; weightCents: number }[];
  taxLines: TaxLineToPush[];
}

export interface InvoiceToPush {
  id: string;
  number: string;
  date: string;
  dueDate: string | null;
  customerExternalId: string;
  lines: InvoiceLineToPush[];
  /** the document's tax total in cents (0 or absent: none) */
  taxCents?: number;
  /** what the customer pays for shipping, in cents (an invoice's shipping charge) */
  shippingCents?: number;
  /** charges that change the total but are no product line (a return's restocking fee, negative) */
  charges?: { description: string; amountCents: number }[];
  taxCoding?: TaxCodingToPush;
}

/** Connecting and keeping the tokens fresh: the part every app's connector has. */
export interface OAuthConnector {
  /** the provider's name as people read it ('QuickBooks Online') */
  provider: string;
  /** where to send the person to approve access; `state` comes back to the callback */
  authorizeUrl(state: string, redirectUri: string): string;
  /** the tokens for the code the callback received (`callbackUrl` is the whole URL) */
  exchangeCode(callbackUrl: string, redirectUri: string): Promise<ConnectorTokens>;
  refresh(tokens: ConnectorTokens): Promise<ConnectorTokens>;
  /** best effort: the other system forgets the tokens */
  revoke(tokens: ConnectorTokens): Promise<void>;
}

/** An account of the other system's chart of accounts, in the app's terms. */
export interface ExternalAccount {
  externalId: string;
  name: string;
  /** the app's account type (accounting/accountTypes.ts) */
  type: string;
  parentExternalId: string | null;
}

export interface AccountToPush {
  name: string;
  /** the app's account type */
  type: string;
  parentExternalId: string | null;
}

/** A product or item as the accounting system's Item: the accounts it books to, by their refs. */
/** An Item as the push left it: its id, and its version over there (QuickBooks' SyncToken), the
 * baseline the read-back compares with, so an edit made there right after the push is not lost. */
export interface PushedItem {
  id: string;
  version: string | null;
}

export interface ItemToPush {
  name: string;
  sku: string | null;
  incomeAccountExternalId: string;
  /** its cost of goods sold (the Item's purchase/expense account), if mapped */
  expenseAccountExternalId: string | null;
  /** the product's price (decimal text) and description, so the Item starts as the product is */
  unitPrice?: string | null;
  description?: string | null;
}

/** A payment received against an invoice already over there. */
export interface PaymentToPush {
  customerExternalId: string;
  invoiceExternalId: string;
  date: string;
  amountCents: number;
  /** where it was deposited (the payment method's account), or the system's default */
  depositAccountExternalId: string | null;
}

export interface VendorToPush {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  currency: string | null;
}

/** A supplier's bill: expense lines, each to an account over there (its ref). */
export interface BillToPush {
  number: string;
  date: string;
  vendorExternalId: string;
  lines: {
    description: string | null;
    accountExternalId: string;
    amountCents: number;
    taxCodeExternalId?: string | null;
  }[];
  /** the supplier's tax by rate, when the company over there charges sales tax (its purchase rates) */
  taxCoding?: TaxCodingToPush;
  /** when it is to be paid (QuickBooks' DueDate), if not by the vendor's terms */
  dueDate?: string | null;
  /** a note kept with it (QuickBooks' PrivateNote) */
  memo?: string | null;
}

/** The requestid of a change sent against one version of a record over there: the same change
 * to the same version is answered, not applied twice; a change against a newer one is new. */
export type RequestIdFor = (version: string) => string;

export interface PushedCustomer {
  id: string;
  /** the optional fields that hold over there what this app sends: all it gave when it created
   * the customer; of one found by name, those equal to ours (a create retried after a lost
   * answer finds its own), the others being the accountant's */
  holds: { email: boolean; phone: boolean };
}

export interface AccountingConnector extends OAuthConnector {
  /** the invoice over there given the invoice's state now (everything the push sends), made
   * against its version as read just before; answers its new version */
  updateInvoice(
    tokens: ConnectorTokens,
    externalId: string,
    invoice: InvoiceToPush,
    requestId: RequestIdFor,
  ): Promise<string>;
  /** the invoice over there voided (kept, its amounts zero); answers its new version ('' when it
   * is deleted there already) */
  voidInvoice(tokens: ConnectorTokens, externalId: string, requestId: RequestIdFor): Promise<string>;
  /** the credit memo over there given the credit note's state now; answers its new version */
  updateCreditNote(
    tokens: ConnectorTokens,
    externalId: string,
    creditNote: InvoiceToPush,
    requestId: RequestIdFor,
  ): Promise<string>;
  /** the credit memo over there removed (a return no longer credited); done if it is gone already */
  deleteCreditNote(tokens: ConnectorTokens, externalId: string, requestId: RequestIdFor): Promise<void>;
  /** deletes the Bill of a receipt deleted here (one gone there already is done) */
  deleteBill(tokens: ConnectorTokens, externalId: string, requestId: RequestIdFor): Promise<void>;
  /** the bill over there given the receipt's state now; answers its new version */
  updateBill(tokens: ConnectorTokens, externalId: string, bill: BillToPush, requestId: RequestIdFor): Promise<string>;
  /** the customer over there given the name, email and phone now; answers its new version */
  updateCustomer(
    tokens: ConnectorTokens,
    externalId: string,
    customer: CustomerToPush,
    requestId: RequestIdFor,
  ): Promise<string>;
  /** the supplier's id over there (a vendor), found by name or created */
  pushVendor(tokens: ConnectorTokens, vendor: VendorToPush, requestId: string): Promise<string>;
  /** the bill's id over there */
  pushBill(tokens: ConnectorTokens, bill: BillToPush, requestId: string): Promise<string>;
  /** what a vendor owes back (an amended excise return's lower duty): the vendor credit's id */
  pushVendorCredit(tokens: ConnectorTokens, credit: BillToPush, requestId: string): Promise<string>;
  /** a credit note (a credited sales return) as the other system's credit memo; answers its id */
  pushCreditNote(tokens: ConnectorTokens, creditNote: InvoiceToPush, requestId: string): Promise<string>;
  /** the Payment's id over there, applied to the invoice; `requestId` makes a retry safe */
  pushPayment(tokens: ConnectorTokens, payment: PaymentToPush, requestId: string): Promise<string>;
  /** the Item's id over there, found by name or created; `requestId` makes a retry safe */
  pushItem(tokens: ConnectorTokens, item: ItemToPush, requestId: string): Promise<PushedItem>;
  /** the company's plan over there, as its maker names it (QuickBooks: "QuickBooks Online Plus"),
   * or null when it does not say */
  readPlan(tokens: ConnectorTokens): Promise<string | null>;
  /** whether the company charges sales tax, and its active tax codes with their rates */
  readTaxModel(tokens: ConnectorTokens): Promise<ExternalTaxModel>;
  /** the active accounts of the chart, every page of them */
  listAccounts(tokens: ConnectorTokens): Promise<ExternalAccount[]>;
  /** the account's id over there, found by name or created; `requestId` makes a retry safe */
  pushAccount(tokens: ConnectorTokens, account: AccountToPush, requestId: string): Promise<string>;
  /** the customer's id over there, found by name or created; `requestId` makes a retry safe */
  pushCustomer(tokens: ConnectorTokens, customer: CustomerToPush, requestId: string): Promise<PushedCustomer>;
  /** the invoice's id over there; `requestId` makes a retried create answer the first one */
  pushInvoice(tokens: ConnectorTokens, invoice: InvoiceToPush, requestId: string): Promise<string>;
  /** the Items changed at or after `since` (the other system's time, as an earlier read
   * answered it; null: all of them), inactive ones too, oldest change first */
  listChangedItems(tokens: ConnectorTokens, since: string | null): Promise<ExternalItem[]>;
  /** points the Item at other accounts (a null leaves that one as it is); answers its new version */
  setItemAccounts(
    tokens: ConnectorTokens,
    externalId: string,
    accounts: { incomeAccountExternalId: string | null; expenseAccountExternalId: string | null },
    requestId: string,
  ): Promise<string>;
}

/** A rate a tax code charges, in the order the code applies it. */
export interface ExternalTaxRate {
  externalId: string;
  name: string;
  /** decimal text, as "9.975" */
  percent: string;
  /** charged on the amount plus the rates before it (QuickBooks: TaxOnAmountPlusTax) */
  compound?: boolean;
}

/** A tax code of the accounting system (QuickBooks Online's TaxCode, outside the US). */
export interface ExternalTaxCode {
  externalId: string;
  name: string;
  salesRates: ExternalTaxRate[];
  purchaseRates: ExternalTaxRate[];
}

/** Whether the company over there charges sales tax, and its active tax codes. */
export interface ExternalTaxModel {
  usesSalesTax: boolean;
  codes: ExternalTaxCode[];
}

/** An Item as the accounting system has it now (product changes read back). */
export interface ExternalItem {
  externalId: string;
  /** its version over there (QuickBooks: SyncToken): a change makes a new one */
  version: string;
  /** when it last changed, in the other system's words and clock */
  updatedAt: string;
  name: string;
  sku: string | null;
  /** decimal text, or null when it has none */
  unitPrice: string | null;
  description: string | null;
  active: boolean;
}
