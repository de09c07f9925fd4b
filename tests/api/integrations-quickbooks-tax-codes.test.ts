// QuickBooks Online outside the US, a company that charges sales tax (Intuit's "Manage sales tax
// for non-US locales"): every sales and bill line names a TaxCode, and QuickBooks computes the tax
// line by line, each line rounded, unless TxnTaxDetail.TaxLine gives it by rate. The accounting
// setup page's Taxes tab maps each tax here to a code of the same rates; the push sends the codes
// and our tax by rate, so QuickBooks keeps the tax charged here to the cent. The stand-in
// (tests/standins/quickbooks.ts useSalesTax) refuses a line without a code and computes its own
// tax when none is given. Figures worked by hand in each test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import type { QboRecord, QuickBooksStandIn } from '../standins/quickbooks';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const CODES = `{ accountingTaxCodes { usesSalesTax codes { ref name salesRates purchaseRates }
  taxes { kind taxId name rate active code { ref name } } } }`;
const SET = `mutation($taxId: ID, $ref: String) { accountingTaxCodeSet(taxId: $taxId, ref: $ref) {
  taxId name code { ref name } } }`;

type TaxLine = { Amount: number; TaxLineDetail: { TaxRateRef: { value: string }; NetAmountTaxable: number } };
const taxLinesOf = (record: QboRecord) =>
  ((record.TxnTaxDetail as { TaxLine: TaxLine[] }).TaxLine ?? []).map((l) => ({
    rate: l.TaxLineDetail.TaxRateRef.value,
    amount: l.Amount,
    base: l.TaxLineDetail.NetAmountTaxable,
  }));
const codesOfLines = (record: QboRecord) =>
  (record.Line as { SalesItemLineDetail?: { TaxCodeRef?: { value: string } } }[]).map(
    (l) => l.SalesItemLineDetail?.TaxCodeRef?.value,
  );

describe.each(backends)('QuickBooks Online: sales tax codes, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';
  let hst = '';
  let gstQst = '';
  let gst = '';
  const qb = quickBooksCalls(() => api);
  const setCode = (taxId: string | null, ref: string | null) => qb.call(co, SET, { taxId, ref });
  const newTax = async (input: string) =>
    qb.ok(await qb.call<{ taxCreate: { id: string } }>(co, `mutation { taxCreate(input: ${input}) { id } }`)).taxCreate
      .id;

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      connect: false,
      customer: { name: 'Dépanneur Laval', email: 'achats@laval.example' },
    }));
    qbo.useSalesTax();
    hst = await newTax(`{ name: "HST ON", rate: 13 }`);
    gstQst = await newTax(
      `{ name: "GST + QST", rate: 14.975, components: [{ name: "GST", rate: 5 }, { name: "QST", rate: 9.975 }] }`,
    );
    gst = await newTax(`{ name: "GST", rate: 5 }`);
    // connecting reads the chart, and with it the tax model
    await qb.connect(co);
    await qb.push(co);
  });
  afterAll(() => rig?.close());

  it('lists the codes read with the chart and each tax, and keeps only a code of the same rates', async () => {
    const view = qb.ok(
      await qb.call<{
        accountingTaxCodes: {
          usesSalesTax: boolean;
          codes: { ref: string; name: string; salesRates: string }[];
          taxes: { kind: string; taxId: string | null; name: string; code: unknown }[];
        };
      }>(co, CODES),
    ).accountingTaxCodes;
    expect(view.usesSalesTax).toBe(true);
    expect(view.codes.find((c) => c.ref === '6')).toMatchObject({
      name: 'GST/QST QC - 9.975',
      salesRates: 'GST 5% + QST 9.975%',
    });
    expect(view.taxes.map((t) => [t.kind, t.name, t.code])).toEqual([
      ['tax', 'GST', null],
      ['tax', 'GST + QST', null],
      ['tax', 'HST ON', null],
      ['untaxed', '', null],
      ['stated', '', null],
    ]);
    // GST alone charges 5%, not HST's 13%
    const wrong = await setCode(hst, '4');
    expect(wrong.body.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: {
        fields: {
          ref: 'GST charges GST 5% on sales, and HST ON charges 13%: choose a code of the same rates, in the same order',
        },
      },
    });
    // lines with no tax need a code that charges nothing
    const taxed = await setCode(null, '5');
    expect(taxed.body.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: {
        fields: {
          ref: 'HST ON charges HST ON 13% on sales: lines with no tax need a code that charges nothing (exempt, zero-rated or out of scope)',
        },
      },
    });
    expect(qb.ok(await setCode(hst, '5'))).toMatchObject({
      accountingTaxCodeSet: { taxId: hst, code: { ref: '5', name: 'HST ON' } },
    });
  });

  it('refuses, in words, an invoice whose tax has no code, and sends it once one is chosen', async () => {
    const invoice = await qb.issueInvoice(co, {
      number: 'QC-1',
      customer,
      lines: [
        { description: 'Gin 750 mL', quantity: 2, unitPrice: 50, tax: gstQst },
        { description: 'Glasses', quantity: 1, unitPrice: 20 },
      ],
    });
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status', 'last_error'])).toEqual({
      status: 'failed',
      last_error:
        'The tax GST + QST has no QuickBooks Online tax code: choose one on the accounting setup page (Taxes)',
    });
    qb.ok(await setCode(gstQst, '6'));
    qb.ok(await setCode(null, '2'));
    await qb.syncNow(co);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status'])).toEqual({ status: 'succeeded' });
    const [sent] = qbo.records.Invoice.filter((i) => i.DocNumber === 'QC-1');
    // 2 x 50.00 = 100.00 with GST + QST: GST 5.00, QST 9.975 -> 9.98; the glasses (20.00) exempt
    expect(codesOfLines(sent)).toEqual(['6', '2']);
    expect(taxLinesOf(sent)).toEqual([
      { rate: '3', amount: 5, base: 100 },
      { rate: '7', amount: 9.98, base: 100 },
    ]);
    expect(sent).toMatchObject({ GlobalTaxCalculation: 'TaxExcluded', TotalAmt: 134.98 });
    expect((sent.TxnTaxDetail as { TotalTax: number }).TotalTax).toBe(14.98);
  });

  it('keeps our tax, rounded once per tax, where QuickBooks would round each line', async () => {
    const invoice = await qb.issueInvoice(co, {
      number: 'ON-1',
      customer,
      shippingCharge: 5,
      lines: [1, 2, 3].map((n) => ({ description: `Rye ${n}`, quantity: 1, unitPrice: 10.05, tax: hst })),
    });
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status', 'last_error'])).toEqual({
      status: 'succeeded',
      last_error: null,
    });
    const [sent] = qbo.records.Invoice.filter((i) => i.DocNumber === 'ON-1');
    // ours: (3 x 10.05 + 5.00 shipping, taxed like the goods) = 35.15 x 13% = 4.5695 -> 4.57;
    // QuickBooks line by line would make 3 x 1.31 (1.3065) + 0.65 = 4.58
    expect(codesOfLines(sent)).toEqual(['5', '5', '5', '5']);
    expect(taxLinesOf(sent)).toEqual([{ rate: '6', amount: 4.57, base: 35.15 }]);
    expect(sent.TotalAmt).toBe(39.72);
  });

  it('splits shipping over the goods’ codes, and adds up a rate two taxes share', async () => {
    qb.ok(await setCode(gst, '4'));
    const invoice = await qb.issueInvoice(co, {
      number: 'MIX-1',
      customer,
      shippingCharge: 10,
      lines: [
        { description: 'Gin', quantity: 1, unitPrice: 60, tax: gst },
        { description: 'Cidre', quantity: 1, unitPrice: 40, tax: gstQst },
      ],
    });
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status'])).toEqual({ status: 'succeeded' });
    const [sent] = qbo.records.Invoice.filter((i) => i.DocNumber === 'MIX-1');
    // shipping 10.00 shared by the goods' amounts, 60 : 40 -> 6.00 and 4.00; so GST is charged on
    // 66.00 (3.30), GST + QST on 44.00 (GST 2.20, QST 4.389 -> 4.39); GST's rate carries both:
    // 5.50 on 110.00; 100.00 + 10.00 + 9.89 = 119.89
    expect(codesOfLines(sent)).toEqual(['4', '6', '4', '6']);
    expect((sent.Line as { Amount: number; Description?: string }[]).slice(2)).toMatchObject([
      { Amount: 6, Description: 'Shipping' },
      { Amount: 4, Description: 'Shipping' },
    ]);
    expect(taxLinesOf(sent)).toEqual([
      { rate: '3', amount: 5.5, base: 110 },
      { rate: '7', amount: 4.39, base: 44 },
    ]);
    expect(sent.TotalAmt).toBe(119.89);
  });

  it('sends a credited return as a credit memo whose restocking fee is split like its tax', async () => {
    const credited = qb.ok(
      await qb.call<{ salesReturnCreate: { id: string } }>(
        co,
        `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id } }`,
        {
          input: {
            number: 'RET-TAX',
            customer,
            date: '2026-11-05',
            status: 'Credited',
            restock: false,
            restockingFee: 5,
            lines: [
              { description: 'Gin', quantity: 2, unitPrice: 30, tax: gst },
              { description: 'Glasses', quantity: 1, unitPrice: 20 },
            ],
          },
        },
      ),
    ).salesReturnCreate.id;
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'creditNote', credited, ['status', 'last_error'])).toEqual({
      status: 'succeeded',
      last_error: null,
    });
    const [memo] = qbo.records.CreditMemo.filter((m) => m.DocNumber === 'RET-TAX');
    // the 5.00 fee comes off the goods 60 : 20 -> 3.75 and 1.25; GST on 60.00 - 3.75 = 56.25 is
    // 2.8125 -> 2.81; 60.00 + 20.00 - 5.00 + 2.81 = 77.81
    expect(codesOfLines(memo)).toEqual(['4', '2', '4', '2']);
    expect((memo.Line as { Amount: number; Description?: string }[]).slice(2)).toMatchObject([
      { Amount: -3.75, Description: 'Restocking fee' },
      { Amount: -1.25, Description: 'Restocking fee' },
    ]);
    expect(taxLinesOf(memo)).toEqual([{ rate: '3', amount: 2.81, base: 56.25 }]);
    expect(memo.TotalAmt).toBe(77.81);
  });

  it('refuses a compound tax for a code that is not, and sends a till’s tax with the code chosen for it', async () => {
    const compound = await newTax(
      `{ name: "GST + QST (1994)", rate: 14.975, components: [{ name: "GST", rate: 5 }, { name: "QST", rate: 9.975, compound: true }] }`,
    );
    const refused = await setCode(compound, '6');
    expect(refused.body.errors?.[0].extensions).toMatchObject({
      info: {
        fields: {
          ref: 'GST/QST QC - 9.975 charges GST 5% + QST 9.975% on sales, and GST + QST (1994) charges 5% + 9.975% compound: choose a code of the same rates, in the same order',
        },
      },
    });
    // a till's day: its tax as charged names no tax here; it waits for the code of such tax
    const till = await qb.issueInvoice(co, {
      number: 'TILL-1',
      customer,
      taxAsCharged: 14.98,
      shippingCharge: 0,
      lines: [{ description: 'Dégustation', quantity: 1, unitPrice: 100 }],
    });
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'invoice', till.id, ['status', 'last_error'])).toEqual({
      status: 'failed',
      last_error:
        'The tax of invoice TILL-1 is a tax as charged (by a till), which has no QuickBooks Online tax code: choose one on the accounting setup page (Taxes, Tax as charged)',
    });
    // a code that charges nothing is no till's tax
    const nothing = await qb.call(co, `mutation { accountingTaxCodeSet(kind: "stated", ref: "2") { kind } }`);
    expect(nothing.body.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(
      qb.ok(await qb.call(co, `mutation { accountingTaxCodeSet(kind: "stated", ref: "6") { kind code { ref } } }`)),
    ).toEqual({ accountingTaxCodeSet: { kind: 'stated', code: { ref: '6' } } });
    await qb.syncNow(co);
    expect(await qb.syncLogOf(co, 'invoice', till.id, ['status'])).toEqual({ status: 'succeeded' });
    const [sent] = qbo.records.Invoice.filter((i) => i.DocNumber === 'TILL-1');
    // 14.98 over GST 5 : QST 9.975 -> 14.98 x 5 / 14.975 = 5.0017 -> 5.00, the rest 9.98
    expect(codesOfLines(sent)).toEqual(['6']);
    expect(taxLinesOf(sent)).toEqual([
      { rate: '3', amount: 5, base: 100 },
      { rate: '7', amount: 9.98, base: 100 },
    ]);
    expect(sent.TotalAmt).toBe(114.98);
  });

  it('sends a billed receipt with the tax codes and the supplier’s tax by purchase rate', async () => {
    const account = qb.ok(
      await qb.call<{ accountCreate: { id: string } }>(
        co,
        `mutation($input: AccountInput!) { accountCreate(input: $input) { id } }`,
        { input: { name: 'Packaging', type: 'Expense' } },
      ),
    ).accountCreate.id;
    const supplier = qb.ok(
      await qb.call<{ supplierCreate: { id: string } }>(
        co,
        `mutation($input: SupplierInput!) { supplierCreate(input: $input) { id } }`,
        { input: { name: 'Étiquettes Laval', account } },
      ),
    ).supplierCreate.id;
    qb.ok(
      await qb.call(co, `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) { id } }`, {
        input: {
          number: 'RCV-TAX',
          supplier,
          date: '2026-11-06',
          status: 'Billed',
          supplierInvoice: 'EL-31',
          freight: 12.5,
          lines: [{ description: 'Labels', quantity: 1, unitPrice: 30, tax: gst }],
        },
      }),
    );
    await qb.push(co);
    const [bill] = qbo.records.Bill.filter((b) => b.DocNumber === 'EL-31');
    // the supplier's own screen says it went as QuickBooks' vendor
    const { recordSyncs } = qb.ok(
      await qb.call<{ recordSyncs: Record<string, unknown>[] }>(
        co,
        `query($id: ID!) { recordSyncs(entity: "supplier", id: $id) { provider entityType status externalId } }`,
        { id: supplier },
      ),
    );
    expect(recordSyncs).toEqual([
      {
        provider: 'QuickBooks Online',
        entityType: 'supplier',
        status: 'succeeded',
        externalId: qbo.records.Vendor.find((v) => v.DisplayName === 'Étiquettes Laval')!.Id,
      },
    ]);
    // (30.00 + 12.50 freight) = 42.50 x 5% = 2.125 -> 2.13; 42.50 + 2.13 = 44.63
    expect(
      (bill.Line as { AccountBasedExpenseLineDetail: { TaxCodeRef?: { value: string } } }[]).map(
        (l) => l.AccountBasedExpenseLineDetail.TaxCodeRef?.value,
      ),
    ).toEqual(['4', '4']);
    // the code's purchase rate (GST (ITC), 13), not its sales one (GST, 3)
    expect(taxLinesOf(bill)).toEqual([{ rate: '13', amount: 2.13, base: 42.5 }]);
    expect(bill.TotalAmt).toBe(44.63);
  });

  it('refuses to send a tax whose rate no longer is its code’s, saying what to choose', async () => {
    // the province raises HST to 14 %: the tax is edited here, its code over there still charges 13 %
    qb.ok(await qb.call(co, `mutation { taxUpdate(id: "${hst}", input: { rate: 14 }) { id } }`));
    const invoice = await qb.issueInvoice(co, {
      number: 'ON-14',
      customer,
      lines: [{ description: 'Rye', quantity: 1, unitPrice: 100, tax: hst }],
    });
    await qb.push(co);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status', 'last_error'])).toEqual({
      status: 'failed',
      last_error:
        'HST ON charges HST ON 13% on sales, and HST ON charges 14%: choose a code of the same rates on the accounting setup page (Taxes)',
    });
    expect(qbo.records.Invoice.filter((i) => i.DocNumber === 'ON-14')).toEqual([]);
  });

  it('lists a tax no longer in use after the ones in use, marked so (documents issued before carry it)', async () => {
    const pst = await newTax(`{ name: "A PST", rate: 7 }`);
    qb.ok(await qb.call(co, `mutation { taxUpdate(id: "${pst}", input: { active: false }) { id } }`));
    const { taxes } = qb.ok(
      await qb.call<{ accountingTaxCodes: { taxes: { kind: string; name: string; active: boolean }[] } }>(co, CODES),
    ).accountingTaxCodes;
    // the ones in use, every one, then the one no longer in use, then the two kinds of lines
    const rows = taxes.map((t) => [t.kind, t.name, t.active]);
    expect(rows.slice(-3)).toEqual([
      ['tax', 'A PST', false],
      ['untaxed', '', true],
      ['stated', '', true],
    ]);
    expect(rows.slice(0, -3).map(([kind, , active]) => [kind, active])).toEqual(
      rows.slice(0, -3).map(() => ['tax', true]),
    );
    expect(rows.map(([, name]) => name)).toEqual(expect.arrayContaining(['GST', 'GST + QST', 'HST ON']));
  });
});
