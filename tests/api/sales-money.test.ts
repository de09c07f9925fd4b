// Sales and purchasing money through the API (issue 13): totals stored and answered on create
// and update, GST + QST, currencies and exchange rates, due dates from terms, invoice status
// and balance from payments and credited returns, values gating of line prices, tenancy of
// taxes, the province taxes setup, a customer's balance and a rep's commission. Every expected
// figure is worked by hand in the comment beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { membershipTable, userTable } from '../../src/generated/tables';
import { DOCUMENT_TAX, taxOf, type DocumentTaxResult } from '../../src/app/pages/documentTotals/api';

type Errors = { message: string; extensions: { code: string; info: Record<string, unknown> } }[];
type Body<T> = { data?: T; errors?: Errors };

const INVOICE_FIELDS = `id status currency exchangeRate dueDate term { id } amountPaid subtotal taxTotal total balance
  lines { id quantity unitPrice discountPercent amount taxAmount tax { id } }`;

interface Invoice {
  id: string;
  status: string;
  currency: string;
  exchangeRate: number | null;
  dueDate: string | null;
  term: { id: string } | null;
  amountPaid: number | null;
  subtotal: number | null;
  taxTotal: number | null;
  total: number | null;
  balance: number | null;
  lines: { id: string; quantity: number; unitPrice: number | null; amount: number | null; taxAmount: number | null }[];
}

