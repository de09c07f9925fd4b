// The QuickBooks Online connector: OAuth through intuit-oauth (oauth.ts), data by REST (api.ts).
import { ConnectorError } from '../connector';
import type {
  AccountingConnector,
  ConnectorTokens,
  RequestIdFor,
  BillToPush,
  CustomerToPush,
  InvoiceToPush,
  ItemToPush,
  PaymentToPush,
  VendorToPush,
} from '../connector';
import { ACCOUNTING_SCOPE, exchangeCode, oauthClient, refreshTokens, revokeTokens } from './oauth';
import { create, idOf, isStale, post, query, quoted, read } from './api';
import { listAccounts, pushAccount } from './accounts';
import { listChangedItems, setItemAccounts } from './items';
import { qtyAndPrice } from './linePrice';
import { money, readTaxModel, taxCodeRefOf, taxDetailOf } from './taxes';
import { splitCharge } from '../accounting/chargeSplit';

/** QuickBooks refuses ':' tabs and new lines in a display name, and more than 100 characters. */
export const displayNameOf = (name: string) =>
  name
    .replace(/[:\t\r\n]+/g, ' ')
    .trim()
    .slice(0, 100);

/** A sales document's tax. A company over there that charges sales tax (outside the US) has
 * each line name its TaxCode (taxCodeRefOf) and takes the tax by rate as this app charged it
 * (TxnTaxDetail.TaxLine, taxes.ts): QuickBooks would otherwise compute it line by line, rounding
 * each line, and differ by cents from ours, rounded once per tax. Without sales tax over there,
 * the tax this app computed goes as the transaction's TxnTaxDetail.TotalTax alone, lines
 * TaxExcluded (a line of a "tax" item would book it as income instead of to the tax agency's
 * liability). Either way QuickBooks' TotalAmt is our total to the cent, so a full payment
 * closes it. */
function salesTax(invoice: InvoiceToPush) {
  if (invoice.taxCoding)
    return { GlobalTaxCalculation: 'TaxExcluded', TxnTaxDetail: taxDetailOf(invoice.taxCoding, invoice.taxCents ?? 0) };
  return invoice.taxCents
    ? { GlobalTaxCalculation: 'TaxExcluded', TxnTaxDetail: { TotalTax: money(invoice.taxCents) } }
    : {};
}

/** An invoice or a credit memo: the same fields in QuickBooks. */
function salesDocument(invoice: InvoiceToPush) {
  // A line whose product or item is mapped to an income account names its Item (which books
  // to that account); others go without ItemRef, to QuickBooks' default sales item.
  const lines: Record<string, unknown>[] = invoice.lines.map((line) => ({
    DetailType: 'SalesItemLineDetail',
    // JSON numbers from exact decimal text: cents never pass through float arithmetic
    Amount: money(line.amountCents),
    ...(line.description ? { Description: line.description } : {}),
    SalesItemLineDetail: {
      ...(line.itemExternalId ? { ItemRef: { value: line.itemExternalId } } : {}),
      ...qtyAndPrice(line.quantity, line.unitPrice, line.amountCents),
      ...taxCodeRefOf(line.taxCodeExternalId),
    },
  }));
  // Shipping as Intuit's reference sends it: a sales line whose ItemRef is SHIPPING_ITEM_ID
  // (QuickBooks books it to its shipping income account); sent with tax codes, one line per
  // code of the goods (chargeSplit.ts), as it was taxed
  if (invoice.shippingCents)
    for (const part of splitCharge(invoice.shippingCents, invoice.taxCoding))
      lines.push({
        DetailType: 'SalesItemLineDetail',
        Amount: money(part.amountCents),
        Description: 'Shipping',
        SalesItemLineDetail: { ItemRef: { value: 'SHIPPING_ITEM_ID' }, ...taxCodeRefOf(part.codeExternalId) },
      });
  for (const charge of invoice.charges ?? [])
    if (charge.amountCents)
      for (const part of splitCharge(charge.amountCents, invoice.taxCoding))
        lines.push({
          DetailType: 'SalesItemLineDetail',
          Amount: money(part.amountCents),
          Description: charge.description,
          SalesItemLineDetail: {
            Qty: 1,
            UnitPrice: money(part.amountCents),
            ...taxCodeRefOf(part.codeExternalId),
          },
        });
  return {
    DocNumber: invoice.number,
    TxnDate: invoice.date,
    ...(invoice.dueDate ? { DueDate: invoice.dueDate } : {}),
    CustomerRef: { value: invoice.customerExternalId },
    Line: lines,
    ...salesTax(invoice),
  };
}

