// The QuickBooks Online connector: OAuth through intuit-oauth (oauth.ts), data by REST (api.ts).
import type { AccountingConnector, CustomerToPush, InvoiceToPush } from '../connector';
import { ConnectorError } from '../connector';
import { ACCOUNTING_SCOPE, exchangeCode, oauthClient, refreshTokens, revokeTokens } from './oauth';
import { create, query, quoted } from './api';

/** QuickBooks refuses ':' tabs and new lines in a display name, and more than 100 characters. */
export const displayNameOf = (name: string) =>
  name
    .replace(/[:\t\r\n]+/g, ' ')
    .trim()
    .slice(0, 100);

const centsText = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const idOf = (answer: Record<string, unknown>, entity: string): string => {
  const id = (answer?.[entity] as { Id?: string } | undefined)?.Id;
  if (!id) throw new ConnectorError({ kind: 'unavailable', message: `QuickBooks Online answered no ${entity} id` });
  return String(id);
};

export const quickbooksConnector: AccountingConnector = {
  provider: 'QuickBooks Online',

  authorizeUrl(state, redirectUri) {
    return oauthClient(redirectUri).authorizeUri({ scope: [ACCOUNTING_SCOPE], state });
  },

  exchangeCode,
  refresh: refreshTokens,
  revoke: revokeTokens,

  async pushCustomer(tokens, customer: CustomerToPush, requestId) {
    const name = displayNameOf(customer.name);
    const found = await query(tokens, `select Id, DisplayName from Customer where DisplayName = ${quoted(name)}`);
    const existing = (found.Customer as { Id: string }[] | undefined)?.[0];
    if (existing) return String(existing.Id);
    const answer = await create(
      tokens,
      'customer',
      {
        DisplayName: name,
        ...(customer.email ? { PrimaryEmailAddr: { Address: customer.email } } : {}),
        ...(customer.phone ? { PrimaryPhone: { FreeFormNumber: customer.phone } } : {}),
        ...(customer.currency ? { CurrencyRef: { value: customer.currency } } : {}),
      },
      requestId,
    );
    return idOf(answer, 'Customer');
  },

  async pushInvoice(tokens, invoice: InvoiceToPush, requestId) {
    // Lines go without ItemRef: QuickBooks then books them to its default sales item. Mapping
    // products and items to QuickBooks items and accounts is the next step (README).
    const payload = {
      DocNumber: invoice.number,
      TxnDate: invoice.date,
      ...(invoice.dueDate ? { DueDate: invoice.dueDate } : {}),
      CustomerRef: { value: invoice.customerExternalId },
      Line: invoice.lines.map((line) => ({
        DetailType: 'SalesItemLineDetail',
        // JSON numbers from exact decimal text: cents never pass through float arithmetic
        Amount: Number(centsText(line.amountCents)),
        ...(line.description ? { Description: line.description } : {}),
        SalesItemLineDetail: {
          Qty: Number(line.quantity),
          ...(line.unitPrice !== null ? { UnitPrice: Number(line.unitPrice) } : {}),
        },
      })),
    };
    return idOf(await create(tokens, 'invoice', payload, requestId), 'Invoice');
  },
};
