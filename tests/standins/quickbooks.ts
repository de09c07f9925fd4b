// A local stand-in for the documented subset of QuickBooks Online the connector uses, so tests
// run without the internet. Requests and answers follow Intuit's public references:
// - OAuth 2 (developer.intuit.com, "OAuth 2.0"): GET /connect/oauth2 (here it consents at once
//   and sends the browser back with code, state and realmId), POST /oauth2/v1/tokens/bearer
//   (form body, Basic client credentials; grant_type authorization_code or refresh_token;
//   answers token_type, access_token, refresh_token, expires_in 3600,
//   x_refresh_token_expires_in), POST /v2/oauth2/tokens/revoke.
// - Accounting API v3: GET /v3/company/{realmId}/query?query=, POST /v3/company/{realmId}/
//   {customer|invoice|account|item|payment|creditmemo|vendor|bill|vendorcredit}?requestid=&minorversion=; a repeated requestid answers the first
//   answer; GET /v3/company/{realmId}/{entity}/{id} reads one record; a POST with Id and
//   SyncToken updates (sparse: true changes only the fields sent; a full update replaces the
//   whole object, clearing what it leaves out), ?operation=void voids an Invoice (kept, amounts
//   zero, "Voided" before its PrivateNote), ?operation=delete deletes a CreditMemo; a SyncToken
//   that is not the current one answers "Stale Object Error" (5010), an unknown Id "Object Not
//   Found" (610); faults as {"Fault":{"Error":[{"Message","Detail","code","element"}],"type"},"time"};
//   an expired token 401 with {"fault":{"error":[…],"type":"AUTHENTICATION"}}; throttling 429.
// Switches inject failures: expired tokens, 429 with Retry-After, 500, a 400 ValidationFault,
// and a create or a void made but its answer lost (a 500 after the record was stored); a void
// of a voided Invoice is refused, and a sparse update that sends a field empty clears it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export type Injected =
  | { kind: '429'; retryAfter: number }
  | { kind: '500' }
  | { kind: '400'; detail?: string }
  /** the request is answered as usual, this many milliseconds late (a slow network) */
  | { kind: 'delay'; ms: number };

export interface QboRecord {
  Id: string;
  [field: string]: unknown;
}

export interface QuickBooksStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** the company the consent picks and the API serves (Intuit's realmId); useCompany changes it */
  realmId: string;
  /** created records by entity (Customer, Invoice, Account, Item, Payment, CreditMemo, Vendor, Bill, VendorCredit),
   * and CompanyInfo (one: the company, its plan in NameValue OfferingSku) */
  records: Record<string, QboRecord[]>;
  /** every API request, in order: method, path's entity, requestid, its status; a read's or an
   * update's Id, and ?operation= (void, delete) */
  requests: {
    method: string;
    entity: string;
    requestId: string | null;
    status: number;
    id?: string | null;
    operation?: string | null;
  }[];
  /** what each update, void or delete received (the body as sent), in order */
  changes: { entity: string; operation: 'update' | 'void' | 'delete'; body: Record<string, unknown> }[];
  /** someone edits the record in QuickBooks' own screens: the fields given replace its own and
   * its SyncToken moves on */
  changeRecord(name: string, id: string, fields: Record<string, unknown>): QboRecord;
  /** the next read (GET) of this record is followed at once by an edit made in QuickBooks (its
   * SyncToken moves on), so a change sent with the SyncToken just read is stale */
  editAfterNextRead(name: string, id: string, fields?: Record<string, unknown>): void;
  /** the next API requests (not OAuth) answer these, in order */
  inject(...failures: Injected[]): void;
  /** the next create of this entity (invoice, creditmemo, bill, ...) is made and stored, its
   * requestid remembered with the record's answer, but this answer is lost: a 500 SystemFault
   * (a gateway timeout after Intuit committed). The same requestid sent again answers the
   * record as it was created. */
  loseNextCreateAnswer(entity: string): void;
  /** the next void of this entity is made (the Invoice voided, its SyncToken moved on) but its
   * answer is lost: a 500 SystemFault. A void sent again is refused: it is void already. */
  loseNextVoidAnswer(entity: string): void;
  /** a test's hook, awaited before each API request (not OAuth) is answered: what it does
   * happens while the app waits for the answer (null removes it) */
  onRequest(hook: ((request: { method: string; entity: string }) => Promise<void> | void) | null): void;
  /** every access token handed out so far stops working (401), as after an hour */
  expireAccessTokens(): void;
  /** while on, the sign-in service takes token and revoke requests and never answers them (a
   * service that hangs); turned off, the held requests' connections are dropped */
  holdSignIn(on: boolean): void;
  tokenGrants: string[];
  close(): Promise<void>;
  /** someone edits an Item in QuickBooks: the fields given replace its own, its SyncToken and
   * MetaData.LastUpdatedTime move on, as Intuit's update does */
  changeItem(id: string, fields: Record<string, unknown>): QboRecord;
  /** the company turns sales tax on (Preferences.TaxPrefs.UsingSalesTax) with the tax codes and
   * rates a QuickBooks Online Canada company is given (SALES_TAX_CODES); from then on every line
   * of an invoice, credit memo or bill must name a TaxCode, and the tax is QuickBooks' own
   * (computed line by line, each line rounded) unless TxnTaxDetail.TaxLine gives it by rate */
  useSalesTax(): void;
  /** the person picks another company at the consent (a sandbox, then production): consents
   * answer this realmId and the API serves only it, with its own records (a new company as the
   * first one was: the same chart, ids counting from the same start, so they repeat the other
   * company's) and its own requestids; `records` is then this company's. Back to an earlier
   * company, its records are as they were left. */
  useCompany(realmId: string): void;
}

const now = () => new Date().toISOString();

/** A time as Intuit's MetaData spells it: to the second, with the company's offset (Pacific). */
const qboTime = (at = new Date()) => new Date(at.getTime() - 8 * 3600_000).toISOString().slice(0, 19) + '-08:00';

const fault = (type: string, errors: { Message: string; Detail: string; code: string; element?: string }[]) => ({
  Fault: { Error: errors, type },
  time: now(),
});

/** An entity's name as Intuit's answers spell it, from the path or query ('creditmemo' is CreditMemo). */
const entityName = (entity: string) =>
  entity.toLowerCase() === 'creditmemo'
    ? 'CreditMemo'
    : entity.toLowerCase() === 'vendorcredit'
      ? 'VendorCredit'
      : entity[0].toUpperCase() + entity.slice(1);

