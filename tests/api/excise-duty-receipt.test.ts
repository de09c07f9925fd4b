// The excise receipt (Settings: Create excise receipt): filing a return with duty makes an
// inventory receipt from the supplier duty is paid to, for the duty, in the filing's own
// transaction; it brings nothing into stock; it reaches QuickBooks Online (its local stand-in) as
// a Bill through the receipts' own path, and the excise payable push sends no Bill of its own for
// it. An amended re-filing with more duty makes a receipt of the rise only; one with less makes
// none and the payable push credits the fall (a VendorCredit) to the vendor the receipt's Bill
// went to. Missing settings refuse the filing, naming the Settings field, with nothing written.
// Figures by hand: 30 bottles of 750 mL at 40 % removed to the duty-paid market are
// 30 x 0.75 x 0.40 = 9 LAA, x 13.840 $/LAA (spirits over 7 % ABV from 1 April 2025,
// /work/shared/reference/canada-excise.md) = 124.56; 30 more bottles make 249.12 (124.56 more); a
// B256 refund of 24.56 then makes 224.56 (24.56 less). Due the last day of the month after the
// period (2025-07-31).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { stagedKit } from './stagedKit';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  EXCISE_ACCOUNT,
  MEMO,
  exciseJune,
  okBody as ok,
  quickBooksCalls,
  startQuickBooksApi,
  type QuickBooksRig,
} from './support/quickbooks';