describe.each(backends)('sales money on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;
  let hst: string;
  let gstQst: string;
  let customer: string;
  let seq = 0;

  const gql = <T>(
    query: string,
    variables: Record<string, unknown> = {},
    token = owner.token,
    companyId = owner.companyId,
  ) => api.gql<T>(companyId, query, variables, token).then((r) => r.body as Body<T>);
  const ok = async <T>(query: string, variables: Record<string, unknown> = {}, token = owner.token) => {
    const r = await gql<T>(query, variables, token);
    expect(r.errors).toBeUndefined();
    return r.data!;
  };
  const create = async (entity: string, input: Record<string, unknown>, fields = 'id') => {
    const type = entity[0].toUpperCase() + entity.slice(1);
    const data = await ok<Record<string, { id: string }>>(
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { ${fields} } }`,
      { input },
    );
    return data[`${entity}Create`];
  };
  const invoiceCreate = (input: Record<string, unknown>, token = owner.token) =>
    gql<{ invoiceCreate: Invoice }>(
      `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { ${INVOICE_FIELDS} } }`,
      { input: { number: `INV-${++seq}`, customer, date: '2026-01-15', status: 'Sent', ...input } },
      token,
    );
  const invoiceUpdate = (id: string, input: Record<string, unknown>, token = owner.token) =>
    gql<{ invoiceUpdate: Invoice }>(
      `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { ${INVOICE_FIELDS} } }`,
      { id, input },
      token,
    );
  const readInvoice = async (id: string, token = owner.token) =>
    (await ok<{ invoice: Invoice }>(`query($id: ID!) { invoice(id: $id) { ${INVOICE_FIELDS} } }`, { id }, token))
      .invoice;
  const setSettings = (settings: Record<string, unknown>) =>
    ok(`mutation($s: CompanySettingsInput!) { companySettingsSet(settings: $s) { multiCurrency } }`, { s: settings });
  /** another user of the same company with these permissions */
  const colleague = async (permissions: string[]) => {
    const { db } = api.database;
    const [user] = await db
      .insert(userTable)
      .values({ email: `${randomUUID()}@example.test`, name: 'Colleague' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({ companyId: owner.companyId, user: user.id, permissions });
    return api.token(user.id);
  };

  beforeAll(async () => {
    api = await startApi(backend);
    owner = await makeMember(api, EVERYTHING);
    hst = (await create('tax', { name: 'HST', code: 'HST', rate: 13 })).id;
    gstQst = (
      await create('tax', {
        name: 'GST + QST',
        code: 'GSTQST',
        rate: 14.975,
        components: [
          { name: 'GST', rate: 5 },
          { name: 'QST', rate: 9.975 },
        ],
      })
    ).id;
    customer = (await create('customer', { name: 'Harbour Liquor' })).id;
  });
  afterAll(() => api.close());

  it('stores and answers line amounts and totals on create and on update', async () => {
    // 3 x 19.99 = 59.97; 1 x 45.50 less 10 % = 40.95; subtotal 100.92
    // shipping 15.00 is taxed like the goods (CRA: delivery billed by the seller is part of the
    // supply), shared by amount: 1500 x 5997 / 10092 = 891.35 -> 8.91 and 6.09; HST on
    // (100.92 + 15.00) = 115.92 x 13 % = 15.0696 -> 15.07; total 100.92 + 15.00 + 15.07 = 130.99
    // line tax shares on 68.88 and 47.04: 1507 x 6888 / 11592 = 895.46 -> 8.95; the other 6.12
    const r = await invoiceCreate({
      shippingCharge: 15,
      lines: [
        { quantity: 3, unitPrice: 19.99, tax: hst },
        { quantity: 1, unitPrice: 45.5, discountPercent: 10, tax: hst },
      ],
    });
    expect(r.errors).toBeUndefined();
    const inv = r.data!.invoiceCreate;
    expect(inv.lines.map((l) => [l.amount, l.taxAmount])).toEqual([
      [59.97, 8.95],
      [40.95, 6.12],
    ]);
    expect([inv.subtotal, inv.taxTotal, inv.total, inv.balance]).toEqual([100.92, 15.07, 130.99, 130.99]);
    expect(await readInvoice(inv.id)).toMatchObject({ subtotal: 100.92, taxTotal: 15.07, total: 130.99 });

    // drop the discount: line 2 = 45.50; subtotal 105.47; HST (105.47 + 15) x 13 % = 15.6611 -> 15.66;
    // total 105.47 + 15 + 15.66 = 136.13
    const u = await invoiceUpdate(inv.id, {
      lines: [
        { id: inv.lines[0].id, quantity: 3, unitPrice: 19.99, tax: hst },
        { id: inv.lines[1].id, quantity: 1, unitPrice: 45.5, discountPercent: 0, tax: hst },
      ],
    });
    expect(u.errors).toBeUndefined();
    expect([u.data!.invoiceUpdate.subtotal, u.data!.invoiceUpdate.taxTotal, u.data!.invoiceUpdate.total]).toEqual([
      105.47, 15.66, 136.13,
    ]);
    expect(u.data!.invoiceUpdate.lines[1].amount).toBe(45.5);
    expect((await readInvoice(inv.id)).total).toBe(136.13);
  });

  it("keeps a till's tax as charged as the whole tax: refused beside a line taxed by our rates", async () => {
    // by hand: 2 x 35.95 + 89.00 = 160.90; the till charged 20.93: total 181.83
    const r = await invoiceCreate({
      taxAsCharged: 20.93,
      lines: [
        { quantity: 2, unitPrice: 35.95 },
        { quantity: 1, unitPrice: 89 },
      ],
    });
    expect(r.errors).toBeUndefined();
    const inv = r.data!.invoiceCreate;
    expect([inv.subtotal, inv.taxTotal, inv.total]).toEqual([160.9, 20.93, 181.83]);
    // a line with HST added: its 6.50 would vanish into the stated 20.93
    const added = await invoiceUpdate(inv.id, {
      lines: [
        ...inv.lines.map((l) => ({ id: l.id, quantity: l.quantity, unitPrice: l.unitPrice })),
        { quantity: 1, unitPrice: 50, tax: hst },
      ],
    });
    expect(added.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(added.errors?.[0].extensions.info.fields).toEqual({
      taxAsCharged: 'A tax as charged is the whole tax of the document: clear it, or remove the taxes from the lines',
    });
    expect((await readInvoice(inv.id)).total).toBe(181.83);
  });

  it("answers the edit screen's tax query with the tax's components", async () => {
    const tax = async (id: string) => taxOf(await ok<DocumentTaxResult>(DOCUMENT_TAX, { id }));
    expect(await tax(gstQst)).toMatchObject({
      rate: 14.975,
      components: [
        { name: 'GST', rate: 5 },
        { name: 'QST', rate: 9.975 },
      ],
    });
    expect(await tax(hst)).toMatchObject({ rate: 13, components: [] });
  });

  it('charges GST and QST on a Quebec estimate: $100.00 -> 114.98', async () => {
    // GST 100 x 5 % = 5.00; QST 100 x 9.975 % = 9.975 -> 9.98; total 114.98
    const est = await create(
      'estimate',
      { number: 'EST-1', customer, date: '2026-01-10', lines: [{ quantity: 4, unitPrice: 25, tax: gstQst }] },
      'subtotal taxTotal total lines { amount taxAmount }',
    );
    expect(est).toMatchObject({
      subtotal: 100,
      taxTotal: 14.98,
      total: 114.98,
      lines: [{ amount: 100, taxAmount: 14.98 }],
    });
  });

  it('totals a purchase order with its freight', async () => {
    // 10 x 4.25 = 42.50; freight 20.00 billed by the supplier is taxed with the goods: HST
    // (42.50 + 20.00) x 13 % = 8.125 -> 8.13; total 42.50 + 20.00 + 8.13 = 70.63
    const supplier = (await create('supplier', { name: 'Glass Co' })).id;
    const po = await create(
      'purchaseOrder',
      {
        number: 'PO-1',
        supplier,
        date: '2026-01-10',
        freight: 20,
        lines: [{ quantity: 10, unitPrice: 4.25, tax: hst }],
      },
      'subtotal taxTotal total',
    );
    expect(po).toMatchObject({ subtotal: 42.5, taxTotal: 8.13, total: 70.63 });
  });

  it('refuses a foreign currency with one currency, and needs a rate with several', async () => {
    const off = await invoiceCreate({ currency: 'USD', lines: [{ quantity: 1, unitPrice: 10 }] });
    expect(off.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(off.errors?.[0].extensions.info.fields).toEqual({
      currency: 'This company works in CAD only: turn on multiple currencies in the company settings to use USD',
    });

    await setSettings({ multiCurrency: true });
    const noRate = await invoiceCreate({ currency: 'USD', lines: [{ quantity: 1, unitPrice: 10 }] });
    expect(noRate.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(noRate.errors?.[0].extensions.info.fields as object)).toEqual(['exchangeRate']);
    const zero = await invoiceCreate({ currency: 'USD', exchangeRate: 0, lines: [{ quantity: 1, unitPrice: 10 }] });
    expect(zero.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');

    const usd = await invoiceCreate({ currency: 'USD', exchangeRate: 1.35, lines: [{ quantity: 1, unitPrice: 10 }] });
    expect(usd.errors).toBeUndefined();
    expect(usd.data!.invoiceCreate).toMatchObject({ currency: 'USD', exchangeRate: 1.35, total: 10 });
    // moved into euros, it needs the euro's rate, not the dollar's
    const toEuro = await invoiceUpdate(usd.data!.invoiceCreate.id, { currency: 'EUR' });
    expect(Object.keys(toEuro.errors?.[0].extensions.info.fields as object)).toEqual(['exchangeRate']);
    // a home-currency document converts at 1, whatever was sent
    const cad = await invoiceCreate({ currency: 'CAD', exchangeRate: 2, lines: [{ quantity: 1, unitPrice: 10 }] });
    expect(cad.data!.invoiceCreate).toMatchObject({ currency: 'CAD', exchangeRate: 1 });

    // a document without a currency takes its customer's; a yen document rounds to whole yen:
    // 3 x 333.5 = 1000.5 -> 1001
    const yenCustomer = (await create('customer', { name: 'Tokyo Bar', currency: 'JPY' })).id;
    const yen = await invoiceCreate({
      customer: yenCustomer,
      exchangeRate: 0.0091,
      lines: [{ quantity: 3, unitPrice: 333.5 }],
    });
    expect(yen.errors).toBeUndefined();
    expect(yen.data!.invoiceCreate).toMatchObject({ currency: 'JPY', total: 1001 });
    await setSettings({ multiCurrency: false });
  });

  it('gives the due date from the term, the term from the customer', async () => {
    const term = (await create('term', { name: 'Net 30', dueDays: 30 })).id;
    const termed = (await create('customer', { name: 'Termed Inc', term })).id;
    // 2026-01-15 + 30 days = 2026-02-14
    const r = await invoiceCreate({ customer: termed, lines: [] });
    expect(r.errors).toBeUndefined();
    expect(r.data!.invoiceCreate).toMatchObject({ term: { id: term }, dueDate: '2026-02-14' });
    // a due date given is kept
    const given = await invoiceCreate({ customer: termed, dueDate: '2026-01-31', lines: [] });
    expect(given.data!.invoiceCreate.dueDate).toBe('2026-01-31');
  });

  it('sets status and balance from the amount paid and refuses paying more than the total', async () => {
    // 1 x 100 + HST 13.00 = 113.00
    const inv = (await invoiceCreate({ lines: [{ quantity: 1, unitPrice: 100, tax: hst }] })).data!.invoiceCreate;
    expect(inv).toMatchObject({ status: 'Sent', total: 113, balance: 113 });
    // 113.00 - 50.00 = 63.00
    const part = await invoiceUpdate(inv.id, { amountPaid: 50 });
    expect(part.data!.invoiceUpdate).toMatchObject({ status: 'PartiallyPaid', balance: 63 });
    const paid = await invoiceUpdate(inv.id, { amountPaid: 113 });
    expect(paid.data!.invoiceUpdate).toMatchObject({ status: 'Paid', balance: 0 });
    const over = await invoiceUpdate(inv.id, { amountPaid: 113.01 });
    expect(over.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(over.errors?.[0].extensions.info.fields).toEqual({
      amountPaid: 'The amount paid (113.01) is more than the invoice total (113.00)',
    });
    expect(await readInvoice(inv.id)).toMatchObject({ status: 'Paid', amountPaid: 113 });
    // a draft stays a draft whatever was paid
    const draft = await invoiceCreate({ status: 'Draft', amountPaid: 10, lines: [{ quantity: 1, unitPrice: 100 }] });
    expect(draft.data!.invoiceCreate).toMatchObject({ status: 'Draft', balance: 90 });
  });

  it('takes a credited return off the invoice balance', async () => {
    // invoice 2 x 50 = 100.00 + HST 13.00 = 113.00, 20.00 paid: balance 93.00
    const inv = (await invoiceCreate({ amountPaid: 20, lines: [{ quantity: 2, unitPrice: 50, tax: hst }] })).data!
      .invoiceCreate;
    expect(inv.balance).toBe(93);
    // a return of one, less a restocking fee of 5.00 the seller keeps (taxed as part of the same
    // supply): (50.00 - 5.00) + HST 45.00 x 13 % = 5.85 -> 50.85 credited
    const ret = await create(
      'salesReturn',
      {
        number: 'RET-1',
        customer,
        invoice: inv.id,
        date: '2026-01-20',
        status: 'Draft',
        restockingFee: 5,
        lines: [{ quantity: 1, unitPrice: 50, tax: hst }],
      },
      'id total',
    );
    expect(ret).toMatchObject({ total: 50.85 });
    // a draft return credits nothing yet
    expect((await readInvoice(inv.id)).balance).toBe(93);
    await ok(`mutation($id: ID!) { salesReturnUpdate(id: $id, input: { status: "Credited" }) { id } }`, { id: ret.id });
    // 93.00 - 50.85 = 42.15
    expect((await readInvoice(inv.id)).balance).toBe(42.15);
  });

  it('hides line prices from users without values and refuses their writing one', async () => {
    const inv = (await invoiceCreate({ lines: [{ quantity: 2, unitPrice: 10, discountPercent: 5, tax: hst }] })).data!
      .invoiceCreate;
    const seller = await colleague(['selling.read', 'selling.write']);
    const seen = await readInvoice(inv.id, seller);
    expect(seen.lines[0]).toMatchObject({ quantity: 2, unitPrice: null, amount: null, taxAmount: null });
    expect(seen.total).toBeNull();
    const write = await invoiceUpdate(inv.id, { lines: [{ id: inv.lines[0].id, quantity: 3, unitPrice: 1 }] }, seller);
    expect(write.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const created = await invoiceCreate({ lines: [{ quantity: 1, unitPrice: 99 }] }, seller);
    expect(created.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // changing the quantity alone is allowed, keeps the price, and the totals follow:
    // 3 x 10 less 5 % = 28.50; HST 3.705 -> 3.71; total 32.21
    const qty = await invoiceUpdate(inv.id, { lines: [{ id: inv.lines[0].id, quantity: 3, tax: hst }] }, seller);
    expect(qty.errors).toBeUndefined();
    expect(await readInvoice(inv.id)).toMatchObject({ subtotal: 28.5, taxTotal: 3.71, total: 32.21 });
  });

  it("refuses another company's tax on a line", async () => {
    const other = await makeMember(api, EVERYTHING);
    const foreign = await api.gql<{ taxCreate: { id: string } }>(
      other.companyId,
      `mutation { taxCreate(input: { name: "GST", rate: 5 }) { id } }`,
      {},
      other.token,
    );
    const r = await invoiceCreate({ lines: [{ quantity: 1, unitPrice: 10, tax: foreign.body.data!.taxCreate.id }] });
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(r.errors?.[0].extensions.info.fields as object)).toEqual(['lines.0.tax']);
  });

  it('sets up the taxes of a province', async () => {
    const setUp = (province: string, token = owner.token) =>
      gql<{
        taxesSetUpForProvince: {
          id: string;
          code: string;
          rate: number;
          province: string;
          components: { name: string; rate: number; compound: boolean }[];
        }[];
      }>(
        `mutation($p: String!) { taxesSetUpForProvince(province: $p) { id code rate province components { name rate compound } } }`,
        { p: province },
        token,
      );
    const qc = await setUp('QC');
    expect(qc.errors).toBeUndefined();
    expect(qc.data!.taxesSetUpForProvince).toMatchObject([
      {
        code: 'GST-QST',
        rate: 14.975,
        province: 'QC',
        components: [
          { name: 'GST', rate: 5, compound: false },
          { name: 'QST', rate: 9.975, compound: false },
        ],
      },
    ]);
    // again: the same tax, not a second one
    const again = await setUp('qc');
    expect(again.data!.taxesSetUpForProvince[0].id).toBe(qc.data!.taxesSetUpForProvince[0].id);
    expect((await setUp('NS')).data!.taxesSetUpForProvince).toMatchObject([
      { code: 'HST-NS', rate: 14, components: [] },
    ]);
    expect((await setUp('BC')).data!.taxesSetUpForProvince).toMatchObject([
      {
        rate: 15,
        components: [
          { name: 'GST', rate: 5 },
          { name: 'PST', rate: 10 },
        ],
      },
    ]);
    const bad = await setUp('XX');
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const reader = await colleague(['selling.read']);
    expect((await setUp('ON', reader)).errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it("answers a customer's balance and a rep's commission, with values only", async () => {
    const rep = (await create('salesRep', { name: 'Ann', commission: 7.5 })).id;
    const buyer = (await create('customer', { name: 'Balance Bar' })).id;
    // A: 3 x 33.33 = 99.99 + HST 12.9987 -> 13.00 = 112.99, 12.99 paid: balance 100.00
    // B: 1 x 10.01 + shipping 5.00 = 15.01 (no tax), unpaid
    // C: a draft of 1000.00: not issued, no commission, not owed
    await invoiceCreate({
      customer: buyer,
      salesRep: rep,
      amountPaid: 12.99,
      lines: [{ quantity: 3, unitPrice: 33.33, tax: hst }],
    });
    await invoiceCreate({
      customer: buyer,
      salesRep: rep,
      date: '2026-02-01',
      shippingCharge: 5,
      lines: [{ quantity: 1, unitPrice: 10.01 }],
    });
    await invoiceCreate({ customer: buyer, salesRep: rep, status: 'Draft', lines: [{ quantity: 1, unitPrice: 1000 }] });
    // balance: 100.00 + 15.01 = 115.01
    const c = await ok<{ customer: { balance: number } }>(`query($id: ID!) { customer(id: $id) { balance } }`, {
      id: buyer,
    });
    expect(c.customer.balance).toBe(115.01);
    // commission 7.5 %: A 99.99 x 7.5 % = 7.49925 -> 7.50; B 10.01 x 7.5 % = 0.75075 -> 0.75 (shipping
    // excluded); total 8.25. January only: 7.50
    const q = `query($id: ID!, $from: String, $to: String) { salesRep(id: $id) { commissionDue(from: $from, to: $to) } }`;
    expect((await ok<{ salesRep: { commissionDue: number } }>(q, { id: rep })).salesRep.commissionDue).toBe(8.25);
    expect(
      (await ok<{ salesRep: { commissionDue: number } }>(q, { id: rep, from: '2026-01-01', to: '2026-01-31' })).salesRep
        .commissionDue,
    ).toBe(7.5);
    const seller = await colleague(['selling.read']);
    expect(
      (
        await ok<{ customer: { balance: number | null } }>(
          `query($id: ID!) { customer(id: $id) { balance } }`,
          { id: buyer },
          seller,
        )
      ).customer.balance,
    ).toBeNull();
    expect(
      (await ok<{ salesRep: { commissionDue: number | null } }>(q, { id: rep }, seller)).salesRep.commissionDue,
    ).toBeNull();
  });
});