/** The Item id Intuit reserves for a sales form's shipping line (SalesItemLineDetail.ItemRef). */
const SHIPPING_ITEM_ID = 'SHIPPING_ITEM_ID';

/** Dollars as exact cents (QuickBooks' amounts have two decimals). */
const centsOfAmount = (amount: unknown) => Math.round(Number(amount ?? 0) * 100);

/** The account types QuickBooks Online's Account entity accepts (AccountType, spelled with spaces). */
const ACCOUNT_TYPES = [
  'Bank',
  'Other Current Asset',
  'Fixed Asset',
  'Other Asset',
  'Accounts Receivable',
  'Equity',
  'Expense',
  'Other Expense',
  'Cost of Goods Sold',
  'Accounts Payable',
  'Credit Card',
  'Long Term Liability',
  'Other Current Liability',
  'Income',
  'Other Income',
];

/** A QuickBooks Online Canada company's sales tax once turned on: its TaxRates (RateValue in
 * percent) and TaxCodes, each listing the rates it charges on sales and on purchases in TaxOrder
 * (names as such a company's TaxCode and TaxRate queries spell them; ids are this stand-in's).
 * A rate charged on sales is not the one claimed on purchases (an input tax credit is booked
 * apart): each code's purchase list names rates of their own, at the same percents. */
const rateDetail = (id: string, name: string, order = 0) => ({
  TaxRateRef: { value: id, name },
  TaxTypeApplicable: 'TaxOnAmount',
  TaxOrder: order,
});
const taxCode = (
  Id: string,
  Name: string,
  sales: ReturnType<typeof rateDetail>[],
  purchases: ReturnType<typeof rateDetail>[],
) => ({
  Id,
  Name,
  Description: Name,
  Active: true,
  Taxable: sales.length > 0,
  TaxGroup: true,
  SalesTaxRateList: { TaxRateDetail: sales },
  PurchaseTaxRateList: { TaxRateDetail: purchases },
});
export const SALES_TAX_RATES: QboRecord[] = [
  { Id: '3', Name: 'GST', RateValue: 5, Active: true },
  { Id: '4', Name: 'GST/HST ZR', RateValue: 0, Active: true },
  { Id: '5', Name: 'GST/HST EX', RateValue: 0, Active: true },
  { Id: '6', Name: 'HST ON', RateValue: 13, Active: true },
  { Id: '7', Name: 'QST', RateValue: 9.975, Active: true },
  // claimed on purchases
  { Id: '13', Name: 'GST (ITC)', RateValue: 5, Active: true },
  { Id: '14', Name: 'GST/HST ZR (ITC)', RateValue: 0, Active: true },
  { Id: '15', Name: 'GST/HST EX (ITC)', RateValue: 0, Active: true },
  { Id: '16', Name: 'HST ON (ITC)', RateValue: 13, Active: true },
  { Id: '17', Name: 'QST (ITR)', RateValue: 9.975, Active: true },
];
export const SALES_TAX_CODES: QboRecord[] = [
  taxCode('2', 'Exempt', [rateDetail('5', 'GST/HST EX')], [rateDetail('15', 'GST/HST EX (ITC)')]),
  taxCode('3', 'Zero-rated', [rateDetail('4', 'GST/HST ZR')], [rateDetail('14', 'GST/HST ZR (ITC)')]),
  taxCode('4', 'GST', [rateDetail('3', 'GST')], [rateDetail('13', 'GST (ITC)')]),
  taxCode('5', 'HST ON', [rateDetail('6', 'HST ON')], [rateDetail('16', 'HST ON (ITC)')]),
  taxCode(
    '6',
    'GST/QST QC - 9.975',
    [rateDetail('3', 'GST'), rateDetail('7', 'QST', 1)],
    [rateDetail('13', 'GST (ITC)'), rateDetail('17', 'QST (ITR)', 1)],
  ),
  taxCode('7', 'Out of Scope', [], []),
];