describe.each(backends)('excise receipt on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let receiverGeneral = '';
  let dutyItem = '';
  let bottlesItem = '';
  let noAccountSupplier = '';

  const qb = quickBooksCalls(() => api);
  const june = exciseJune(() => api);
  const { settings, fileCall, file, reopen, b262Duty, removeToDutyPaid } = june;
  const push = () => qb.push(k.co);
  const receipts = async () =>
    rowsOf<{
      id: string;
      number: string;
      supplier: string;
      date: string;
      status: string;
      supplier_invoice: string;
      notes: string;
      site: string;
      total: string;
    }>(
      await api.database.db.execute(sql`SELECT id::text, number, supplier_id::text AS supplier, date::text, status,
          supplier_invoice, notes, site_id::text AS site, total::text
        FROM inventory_receipts WHERE company_id = ${k.co.companyId} ORDER BY inventory_receipts.id`),
    );
  const linesOf = async (receiptId: string) =>
    rowsOf<{ item: string; description: string; quantity: string; unit_price: string; amount: string }>(
      await api.database.db.execute(sql`SELECT item_id::text AS item, description, quantity::text,
          unit_price::text, amount::text
        FROM inventory_receipts_lines WHERE company_id = ${k.co.companyId} AND parent_id = ${receiptId}`),
    );
  const filedCount = async () =>
    rowsOf<{ n: number; lock: string | null }>(
      await api.database.db.execute(sql`SELECT
          (SELECT count(*)::int FROM excise_returns WHERE company_id = ${k.co.companyId} AND status = 'Filed') AS n,
          (SELECT excise_period_end::text FROM companies WHERE id = ${k.co.companyId}) AS lock`),
    )[0];
  const payableLog = async () =>
    rowsOf<{ status: string }>(
      await api.database.db.execute(sql`SELECT status FROM integration_sync_log
        WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`),
    )[0]?.status;
  const billLog = async (receiptId: string) =>
    rowsOf<{ status: string; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT status, last_error FROM integration_sync_log
        WHERE company_id = ${k.co.companyId} AND entity_type = 'bill' AND entity_id = ${receiptId}`),
    )[0];
  const setStatus = (id: string, status: string) =>
    k.co.call(
      `mutation($id: ID!, $input: InventoryReceiptInput!) { inventoryReceiptUpdate(id: $id, input: $input) { id status } }`,
      { id, input: { status } },
    );
  const setRefund = async (amount: number) =>
    ok(
      await k.co.call(
        `mutation($site: ID!, $amount: Float!) { exciseReturnSetRefund(form: B262, siteId: $site, periodStart: "2025-06-01", periodEnd: "2025-06-30", amount: $amount) { totalDuty } }`,
        { site: k.co.site, amount },
      ),
    );
  const payableSent = async () =>
    rowsOf<{ version: number; amount_cents: string; external_type: string }>(
      await api.database.db.execute(sql`SELECT version, amount_cents::text, external_type
        FROM accounting_excise_payables_sent WHERE company_id = ${k.co.companyId} ORDER BY version`),
    ).map((r) => [r.version, Number(r.amount_cents), r.external_type]);

  beforeAll(async () => {
    rig = await startQuickBooksApi(backend);
    ({ api, qbo } = rig);
    k = await june.arrange();
    const { co } = k;
    dutyItem = await co.create('item', { name: 'Excise duty', type: 'Service', trackUnits: 'each' });
    bottlesItem = await co.create('item', { name: 'Empty bottles', type: 'Inventory', trackUnits: 'each' });

    // connected as a person connects, and the chart read (its accounts with their refs)
    await qb.connect(co);
    await qb.syncNow(co);
    const [account] = rowsOf<{ id: string }>(
      await api.database.db.execute(sql`SELECT id::text FROM accounts
        WHERE company_id = ${co.companyId} AND ref = ${EXCISE_ACCOUNT}`),
    );
    // the receipt's Bill books its line to the supplier's default expense account
    receiverGeneral = await co.create('supplier', { name: 'Receiver General for Canada', account: account.id });
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('refuses to file without who duty is paid to, or with a stocked item, writing nothing', async () => {
    expect(await b262Duty()).toBe(124.56);
    await settings({ exciseCreateReceipt: true, excisePaymentItemId: dutyItem });
    const noSupplier = await fileCall();
    expect(noSupplier.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/set who excise duty is paid to in Settings \(Excise paid to/),
    });
    await settings({ exciseCreateReceipt: true, excisePaymentToId: receiverGeneral, excisePaymentItemId: null });
    const noItem = await fileCall();
    expect(noItem.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/choose the Excise payment item in Settings/),
    });
    await settings({ exciseCreateReceipt: true, excisePaymentToId: receiverGeneral, excisePaymentItemId: bottlesItem });
    const stocked = await fileCall();
    expect(stocked.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^The Excise payment item \(Empty bottles\) is a stocked item/),
    });
    // nothing half-written: no return filed, the period still open, no receipt, nothing queued
    expect(await filedCount()).toEqual({ n: 0, lock: null });
    expect(await receipts()).toEqual([]);
    const queued = rowsOf(
      await api.database.db.execute(sql`SELECT 1 FROM integration_sync_log
        WHERE company_id = ${k.co.companyId} AND entity_type IN ('excisePayable', 'bill')`),
    );
    expect(queued).toEqual([]);
  });

  it('filing makes a Billed receipt of the duty from the supplier, bringing nothing into stock', async () => {
    await settings({ exciseCreateReceipt: true, excisePaymentToId: receiverGeneral, excisePaymentItemId: dutyItem });
    await file();
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      number: 'B262-2025-06-30',
      supplier: receiverGeneral,
      date: '2025-06-30',
      status: 'Billed',
      supplier_invoice: 'B262 2025-06-30',
      notes: `Excise duty of ${MEMO}, due 2025-07-31`,
      site: k.co.site,
    });
    expect(Number(receipt.total)).toBe(124.56);
    const lines = await linesOf(receipt.id);
    expect(
      lines.map((l) => [l.item, l.description, Number(l.quantity), Number(l.unit_price), Number(l.amount)]),
    ).toEqual([[dutyItem, MEMO, 1, 124.56, 124.56]]);
    // a service: nothing on hand
    const onHand = (await k.onHand('item', dutyItem)) as { quantity: number; buckets: unknown[] };
    expect(onHand.quantity).toBe(0);
    expect(onHand.buckets).toEqual([]);
  });

  it('QuickBooks gets the receipt as a Bill, and no second Bill of the duty from the payable', async () => {
    await push();
    expect(qbo.records.Vendor.map((v) => v.DisplayName)).toEqual(['Receiver General for Canada']);
    expect(qbo.records.Bill).toHaveLength(1);
    expect(qbo.records.Bill[0]).toMatchObject({
      DocNumber: 'B262 2025-06-30',
      TxnDate: '2025-06-30',
      VendorRef: { value: qbo.records.Vendor[0].Id },
      TotalAmt: 124.56,
      Line: [{ Amount: 124.56, AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT } } }],
    });
    // the queue runs in entity_id order, the return before its receipt: the payable ran while the
    // receipt's Bill was not over there yet, so it recorded nothing and waits, queued
    expect(await payableSent()).toEqual([]);
    expect(await payableLog()).toBe('queued');
    // the next run: the receipt's Bill is linked, and the payable's version 1 is booked by it
    await push();
    expect(await payableSent()).toEqual([[1, 0, 'Receipt']]);
    expect(await payableLog()).toBe('succeeded');
    expect(qbo.records.Bill).toHaveLength(1);
    // Sync now again sends nothing more
    ok(await k.co.call(`mutation { integrationSync(app: quickbooks) }`));
    await push();
    expect(qbo.records.Bill).toHaveLength(1);
  });

  it('an amended filing with more duty makes a receipt of the rise only, sent once', async () => {
    await reopen();
    await removeToDutyPaid('2025-06-25');
    expect(await b262Duty()).toBe(249.12);
    await file();
    const all = await receipts();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({
      number: 'B262-2025-06-30-v2',
      supplier: receiverGeneral,
      date: '2025-06-30',
      status: 'Billed',
      supplier_invoice: 'B262 2025-06-30 v2',
    });
    expect(Number(all[1].total)).toBe(124.56);
    // the receipt's Bill goes in the first run, the payable records it in the next
    await push();
    await push();
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt])).toEqual([
      ['B262 2025-06-30', 124.56],
      ['B262 2025-06-30 v2', 124.56],
    ]);
    expect(await payableSent()).toEqual([
      [1, 0, 'Receipt'],
      [2, 0, 'Receipt'],
    ]);
  });

  it('an amended filing with less duty makes no receipt: the fall is credited to the receipts’ vendor', async () => {
    // who duty is paid to changes in Settings: the credit still goes to whom the duty was billed by
    const other = await k.co.create('supplier', { name: 'Someone else' });
    await settings({
      exciseCreateReceipt: true,
      excisePaymentToId: other,
      excisePaymentItemId: dutyItem,
      excisePaymentAccountRef: EXCISE_ACCOUNT,
    });
    await reopen();
    ok(
      await k.co.call(
        `mutation($site: ID!) { exciseReturnSetRefund(form: B262, siteId: $site, periodStart: "2025-06-01", periodEnd: "2025-06-30", amount: 24.56) { totalDuty } }`,
        { site: k.co.site },
      ),
    );
    expect(await b262Duty()).toBe(224.56);
    await file();
    expect(await receipts()).toHaveLength(2);
    await push();
    expect(qbo.records.Bill).toHaveLength(2);
    expect(qbo.records.VendorCredit).toHaveLength(1);
    expect(qbo.records.VendorCredit[0]).toMatchObject({
      DocNumber: 'B262 2025-06-30 v3',
      VendorRef: { value: qbo.records.Vendor[0].Id },
      TotalAmt: 24.56,
      Line: [{ Amount: 24.56, AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT } } }],
    });
    expect(qbo.records.Vendor.map((v) => v.DisplayName)).toEqual(['Receiver General for Canada']);
    // booked in all: 124.56 + 124.56 - 24.56 = 224.56, the return's duty
    expect(await payableSent()).toEqual([
      [1, 0, 'Receipt'],
      [2, 0, 'Receipt'],
      [3, -2456, 'VendorCredit'],
    ]);
  });

  it('a receipt deleted before it was sent books nothing: the payable sends its duty itself', async () => {
    await reopen();
    await removeToDutyPaid('2025-06-27');
    // by hand: 30 more bottles, 124.56 more: 349.12
    expect(await b262Duty()).toBe(349.12);
    await file();
    const made = (await receipts()).at(-1)!;
    expect(made).toMatchObject({ number: 'B262-2025-06-30-v4', status: 'Billed' });
    expect(Number(made.total)).toBe(124.56);
    expect(await k.remove(made.id)).toBeNull();
    await push();
    // once, from the payable, to the vendor the duty was billed by (Settings now name another)
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt])).toEqual([
      ['B262 2025-06-30', 124.56],
      ['B262 2025-06-30 v2', 124.56],
      ['B262 2025-06-30 v4', 124.56],
    ]);
    expect(qbo.records.Bill.at(-1)).toMatchObject({ VendorRef: { value: qbo.records.Vendor[0].Id } });
    expect((await payableSent()).at(-1)).toEqual([4, 12456, 'Bill']);
  });

  it('a receipt edited after filing counts as what it bills now: a fall is worked from that', async () => {
    // staff lower the v2 receipt's duty line from 124.56 to 100.00 (its Bill follows by the bills path)
    const v2 = (await receipts()).find((r) => r.number === 'B262-2025-06-30-v2')!;
    ok(
      await k.co.call(
        `mutation($id: ID!, $input: InventoryReceiptInput!) { inventoryReceiptUpdate(id: $id, input: $input) { id } }`,
        {
          id: v2.id,
          input: { lines: [{ item: dutyItem, description: MEMO, quantity: 1, unitPrice: 100 }] },
        },
      ),
    );
    expect(Number((await receipts()).find((r) => r.id === v2.id)!.total)).toBe(100);
    await reopen();
    ok(
      await k.co.call(
        `mutation($site: ID!) { exciseReturnSetRefund(form: B262, siteId: $site, periodStart: "2025-06-01", periodEnd: "2025-06-30", amount: 34.56) { totalDuty } }`,
        { site: k.co.site },
      ),
    );
    // by hand: 349.12 - 10.00 more refund = 339.12
    expect(await b262Duty()).toBe(339.12);
    await file();
    await push();
    // booked before: 124.56 + 100.00 - 24.56 + 124.56 = 324.56, so 339.12 - 324.56 = 14.56 is billed
    // (not a credit of 10.00 worked from the receipt's 124.56 at filing)
    expect(qbo.records.VendorCredit).toHaveLength(1);
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt]).at(-1)).toEqual(['B262 2025-06-30 v5', 14.56]);
    expect((await payableSent()).at(-1)).toEqual([5, 1456, 'Bill']);
  });

  it('a duty receipt’s Bill takes the Excise payment account from Settings when its supplier and item have none', async () => {
    noAccountSupplier = await k.co.create('supplier', { name: 'Agence du revenu' });
    await settings({
      exciseCreateReceipt: true,
      excisePaymentToId: noAccountSupplier,
      excisePaymentItemId: dutyItem,
      excisePaymentAccountRef: EXCISE_ACCOUNT,
    });
    await reopen();
    await removeToDutyPaid('2025-06-28');
    // by hand: 30 more bottles, 124.56 more: 339.12 + 124.56 = 463.68
    expect(await b262Duty()).toBe(463.68);
    await file();
    await push();
    expect(qbo.records.Bill.at(-1)).toMatchObject({
      DocNumber: 'B262 2025-06-30 v6',
      TotalAmt: 124.56,
      Line: [{ Amount: 124.56, AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT } } }],
    });
  });

  it('a receipt whose Bill was refused, then deleted: the payable waits for it, then sends its own Bill', async () => {
    // v6's receipt went in the last run, after the payable: the payable books v6 by it now
    await push();
    expect((await payableSent()).at(-1)).toEqual([6, 0, 'Receipt']);
    // no account for the receipt's Bill: no Excise payment account, an item mapped to none, a supplier with none
    await settings({
      exciseCreateReceipt: true,
      excisePaymentToId: noAccountSupplier,
      excisePaymentItemId: dutyItem,
      excisePaymentAccountRef: null,
    });
    await reopen();
    // by hand: a refund of 10.00 instead of 34.56 is 24.56 more duty: 463.68 + 24.56 = 488.24
    await setRefund(10);
    expect(await b262Duty()).toBe(488.24);
    await file();
    const made = (await receipts()).at(-1)!;
    expect(made).toMatchObject({ number: 'B262-2025-06-30-v7', status: 'Billed' });
    expect(Number(made.total)).toBe(24.56);
    const bills = qbo.records.Bill.length;
    await push();
    await push();
    // the receipt's Bill refused; the payable books nothing while the receipt is Billed and not over there
    expect((await billLog(made.id))?.status).toBe('failed');
    expect(qbo.records.Bill).toHaveLength(bills);
    expect((await payableSent()).at(-1)).toEqual([6, 0, 'Receipt']);
    expect(await payableLog()).toBe('queued');
    // the receipt deleted, the account named again: the payable's own Bill of the rise, to the
    // vendor the duty was first billed by
    expect(await k.remove(made.id)).toBeNull();
    await settings({
      exciseCreateReceipt: true,
      excisePaymentToId: noAccountSupplier,
      excisePaymentItemId: dutyItem,
      excisePaymentAccountRef: EXCISE_ACCOUNT,
    });
    await push();
    // booked before: 124.56 + 100.00 - 24.56 + 124.56 + 14.56 + 124.56 = 463.68; 488.24 - 463.68 = 24.56
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt]).at(-1)).toEqual(['B262 2025-06-30 v7', 24.56]);
    expect(qbo.records.Bill).toHaveLength(bills + 1);
    expect(qbo.records.Bill.at(-1)).toMatchObject({ VendorRef: { value: qbo.records.Vendor[0].Id } });
    expect((await payableSent()).at(-1)).toEqual([7, 2456, 'Bill']);
    expect(await payableLog()).toBe('succeeded');
  });

  it('a receipt taken back from Billed to correct it and billed again soon after books the duty by its own Bill', async () => {
    await reopen();
    // by hand: a refund of 5.00 instead of 10.00 is 5.00 more duty: 488.24 + 5.00 = 493.24
    await setRefund(5);
    expect(await b262Duty()).toBe(493.24);
    await file();
    const made = (await receipts()).at(-1)!;
    expect(made).toMatchObject({ number: 'B262-2025-06-30-v8', status: 'Billed' });
    expect(Number(made.total)).toBe(5);
    // staff take it back to correct its supplier invoice number; a run comes meanwhile
    ok(await setStatus(made.id, 'Received'));
    const bills = qbo.records.Bill.length;
    await push();
    expect(qbo.records.Bill).toHaveLength(bills);
    expect((await payableSent()).at(-1)).toEqual([7, 2456, 'Bill']);
    ok(
      await k.co.call(
        `mutation($id: ID!, $input: InventoryReceiptInput!) { inventoryReceiptUpdate(id: $id, input: $input) { id } }`,
        { id: made.id, input: { supplierInvoice: 'RG-2025-06-v8' } },
      ),
    );
    // billed again within the half hour: accepted, and its own Bill books the 5.00, once
    ok(await setStatus(made.id, 'Billed'));
    await push();
    await push();
    expect(qbo.records.Bill).toHaveLength(bills + 1);
    expect(qbo.records.Bill.at(-1)).toMatchObject({ TotalAmt: 5 });
    expect((await billLog(made.id))?.status).toBe('succeeded');
    expect((await payableSent()).at(-1)).toEqual([8, 0, 'Receipt']);
    expect(await payableLog()).toBe('succeeded');
  });

  it('a receipt taken back from Billed for longer than 30 minutes is sent by the payable, and is then refused Billed again', async () => {
    await reopen();
    // by hand: no refund at all is 5.00 more duty: 493.24 + 5.00 = 498.24
    await setRefund(0);
    expect(await b262Duty()).toBe(498.24);
    await file();
    const made = (await receipts()).at(-1)!;
    expect(made).toMatchObject({ number: 'B262-2025-06-30-v9', status: 'Billed' });
    expect(Number(made.total)).toBe(5);
    // taken back before any run: the payable is queued, and waits for it to be billed again
    ok(await setStatus(made.id, 'Received'));
    expect(await payableLog()).toBe('queued');
    const bills = qbo.records.Bill.length;
    await push();
    expect(qbo.records.Bill).toHaveLength(bills);
    expect((await payableSent()).at(-1)).toEqual([8, 0, 'Receipt']);
    expect(await payableLog()).toBe('queued');
    // half an hour on and not billed again: the payable sends the duty itself at its next run
    await api.database.db.execute(sql`UPDATE excise_duty_receipts SET taken_back_at = now() - interval '31 minutes'
      WHERE company_id = ${k.co.companyId} AND receipt_id = ${made.id}`);
    // while the payable is being sent (it may be sending this duty), Billed again waits
    const claim = (at: ReturnType<typeof sql>) =>
      api.database.db.execute(sql`UPDATE integration_sync_log SET claimed_at = ${at}
        WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`);
    await claim(sql`now()`);
    const busy = await setStatus(made.id, 'Billed');
    expect(busy.errors?.[0]).toMatchObject({
      message:
        'The excise payable of B262 2025-06-30 is being sent to QuickBooks right now: bill this receipt again in a minute',
    });
    await claim(sql`NULL`);
    expect((await receipts()).at(-1)!.status).toBe('Received');
    await push();
    expect(qbo.records.Bill).toHaveLength(bills + 1);
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt]).at(-1)).toEqual(['B262 2025-06-30 v9', 5]);
    expect((await payableSent()).at(-1)).toEqual([9, 500, 'Bill']);
    // Billed again, its Bill would book the 5.00 twice: refused, the receipt left Received
    const again = await setStatus(made.id, 'Billed');
    expect(again.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^This receipt is the excise duty of B262 2025-06-30, amended filing 9, and the excise payable already sent that duty to QuickBooks while the receipt was not billed: billing it now would book the duty twice\. Leave it Received, or delete it$/,
      ),
    });
    expect((await receipts()).at(-1)!.status).toBe('Received');
    await push();
    expect(qbo.records.Bill).toHaveLength(bills + 1);
  });

  it('a duty receipt deleted after its Bill went keeps that Bill: the payable counted it as the duty booked', async () => {
    const v8 = (await receipts()).find((r) => r.number === 'B262-2025-06-30-v8')!;
    const bills = qbo.records.Bill.length;
    const sent = await payableSent();
    expect(await k.remove(v8.id)).toBeNull();
    await push();
    await push();
    expect(qbo.records.Bill).toHaveLength(bills);
    expect(qbo.changes.filter((c) => c.entity === 'Bill' && c.operation === 'delete')).toEqual([]);
    expect(await payableSent()).toEqual(sent);
  });
});
