// QuickBooks Online: documents already sent that change afterwards are sent again (issue 18).
// Against the local stand-in (tests/standins/quickbooks.ts), which keeps Intuit's update rules:
// a POST with Id, the current SyncToken and sparse: true changes only the fields sent (the Line
// array sent replaces the lines), an old
// SyncToken answers "Stale Object Error" (5010), ?operation=void zeroes the Invoice and puts
// "Voided" before its PrivateNote. Expected values worked by hand: 2 x 34.50 = 69.00,
// 3 x 12.25 = 36.75 (105.75); after the edit 3 x 34.50 = 103.50 and 1 x 12.25 = 12.25 (115.75).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QboRecord, type QuickBooksStandIn } from '../standins/quickbooks';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const UPDATE = `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id status } }`;

describe.each(backends)('QuickBooks Online: documents changed after they were sent, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';
  let invoiceSeq = 0;

  const qb = quickBooksCalls(() => api);
  const { ok } = qb;
  const call = <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) =>
    qb.call<T>(co, query, variables);
  const issue = async (input: Record<string, unknown> = {}) => {
    invoiceSeq += 1;
    return ok(
      await call<{ invoiceCreate: { id: string; number: string } }>(
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number } }`,
        {
          input: {
            number: `UP-${invoiceSeq}`,
            customer,
            date: '2026-11-02',
            status: 'Sent',
            lines: [
              { description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 },
              { description: 'Vodka 375 mL', quantity: 3, unitPrice: 12.25 },
            ],
            ...input,
          },
        },
      ),
    ).invoiceCreate;
  };
  const update = async (id: string, input: Record<string, unknown>) => ok(await call(UPDATE, { id, input }));
  const logOf = async (entityType: string, id: string) =>
    rowsOf<{ status: string; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT status, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND entity_type = ${entityType} AND entity_id = ${id}`),
    )[0];
  const linkOf = async (entityType: string, id: string) =>
    rowsOf<{ external_id: string; external_version: string | null }>(
      await api.database.db.execute(sql`SELECT external_id, external_version FROM integration_links
        WHERE company_id = ${co.companyId} AND entity_type = ${entityType} AND entity_id = ${id}`),
    )[0];
  const numbered = (number: string) => qbo.records.Invoice.filter((i) => i.DocNumber === number);
  const changesOf = (id: string) => qbo.changes.filter((c) => String(c.body.Id) === id);
  /** sent and linked: the QuickBooks Invoice it made */
  const sent = async (input: Record<string, unknown> = {}) => {
    const invoice = await issue(input);
    await pushAllQueued(api.database.db);
    const [record] = numbered(invoice.number);
    expect(record).toBeDefined();
    return { ...invoice, qboId: record.Id, record };
  };
  /** a supplier whose expense account is the chart's Cost of Goods Sold (ref 3) */
  const supplierOnCogs = async (name: string) => {
    const cogs = await qb.accountIdOf(co, '3');
    return ok(
      await call<{ supplierCreate: { id: string } }>(
        `mutation($input: SupplierInput!) { supplierCreate(input: $input) { id } }`,
        { input: { name, account: cogs } },
      ),
    ).supplierCreate.id;
  };
  /** a receipt made here: answers its id */
  const receiptCreate = async (input: Record<string, unknown>) =>
    ok(
      await call<{ inventoryReceiptCreate: { id: string } }>(
        `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) { id } }`,
        { input },
      ),
    ).inventoryReceiptCreate.id;
  const receiptUpdate = async (id: string, input: Record<string, unknown>) =>
    ok(
      await call(
        `mutation($id: ID!, $input: InventoryReceiptInput!) { inventoryReceiptUpdate(id: $id, input: $input) { id } }`,
        { id, input },
      ),
    );
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      customer: { name: "Bar l'Alambic", email: 'bar@alambic.example' },
    }));
  });
  afterAll(() => rig?.close());

  it('an invoice edited after it was sent updates the same QuickBooks Invoice, with its SyncToken read first', async () => {
    const invoice = await sent();
    expect(invoice.record).toMatchObject({ TotalAmt: 105.75, SyncToken: '0' });
    await update(invoice.id, {
      date: '2026-11-05',
      shippingCharge: 10,
      lines: [
        { description: 'Gin 750 mL', quantity: 3, unitPrice: 34.5 },
        { description: 'Vodka 375 mL', quantity: 1, unitPrice: 12.25 },
      ],
    });
    // the save queued it again, inside its own transaction
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'queued', last_error: null });
    const requestsBefore = qbo.requests.length;
    await pushAllQueued(api.database.db);

    // one Invoice still, the same Id, its lines and date as they are now:
    // 3 x 34.50 = 103.50, 1 x 12.25 = 12.25, shipping 10.00: 125.75
    expect(numbered(invoice.number)).toHaveLength(1);
    const [record] = numbered(invoice.number);
    expect(record.Id).toBe(invoice.qboId);
    expect(record).toMatchObject({
      TxnDate: '2026-11-05',
      TotalAmt: 125.75,
      Balance: 125.75,
      SyncToken: '1',
      Line: [
        { Amount: 103.5, Description: 'Gin 750 mL', SalesItemLineDetail: { Qty: 3, UnitPrice: 34.5 } },
        { Amount: 12.25, Description: 'Vodka 375 mL', SalesItemLineDetail: { Qty: 1, UnitPrice: 12.25 } },
        { Amount: 10, Description: 'Shipping', SalesItemLineDetail: { ItemRef: { value: 'SHIPPING_ITEM_ID' } } },
      ],
    });
    // a read of the Invoice, then one sparse update made against SyncToken 0
    expect(
      qbo.requests.slice(requestsBefore).map((r) => [r.method, r.entity, r.id ?? null, r.operation ?? null, r.status]),
    ).toEqual([
      ['GET', 'invoice', invoice.qboId, null, 200],
      ['POST', 'invoice', invoice.qboId, null, 200],
    ]);
    const [change] = changesOf(invoice.qboId);
    expect(change.operation).toBe('update');
    expect(change.body).toMatchObject({ Id: invoice.qboId, SyncToken: '0', DocNumber: invoice.number });
    expect(change.body.sparse).toBe(true);
    expect(await linkOf('invoice', invoice.id)).toEqual({ external_id: invoice.qboId, external_version: '1' });
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', last_error: null });

    // a save that changes nothing QuickBooks sees (a note) costs no call
    await update(invoice.id, { notes: 'Delivered to the back door' });
    const calls = qbo.requests.length;
    await pushAllQueued(api.database.db);
    expect(qbo.requests.length).toBe(calls);
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('an edit made in QuickBooks first is read, and a stale SyncToken (5010) is read again and sent once more', async () => {
    const invoice = await sent();
    // someone edits the Invoice in QuickBooks' own screens: SyncToken 0 -> 1
    qbo.changeRecord('Invoice', invoice.qboId, { PrivateNote: 'Called the customer', SalesTermRef: { value: '3' } });
    await update(invoice.id, { lines: [{ description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 }] });
    // and again between our read (SyncToken 1) and our update: 1 -> 2, so the update is stale
    qbo.editAfterNextRead('Invoice', invoice.qboId, { PrivateNote: 'Called twice' });
    const requestsBefore = qbo.requests.length;
    await pushAllQueued(api.database.db);

    expect(qbo.requests.slice(requestsBefore).map((r) => [r.method, r.entity, r.status])).toEqual([
      ['GET', 'invoice', 200],
      ['POST', 'invoice', 400],
      ['GET', 'invoice', 200],
      ['POST', 'invoice', 200],
    ]);
    expect(changesOf(invoice.qboId).map((c) => c.body.SyncToken)).toEqual(['1', '2']);
    // the two sends are two requestids: the retry is a new request, not the stale one answered again
    const posts = qbo.requests.slice(requestsBefore).filter((r) => r.method === 'POST');
    expect(posts[0].requestId).not.toBe(posts[1].requestId);
    const [record] = numbered(invoice.number);
    // 1 x 34.50 = 34.50; the sparse update keeps what QuickBooks' screen set (PrivateNote, terms)
    expect(record).toMatchObject({
      TotalAmt: 34.5,
      SyncToken: '3',
      PrivateNote: 'Called twice',
      SalesTermRef: { value: '3' },
    });
    expect(await linkOf('invoice', invoice.id)).toEqual({ external_id: invoice.qboId, external_version: '3' });
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('a retried job never creates a second Invoice: a lost update is sent again to the same one', async () => {
    const invoice = await sent();
    await update(invoice.id, { lines: [{ description: 'Gin 750 mL', quantity: 4, unitPrice: 34.5 }] });
    await pushAllQueued(api.database.db);
    // as if the job died after QuickBooks' answer but before the link kept what was sent
    await api.database.db.execute(sql`UPDATE integration_links SET sent_hash = NULL
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    await pushAllQueued(api.database.db);
    expect(numbered(invoice.number)).toHaveLength(1);
    // 4 x 34.50 = 138.00, sent to the same Invoice twice (SyncToken 0, then 1)
    expect(changesOf(invoice.qboId).map((c) => [c.operation, c.body.SyncToken])).toEqual([
      ['update', '0'],
      ['update', '1'],
    ]);
    expect(numbered(invoice.number)[0]).toMatchObject({ Id: invoice.qboId, TotalAmt: 138, SyncToken: '2' });
    // and queued once more with nothing new, nothing is sent
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    const calls = qbo.requests.length;
    await pushAllQueued(api.database.db);
    expect(qbo.requests.length).toBe(calls);
  });

  it('an invoice voided here is voided in QuickBooks once; one voided before it was sent is never sent', async () => {
    const invoice = await sent();
    const done = await update(invoice.id, { status: 'Void' });
    expect(done).toEqual({ invoiceUpdate: { id: invoice.id, status: 'Void' } });
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'queued', last_error: null });
    await pushAllQueued(api.database.db);
    // Intuit's void: Id and the current SyncToken only, ?operation=void
    expect(changesOf(invoice.qboId)).toEqual([
      { entity: 'Invoice', operation: 'void', body: { Id: invoice.qboId, SyncToken: '0' } },
    ]);
    expect(numbered(invoice.number)).toHaveLength(1);
    expect(numbered(invoice.number)[0]).toMatchObject({
      Id: invoice.qboId,
      TotalAmt: 0,
      Balance: 0,
      PrivateNote: 'Voided',
      SyncToken: '1',
    });
    expect(await linkOf('invoice', invoice.id)).toEqual({ external_id: invoice.qboId, external_version: '1' });
    // queued again (a Sync, a save), it is not voided twice
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    const calls = qbo.requests.length;
    await pushAllQueued(api.database.db);
    expect(qbo.requests.length).toBe(calls);

    // issued, then voided before the job ran: nothing goes to QuickBooks
    const early = await issue();
    await update(early.id, { status: 'Void' });
    await pushAllQueued(api.database.db);
    expect(numbered(early.number)).toHaveLength(0);
    expect(await logOf('invoice', early.id)).toBeUndefined();
    expect(await linkOf('invoice', early.id)).toBeUndefined();
  });

  it('a customer renamed after it was sent is updated in QuickBooks by a sparse update, once', async () => {
    const invoice = await sent();
    const [qboCustomer] = qbo.records.Customer.filter((c) => c.DisplayName === "Bar l'Alambic");
    expect(qboCustomer).toBeDefined();
    ok(
      await call(
        `mutation($id: ID!) { customerUpdate(id: $id, input: { name: "Bar L'Alambic Inc.", phone: "514-555-0199" }) { id } }`,
        {
          id: customer,
        },
      ),
    );
    // its save queued it: the job sends it without waiting for a document
    expect(await logOf('customer', customer)).toEqual({ status: 'queued', last_error: null });
    await pushAllQueued(api.database.db);
    // the next invoice's push finds it sent as it is: no second update
    await update(invoice.id, { lines: [{ description: 'Gin 750 mL', quantity: 5, unitPrice: 34.5 }] });
    await pushAllQueued(api.database.db);
    const customerChanges = changesOf(qboCustomer.Id).filter((c) => c.entity === 'Customer');
    expect(customerChanges).toEqual([
      {
        entity: 'Customer',
        operation: 'update',
        body: {
          Id: qboCustomer.Id,
          SyncToken: '0',
          sparse: true,
          DisplayName: "Bar L'Alambic Inc.",
          PrimaryEmailAddr: { Address: 'bar@alambic.example' },
          PrimaryPhone: { FreeFormNumber: '514-555-0199' },
        },
      },
    ]);
    expect(qbo.records.Customer).toHaveLength(1);
    expect(qbo.records.Customer[0]).toMatchObject({ DisplayName: "Bar L'Alambic Inc.", SyncToken: '1' });
    // 5 x 34.50 = 172.50, still to the same customer
    expect(numbered(invoice.number)[0]).toMatchObject({ TotalAmt: 172.5, CustomerRef: { value: qboCustomer.Id } });
  });

  it('a customer rename QuickBooks refuses (a name in use there) is logged on the customer, and its invoice still goes', async () => {
    const cave = ok(
      await call<{ customerCreate: { id: string } }>(
        `mutation { customerCreate(input: { name: "Cave Saint-Roch" }) { id } }`,
      ),
    ).customerCreate.id;
    const invoice = await sent({ customer: cave });
    const qboCave = invoice.record.CustomerRef as { value: string };
    // a customer made in QuickBooks' own screens already has the new name
    qbo.records.Customer.push({ Id: '9001', SyncToken: '0', DisplayName: 'Taverne du Port' });
    ok(
      await call(`mutation($id: ID!) { customerUpdate(id: $id, input: { name: "Taverne du Port" }) { id } }`, {
        id: cave,
      }),
    );
    // only the invoice's push sends the customer's change here (its own queued row left out)
    await api.database.db.execute(sql`DELETE FROM integration_sync_log
      WHERE company_id = ${co.companyId} AND entity_type = 'customer' AND entity_id = ${cave}`);
    await update(invoice.id, { lines: [{ description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 }] });
    await pushAllQueued(api.database.db);

    // the sparse update sent no empty email or phone (the customer has none here)
    expect(changesOf(qboCave.value).filter((c) => c.entity === 'Customer')).toEqual([
      {
        entity: 'Customer',
        operation: 'update',
        body: { Id: qboCave.value, SyncToken: '0', sparse: true, DisplayName: 'Taverne du Port' },
      },
    ]);
    // 1 x 34.50 = 34.50, to the customer as QuickBooks has it
    expect(numbered(invoice.number)[0]).toMatchObject({ TotalAmt: 34.5, CustomerRef: { value: qboCave.value } });
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    expect(await logOf('customer', cave)).toEqual({
      status: 'failed',
      last_error:
        "The customer's name, email or phone was not changed in QuickBooks Online (its documents still go to the customer as it is there). " +
        'QuickBooks Online refused it: Duplicate Name Exists Error: The name supplied already exists. : Another customer is already using this name.',
    });
    expect(qbo.records.Customer.find((c) => c.Id === qboCave.value)).toMatchObject({ DisplayName: 'Cave Saint-Roch' });
  });

  it('a payment on an invoice dated in the future is dated today, not the invoice’s day', async () => {
    const invoice = await issue({
      date: '2031-03-14',
      lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }],
      amountPaid: 69,
    });
    await pushAllQueued(api.database.db);
    const [record] = numbered(invoice.number);
    const payments = qbo.records.Payment.filter(
      (p: QboRecord) => (p.Line as { LinkedTxn: { TxnId: string }[] }[])[0].LinkedTxn[0].TxnId === record.Id,
    );
    expect(payments.map((p) => [p.TxnDate, p.TotalAmt])).toEqual([[today(), 69]]);
  });

  it('a credit memo follows its return: updated when edited, deleted when no longer credited', async () => {
    const RETURN = `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id } }`;
    const returnId = ok(
      await call<{ salesReturnCreate: { id: string } }>(RETURN, {
        input: {
          number: 'RUP-1',
          customer,
          date: '2026-11-05',
          status: 'Credited',
          restock: false,
          lines: [{ description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 }],
        },
      }),
    ).salesReturnCreate.id;
    await pushAllQueued(api.database.db);
    const memos = () => qbo.records.CreditMemo.filter((m) => m.DocNumber === 'RUP-1');
    expect(memos()).toHaveLength(1);
    const memoId = memos()[0].Id;
    expect(memos()[0]).toMatchObject({ TotalAmt: 34.5, SyncToken: '0' });

    const RETURN_UPDATE = `mutation($id: ID!, $input: SalesReturnInput!) { salesReturnUpdate(id: $id, input: $input) { id status } }`;
    ok(
      await call(RETURN_UPDATE, {
        id: returnId,
        input: { lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }] },
      }),
    );
    expect(await logOf('creditNote', returnId)).toEqual({ status: 'queued', last_error: null });
    await pushAllQueued(api.database.db);
    // 2 x 34.50 = 69.00, the same CreditMemo, updated against SyncToken 0
    expect(memos()).toHaveLength(1);
    expect(memos()[0]).toMatchObject({
      Id: memoId,
      TotalAmt: 69,
      SyncToken: '1',
      Line: [{ Amount: 69, Description: 'Gin 750 mL', SalesItemLineDetail: { Qty: 2, UnitPrice: 34.5 } }],
    });
    expect(changesOf(memoId).map((c) => [c.entity, c.operation, c.body.SyncToken])).toEqual([
      ['CreditMemo', 'update', '0'],
    ]);

    // no longer credited: Intuit's delete, Id and the current SyncToken
    ok(await call(RETURN_UPDATE, { id: returnId, input: { status: 'Received' } }));
    await pushAllQueued(api.database.db);
    expect(memos()).toHaveLength(0);
    expect(changesOf(memoId).at(-1)).toEqual({
      entity: 'CreditMemo',
      operation: 'delete',
      body: { Id: memoId, SyncToken: '1' },
    });
    // queued again, nothing more is sent
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'creditNote' AND entity_id = ${returnId}`);
    const calls = qbo.requests.length;
    await pushAllQueued(api.database.db);
    expect(qbo.requests.length).toBe(calls);
  });

  it('a bill edited after it was sent updates the same QuickBooks Bill', async () => {
    const supplier = await supplierOnCogs('Étiquettes Laval');
    const receipt = await receiptCreate({
      number: 'RUP-R1',
      supplier,
      date: '2026-11-06',
      status: 'Billed',
      supplierInvoice: 'EL-501',
      lines: [{ description: 'Labels', quantity: 2, unitPrice: 15 }],
    });
    await pushAllQueued(api.database.db);
    const bills = () => qbo.records.Bill.filter((b) => b.DocNumber === 'EL-501');
    expect(bills()).toHaveLength(1);
    const billId = bills()[0].Id;
    // 2 x 15.00 = 30.00
    expect(bills()[0]).toMatchObject({ TotalAmt: 30, SyncToken: '0' });
    await receiptUpdate(receipt, { lines: [{ description: 'Labels', quantity: 3, unitPrice: 15 }] });
    await pushAllQueued(api.database.db);
    // 3 x 15.00 = 45.00, the same Bill, to the supplier's account (ref 3)
    expect(bills()).toHaveLength(1);
    expect(bills()[0]).toMatchObject({
      Id: billId,
      TotalAmt: 45,
      SyncToken: '1',
      Line: [{ Amount: 45, Description: 'Labels', AccountBasedExpenseLineDetail: { AccountRef: { value: '3' } } }],
    });
    expect(changesOf(billId).map((c) => [c.entity, c.operation, c.body.SyncToken])).toEqual([['Bill', 'update', '0']]);
  });

  it('an edit made while a create’s answer was lost is sent: the retried create is followed by an update', async () => {
    // issued as 2 x 34.50 = 69.00 + 3 x 12.25 = 36.75 = 105.75; QuickBooks makes the Invoice but
    // its answer is lost (a 500 after the commit), so the job retries later
    const invoice = await issue();
    qbo.loseNextCreateAnswer('invoice');
    await expect(pushAllQueued(api.database.db)).rejects.toThrow(/QuickBooks Online failed \(500\)/);
    expect(numbered(invoice.number)).toHaveLength(1);
    const [made] = numbered(invoice.number);
    expect(made).toMatchObject({ TotalAmt: 105.75, SyncToken: '0' });
    expect(await logOf('invoice', invoice.id)).toMatchObject({ status: 'queued' });
    // edited before the retry: 3 x 34.50 = 103.50 + 1 x 12.25 = 12.25 = 115.75
    await update(invoice.id, {
      lines: [
        { description: 'Gin 750 mL', quantity: 3, unitPrice: 34.5 },
        { description: 'Vodka 375 mL', quantity: 1, unitPrice: 12.25 },
      ],
    });
    const requestsBefore = qbo.requests.length;
    await pushAllQueued(api.database.db);
    // the create's requestid answers the Invoice made with the old lines; it is then updated
    const calls = qbo.requests.slice(requestsBefore);
    expect(calls.map((r) => [r.method, r.entity, r.id ?? null, r.status])).toEqual([
      ['POST', 'invoice', null, 200],
      ['GET', 'invoice', made.Id, 200],
      ['POST', 'invoice', made.Id, 200],
    ]);
    expect(calls[0].requestId).toBe(qbo.requests[requestsBefore - 1].requestId);
    expect(numbered(invoice.number)).toHaveLength(1);
    expect(numbered(invoice.number)[0]).toMatchObject({
      Id: made.Id,
      TotalAmt: 115.75,
      SyncToken: '1',
      Line: [
        { Amount: 103.5, Description: 'Gin 750 mL', SalesItemLineDetail: { Qty: 3, UnitPrice: 34.5 } },
        { Amount: 12.25, Description: 'Vodka 375 mL', SalesItemLineDetail: { Qty: 1, UnitPrice: 12.25 } },
      ],
    });
    expect(await linkOf('invoice', invoice.id)).toEqual({ external_id: made.Id, external_version: '1' });
    expect(await logOf('invoice', invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    // queued again with nothing new: nothing is sent
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    const after = qbo.requests.length;
    await pushAllQueued(api.database.db);
    expect(qbo.requests.length).toBe(after);
  });

  // A bill and a credit memo made in QuickBooks while the answer to their create was lost (a 500
  // after the commit), then edited before the retry: the retried create finds the one made, and
  // it is updated to the edit.
  const lostAnswers: {
    name: string;
    /** the QuickBooks entity whose create answer is lost */
    entity: string;
    /** the sync log's entity type */
    logType: string;
    /** made here (and queued): answers its id */
    make: () => Promise<string>;
    /** the QuickBooks records it may have made */
    made: () => QboRecord[];
    /** as first made in QuickBooks */
    first: Record<string, unknown>;
    /** the edit made before the retry */
    edit: (id: string) => Promise<unknown>;
    /** the QuickBooks record after the retry */
    edited: Record<string, unknown>;
  }[] = [
    {
      name: 'a bill edited while its create’s answer was lost is updated after the retried create',
      entity: 'bill',
      logType: 'bill',
      // 4 x 2.50 = 10.00 made in QuickBooks, its answer lost
      make: async () =>
        receiptCreate({
          number: 'RUP-R2',
          supplier: await supplierOnCogs('Bouchons Sorel'),
          date: '2026-11-07',
          status: 'Billed',
          supplierInvoice: 'BS-77',
          lines: [{ description: 'Corks', quantity: 4, unitPrice: 2.5 }],
        }),
      made: () => qbo.records.Bill.filter((b) => b.DocNumber === 'BS-77'),
      first: { TotalAmt: 10, SyncToken: '0' },
      // edited before the retry: 6 x 2.50 = 15.00
      edit: (id) => receiptUpdate(id, { lines: [{ description: 'Corks', quantity: 6, unitPrice: 2.5 }] }),
      edited: { TotalAmt: 15, SyncToken: '1', Line: [{ Amount: 15, Description: 'Corks' }] },
    },
    {
      name: 'a credit memo edited while its create’s answer was lost is updated after the retried create',
      entity: 'creditmemo',
      logType: 'creditNote',
      // 1 x 34.50 = 34.50 made in QuickBooks, its answer lost
      make: async () =>
        ok(
          await call<{ salesReturnCreate: { id: string } }>(
            `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id } }`,
            {
              input: {
                number: 'RUP-LOST',
                customer,
                date: '2026-11-08',
                status: 'Credited',
                restock: false,
                lines: [{ description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 }],
              },
            },
          ),
        ).salesReturnCreate.id,
      made: () => qbo.records.CreditMemo.filter((m) => m.DocNumber === 'RUP-LOST'),
      first: { TotalAmt: 34.5, SyncToken: '0' },
      // edited before the retry: 3 x 34.50 = 103.50
      edit: async (id) =>
        ok(
          await call(
            `mutation($id: ID!, $input: SalesReturnInput!) { salesReturnUpdate(id: $id, input: $input) { id } }`,
            { id, input: { lines: [{ description: 'Gin 750 mL', quantity: 3, unitPrice: 34.5 }] } },
          ),
        ),
      edited: {
        TotalAmt: 103.5,
        SyncToken: '1',
        Line: [{ Amount: 103.5, Description: 'Gin 750 mL', SalesItemLineDetail: { Qty: 3, UnitPrice: 34.5 } }],
      },
    },
  ];
  for (const c of lostAnswers) {
    it(c.name, async () => {
      qbo.loseNextCreateAnswer(c.entity);
      const id = await c.make();
      await expect(pushAllQueued(api.database.db)).rejects.toThrow(/QuickBooks Online failed \(500\)/);
      expect(c.made()).toHaveLength(1);
      expect(c.made()[0]).toMatchObject(c.first);
      await c.edit(id);
      await pushAllQueued(api.database.db);
      expect(c.made()).toHaveLength(1);
      expect(c.made()[0]).toMatchObject(c.edited);
      expect(await logOf(c.logType, id)).toEqual({ status: 'succeeded', last_error: null });
    });
  }
});