/** A Bill or a VendorCredit: the same fields in QuickBooks (VendorRef, account lines). */
function vendorDocument(bill: BillToPush) {
  return {
    DocNumber: bill.number.slice(0, 21),
    TxnDate: bill.date,
    ...(bill.dueDate ? { DueDate: bill.dueDate } : {}),
    ...(bill.memo ? { PrivateNote: bill.memo.slice(0, 4000) } : {}),
    VendorRef: { value: bill.vendorExternalId },
    Line: bill.lines.map((line) => ({
      DetailType: 'AccountBasedExpenseLineDetail',
      Amount: money(line.amountCents),
      ...(line.description ? { Description: line.description } : {}),
      AccountBasedExpenseLineDetail: {
        AccountRef: { value: line.accountExternalId },
        ...taxCodeRefOf(line.taxCodeExternalId),
      },
    })),
    // the supplier's tax (input tax credits) by rate, as its bill charged it
    ...(bill.taxCoding
      ? {
          GlobalTaxCalculation: 'TaxExcluded',
          TxnTaxDetail: taxDetailOf(
            bill.taxCoding,
            bill.taxCoding.taxLines.reduce((sum, l) => sum + l.amountCents, 0),
          ),
        }
      : {}),
  };
}

/** A change sent against the record as QuickBooks has it now: its SyncToken read first (an edit
 * made in QuickBooks' own screens moved it on), and, when QuickBooks still answers "Stale Object
 * Error" (5010: changed there between the read and the send; or what `retryWhen` names), read
 * again and sent once more. `send` gets the record read too, to decide nothing is left to do. */
async function changeCurrent(
  tokens: ConnectorTokens,
  entity: string,
  name: string,
  externalId: string,
  requestId: RequestIdFor,
  send: (
    current: { Id: string; SyncToken: string },
    requestId: string,
    record: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>,
  retryWhen: (error: unknown) => boolean = isStale,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    const record = await read(tokens, entity, externalId, name);
    const syncToken = String(record.SyncToken ?? '0');
    try {
      return await send({ Id: String(record.Id), SyncToken: syncToken }, requestId(syncToken), record);
    } catch (error) {
      if (attempt === 0 && retryWhen(error)) continue;
      throw error;
    }
  }
}

/** The new SyncToken in an update's or a void's answer ({"Invoice":{"Id","SyncToken",…}}). */
const versionOf = (answer: Record<string, unknown>, name: string) => {
  idOf(answer, name);
  return String((answer[name] as { SyncToken?: string }).SyncToken ?? '');
};

/** Intuit's sparse update: Id, the current SyncToken, sparse: true and every field this app
 * manages; QuickBooks changes only the fields given and keeps what the accountant set there
 * (terms, class, a memo, custom fields). The Line array given replaces the old lines. */
const sparseUpdate = (entity: string, name: string, document: Record<string, unknown>) =>
  async function (tokens: ConnectorTokens, externalId: string, requestId: RequestIdFor) {
    const answer = await changeCurrent(tokens, entity, name, externalId, requestId, (current, id) =>
      post(tokens, entity, { ...document, ...current, sparse: true }, id),
    );
    return versionOf(answer, name);
  };

/** An invoice's or credit memo's fields for a sparse update: a tax taken off here is sent as a
 * total tax of zero (a field left out would keep the old tax there). A due date '' (removed here
 * after it was sent) is sent as the invoice's own date: QuickBooks always keeps a due date (left
 * out, it would keep the old one, or make one from the terms), and due on its date is what an
 * invoice with none here means. */
const salesUpdate = (invoice: InvoiceToPush) => ({
  ...salesDocument(invoice),
  ...(invoice.taxCents || invoice.taxCoding ? {} : { TxnTaxDetail: { TotalTax: 0 } }),
  ...(invoice.dueDate === '' ? { DueDate: invoice.date } : {}),
});

/** An Invoice as Intuit's void leaves it: its total zero and "Voided" before its private note
 * (the Invoice entity has no status field that says so). */
const isVoided = (invoice: Record<string, unknown>) =>
  Number(invoice.TotalAmt ?? 0) === 0 && /^Voided\b/.test(String(invoice.PrivateNote ?? ''));

/** Intuit's answer to a read of a record that is gone (deleted there): Object Not Found, 610. */
const isGone = (error: unknown) =>
  error instanceof ConnectorError && error.failure.kind === 'rejected' && error.failure.code === '610';