export async function startQuickBooksStandIn(port = 0): Promise<QuickBooksStandIn> {
  const clientId = 'standin-client';
  const clientSecret = 'standin-secret';
  let realmId = '9130357766900456';
  const codes = new Map<string, string>(); // code -> redirect_uri
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const answersByRequestId = new Map<string, { status: number; body: unknown }>();
  // a new QuickBooks Online company comes with a chart of accounts; these are a few of the
  // accounts Intuit's sandbox company has (names and types as its Account query answers them)
  const newCompany = (): Record<string, QboRecord[]> => ({
    Customer: [],
    Invoice: [],
    Item: [],
    Payment: [],
    CreditMemo: [],
    Vendor: [],
    Bill: [],
    VendorCredit: [],
    // the company itself (Intuit's CompanyInfo, read at companyinfo/{realmId}): its plan is the
    // OfferingSku of its NameValue list, as Intuit's sample answer has it
    CompanyInfo: [
      {
        Id: '1',
        SyncToken: '4',
        CompanyName: 'Sandbox Company_CA_1',
        Country: 'CA',
        NameValue: [
          { Name: 'SubscriptionStatus', Value: 'PAID' },
          { Name: 'OfferingSku', Value: 'QuickBooks Online Plus' },
          { Name: 'PayrollFeature', Value: 'false' },
        ],
      },
    ],
    // Intuit's Preferences (select * from Preferences): a new company does not charge sales tax
    Preferences: [{ Id: '1', TaxPrefs: { UsingSalesTax: false } }],
    TaxCode: [],
    TaxRate: [],
    Account: [
      { Id: '1', Name: 'Sales of Product Income', AccountType: 'Income', Active: true },
      { Id: '2', Name: 'Inventory Asset', AccountType: 'Other Current Asset', Active: true },
      { Id: '3', Name: 'Cost of Goods Sold', AccountType: 'Cost of Goods Sold', Active: true },
      { Id: '4', Name: 'Accounts Receivable (A/R)', AccountType: 'Accounts Receivable', Active: true },
      { Id: '5', Name: 'Undeposited Funds', AccountType: 'Other Current Asset', Active: true },
      {
        Id: '6',
        Name: 'Excise Duty Payable',
        AccountType: 'Other Current Liability',
        Active: true,
      },
      {
        Id: '7',
        Name: 'Spirits Sales',
        AccountType: 'Income',
        SubAccount: true,
        ParentRef: { value: '1' },
        Active: true,
      },
    ],
  });
  const records = newCompany();
  const requests: QuickBooksStandIn['requests'] = [];
  const changes: QuickBooksStandIn['changes'] = [];
  const injected: Injected[] = [];
  const tokenGrants: string[] = [];
  let nextId = 100;

  const token = () => randomBytes(18).toString('base64url');
  let holdingSignIn = false;
  const held: ServerResponse[] = [];
  const dropHeld = () => held.splice(0).forEach((res) => res.destroy());
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  const issueTokens = (res: ServerResponse) => {
    const access = token();
    const refresh = token();
    accessTokens.add(access);
    refreshTokens.add(refresh);
    send(res, 200, {
      token_type: 'bearer',
      access_token: access,
      refresh_token: refresh,
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    });
  };

  async function oauth(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'GET' && url.pathname === '/connect/oauth2') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !redirect)
        return send(res, 400, { error: 'invalid_client' });
      const code = token();
      codes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('realmId', realmId);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (holdingSignIn) return void held.push(res);
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}`) return send(res, 401, { error: 'invalid_client' });
    const form = new URLSearchParams(await bodyOf(req));
    if (url.pathname === '/v2/oauth2/tokens/revoke') {
      refreshTokens.delete(form.get('token') ?? '');
      return send(res, 200, {});
    }
    const grant = form.get('grant_type');
    tokenGrants.push(grant ?? '');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.has(code) || codes.get(code) !== form.get('redirect_uri'))
        return send(res, 400, { error: 'invalid_grant' });
      codes.delete(code);
      return issueTokens(res);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.delete(refresh)) return send(res, 400, { error: 'invalid_grant' });
      return issueTokens(res);
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  function query(statement: string) {
    if (/\bMetaData\.LastUpdatedTime\b/i.test(statement)) return changedQuery(statement);
    const match = /^select\s+.+?\s+from\s+(\w+)(?:\s+where\s+(\w+)\s*=\s*'((?:[^'\\]|\\.)*)')?/i.exec(statement.trim());
    if (!match) return null;
    const [, entity, field, literal] = match;
    const name = entityName(entity);
    const all = records[name] ?? [];
    const value = literal?.replace(/\\(.)/g, '$1');
    const matching = field ? all.filter((r) => String(r[field]) === value) : all;
    // STARTPOSITION is 1-based; MAXRESULTS defaults to 100 and may be at most 1000 (Intuit's query reference)
    const start = Number(/\bstartposition\s+(\d+)/i.exec(statement)?.[1] ?? 1);
    const max = Math.min(Number(/\bmaxresults\s+(\d+)/i.exec(statement)?.[1] ?? 100), 1000);
    const found = matching.slice(start - 1, start - 1 + max);
    return {
      QueryResponse: found.length ? { [name]: found, startPosition: start, maxResults: found.length } : {},
      time: now(),
    };
  }

  /** Account create's refusals as Intuit documents them: Name and AccountType required, a
   * known AccountType, no ':' or '"' in Name, at most 100 characters, a Name not in use (codes
   * from Intuit's list of API error codes: 2020, 6010, 2040, 6240, 2500). */
  function accountProblem(body: Record<string, unknown>) {
    if (!body.Name || !body.AccountType)
      return {
        Message: 'Required param missing, need to supply the required value for the API',
        Detail: 'Required parameter Name or AccountType is missing in the request',
        code: '2020',
      };
    if (!ACCOUNT_TYPES.includes(String(body.AccountType)))
      return {
        Message: 'Invalid Account.AccountType && Account.SubType',
        Detail: 'Either an Account.AccountType or an Account.AccountSubType must be specified',
        code: '6010',
        element: 'AccountType',
      };
    const name = String(body.Name);
    if (/[:"]/.test(name) || name.length > 100)
      return {
        Message: 'Invalid String. The String may contain unsupported or illegal chars',
        Detail: `Element contains invalid characters. ${name}`,
        code: '2040',
        element: 'Name',
      };
    if (records.Account.some((a) => String(a.Name).toLowerCase() === name.toLowerCase()))
      return {
        Message: 'Duplicate Name Exists Error',
        Detail: `The name supplied already exists. : ${name}`,
        code: '6240',
      };
    if (body.ParentRef && !records.Account.some((a) => a.Id === (body.ParentRef as { value?: string }).value))
      return {
        Message: 'Invalid Reference Id',
        Detail: 'Invalid Reference Id : Accounts element id does not exist',
        code: '2500',
        element: 'ParentRef',
      };
    return null;
  }

  /** Vendor create's refusals: DisplayName required and not used by another vendor. */
  function vendorProblem(body: Record<string, unknown>) {
    if (!body.DisplayName)
      return {
        Message: 'Required param missing, need to supply the required value for the API',
        Detail: 'Required parameter DisplayName is missing in the request',
        code: '2020',
        element: 'DisplayName',
      };
    if (records.Vendor.some((v) => v.DisplayName === body.DisplayName))
      return {
        Message: 'Duplicate Name Exists Error',
        Detail: 'The name supplied already exists. : Another vendor is already using this name.',
        code: '6240',
      };
    return null;
  }

  /** Bill create's refusals: a known vendor, lines, each line's AccountRef a known account. */
  function billProblem(body: Record<string, unknown>) {
    const invalid = (element: string, Detail: string) => ({
      Message: 'Invalid Reference Id',
      Detail,
      code: '2500',
      element,
    });
    if (!records.Vendor.some((v) => v.Id === (body.VendorRef as { value?: string } | undefined)?.value))
      return invalid('VendorRef', 'Invalid Reference Id : Names element id does not exist');
    const lines = (body.Line as { AccountBasedExpenseLineDetail?: { AccountRef?: { value?: string } } }[]) ?? [];
    if (!lines.length)
      return {
        Message: 'Required param missing, need to supply the required value for the API',
        Detail: 'Required parameter Line is missing in the request',
        code: '2020',
        element: 'Line',
      };
    if (lines.some((l) => !records.Account.some((a) => a.Id === l.AccountBasedExpenseLineDetail?.AccountRef?.value)))
      return invalid('AccountRef', 'Invalid Reference Id : Accounts element id does not exist');
    return null;
  }

  /** Payment create's refusals: a known customer, TotalAmt above zero, lines applied to that
   * customer's invoices for no more than TotalAmt, a known deposit account. */
  function paymentProblem(body: Record<string, unknown>) {
    const invalid = (element: string, Detail: string) => ({
      Message: 'Invalid Reference Id',
      Detail,
      code: '2500',
      element,
    });
    const customer = (body.CustomerRef as { value?: string } | undefined)?.value;
    if (!records.Customer.some((c) => c.Id === customer))
      return invalid('CustomerRef', 'Invalid Reference Id : Names element id does not exist');
    const total = Number(body.TotalAmt);
    if (!(total > 0))
      return {
        Message: 'Business Validation Error',
        Detail: 'Business Validation Error: The payment amount must be greater than zero.',
        code: '6000',
      };
    const lines = (body.Line as { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[]) ?? [];
    for (const line of lines)
      for (const txn of line.LinkedTxn ?? []) {
        const invoice = records.Invoice.find((i) => i.Id === txn.TxnId);
        if (txn.TxnType !== 'Invoice' || !invoice || (invoice.CustomerRef as { value: string }).value !== customer)
          return invalid('LinkedTxn', 'Invalid Reference Id : Transaction element id does not exist');
      }
    for (const line of lines)
      for (const txn of line.LinkedTxn ?? []) {
        const invoice = records.Invoice.find((i) => i.Id === txn.TxnId)!;
        if (centsOfAmount(line.Amount) > centsOfAmount(invoice.Balance))
          return {
            Message: 'Business Validation Error',
            Detail: `Business Validation Error: The amount applied to invoice ${String(invoice.DocNumber)} is more than its open balance (${String(invoice.Balance)}).`,
            code: '6000',
          };
      }
    if (Math.round(lines.reduce((sum, l) => sum + l.Amount, 0) * 100) > Math.round(total * 100))
      return {
        Message: 'Business Validation Error',
        Detail: 'Business Validation Error: The amount applied exceeds the payment amount.',
        code: '6000',
      };
    const deposit = (body.DepositToAccountRef as { value?: string } | undefined)?.value;
    if (deposit && !records.Account.some((a) => a.Id === deposit))
      return invalid('DepositToAccountRef', 'Invalid Reference Id : Accounts element id does not exist');
    return null;
  }

  /** Item create's refusals: Name required and not in use; a NonInventory (or Service) item
   * needs IncomeAccountRef; the accounts it names must exist. */
  function itemProblem(body: Record<string, unknown>) {
    if (!body.Name)
      return {
        Message: 'Required param missing, need to supply the required value for the API',
        Detail: 'Required parameter Name is missing in the request',
        code: '2020',
        element: 'Name',
      };
    if (records.Item.some((i) => String(i.Name).toLowerCase() === String(body.Name).toLowerCase()))
      return {
        Message: 'Duplicate Name Exists Error',
        Detail: `The name supplied already exists. : ${String(body.Name)}`,
        code: '6240',
      };
    const income = (body.IncomeAccountRef as { value?: string } | undefined)?.value;
    if (!income)
      return {
        Message: 'Required param missing, need to supply the required value for the API',
        Detail: 'Required parameter IncomeAccountRef is missing in the request',
        code: '2020',
        element: 'IncomeAccountRef',
      };
    const refs = [income, (body.ExpenseAccountRef as { value?: string } | undefined)?.value].filter(Boolean);
    if (refs.some((ref) => !records.Account.some((a) => a.Id === ref)))
      return {
        Message: 'Invalid Reference Id',
        Detail: 'Invalid Reference Id : Accounts element id does not exist',
        code: '2500',
        element: 'IncomeAccountRef',
      };
    return null;
  }

  function createRecord(entity: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const name = entityName(entity);
    const problem = documentProblem(name, body) ?? salesTaxProblem(name, body);
    if (problem) return problem;
    return addRecord(name, body);
  }

  const TAXED = ['Invoice', 'CreditMemo', 'Bill', 'VendorCredit'];
  const usingSalesTax = () =>
    (records.Preferences[0]?.TaxPrefs as { UsingSalesTax?: boolean } | undefined)?.UsingSalesTax === true;
  type TaxedLine = {
    Amount?: number;
    SalesItemLineDetail?: { TaxCodeRef?: { value?: string } };
    AccountBasedExpenseLineDetail?: { TaxCodeRef?: { value?: string } };
  };
  type RateRef = { TaxRateRef: { value: string } };
  const codeOfLine = (line: TaxedLine) =>
    (line.SalesItemLineDetail ?? line.AccountBasedExpenseLineDetail)?.TaxCodeRef?.value;
  /** the rates a line's code charges on this kind of transaction */
  const ratesOfCode = (name: string, codeId: string | undefined) => {
    const code = records.TaxCode.find((c) => c.Id === codeId && c.Active !== false);
    if (!code) return null;
    const list = (name === 'Bill' || name === 'VendorCredit' ? code.PurchaseTaxRateList : code.SalesTaxRateList) as {
      TaxRateDetail: RateRef[];
    };
    return list.TaxRateDetail.map((d) => d.TaxRateRef.value);
  };

  /** A company that charges sales tax refuses a transaction line without a known TaxCode, and a
   * TaxLine whose rate no line's code charges, or a rate listed twice (Intuit's TaxLineDetail:
   * "the TaxRate must be in the referenced tax code's rate list … Each rate may only be listed
   * once"). */
  function salesTaxProblem(name: string, body: Record<string, unknown>): { status: number; body: unknown } | null {
    if (!usingSalesTax() || !TAXED.includes(name) || body.Line === undefined) return null;
    const refuse = (Detail: string) => ({
      status: 400,
      body: fault('ValidationFault', [
        { Message: 'A business validation error has occurred while processing your request', Detail, code: '6000' },
      ]),
    });
    const lines = (body.Line as TaxedLine[]) ?? [];
    const charged = new Set<string>();
    for (const line of lines) {
      const rates = ratesOfCode(name, codeOfLine(line));
      if (!rates)
        return refuse(
          'Business Validation Error: Make sure all your transactions have a GST/HST rate before you save.',
        );
      rates.forEach((r) => charged.add(r));
    }
    const given =
      (body.TxnTaxDetail as { TaxLine?: { TaxLineDetail: RateRef & { TaxPercent?: number } }[] } | undefined)
        ?.TaxLine ?? [];
    const taxLines = given.map((l) => l.TaxLineDetail.TaxRateRef.value);
    if (taxLines.some((r) => !charged.has(r)) || new Set(taxLines).size !== taxLines.length)
      return refuse('Business Validation Error: The tax rate is not in the tax codes of the transaction lines.');
    // a percent given must be the rate's own
    if (
      given.some(
        (l) =>
          l.TaxLineDetail.TaxPercent !== undefined &&
          l.TaxLineDetail.TaxPercent !==
            Number(records.TaxRate.find((r) => r.Id === l.TaxLineDetail.TaxRateRef.value)?.RateValue),
      )
    )
      return refuse('Business Validation Error: The tax percent is not the tax rate of the tax line.');
    return null;
  }

  /** The transaction's tax when the company charges sales tax: the TaxLines given (an override),
   * else QuickBooks' own, line by line: each line's amount times each rate of its code, rounded
   * per line, added up by rate (as QuickBooks Online Canada's forms compute it). */
  function applySalesTax(name: string, record: QboRecord) {
    if (!usingSalesTax() || !TAXED.includes(name)) return;
    const given = (record.TxnTaxDetail as { TaxLine?: { Amount: number }[] } | undefined)?.TaxLine;
    if (given?.length) {
      (record.TxnTaxDetail as { TotalTax: number }).TotalTax =
        given.reduce((sum, l) => sum + centsOfAmount(l.Amount), 0) / 100;
      return;
    }
    const byRate = new Map<string, { cents: number; base: number }>();
    for (const line of (record.Line as TaxedLine[]) ?? [])
      for (const rateId of ratesOfCode(name, codeOfLine(line)) ?? []) {
        const rate = Number(records.TaxRate.find((r) => r.Id === rateId)?.RateValue ?? 0);
        const entry = byRate.get(rateId) ?? { cents: 0, base: 0 };
        entry.cents += Math.round((centsOfAmount(line.Amount) * rate) / 100);
        entry.base += centsOfAmount(line.Amount);
        byRate.set(rateId, entry);
      }
    const TaxLine = [...byRate].map(([rateId, e]) => ({
      Amount: e.cents / 100,
      DetailType: 'TaxLineDetail',
      TaxLineDetail: { TaxRateRef: { value: rateId }, PercentBased: true, NetAmountTaxable: e.base / 100 },
    }));
    record.TxnTaxDetail = { TotalTax: TaxLine.reduce((sum, l) => sum + centsOfAmount(l.Amount), 0) / 100, TaxLine };
  }

  /** A create's (or a full update's) refusals, as Intuit answers them. */
  function documentProblem(name: string, body: Record<string, unknown>): { status: number; body: unknown } | null {
    if (name === 'Customer' && !body.Id) {
      if (!body.DisplayName)
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Required param missing, need to supply the required value for the API',
              Detail: 'Required parameter DisplayName is missing in the request',
              code: '2020',
              element: 'DisplayName',
            },
          ]),
        };
      if (records.Customer.some((c) => c.DisplayName === body.DisplayName))
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Duplicate Name Exists Error',
              Detail: `The name supplied already exists. : Another customer is already using this name.`,
              code: '6240',
            },
          ]),
        };
    }
    if (name === 'Invoice' || name === 'CreditMemo') {
      const customer = (body.CustomerRef as { value?: string } | undefined)?.value;
      if (!Array.isArray(body.Line) || body.Line.length === 0)
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Required param missing, need to supply the required value for the API',
              Detail: 'Required parameter Line is missing in the request',
              code: '2020',
              element: 'Line',
            },
          ]),
        };
      if (!records.Customer.some((c) => c.Id === customer))
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Invalid Reference Id',
              Detail: `Invalid Reference Id : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.`,
              code: '2500',
              element: 'CustomerRef',
            },
          ]),
        };
      // a sales line giving Qty and UnitPrice must come to Amount, to the cent (Intuit's 6070)
      const uneven = (body.Line as Record<string, unknown>[]).find((line) => {
        const detail = line.SalesItemLineDetail as { Qty?: number; UnitPrice?: number } | undefined;
        return (
          detail?.Qty !== undefined &&
          detail.UnitPrice !== undefined &&
          Math.round(detail.Qty * detail.UnitPrice * 100) !== centsOfAmount(line.Amount)
        );
      });
      if (uneven)
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Amount is not equal to UnitPrice * Qty',
              Detail: `Amount is not equal to UnitPrice * Qty. Supplied value:${String(uneven.Amount)}`,
              code: '6070',
            },
          ]),
        };
      if (typeof body.DocNumber === 'string' && body.DocNumber.length > 21)
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'String length is either shorter or longer than supported by specification',
              Detail:
                'String length specified does not match the supported length. Min:0 Max:21 supplied length:' +
                body.DocNumber.length,
              code: '6000',
              element: 'DocNumber',
            },
          ]),
        };
    }
    if (name === 'Vendor' || name === 'Bill' || name === 'VendorCredit') {
      const problem = name === 'Vendor' ? vendorProblem(body) : billProblem(body);
      if (problem) return { status: 400, body: fault('ValidationFault', [problem]) };
    }
    if (name === 'Payment') {
      const problem = paymentProblem(body);
      if (problem) return { status: 400, body: fault('ValidationFault', [problem]) };
    }
    if (name === 'Item') {
      const problem = itemProblem(body);
      if (problem) return { status: 400, body: fault('ValidationFault', [problem]) };
    }
    if (name === 'Invoice' || name === 'CreditMemo') {
      const unknown = (body.Line as { SalesItemLineDetail?: { ItemRef?: { value?: string } } }[]).find(
        (l) =>
          l.SalesItemLineDetail?.ItemRef &&
          l.SalesItemLineDetail.ItemRef.value !== SHIPPING_ITEM_ID &&
          !records.Item.some((i) => i.Id === l.SalesItemLineDetail!.ItemRef!.value),
      );
      if (unknown)
        return {
          status: 400,
          body: fault('ValidationFault', [
            {
              Message: 'Invalid Reference Id',
              Detail: 'Invalid Reference Id : Item elements id does not exist',
              code: '2500',
              element: 'ItemRef',
            },
          ]),
        };
    }
    if (name === 'Account') {
      const problem = accountProblem(body);
      if (problem) return { status: 400, body: fault('ValidationFault', [problem]) };
    }
    return null;
  }

  function addRecord(name: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const record: QboRecord = { ...body, Id: String(nextId++), SyncToken: '0', MetaData: { CreateTime: now() } };
    if (name === 'Account') record.Active = true;
    if (name === 'Item')
      Object.assign(record, { Active: true, MetaData: { CreateTime: now(), LastUpdatedTime: qboTime() } });
    if (name === 'Invoice' || name === 'CreditMemo' || name === 'Bill' || name === 'VendorCredit')
      record.TotalAmt = (body.Line as { Amount: number }[]).reduce(
        (sum, l) => Math.round((sum + l.Amount) * 100) / 100,
        0,
      );
    applySalesTax(name, record);
    // the transaction's tax given as TxnTaxDetail.TotalTax is added to the lines (TaxExcluded)
    const totalTax = (record.TxnTaxDetail as { TotalTax?: number } | undefined)?.TotalTax;
    if (TAXED.includes(name) && totalTax)
      record.TotalAmt = (centsOfAmount(record.TotalAmt) + centsOfAmount(totalTax)) / 100;
    // what is still owed on it: a Payment applied to it lowers it
    if (name === 'Invoice') record.Balance = record.TotalAmt;
    if (name === 'Payment')
      for (const line of (body.Line as { Amount: number; LinkedTxn: { TxnId: string }[] }[]) ?? [])
        for (const txn of line.LinkedTxn ?? []) {
          const invoice = records.Invoice.find((i) => i.Id === txn.TxnId)!;
          invoice.Balance = (centsOfAmount(invoice.Balance) - centsOfAmount(line.Amount)) / 100;
        }
    (records[name] ??= []).push(record);
    return { status: 200, body: { [name]: record, time: now() } };
  }

  /** Intuit's query by change time (Intuit's query reference: "where MetaData.LastUpdatedTime >
   * '…'", with Active IN (true, false) for inactive records too, ORDERBY, STARTPOSITION and
   * MAXRESULTS); times compare as instants, whatever their offset. */
  function changedQuery(statement: string) {
    const match =
      /^select\s+\*\s+from\s+(\w+)\s+where\s+(?:Active\s+IN\s*\(\s*true\s*,\s*false\s*\)\s+and\s+)?MetaData\.LastUpdatedTime\s*(>=|>)\s*'([^']+)'(?:\s+orderby\s+MetaData\.LastUpdatedTime)?(?:\s+startposition\s+\d+)?(?:\s+maxresults\s+\d+)?\s*$/i.exec(
        statement.trim(),
      );
    const since = match ? Date.parse(match[3]) : NaN;
    if (!match || Number.isNaN(since)) return null;
    const [, entity, op] = match;
    const name = entityName(entity);
    const inactiveToo = /Active\s+IN/i.test(statement);
    const updatedAt = (r: QboRecord) =>
      Date.parse(String((r.MetaData as { LastUpdatedTime?: string })?.LastUpdatedTime));
    const matching = (records[name] ?? [])
      .filter((r) => (inactiveToo || r.Active !== false) && (op === '>' ? updatedAt(r) > since : updatedAt(r) >= since))
      .sort((a, b) => updatedAt(a) - updatedAt(b));
    const start = Number(/\bstartposition\s+(\d+)/i.exec(statement)?.[1] ?? 1);
    const max = Math.min(Number(/\bmaxresults\s+(\d+)/i.exec(statement)?.[1] ?? 100), 1000);
    const found = matching.slice(start - 1, start - 1 + max);
    return {
      QueryResponse: found.length ? { [name]: found, startPosition: start, maxResults: found.length } : {},
      time: now(),
    };
  }

  /** A change over there: a new SyncToken and LastUpdatedTime. */
  function changeItem(id: string, fields: Record<string, unknown>): QboRecord {
    const item = records.Item.find((i) => i.Id === id);
    if (!item) throw new Error(`no Item ${id} in the stand-in`);
    Object.assign(item, fields, {
      SyncToken: String(Number(item.SyncToken ?? 0) + 1),
      MetaData: { ...(item.MetaData as object), LastUpdatedTime: qboTime() },
    });
    return item;
  }

  /** Intuit's sparse update (POST with Id, SyncToken and sparse: true): only the fields sent
   * change; a SyncToken that is not the current one is refused as stale (code 5010). */
  function updateRecord(entity: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const name = entityName(entity);
    const found = foundCurrent(name, body);
    if ('status' in found) return found;
    const record = found.record;
    const refs = ['IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef']
      .map((key) => (body[key] as { value?: string } | undefined)?.value)
      .filter(Boolean);
    if (refs.some((ref) => !records.Account.some((a) => a.Id === ref)))
      return {
        status: 400,
        body: fault('ValidationFault', [
          {
            Message: 'Invalid Reference Id',
            Detail: 'Invalid Reference Id : Accounts element id does not exist',
            code: '2500',
          },
        ]),
      };
    const { sparse, Id: _id, SyncToken: _token, ...fields } = body;
    // a rename to a name another customer uses is refused, as a create's is
    if (
      name === 'Customer' &&
      fields.DisplayName !== undefined &&
      records.Customer.some((c) => c.Id !== record.Id && c.DisplayName === fields.DisplayName)
    )
      return {
        status: 400,
        body: fault('ValidationFault', [
          {
            Message: 'Duplicate Name Exists Error',
            Detail: `The name supplied already exists. : Another customer is already using this name.`,
            code: '6240',
          },
        ]),
      };
    if (name === 'Item') return { status: 200, body: { [name]: changeItem(record.Id, fields), time: now() } };
    const taxProblem = salesTaxProblem(name, body);
    if (taxProblem) return taxProblem;
    if (sparse !== true) {
      // a full update: the object sent is the whole record (its lines checked as a create's)
      const problem = documentProblem(name, body);
      if (problem) return problem;
      for (const key of Object.keys(record))
        if (!['Id', 'SyncToken', 'MetaData', 'TotalAmt', 'Balance'].includes(key)) delete record[key];
    }
    Object.assign(record, fields);
    // a field a sparse update sends empty ('' or {"Address": ""}) is cleared, not kept
    if (sparse === true)
      for (const [key, value] of Object.entries(fields))
        if (
          value === '' ||
          (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => v === ''))
        )
          delete record[key];
    bump(record);
    // new lines without a tax given: QuickBooks computes it anew
    if (TAXED.includes(name) && fields.Line !== undefined && fields.TxnTaxDetail === undefined)
      delete record.TxnTaxDetail;
    if (TAXED.includes(name)) totalsOf(name, record);
    return { status: 200, body: { [name]: record, time: now() } };
  }

  /** A new SyncToken and LastUpdatedTime, as every change over there makes. */
  function bump(record: QboRecord) {
    record.SyncToken = String(Number(record.SyncToken ?? 0) + 1);
    record.MetaData = { ...(record.MetaData as object), LastUpdatedTime: qboTime() };
  }

  /** TotalAmt from the lines (and TxnTaxDetail.TotalTax), an Invoice's Balance less what the
   * Payments applied to it. */
  function totalsOf(name: string, record: QboRecord) {
    const lines = (record.Line as { Amount: number }[] | undefined) ?? [];
    let cents = lines.reduce((sum, l) => sum + centsOfAmount(l.Amount), 0);
    applySalesTax(name, record);
    const totalTax = (record.TxnTaxDetail as { TotalTax?: number } | undefined)?.TotalTax;
    if (TAXED.includes(name) && totalTax) cents += centsOfAmount(totalTax);
    record.TotalAmt = cents / 100;
    if (name === 'Invoice') {
      const paid = records.Payment.flatMap((p) =>
        ((p.Line as { Amount: number; LinkedTxn?: { TxnId: string }[] }[]) ?? []).filter((l) =>
          (l.LinkedTxn ?? []).some((t) => t.TxnId === record.Id),
        ),
      ).reduce((sum, l) => sum + centsOfAmount(l.Amount), 0);
      record.Balance = (cents - paid) / 100;
    }
  }

  /** Intuit's void (?operation=void, Id and SyncToken): the Invoice stays, its amounts and
   * quantities zero, "Voided" put before its PrivateNote; one with a payment applied is refused. */
  function voidRecord(entity: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const name = entityName(entity);
    const found = foundCurrent(name, body);
    if ('status' in found) return found;
    const record = found.record;
    if (name !== 'Invoice')
      return {
        status: 400,
        body: fault('ValidationFault', [{ Message: 'Unsupported operation', Detail: `void ${name}`, code: '500' }]),
      };
    if (isVoided(record))
      return {
        status: 400,
        body: fault('ValidationFault', [
          {
            Message: 'Business Validation Error',
            Detail: 'Business Validation Error: This transaction has already been voided.',
            code: '6000',
          },
        ]),
      };
    if (centsOfAmount(record.Balance) !== centsOfAmount(record.TotalAmt))
      return {
        status: 400,
        body: fault('ValidationFault', [
          {
            Message: 'Business Validation Error',
            Detail:
              'Business Validation Error: This transaction has payments applied to it. Remove the payments first.',
            code: '6000',
          },
        ]),
      };
    for (const line of (record.Line as Record<string, unknown>[]) ?? []) {
      line.Amount = 0;
      const detail = line.SalesItemLineDetail as Record<string, unknown> | undefined;
      if (detail && 'Qty' in detail) detail.Qty = 0;
    }
    if (record.TxnTaxDetail) record.TxnTaxDetail = { TotalTax: 0 };
    record.PrivateNote = record.PrivateNote ? `Voided ${String(record.PrivateNote)}` : 'Voided';
    record.TotalAmt = 0;
    record.Balance = 0;
    bump(record);
    return { status: 200, body: { [name]: record, time: now() } };
  }

  /** A voided Invoice as Intuit keeps it: amounts zero, "Voided" before its PrivateNote. */
  const isVoided = (record: QboRecord) =>
    centsOfAmount(record.TotalAmt) === 0 && /^Voided\b/.test(String(record.PrivateNote ?? ''));

  /** Intuit's delete (?operation=delete, Id and SyncToken): answers status Deleted. */
  function deleteRecord(entity: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const name = entityName(entity);
    const found = foundCurrent(name, body);
    if ('status' in found) return found;
    records[name] = records[name].filter((r) => r !== found.record);
    return { status: 200, body: { [name]: { status: 'Deleted', domain: 'QBO', Id: found.record.Id }, time: now() } };
  }

  /** The record an update names, or the fault: Object Not Found (610), Stale Object Error (5010). */
  function foundCurrent(
    name: string,
    body: Record<string, unknown>,
  ): { record: QboRecord } | { status: number; body: unknown } {
    const record = (records[name] ?? []).find((r) => r.Id === String(body.Id));
    if (!record) return notFound();
    if (String(body.SyncToken) !== String(record.SyncToken))
      return {
        status: 400,
        body: fault('ValidationFault', [
          {
            Message: 'Stale Object Error',
            Detail: 'Stale Object Error : You and someone else were working on this at the same time.',
            code: '5010',
          },
        ]),
      };
    return { record };
  }

  const notFound = () => ({
    status: 400,
    body: fault('ValidationFault', [
      {
        Message: 'Object Not Found',
        Detail: `Object Not Found : Something you're trying to use has been made inactive or deleted.`,
        code: '610',
      },
    ]),
  });

  const editsAfterRead = new Map<string, Record<string, unknown>>();
  const loseCreateAnswer = new Set<string>();
  const loseVoidAnswer = new Set<string>();
  let requestHook: ((request: { method: string; entity: string }) => Promise<void> | void) | null = null;

  function changeRecord(name: string, id: string, fields: Record<string, unknown>): QboRecord {
    const record = (records[name] ?? []).find((r) => r.Id === id);
    if (!record) throw new Error(`no ${name} ${id} in the stand-in`);
    Object.assign(record, fields);
    bump(record);
    return record;
  }

  const systemFault = () =>
    fault('SystemFault', [
      {
        Message: 'An application error has occurred while processing your request',
        Detail: 'System Failure Error: Something went wrong',
        code: '10000',
      },
    ]);

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = /^\/v3\/company\/([^/]+)\/(\w+)(?:\/([^/]+))?$/.exec(url.pathname);
    const entity = match?.[2] ?? '';
    const readId = match?.[3] ? decodeURIComponent(match[3]) : null;
    const requestId = url.searchParams.get('requestid');
    const operation = url.searchParams.get('operation');
    let changedId: string | null = readId;
    const log = (status: number) =>
      requests.push({ method: req.method ?? '', entity, requestId, status, id: changedId, operation });
    if (!match || match[1] !== realmId)
      return (
        log(404),
        send(res, 404, fault('ValidationFault', [{ Message: 'Resource not found', Detail: url.pathname, code: '610' }]))
      );
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!accessTokens.has(bearer)) {
      log(401);
      return send(res, 401, {
        warnings: null,
        intuitObject: null,
        fault: {
          error: [
            {
              message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
              detail: 'Token expired: ' + bearer.slice(0, 6),
              code: '3200',
              element: null,
            },
          ],
          type: 'AUTHENTICATION',
        },
        time: Date.now(),
      });
    }
    await requestHook?.({ method: req.method ?? '', entity });
    let failure = injected.shift();
    if (failure?.kind === 'delay') {
      await new Promise((resolve) => setTimeout(resolve, (failure as { ms: number }).ms));
      failure = undefined;
    }
    if (failure?.kind === '429') {
      log(429);
      return send(
        res,
        429,
        fault('SERVICE', [
          {
            Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
            Detail: 'The request limit was reached.',
            code: '3001',
          },
        ]),
        { 'retry-after': String(failure.retryAfter) },
      );
    }
    if (failure?.kind === '500') {
      log(500);
      return send(res, 500, systemFault());
    }
    if (failure?.kind === '400') {
      log(400);
      return send(
        res,
        400,
        fault('ValidationFault', [
          {
            Message: 'Business Validation Error',
            Detail: failure.detail ?? 'Business Validation Error: Select a customer that is not a sub-customer.',
            code: '6000',
          },
        ]),
      );
    }
    if (req.method === 'GET' && readId !== null) {
      const name = entity === 'companyinfo' ? 'CompanyInfo' : entityName(entity);
      const record =
        name === 'CompanyInfo'
          ? readId === realmId
            ? records.CompanyInfo[0]
            : undefined
          : (records[name] ?? []).find((r) => r.Id === readId);
      if (!record) {
        const answer = notFound();
        return (log(answer.status), send(res, answer.status, answer.body));
      }
      log(200);
      send(res, 200, { [name]: structuredClone(record), time: now() });
      const edit = editsAfterRead.get(`${name}:${readId}`);
      if (edit) {
        editsAfterRead.delete(`${name}:${readId}`);
        changeRecord(name, readId, edit);
      }
      return;
    }
    if (req.method === 'GET' && entity === 'query') {
      const answer = query(url.searchParams.get('query') ?? '');
      log(answer ? 200 : 400);
      return answer
        ? send(res, 200, answer)
        : send(
            res,
            400,
            fault('ValidationFault', [{ Message: 'Error parsing query', Detail: 'QueryParserError', code: '4000' }]),
          );
    }
    if (
      req.method === 'POST' &&
      ['customer', 'invoice', 'account', 'item', 'payment', 'creditmemo', 'vendor', 'bill', 'vendorcredit'].includes(
        entity,
      )
    ) {
      const key = requestId ? `${entity}:${requestId}` : null;
      const earlier = key ? answersByRequestId.get(key) : undefined;
      if (earlier) return (log(earlier.status), send(res, earlier.status, earlier.body));
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await bodyOf(req));
      } catch {
        log(400);
        return send(
          res,
          400,
          fault('ValidationFault', [
            {
              Message: 'Request has invalid or unsupported property',
              Detail: 'Could not parse the JSON body',
              code: '2010',
            },
          ]),
        );
      }
      changedId = body.Id === undefined ? null : String(body.Id);
      const kind = operation === 'void' ? 'void' : operation === 'delete' ? 'delete' : body.Id ? 'update' : null;
      if (kind) changes.push({ entity: entityName(entity), operation: kind, body: structuredClone(body) });
      const answer =
        kind === 'void'
          ? voidRecord(entity, body)
          : kind === 'delete'
            ? deleteRecord(entity, body)
            : kind === 'update'
              ? updateRecord(entity, body)
              : createRecord(entity, body);
      if (key && answer.status === 200) answersByRequestId.set(key, answer);
      if (
        answer.status === 200 &&
        ((!kind && loseCreateAnswer.delete(entity)) || (kind === 'void' && loseVoidAnswer.delete(entity)))
      ) {
        log(500);
        return send(res, 500, systemFault());
      }
      log(answer.status);
      return send(res, answer.status, answer.body);
    }
    log(405);
    return send(
      res,
      405,
      fault('ValidationFault', [{ Message: 'Unsupported operation', Detail: `${req.method} ${entity}`, code: '500' }]),
    );
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const handler = url.pathname.startsWith('/v3/') ? api : oauth;
    handler(req, res, url).catch((error) => send(res, 500, { error: String(error) }));
  });
  // a test's database work (PGlite runs in this very process) can hold the event loop past
  // Node's 5 s keep-alive, and the client then reuses a socket the server is closing: a failed
  // fetch no real QuickBooks answer would cause
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  // the companies not served now, by realmId: their records, next id and requestids' answers
  const otherCompanies = new Map<
    string,
    { records: Record<string, QboRecord[]>; nextId: number; answers: [string, { status: number; body: unknown }][] }
  >();
  function useSalesTax() {
    records.Preferences[0].TaxPrefs = { UsingSalesTax: true };
    records.TaxRate = structuredClone(SALES_TAX_RATES);
    records.TaxCode = structuredClone(SALES_TAX_CODES);
  }
  function useCompany(realm: string) {
    if (realm === realmId) return;
    otherCompanies.set(realmId, { records: { ...records }, nextId, answers: [...answersByRequestId] });
    const next = otherCompanies.get(realm) ?? { records: newCompany(), nextId: 100, answers: [] };
    otherCompanies.delete(realm);
    for (const name of Object.keys(records)) delete records[name];
    Object.assign(records, next.records);
    nextId = next.nextId;
    answersByRequestId.clear();
    for (const [id, answer] of next.answers) answersByRequestId.set(id, answer);
    realmId = realm;
  }
  return {
    url: `http://127.0.0.1:${listening}`,
    clientId,
    clientSecret,
    get realmId() {
      return realmId;
    },
    records,
    requests,
    tokenGrants,
    inject: (...failures) => void injected.push(...failures),
    changeItem,
    changes,
    changeRecord,
    editAfterNextRead: (name, id, fields = {}) => void editsAfterRead.set(`${name}:${id}`, fields),
    loseNextCreateAnswer: (entity) => void loseCreateAnswer.add(entity.toLowerCase()),
    loseNextVoidAnswer: (entity) => void loseVoidAnswer.add(entity.toLowerCase()),
    expireAccessTokens: () => accessTokens.clear(),
    holdSignIn: (on) => {
      holdingSignIn = on;
      if (!on) dropHeld();
    },
    onRequest: (hook) => void (requestHook = hook),
    useCompany,
    useSalesTax,
    close: () => {
      dropHeld();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A stand-alone stand-in for trying the app by hand: `npx tsx tests/standins/quickbooks.ts 4302`. */
if (process.argv[1]?.endsWith('standins/quickbooks.ts')) {
  void startQuickBooksStandIn(Number(process.argv[2] ?? 0)).then((s) => console.log(`QuickBooks stand-in at ${s.url}`));
}
