// The chart of accounts with QuickBooks Online, against its local stand-in: Sync now reads the
// chart into the Account entity (ref = QuickBooks' Id, QuickBooks' spaced AccountType mapped to
// the app's type, sub-accounts keep their parent's ref), a local account made before connecting
// is linked by name or created over there; accountCreate creates in QuickBooks first and answers
// ref, name, type and typeName; validation in the spec's words (spec 5: 'Required', 'Max length
// 100', a type from the list) and QuickBooks' refusals as VALIDATION_ERROR; a repeated create is
// the same QuickBooks account (requestid); the chart read pages through 1000 at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  accountingMember,
  quickBooksCalls,
  quickBooksCompany,
  type Answer,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';
import { appJobs } from '../../src/server/jobs';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';

interface AccountView {
  id: string;
  ref: string | null;
  name: string;
  type: string;
  typeName: string;
  parentRef: string | null;
}

const ACCOUNT = `{ id ref name type typeName parentRef }`;
const CREATE = `mutation($input: AccountInput!) { accountCreate(input: $input) ${ACCOUNT} }`;

describe.each(backends)('QuickBooks Online chart of accounts on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  /** the product the mapping test maps (income: Spirits Sales, ref 7; cogs: Cost of Goods Sold, ref 3) */
  let product = '';

  const { call, ok, connect, push, syncNow, accountIdOf } = quickBooksCalls(() => api);
  const errorOf = (r: Answer<unknown>) =>
    r.body.errors?.[0] as {
      message: string;
      extensions?: { code?: string; info?: { fields?: Record<string, string> } };
    };
  const accounts = async (member: Member) =>
    rowsOf<{ ref: string | null; name: string; type: string; parent_ref: string | null }>(
      await api.database.db.execute(sql`SELECT ref, name, type, parent_ref FROM accounts
        WHERE company_id = ${member.companyId} ORDER BY name`),
    );
  const company = () => accountingMember(api);

  beforeAll(async () => {
    ({ rig, api, qbo, co } = await quickBooksCompany(backend, { connect: false }));
  });
  afterAll(() => rig?.close());

  it('without a connection, accountCreate makes a local account with no ref, in the spec words', async () => {
    const made = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, {
        input: { name: 'Excise Duty Payable', type: 'OtherCurrentLiability' },
      }),
    ).accountCreate;
    expect(made).toMatchObject({
      ref: null,
      name: 'Excise Duty Payable',
      type: 'OtherCurrentLiability',
      typeName: 'Other current liability',
    });
    const blank = errorOf(await call(co, CREATE, { input: { name: '  ', type: 'Bank' } }));
    expect(blank.extensions).toMatchObject({ code: 'VALIDATION_ERROR', info: { fields: { name: 'Required' } } });
    const long = errorOf(await call(co, CREATE, { input: { name: 'x'.repeat(101), type: 'Bank' } }));
    expect(long.extensions).toMatchObject({ code: 'VALIDATION_ERROR', info: { fields: { name: 'Max length 100' } } });
    const badType = errorOf(await call(co, CREATE, { input: { name: 'Till', type: 'Savings' } }));
    expect(badType.extensions?.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(badType.extensions?.info?.fields ?? {})).toEqual(['type']);
    const same = errorOf(await call(co, CREATE, { input: { name: 'excise duty payable', type: 'Expense' } }));
    expect(same.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { name: 'Already used by another record' } },
    });
  });

  it('Sync now reads the chart into Account, linking the local account of the same name', async () => {
    await connect(co);
    await syncNow(co);
    // the stand-in's chart (tests/standins/quickbooks.ts), QuickBooks' types in the app's names
    expect(await accounts(co)).toEqual([
      { ref: '4', name: 'Accounts Receivable (A/R)', type: 'AccountsReceivable', parent_ref: null },
      { ref: '3', name: 'Cost of Goods Sold', type: 'CostOfGoodsSold', parent_ref: null },
      { ref: '6', name: 'Excise Duty Payable', type: 'OtherCurrentLiability', parent_ref: null },
      { ref: '2', name: 'Inventory Asset', type: 'OtherCurrentAsset', parent_ref: null },
      { ref: '1', name: 'Sales of Product Income', type: 'Income', parent_ref: null },
      { ref: '7', name: 'Spirits Sales', type: 'Income', parent_ref: '1' },
      { ref: '5', name: 'Undeposited Funds', type: 'OtherCurrentAsset', parent_ref: null },
    ]);
    // linked, not created a second time over there
    expect(qbo.records.Account.filter((a) => a.Name === 'Excise Duty Payable')).toHaveLength(1);
    const listed = ok(
      await call<{ account: AccountView }>(co, `query($id: ID!) { account(id: $id) ${ACCOUNT} }`, {
        id: rowsOf<{ id: string }>(
          await api.database.db.execute(
            sql`SELECT id::text FROM accounts WHERE company_id = ${co.companyId} AND ref = '2'`,
          ),
        )[0].id,
      }),
    ).account;
    expect(listed).toMatchObject({ name: 'Inventory Asset', type: 'OtherCurrentAsset', typeName: 'Inventory' });

    // renamed over there: the next Sync now renames it here, and adds nothing
    qbo.records.Account.find((a) => a.Id === '5')!.Name = 'Undeposited Funds (CAD)';
    await syncNow(co);
    const after = await accounts(co);
    expect(after).toHaveLength(7);
    expect(after.find((a) => a.ref === '5')?.name).toBe('Undeposited Funds (CAD)');

    // renamed here instead: QuickBooks keeps the chart, so it is refused with where to do it
    const [funds] = rowsOf<{ id: string; type: string }>(
      await api.database.db.execute(
        sql`SELECT id::text, type FROM accounts WHERE company_id = ${co.companyId} AND ref = '5'`,
      ),
    );
    const renamed = errorOf(
      await call(co, `mutation($id: ID!, $input: AccountInput!) { accountUpdate(id: $id, input: $input) { id } }`, {
        id: funds.id,
        input: { name: 'Cash to deposit', type: funds.type },
      }),
    );
    expect(renamed.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: {
        fields: { name: 'This account is kept in QuickBooks Online: change it there, and Sync now brings it here' },
      },
    });
    expect((await accounts(co)).find((a) => a.ref === '5')?.name).toBe('Undeposited Funds (CAD)');
  });

  it('accountCreate while connected creates in QuickBooks first and answers its ref', async () => {
    const made = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, {
        input: { name: 'Bulk Spirits Inventory', type: 'OtherCurrentAsset' },
      }),
    ).accountCreate;
    const over = qbo.records.Account.find((a) => a.Name === 'Bulk Spirits Inventory')!;
    expect(over).toMatchObject({ AccountType: 'Other Current Asset' });
    expect(made).toMatchObject({ ref: over.Id, name: 'Bulk Spirits Inventory', typeName: 'Inventory' });
    const create = qbo.requests.filter((r) => r.entity === 'account' && r.method === 'POST').at(-1)!;
    expect(create.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    // a sub-account under a QuickBooks parent
    const sub = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, {
        input: { name: 'Wine Sales', type: 'Income', parentRef: '1' },
      }),
    ).accountCreate;
    expect(qbo.records.Account.find((a) => a.Id === sub.ref)).toMatchObject({
      SubAccount: true,
      ParentRef: { value: '1' },
      AccountType: 'Income',
    });
  });

  it('answers QuickBooks refusals as VALIDATION_ERROR and keeps nothing locally', async () => {
    // a colon is refused by QuickBooks (it separates parent and sub-account names)
    const before = (await accounts(co)).length;
    qbo.inject({ kind: '400', detail: 'Element contains invalid characters. Gin: aged' });
    const refused = errorOf(await call(co, CREATE, { input: { name: 'Gin aged', type: 'Income' } }));
    expect(refused.extensions?.code).toBe('VALIDATION_ERROR');
    expect(refused.extensions?.info?.fields?.name).toMatch(/^QuickBooks Online refused it: .*invalid characters/);
    expect(await accounts(co)).toHaveLength(before);
    // QuickBooks down: a conflict saying so, not an internal error
    qbo.inject({ kind: '500' });
    const down = errorOf(await call(co, CREATE, { input: { name: 'Gin aged', type: 'Income' } }));
    expect(down.extensions?.code).toBe('CONFLICT');
    expect(down.message).toMatch(/QuickBooks Online could not create the account now/);
    expect(await accounts(co)).toHaveLength(before);
  });

  it('a local account made while paused is created over there by the job, once', async () => {
    ok(await call(co, `mutation { integrationPause(app: quickbooks) { status } }`));
    const made = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, { input: { name: 'Barrel Expense', type: 'Expense' } }),
    ).accountCreate;
    expect(made.ref).toBeNull();
    ok(await call(co, `mutation { integrationResume(app: quickbooks) { status } }`));
    await push(co);
    const over = qbo.records.Account.filter((a) => a.Name === 'Barrel Expense');
    expect(over).toHaveLength(1);
    expect((await accounts(co)).find((a) => a.name === 'Barrel Expense')?.ref).toBe(over[0].Id);
    // the same work again makes no second account
    await syncNow(co);
    expect(qbo.records.Account.filter((a) => a.Name === 'Barrel Expense')).toHaveLength(1);
  });

  it('reads a chart longer than one page (1000 accounts a page)', async () => {
    const other = await company();
    for (let i = 0; i < 1005; i++)
      qbo.records.Account.push({ Id: String(50_000 + i), Name: `Bulk ${i}`, AccountType: 'Expense', Active: true });
    try {
      await connect(other);
      await syncNow(other);
      const rows = await accounts(other);
      expect(rows.filter((a) => a.name.startsWith('Bulk ') && a.type === 'Expense')).toHaveLength(1005);
      // the first company saw none of it in its own Account list
      expect((await accounts(co)).some((a) => a.name === 'Bulk 0')).toBe(false);
    } finally {
      qbo.records.Account.splice(
        qbo.records.Account.findIndex((a) => a.Id === '50000'),
        1005,
      );
    }
  }, 60_000);

  it('maps a product and an item to accounts of fitting types, and lists them', async () => {
    product = ok(
      await call<{ productCreate: { id: string } }>(
        co,
        `mutation { productCreate(input: { name: "Gin 750 mL", sku: "GIN-750" }) { id } }`,
      ),
    ).productCreate.id;
    const item = ok(
      await call<{ itemCreate: { id: string } }>(
        co,
        `mutation { itemCreate(input: { name: "Juniper", type: "Inventory" }) { id } }`,
      ),
    ).itemCreate.id;
    const idOfRef = (ref: string) => accountIdOf(co, ref);
    const [income, asset, cogs, bank] = await Promise.all(['7', '2', '3', '5'].map(idOfRef));
    const SET = `mutation($input: AccountMappingInput!) { accountMappingSet(input: $input) {
      entityType entityId name sku income { ref name typeName } asset { ref name typeName } cogs { ref name } } }`;
    const set = ok(
      await call<{ accountMappingSet: Record<string, unknown> }>(co, SET, {
        input: { entityType: 'product', entityId: product, income, asset, cogs },
      }),
    ).accountMappingSet;
    expect(set).toEqual({
      entityType: 'product',
      entityId: product,
      name: 'Gin 750 mL',
      sku: 'GIN-750',
      income: { ref: '7', name: 'Spirits Sales', typeName: 'Income' },
      asset: { ref: '2', name: 'Inventory Asset', typeName: 'Inventory' },
      cogs: { ref: '3', name: 'Cost of Goods Sold' },
    });
    // a sale never books to a bank account: each role takes its own types only
    const wrong = errorOf(await call(co, SET, { input: { entityType: 'item', entityId: item, income: bank, asset } }));
    expect(wrong.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { income: 'Must be an account of type Income, Other income' } },
    });
    // refused as a whole: the asset given with it was not kept
    const list = async (search?: string) =>
      ok(
        await call<{ accountMappings: { entityId: string; name: string; asset: { ref: string } | null }[] }>(
          co,
          `query($search: String) { accountMappings(entityType: "item", search: $search) { entityId name asset { ref } } }`,
          { search },
        ),
      ).accountMappings;
    expect(await list('junip')).toEqual([{ entityId: item, name: 'Juniper', asset: null }]);
    ok(await call(co, SET, { input: { entityType: 'item', entityId: item, asset } }));
    expect(await list('junip')).toEqual([{ entityId: item, name: 'Juniper', asset: { ref: '2' } }]);
    ok(await call(co, SET, { input: { entityType: 'item', entityId: item, asset: null } }));
    expect((await list('junip'))[0].asset).toBeNull();
    // another company's product is not this company's to map
    const other = await company();
    const foreign = errorOf(await call(other, SET, { input: { entityType: 'product', entityId: product, income } }));
    expect(foreign.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { entityId: 'No such record in this company' } },
    });
    // a mapped account stays while it is in use
    const del = errorOf(await call(co, `mutation($id: ID!) { objectDelete(id: $id) { error } }`, { id: asset }));
    expect(del.extensions?.code).toBe('CONFLICT');
    expect(del.message).toBe("Account 'Inventory Asset' cannot be deleted: it is still used by other records");
  });

  it('pushes a mapped product as a QuickBooks Item once, named by its invoice lines', async () => {
    const customer = ok(
      await call<{ customerCreate: { id: string } }>(
        co,
        `mutation { customerCreate(input: { name: "Dépanneur Nord" }) { id } }`,
      ),
    ).customerCreate.id;
    const issue = async (number: string) =>
      ok(
        await call<{ invoiceCreate: { id: string } }>(
          co,
          `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`,
          {
            input: {
              number,
              customer,
              date: '2026-11-03',
              status: 'Sent',
              lines: [
                { product, description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 },
                { description: 'Delivery', quantity: 1, unitPrice: 15 },
              ],
            },
          },
        ),
      ).invoiceCreate.id;
    await issue('MAP-1');
    await issue('MAP-2');
    await push(co);
    const items = qbo.records.Item.filter((i) => i.Name === 'Gin 750 mL');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      Type: 'NonInventory',
      Sku: 'GIN-750',
      IncomeAccountRef: { value: '7' },
      ExpenseAccountRef: { value: '3' },
    });
    for (const number of ['MAP-1', 'MAP-2']) {
      const [invoice] = qbo.records.Invoice.filter((i) => i.DocNumber === number);
      const [gin, delivery] = invoice.Line as { Amount: number; SalesItemLineDetail: Record<string, unknown> }[];
      // 2 x 34.50 = 69.00, 1 x 15.00 = 15.00
      expect(gin).toMatchObject({ Amount: 69, SalesItemLineDetail: { ItemRef: { value: items[0].Id }, Qty: 2 } });
      expect(delivery.Amount).toBe(15);
      expect(delivery.SalesItemLineDetail.ItemRef).toBeUndefined();
      expect(invoice.TotalAmt).toBe(84);
    }
  });

  it('sends each rise of an invoice amount paid as one QuickBooks Payment, deposited to its account', async () => {
    const chequing = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, { input: { name: 'Chequing', type: 'Bank' } }),
    ).accountCreate;
    const method = ok(
      await call<{ paymentMethodCreate: { id: string } }>(
        co,
        `mutation($input: PaymentMethodInput!) { paymentMethodCreate(input: $input) { id } }`,
        { input: { name: 'Cheque', type: 'Cheque', account: chequing.id } },
      ),
    ).paymentMethodCreate.id;
    const customer = ok(
      await call<{ customerCreate: { id: string } }>(
        co,
        `mutation { customerCreate(input: { name: "Bistro Sud" }) { id } }`,
      ),
    ).customerCreate.id;
    const invoice = ok(
      await call<{ invoiceCreate: { id: string } }>(
        co,
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`,
        {
          input: {
            number: 'PAY-1',
            customer,
            date: '2026-11-04',
            status: 'Sent',
            paymentMethod: method,
            amountPaid: 20,
            lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }],
          },
        },
      ),
    ).invoiceCreate.id;
    const payments = () =>
      qbo.records.Payment.filter(
        (p) => (p.Line as { LinkedTxn: { TxnId: string }[] }[])[0].LinkedTxn[0].TxnId === pushedInvoice().Id,
      );
    const pushedInvoice = () => qbo.records.Invoice.find((i) => i.DocNumber === 'PAY-1')!;
    await push(co);
    expect(payments()).toHaveLength(1);
    expect(payments()[0]).toMatchObject({
      // created already paid: dated the invoice's own day, not the day the job sent it
      TxnDate: '2026-11-04',
      TotalAmt: 20,
      DepositToAccountRef: { value: chequing.ref },
      CustomerRef: pushedInvoice().CustomerRef,
      Line: [{ Amount: 20, LinkedTxn: [{ TxnId: pushedInvoice().Id, TxnType: 'Invoice' }] }],
    });
    const pay = async (amountPaid: number) =>
      ok(
        await call(co, `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id } }`, {
          id: invoice,
          input: { amountPaid },
        }),
      );
    // paid in full: the rest, 69.00 - 20.00 = 49.00, goes as a second Payment
    await pay(69);
    await push(co);
    expect(payments().map((p) => p.TotalAmt)).toEqual([20, 49]);
    // Sync now again sends nothing more
    ok(await call(co, `mutation { integrationSync(app: quickbooks) }`));
    await push(co);
    expect(payments()).toHaveLength(2);
    // lowered after it was sent: refused with the reason, for More info
    await pay(50);
    await push(co);
    expect(payments()).toHaveLength(2);
    const [log] = rowsOf<{ status: string; last_error: string }>(
      await api.database.db.execute(sql`SELECT status, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND entity_type = 'payment' AND entity_id = ${invoice}`),
    );
    expect(log).toEqual({
      status: 'failed',
      last_error: 'The amount paid went down to 50.00 after 69.00 was sent: record the refund in QuickBooks Online',
    });
  });

  it('sends a credited sales return as a QuickBooks credit memo, once', async () => {
    const customer = ok(
      await call<{ customerCreate: { id: string } }>(
        co,
        `mutation { customerCreate(input: { name: "Café Est" }) { id } }`,
      ),
    ).customerCreate.id;
    const RETURN = `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id status } }`;
    const input = {
      customer,
      date: '2026-11-05',
      restock: false,
      lines: [{ product, description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 }],
    };
    // a return only received is not credited yet: nothing is booked
    const received = ok(
      await call<{ salesReturnCreate: { id: string } }>(co, RETURN, {
        input: { ...input, number: 'RET-1', status: 'Received' },
      }),
    ).salesReturnCreate.id;
    const credited = ok(
      await call<{ salesReturnCreate: { id: string } }>(co, RETURN, {
        input: { ...input, number: 'RET-2', status: 'Credited' },
      }),
    ).salesReturnCreate.id;
    await push(co);
    const memos = () => qbo.records.CreditMemo.filter((m) => String(m.DocNumber).startsWith('RET-'));
    expect(memos()).toHaveLength(1);
    const gin = qbo.records.Item.find((i) => i.Name === 'Gin 750 mL')!;
    // 1 x 34.50 = 34.50, booked through the product's Item (its income account)
    expect(memos()[0]).toMatchObject({
      DocNumber: 'RET-2',
      TxnDate: '2026-11-05',
      TotalAmt: 34.5,
      Line: [{ Amount: 34.5, SalesItemLineDetail: { ItemRef: { value: gin.Id }, Qty: 1, UnitPrice: 34.5 } }],
    });
    expect(
      qbo.records.Customer.find((c) => c.Id === (memos()[0].CustomerRef as { value: string }).value)?.DisplayName,
    ).toBe('Café Est');
    // Sync now again (and a second run) makes no second memo; the received one follows once credited
    ok(await call(co, `mutation { integrationSync(app: quickbooks) }`));
    await push(co);
    expect(memos()).toHaveLength(1);
    ok(
      await call(
        co,
        `mutation($id: ID!, $input: SalesReturnInput!) { salesReturnUpdate(id: $id, input: $input) { id } }`,
        {
          id: received,
          input: { status: 'Credited' },
        },
      ),
    );
    await push(co);
    expect(memos().map((m) => m.DocNumber)).toEqual(['RET-2', 'RET-1']);
    expect(credited).toEqual(expect.any(String));
  });

  it('sends a billed inventory receipt as a bill from the supplier, to the mapped accounts', async () => {
    const idOf = async (table: 'items' | 'accounts', column: 'name' | 'ref', value: string) =>
      rowsOf<{ id: string }>(
        await api.database.db.execute(
          sql`SELECT id::text FROM ${sql.raw(table)} WHERE company_id = ${co.companyId} AND ${sql.raw(column)} = ${value}`,
        ),
      )[0].id;
    const juniper = await idOf('items', 'name', 'Juniper');
    ok(
      await call(co, `mutation($input: AccountMappingInput!) { accountMappingSet(input: $input) { entityId } }`, {
        input: { entityType: 'item', entityId: juniper, asset: await idOf('accounts', 'ref', '2') },
      }),
    );
    const supplies = ok(
      await call<{ accountCreate: AccountView }>(co, CREATE, {
        input: { name: 'Distillery Supplies', type: 'Expense' },
      }),
    ).accountCreate;
    const supplier = ok(
      await call<{ supplierCreate: { id: string } }>(
        co,
        `mutation($input: SupplierInput!) { supplierCreate(input: $input) { id } }`,
        { input: { name: 'Botanicals Québec', account: supplies.id } },
      ),
    ).supplierCreate.id;
    const receipt = ok(
      await call<{ inventoryReceiptCreate: { id: string } }>(
        co,
        `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) { id } }`,
        {
          input: {
            number: 'RCV-1',
            supplier,
            date: '2026-11-06',
            status: 'Billed',
            supplierInvoice: 'BQ-778',
            freight: 12.5,
            lines: [
              { item: juniper, description: 'Juniper', quantity: 10, unitPrice: 4.2 },
              { description: 'Labels', quantity: 1, unitPrice: 30 },
            ],
          },
        },
      ),
    ).inventoryReceiptCreate.id;
    await push(co);
    const bills = qbo.records.Bill.filter((b) => b.DocNumber === 'BQ-778');
    expect(bills).toHaveLength(1);
    const vendor = qbo.records.Vendor.find((v) => v.DisplayName === 'Botanicals Québec')!;
    // 10 x 4.20 = 42.00 to Inventory Asset (ref 2); 30.00 and the 12.50 freight to the supplier's
    // account; 42.00 + 30.00 + 12.50 = 84.50
    expect(bills[0]).toMatchObject({
      TxnDate: '2026-11-06',
      VendorRef: { value: vendor.Id },
      TotalAmt: 84.5,
      Line: [
        { Amount: 42, Description: 'Juniper', AccountBasedExpenseLineDetail: { AccountRef: { value: '2' } } },
        { Amount: 30, Description: 'Labels', AccountBasedExpenseLineDetail: { AccountRef: { value: supplies.ref } } },
        {
          Amount: 12.5,
          Description: 'Freight',
          AccountBasedExpenseLineDetail: { AccountRef: { value: supplies.ref } },
        },
      ],
    });
    ok(await call(co, `mutation { integrationSync(app: quickbooks) }`));
    await push(co);
    expect(qbo.records.Bill.filter((b) => b.DocNumber === 'BQ-778')).toHaveLength(1);

    // deleted here (entered twice, say): its Bill is deleted in QuickBooks too, once
    const deleted = ok(
      await call<{ objectDelete: { error: string | null } }>(
        co,
        `mutation($id: ID!) { objectDelete(id: $id) { error } }`,
        { id: receipt },
      ),
    );
    expect(deleted.objectDelete.error).toBeNull();
    await push(co);
    await push(co);
    expect(qbo.records.Bill.filter((b) => b.DocNumber === 'BQ-778')).toEqual([]);
    expect(qbo.changes.filter((c) => c.entity === 'Bill' && c.body.Id === bills[0].Id)).toEqual([
      { entity: 'Bill', operation: 'delete', body: expect.objectContaining({ Id: bills[0].Id }) },
    ]);

    // Billed again as another receipt whose Bill's create reached QuickBooks but its answer was
    // lost, then deleted here: there is no id to delete it by, so More info says what to do
    const lost = ok(
      await call<{ inventoryReceiptCreate: { id: string } }>(
        co,
        `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) { id } }`,
        {
          input: {
            number: 'RCV-2',
            supplier,
            date: '2026-11-07',
            status: 'Billed',
            supplierInvoice: 'BQ-779',
            lines: [{ description: 'Labels', quantity: 1, unitPrice: 30 }],
          },
        },
      ),
    ).inventoryReceiptCreate.id;
    qbo.loseNextCreateAnswer('bill');
    await expect(pushAllQueued(api.database.db, { companyId: co.companyId })).rejects.toThrow(
      /QuickBooks Online failed \(500\)/,
    );
    expect(
      ok(
        await call<{ objectDelete: { error: string | null } }>(
          co,
          `mutation($id: ID!) { objectDelete(id: $id) { error } }`,
          { id: lost },
        ),
      ).objectDelete.error,
    ).toBeNull();
    await push(co);
    const [log] = rowsOf<{ status: string; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT status, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND entity_type = 'bill' AND entity_id = ${lost}`),
    );
    expect(log).toEqual({
      status: 'failed',
      last_error:
        "This receipt was deleted here while its Bill's send to QuickBooks Online had not finished: if QuickBooks Online has the Bill, delete it there",
    });
    expect(qbo.records.Bill.filter((b) => b.DocNumber === 'BQ-779')).toHaveLength(1);
  });

  it('puts the push job on a 15-minute schedule, so nothing queued waits for a restart', () => {
    const push = appJobs(api.database).find((j) => j.name === 'integrations-push');
    expect(push?.cron).toBe('*/15 * * * *');
  });

  it('refuses accountCreate without config.write or inventory.write', async () => {
    const reader = await makeMember(api, ['config.read', 'selling.read']);
    const refused = errorOf(await call(reader, CREATE, { input: { name: 'Petty cash', type: 'Bank' } }));
    expect(refused.extensions?.code).toBe('FORBIDDEN');
  });
});
