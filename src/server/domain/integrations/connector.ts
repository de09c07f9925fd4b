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
  | { kind: 'rejected'; message: string };

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
  description: string | null;
  quantity: string;
  /** dollars as stored (numeric text), or null */
  unitPrice: string | null;
  /** the line's amount in cents */
  amountCents: number;
}

export interface InvoiceToPush {
  id: string;
  number: string;
  date: string;
  dueDate: string | null;
  customerExternalId: string;
  lines: InvoiceLineToPush[];
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

export interface AccountingConnector extends OAuthConnector {
  /** the customer's id over there, found by name or created; `requestId` makes a retry safe */
  pushCustomer(tokens: ConnectorTokens, customer: CustomerToPush, requestId: string): Promise<string>;
  /** the invoice's id over there; `requestId` makes a retried create answer the first one */
  pushInvoice(tokens: ConnectorTokens, invoice: InvoiceToPush, requestId: string): Promise<string>;
}
