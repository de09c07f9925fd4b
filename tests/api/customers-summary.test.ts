// customerSummary (issue 13, the customer screen): open sales orders (not Closed, Cancelled or
// Invoiced), open invoices (balance > 0, not Void) and the balance per currency, rounded to the
// currency's precision (spec section 3's table: CAD 2, JPY 0, KWD 3 decimals) and the customer's
// balance in the home currency (CAD), each invoice at its exchange rate; money only with
// `values`; another company's customer is not found. The documents are written straight into
// their tables: their totals and balances are the sales flow's to compute, this call only reads
// them, so every figure below is the sum of the figures given here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { membershipTable, userTable } from '../../src/generated/tables';

const SUMMARY = `query($id: ID!) { customerSummary(customerId: $id) { customerId
  openOrders { number date requiredDate status currency total }
  openInvoices { number date dueDate status currency total balance }
  balance homeCurrency balances { currency amount } } }`;

interface Summary {
  customerId: string;
  balance: string | null;
  homeCurrency: string | null;
  openOrders: { number: string; status: string; currency: string; total: string | null }[];
  openInvoices: {
    number: string;
    dueDate: string | null;
    currency: string;
    total: string | null;
    balance: string | null;
  }[];
  balances: { currency: string; amount: string }[];
}

describe.each(backends)('customerSummary on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;
  let customer: string;
  const gql = <T>(
    query: string,
    variables: Record<string, unknown>,
    token = owner.token,
    companyId = owner.companyId,
  ) =>
    api
      .gql<T>(companyId, query, variables, token)
      .then((r) => r.body as { data?: T; errors?: { message: string; extensions: { code: string } }[] });

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
    const mk = async (name: string) => {
      const r = await gql<{ customerCreate: { id: string } }>(
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }`,
        { input: { name } },
      );
      expect(r.errors).toBeUndefined();
      return r.data!.customerCreate.id;
    };
    customer = await mk('Harbour Liquor');
    const other = await mk('Other Bar');
    const { db } = api.database;
    const co = owner.companyId;
    const order = (c: string, number: string, date: string, status: string, currency: string, total: string) =>
      db.execute(sql`INSERT INTO sales_orders (company_id, number, customer_id, date, status, currency, total)
        VALUES (${co}, ${number}, ${c}, ${date}, ${status}, ${currency}, ${total})`);
    await order(customer, 'SO-1', '2026-01-05', 'Open', 'CAD', '226.000');
    await order(customer, 'SO-2', '2026-01-06', 'PartiallyShipped', 'CAD', '56.500');
    await order(customer, 'SO-3', '2026-01-07', 'Closed', 'CAD', '10.000');
    await order(customer, 'SO-4', '2026-01-08', 'Cancelled', 'CAD', '10.000');
    await order(customer, 'SO-5', '2026-01-09', 'Invoiced', 'CAD', '10.000');
    await order(customer, 'SO-6', '2026-01-10', 'Shipped', 'JPY', '12000.000');
    await order(other, 'SO-9', '2026-01-05', 'Open', 'CAD', '99.000');
    const invoice = (
      c: string,
      number: string,
      due: string,
      status: string,
      currency: string,
      total: string,
      balance: string,
      rate = '1',
    ) =>
      db.execute(sql`INSERT INTO invoices (company_id, number, customer_id, date, due_date, status, currency, exchange_rate, total, balance)
        VALUES (${co}, ${number}, ${c}, '2026-02-01', ${due}, ${status}, ${currency}, ${rate}, ${total}, ${balance})`);
    await invoice(customer, 'INV-1', '2026-03-03', 'Sent', 'CAD', '113.000', '113.000');
    await invoice(customer, 'INV-2', '2026-03-01', 'PartiallyPaid', 'CAD', '100.250', '50.250');
    await invoice(customer, 'INV-3', '2026-03-02', 'Paid', 'CAD', '40.000', '0.000');
    await invoice(customer, 'INV-4', '2026-03-02', 'Void', 'CAD', '20.000', '20.000');
    await invoice(customer, 'INV-5', '2026-03-04', 'Sent', 'JPY', '1500.000', '1500.000', '0.0091');
    await invoice(customer, 'INV-6', '2026-03-05', 'Sent', 'KWD', '12.345', '12.345', '4.45');
    await invoice(customer, 'INV-7', '2026-03-06', 'Draft', 'CAD', '30.000', '30.000');
    await invoice(other, 'INV-9', '2026-03-01', 'Sent', 'CAD', '77.000', '77.000');
  });
  afterAll(() => api.close());

  it('answers open orders, open invoices and the balance per currency', async () => {
    const r = await gql<{ customerSummary: Summary }>(SUMMARY, { id: customer });
    expect(r.errors).toBeUndefined();
    const s = r.data!.customerSummary;
    expect(s.customerId).toBe(customer);
    // open: SO-1 (Open), SO-2 (PartiallyShipped), SO-6 (Shipped, not yet invoiced), by date
    expect(s.openOrders.map((o) => [o.number, o.status, o.currency, o.total])).toEqual([
      ['SO-1', 'Open', 'CAD', '226.00'],
      ['SO-2', 'PartiallyShipped', 'CAD', '56.50'],
      ['SO-6', 'Shipped', 'JPY', '12000'],
    ]);
    // owing: INV-2 (due 03-01), INV-1 (03-03), INV-5, INV-6; INV-3 is paid, INV-4 void, INV-7 a draft
    expect(s.openInvoices.map((i) => [i.number, i.dueDate, i.currency, i.total, i.balance])).toEqual([
      ['INV-2', '2026-03-01', 'CAD', '100.25', '50.25'],
      ['INV-1', '2026-03-03', 'CAD', '113.00', '113.00'],
      ['INV-5', '2026-03-04', 'JPY', '1500', '1500'],
      ['INV-6', '2026-03-05', 'KWD', '12.345', '12.345'],
    ]);
    // CAD 113.00 + 50.25 = 163.25; JPY 1500; KWD 12.345
    // in CAD: 113.00 + 50.25 + 1500 x 0.0091 (13.65) + 12.345 x 4.45 (54.93525, 54.94) = 231.84
    expect(s.homeCurrency).toBe('CAD');
    expect(s.balance).toBe('231.84');
    expect(s.balances).toEqual([
      { currency: 'CAD', amount: '163.25' },
      { currency: 'JPY', amount: '1500' },
      { currency: 'KWD', amount: '12.345' },
    ]);
  });

  it('leaves money out without the values permission', async () => {
    const token = await colleague(['selling.read']);
    const r = await gql<{ customerSummary: Summary }>(SUMMARY, { id: customer }, token);
    expect(r.errors).toBeUndefined();
    const s = r.data!.customerSummary;
    expect(s.openOrders.map((o) => [o.number, o.total])).toEqual([
      ['SO-1', null],
      ['SO-2', null],
      ['SO-6', null],
    ]);
    expect(s.openInvoices.every((i) => i.total === null && i.balance === null)).toBe(true);
    expect(s.openInvoices).toHaveLength(4);
    expect(s.balances).toEqual([]);
    expect(s.balance).toBeNull();
  });

  it('needs selling', async () => {
    const token = await colleague(['production.read', 'values']);
    const r = await gql<{ customerSummary: Summary }>(SUMMARY, { id: customer }, token);
    expect(r.data?.customerSummary ?? null).toBeNull();
    expect(r.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('does not answer another company’s customer', async () => {
    const stranger = await makeMember(api, EVERYTHING);
    const r = await gql<{ customerSummary: Summary }>(SUMMARY, { id: customer }, stranger.token, stranger.companyId);
    expect(r.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(r.data?.customerSummary ?? null).toBeNull();
    const bad = await gql<{ customerSummary: Summary }>(SUMMARY, { id: 'x1' });
    expect(bad.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});