/** Intuit's delete: Id and SyncToken, ?operation=delete; one deleted there already is done. */
async function deleteRecord(
  tokens: ConnectorTokens,
  entity: string,
  name: string,
  externalId: string,
  requestId: RequestIdFor,
): Promise<void> {
  try {
    await changeCurrent(tokens, entity, name, externalId, requestId, (current, id) =>
      post(tokens, entity, current, id, 'delete'),
    );
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/** Intuit's CompanyInfo (read at companyinfo/{realmId}) names the plan in its NameValue list:
 * {"Name": "OfferingSku", "Value": "QuickBooks Online Plus"}. */
async function readPlan(tokens: ConnectorTokens): Promise<string | null> {
  const info = await read(tokens, 'companyinfo', tokens.externalCompanyId, 'CompanyInfo');
  const pairs = Array.isArray(info.NameValue) ? (info.NameValue as { Name?: unknown; Value?: unknown }[]) : [];
  const sku = pairs.find((p) => p.Name === 'OfferingSku')?.Value;
  return typeof sku === 'string' && sku.trim() ? sku.trim().slice(0, 40) : null;
}

export const quickbooksConnector: AccountingConnector = {
  provider: 'QuickBooks Online',

  authorizeUrl(state, redirectUri) {
    return oauthClient(redirectUri).authorizeUri({ scope: [ACCOUNTING_SCOPE], state });
  },

  exchangeCode,
  refresh: refreshTokens,
  revoke: revokeTokens,
  readPlan,
  readTaxModel,
  listAccounts,
  pushAccount,
  listChangedItems,
  setItemAccounts,

  async pushCustomer(tokens, customer: CustomerToPush, requestId) {
    const name = displayNameOf(customer.name);
    const found = await query(
      tokens,
      `select Id, DisplayName, PrimaryEmailAddr, PrimaryPhone from Customer where DisplayName = ${quoted(name)}`,
    );
    const existing = (
      found.Customer as
        | { Id: string; PrimaryEmailAddr?: { Address?: string }; PrimaryPhone?: { FreeFormNumber?: string } }[]
        | undefined
    )?.[0];
    if (existing)
      return {
        id: String(existing.Id),
        holds: {
          email: !!customer.email && existing.PrimaryEmailAddr?.Address === customer.email,
          phone: !!customer.phone && existing.PrimaryPhone?.FreeFormNumber === customer.phone,
        },
      };
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
    return { id: idOf(answer, 'Customer'), holds: { email: !!customer.email, phone: !!customer.phone } };
  },

  async pushItem(tokens, item: ItemToPush, requestId) {
    // NonInventory: the app keeps the quantities and costs; QuickBooks books the sale to the
    // mapped income account (and a purchase to the mapped cost account)
    const name = displayNameOf(item.name);
    const found = await query(tokens, `select Id, Name, SyncToken from Item where Name = ${quoted(name)}`);
    const existing = (found.Item as { Id: string; SyncToken?: string }[] | undefined)?.[0];
    if (existing) return { id: String(existing.Id), version: existing.SyncToken ?? null };
    const answer = await create(
      tokens,
      'item',
      {
        Name: name,
        Type: 'NonInventory',
        ...(item.sku ? { Sku: item.sku.slice(0, 100) } : {}),
        // JSON numbers from the stored decimal text (no arithmetic)
        ...(item.unitPrice ? { UnitPrice: Number(item.unitPrice) } : {}),
        ...(item.description ? { Description: item.description.slice(0, 4000) } : {}),
        IncomeAccountRef: { value: item.incomeAccountExternalId },
        ...(item.expenseAccountExternalId ? { ExpenseAccountRef: { value: item.expenseAccountExternalId } } : {}),
      },
      requestId,
    );
    return { id: idOf(answer, 'Item'), version: (answer.Item as { SyncToken?: string }).SyncToken ?? null };
  },

  async pushVendor(tokens, vendor: VendorToPush, requestId) {
    const name = displayNameOf(vendor.name);
    const found = await query(tokens, `select Id, DisplayName from Vendor where DisplayName = ${quoted(name)}`);
    const existing = (found.Vendor as { Id: string }[] | undefined)?.[0];
    if (existing) return String(existing.Id);
    const answer = await create(
      tokens,
      'vendor',
      {
        DisplayName: name,
        ...(vendor.email ? { PrimaryEmailAddr: { Address: vendor.email } } : {}),
        ...(vendor.phone ? { PrimaryPhone: { FreeFormNumber: vendor.phone } } : {}),
        ...(vendor.currency ? { CurrencyRef: { value: vendor.currency } } : {}),
      },
      requestId,
    );
    return idOf(answer, 'Vendor');
  },

  async pushBill(tokens, bill: BillToPush, requestId) {
    // Intuit's Bill: VendorRef and AccountBasedExpenseLineDetail lines (AccountRef)
    return idOf(await create(tokens, 'bill', vendorDocument(bill), requestId), 'Bill');
  },

  async pushVendorCredit(tokens, credit: BillToPush, requestId) {
    // Intuit's VendorCredit has the Bill's shape; it lowers what is owed to the vendor
    return idOf(await create(tokens, 'vendorcredit', vendorDocument(credit), requestId), 'VendorCredit');
  },

  async pushPayment(tokens, payment: PaymentToPush, requestId) {
    // Intuit's Payment: TotalAmt received, one Line applying it to the invoice (LinkedTxn);
    // without DepositToAccountRef QuickBooks puts it in Undeposited Funds
    const amount = money(payment.amountCents);
    const answer = await create(
      tokens,
      'payment',
      {
        CustomerRef: { value: payment.customerExternalId },
        TxnDate: payment.date,
        TotalAmt: amount,
        ...(payment.depositAccountExternalId
          ? { DepositToAccountRef: { value: payment.depositAccountExternalId } }
          : {}),
        Line: [{ Amount: amount, LinkedTxn: [{ TxnId: payment.invoiceExternalId, TxnType: 'Invoice' }] }],
      },
      requestId,
    );
    return idOf(answer, 'Payment');
  },

  async pushInvoice(tokens, invoice: InvoiceToPush, requestId) {
    return idOf(await create(tokens, 'invoice', salesDocument(invoice), requestId), 'Invoice');
  },

  updateInvoice: (tokens, externalId, invoice, requestId) =>
    sparseUpdate('invoice', 'Invoice', salesUpdate(invoice))(tokens, externalId, requestId),

  async voidInvoice(tokens, externalId, requestId) {
    // Intuit's void: Id and SyncToken only; QuickBooks keeps the invoice with its amounts zero
    // and "Voided" put before its private note. A void retried after its answer was lost finds
    // it void already, and QuickBooks refuses to void it again: what the read finds void is
    // done. Any refusal (voided, or changed there, since the read) reads it once more.
    // One deleted there already (Object Not Found) books nothing either: done, no version.
    try {
      const answer = await changeCurrent(
        tokens,
        'invoice',
        'Invoice',
        externalId,
        requestId,
        (current, id, record) =>
          isVoided(record) ? Promise.resolve({ Invoice: record }) : post(tokens, 'invoice', current, id, 'void'),
        (error) => error instanceof ConnectorError && error.failure.kind === 'rejected',
      );
      return versionOf(answer, 'Invoice');
    } catch (error) {
      if (isGone(error)) return '';
      throw error;
    }
  },

  updateCreditNote: (tokens, externalId, creditNote, requestId) =>
    sparseUpdate('creditmemo', 'CreditMemo', salesUpdate(creditNote))(tokens, externalId, requestId),

  deleteCreditNote: (tokens, externalId, requestId) =>
    deleteRecord(tokens, 'creditmemo', 'CreditMemo', externalId, requestId),

  deleteBill: (tokens, externalId, requestId) => deleteRecord(tokens, 'bill', 'Bill', externalId, requestId),

  updateBill: (tokens, externalId, bill, requestId) =>
    sparseUpdate('bill', 'Bill', vendorDocument(bill))(tokens, externalId, requestId),

  async updateCustomer(tokens, externalId, customer: CustomerToPush, requestId) {
    // a sparse update: only the name, email and phone change; QuickBooks keeps the rest
    const answer = await changeCurrent(tokens, 'customer', 'Customer', externalId, requestId, (current, id) =>
      post(
        tokens,
        'customer',
        {
          ...current,
          sparse: true,
          DisplayName: displayNameOf(customer.name),
          // null: left out, as a create leaves them out (QuickBooks keeps its own); '' (removed
          // here after it was sent): sent empty, which a sparse update takes as clearing it
          ...(customer.email !== null ? { PrimaryEmailAddr: { Address: customer.email } } : {}),
          ...(customer.phone !== null ? { PrimaryPhone: { FreeFormNumber: customer.phone } } : {}),
        },
        id,
      ),
    );
    return versionOf(answer, 'Customer');
  },

  async pushCreditNote(tokens, creditNote: InvoiceToPush, requestId) {
    // Intuit's CreditMemo has the invoice's shape: a customer and sales item lines
    return idOf(await create(tokens, 'creditmemo', salesDocument(creditNote), requestId), 'CreditMemo');
  },
};
