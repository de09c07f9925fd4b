// The excise duty payable pushed to QuickBooks Online (its local stand-in): a company that
// accrues excise files June's returns and the B262's duty goes as a Bill to the supplier duty is
// paid to, due on the return's due date; without that supplier set the sync log says what to
// set in Settings; an amended re-filing sends only the difference (a VendorCredit for less duty,
// another Bill for more); the same work again sends nothing. Figures by hand: 30 bottles of
// 750 mL at 40 % removed to the duty-paid market are 9 LAA, x 13.840 $/LAA = 124.56; a B256
// refund of 24.56 makes 100.00 (24.56 less); 30 more bottles make 224.56 (124.56 more). Due the
// last day of the month after the period (2025-07-31).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { stagedKit } from './stagedKit';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { whileClaimed } from '../../src/server/domain/integrations/accounting/claim';
import {
  EXCISE_ACCOUNT,
  MEMO,
  exciseJune,
  okBody as ok,
  quickBooksCalls,
  startQuickBooksApi,
  type QuickBooksRig,
} from './support/quickbooks';

describe.each(backends)('QuickBooks excise duty payable on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let receiverGeneral = '';

  const qb = quickBooksCalls(() => api);
  const june = exciseJune(() => api);
  const { settings, file, reopen, b262Duty, removeToDutyPaid } = june;
  const sync = () => qb.sync(k.co);
  /** the B256 refund offset of June's B262, as the return's screen sets it */
  const setRefund = async (amount: number) =>
    ok(
      await k.co.call(
        `mutation($site: ID!, $amount: Float!) { exciseReturnSetRefund(form: B262, siteId: $site, periodStart: "2025-06-01", periodEnd: "2025-06-30", amount: $amount) { totalDuty } }`,
        { site: k.co.site, amount },
      ),
    );
  const push = () => qb.push(k.co);
  const payableLog = async () =>
    rowsOf<{ status: string; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT status, last_error FROM integration_sync_log
        WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`),
    );

  beforeAll(async () => {
    rig = await startQuickBooksApi(backend);
    ({ api, qbo } = rig);
    k = await june.arrange();
    receiverGeneral = await k.co.create('supplier', { name: 'Receiver General for Canada' });
    // connected as a person connects: Intuit's consent sends the browser back to the callback
    await qb.connect(k.co);
    await settings({ exciseAccrual: true, excisePaymentAccountRef: EXCISE_ACCOUNT });
  });
  afterAll(() => rig?.close());

  it('a payable with no supplier set fails, saying what to set in Settings', async () => {
    expect(await b262Duty()).toBe(124.56);
    await file();
    // queued by the filing itself, in its transaction
    expect(await payableLog()).toEqual([{ status: 'queued', last_error: null }]);
    await push();
    expect(qbo.records.Bill).toEqual([]);
    const [log] = await payableLog();
    expect(log.status).toBe('failed');
    expect(log.last_error).toMatch(/^Set who excise duty is paid to in Settings/);
  });

  it('once the supplier is set, Sync now sends the payable as a Bill due on the return’s due date', async () => {
    await settings({
      exciseAccrual: true,
      excisePaymentAccountRef: EXCISE_ACCOUNT,
      excisePaymentToId: receiverGeneral,
    });
    expect(await sync()).toBe(1);
    await push();
    expect(qbo.records.Vendor.map((v) => v.DisplayName)).toEqual(['Receiver General for Canada']);
    expect(qbo.records.Bill).toHaveLength(1);
    expect(qbo.records.Bill[0]).toMatchObject({
      DocNumber: 'B262 2025-06-30',
      TxnDate: '2025-07-15',
      DueDate: '2025-07-31',
      PrivateNote: MEMO,
      VendorRef: { value: qbo.records.Vendor[0].Id },
      TotalAmt: 124.56,
      Line: [
        {
          DetailType: 'AccountBasedExpenseLineDetail',
          Amount: 124.56,
          Description: MEMO,
          AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT } },
        },
      ],
    });
    expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
    // the same work again sends nothing
    await sync();
    await push();
    expect(qbo.records.Bill).toHaveLength(1);
  });

  it('an amended return with less duty sends the difference as a VendorCredit, once', async () => {
    await reopen();
    await setRefund(24.56);
    expect(await b262Duty()).toBe(100);
    await file();
    await push();
    expect(qbo.records.Bill).toHaveLength(1);
    expect(qbo.records.VendorCredit).toHaveLength(1);
    expect(qbo.records.VendorCredit[0]).toMatchObject({
      DocNumber: 'B262 2025-06-30 v2',
      VendorRef: { value: qbo.records.Vendor[0].Id },
      TotalAmt: 24.56,
      Line: [{ Amount: 24.56, AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT } } }],
    });
    // a job run again (as after a lost answer) finds the version sent
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`);
    await push();
    expect(qbo.records.VendorCredit).toHaveLength(1);
  });

  it('an amended return with more duty sends the rise as another Bill', async () => {
    await reopen();
    await removeToDutyPaid('2025-06-25');
    expect(await b262Duty()).toBe(224.56);
    await file();
    await push();
    expect(qbo.records.Bill.map((b) => [b.DocNumber, b.TotalAmt])).toEqual([
      ['B262 2025-06-30', 124.56],
      ['B262 2025-06-30 v3', 124.56],
    ]);
    // what QuickBooks owes the Receiver General adds up to the latest return: 124.56 - 24.56 + 124.56
    expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
  });
  it('an amendment goes to the vendor the first Bill went to, not to the supplier Settings name now', async () => {
    // the person changes who duty is paid to in Settings after the first Bill was sent
    const oldPayee = await k.co.create('supplier', { name: 'Old Payee' });
    await settings({ exciseAccrual: true, excisePaymentAccountRef: EXCISE_ACCOUNT, excisePaymentToId: oldPayee });
    await reopen();
    await removeToDutyPaid('2025-06-27');
    // by hand: 30 more bottles, 9 LAA x 13.840 = 124.56 more, 349.12 in all
    expect(await b262Duty()).toBe(349.12);
    await file();
    await push();
    // the rise is owed to the Receiver General, whom the first Bill named: no 'Old Payee' vendor
    expect(qbo.records.Vendor.map((v) => v.DisplayName)).toEqual(['Receiver General for Canada']);
    expect(qbo.records.Bill.at(-1)).toMatchObject({
      DocNumber: 'B262 2025-06-30 v4',
      TotalAmt: 124.56,
      VendorRef: { value: qbo.records.Vendor[0].Id },
    });
    // each row sent keeps its vendor
    const rows = rowsOf<{ version: number; vendor_external_id: string | null }>(
      await api.database.db.execute(sql`SELECT version, vendor_external_id FROM accounting_excise_payables_sent
        WHERE company_id = ${k.co.companyId} ORDER BY version`),
    );
    expect(rows.map((r) => [r.version, r.vendor_external_id])).toEqual([
      [1, qbo.records.Vendor[0].Id],
      [2, qbo.records.Vendor[0].Id],
      [3, qbo.records.Vendor[0].Id],
      [4, qbo.records.Vendor[0].Id],
    ]);
  });

  it('a return re-filed while its Bill is being sent stays queued, and its difference goes next', async () => {
    await reopen();
    await removeToDutyPaid('2025-06-28');
    // by hand: the last 30 bottles, 124.56 more: 473.68
    expect(await b262Duty()).toBe(473.68);
    await file();
    // QuickBooks is slow to answer, and meanwhile the period is reopened and filed again with
    // 10.00 more refund offset (24.56 -> 34.56): 463.68
    qbo.inject({ kind: 'delay', ms: 3000 });
    const job = push();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await reopen();
    await setRefund(34.56);
    expect(await b262Duty()).toBe(463.68);
    await file();
    await job;
    // Settings still name 'Old Payee': the rise and the fall go to the first Bill's vendor
    const receiverGeneralVendor = { value: qbo.records.Vendor[0].Id };
    expect(qbo.records.Bill.at(-1)).toMatchObject({
      DocNumber: 'B262 2025-06-30 v5',
      TotalAmt: 124.56,
      VendorRef: receiverGeneralVendor,
    });
    // the job did not log the re-filing as done: the next run sends it
    expect(await payableLog()).toEqual([{ status: 'queued', last_error: null }]);
    await push();
    expect(qbo.records.VendorCredit.at(-1)).toMatchObject({
      DocNumber: 'B262 2025-06-30 v6',
      TotalAmt: 10,
      VendorRef: receiverGeneralVendor,
    });
    expect(qbo.records.Vendor).toHaveLength(1);
    expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
  });

  describe('a claim held longer than 10 minutes', () => {
    const keyOf = async () => {
      const [row] = rowsOf<{ entity_id: string }>(
        await api.database.db.execute(sql`SELECT entity_id::text FROM integration_sync_log
          WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`),
      );
      return { companyId: k.co.companyId, app: 'quickbooks', entityType: 'excisePayable', entityId: row.entity_id };
    };
    /** the claim as another runner would see it 11 minutes later: time travel in the database */
    const ageClaim = () =>
      api.database.db.execute(sql`UPDATE integration_sync_log SET claimed_at = claimed_at - interval '11 minutes'
        WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`);
    const claimAge = async () =>
      Number(
        rowsOf<{ seconds: string }>(
          await api.database.db.execute(sql`SELECT extract(epoch FROM clock_timestamp() - claimed_at)::text AS seconds
            FROM integration_sync_log WHERE company_id = ${k.co.companyId} AND entity_type = 'excisePayable'`),
        )[0].seconds,
      );

    it('is renewed before a send, so another runner leaves the record to the job sending it', async () => {
      const key = await keyOf();
      let second: string | undefined;
      const outcome = await whileClaimed(api.database.db, key, async (renew) => {
        // the turn waited out QuickBooks' throttling for 11 minutes: another runner would take it
        await ageClaim();
        expect(await claimAge()).toBeGreaterThan(600);
        // renewed before the next send: the other runner finds it held and sends nothing
        await renew();
        expect(await claimAge()).toBeLessThan(60);
        second = await whileClaimed(api.database.db, key, async () => 'succeeded' as const);
        return 'succeeded' as const;
      });
      expect(second).toBe('busy');
      expect(outcome).toBe('succeeded');
      expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
    });

    it('taken over by another runner, the job sends nothing more and leaves the record to it', async () => {
      // an amendment of 10.00 less refund offset (34.56 -> 24.56): 473.68, 10.00 more to send
      await reopen();
      await setRefund(24.56);
      expect(await b262Duty()).toBe(473.68);
      await file();
      const key = await keyOf();
      const bills = qbo.records.Bill.length;
      const outcome = await whileClaimed(api.database.db, key, async (renew) => {
        // the claim aged past 10 minutes, and the next run took it over and sent the Bill
        await ageClaim();
        await push();
        // this job's renewal before its own send finds the claim gone: it sends nothing
        await renew();
        throw new Error('sent after the claim was lost');
      });
      expect(outcome).toBe('busy');
      expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
      expect(qbo.records.Bill.length).toBe(bills + 1);
      expect(qbo.records.Bill.at(-1)).toMatchObject({ DocNumber: 'B262 2025-06-30 v7', TotalAmt: 10 });
    });
  });

  it('to a company that charges sales tax, the duty goes as an untaxed line once that code is chosen', async () => {
    // the accountant turns sales tax on in QuickBooks; Sync now reads it with the chart
    qbo.useSalesTax();
    await sync();
    await push();
    // an amendment of 10.00 more refund offset (24.56 -> 34.56): 463.68, 10.00 less to send
    await reopen();
    await setRefund(34.56);
    expect(await b262Duty()).toBe(463.68);
    await file();
    await push();
    // duty is no taxable supply: its line needs the code of lines with no tax, chosen on the setup page
    expect(await payableLog()).toEqual([
      {
        status: 'failed',
        last_error:
          'Lines with no tax have no QuickBooks Online tax code: choose one on the accounting setup page (Taxes)',
      },
    ]);
    ok(
      await k.co.call(`mutation { accountingTaxCodeSet(ref: "7") { code { name } } }`), // Out of Scope
    );
    await sync();
    await push();
    expect(qbo.records.VendorCredit.at(-1)).toMatchObject({
      DocNumber: 'B262 2025-06-30 v8',
      TotalAmt: 10,
      Line: [{ AccountBasedExpenseLineDetail: { AccountRef: { value: EXCISE_ACCOUNT }, TaxCodeRef: { value: '7' } } }],
      TxnTaxDetail: { TotalTax: 0 },
    });
    expect(await payableLog()).toEqual([{ status: 'succeeded', last_error: null }]);
  });
});
