// A customer's billing address (issue 13: the invoice goes to it, the goods to the ship-to) and
// the customers list's balances (one query for a page of customers, not one per customer).
//
// Balances, worked by hand: customer i (1..50) has an open invoice of i dollars (Sent) and a
// paid one of 1000 (Paid: owes nothing); customers 1 to 5 also have a PartiallyPaid USD invoice
// with 10.00 USD left at 1.35, 13.50 CAD. So customer 3 owes 3 + 13.50 = 16.50 and customer 7
// owes 7.00. Undelivered by postal code: an order with no shipping address ships to the
// customer's own address, so it files under the billing address's postal code (K1A 0B1).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EVERYTHING, backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
const BILLING = '24 Sussex Drive\nOttawa ON  k1a0b1';
const REPORT = `query($name: String!, $p: ReportParameters) { report(name: $name, parameters: $p) { rows } }`;
const LIST = `query { customers2(first: 60, sortKey: "name") { edges { node { id name balance } } } }`;

describe.each(backends)('customer billing address and balances on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  const dialect = new PgDialect();

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api, [...EVERYTHING, 'reports']);
    const r = await co.call(
      `mutation { companySettingsSet(settings: { multiCurrency: true, homeCurrency: "CAD" }) { multiCurrency } }`,
    );
    expect(r.errors).toBeUndefined();
  });
  afterAll(() => api.close());

  it('keeps a billing address and refuses one too long', async () => {
    const id = await co.create('customer', { name: 'Parliament Bar', billingAddress: BILLING });
    const r = await co.call<{ customer: { billingAddress: string } }>(
      `query($id: ID!) { customer(id: $id) { billingAddress } }`,
      { id },
    );
    expect(r.data?.customer.billingAddress).toBe(BILLING);
    const long = await co.call(`mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }`, {
      input: { name: 'Too long', billingAddress: 'x'.repeat(501) },
    });
    expect(long.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('files an order without a ship-to under the billing postal code', async () => {
    const customer = await co.create('customer', { name: 'Rideau Club', billingAddress: BILLING });
    await co.create('salesOrder', {
      number: 'SO-B1',
      customer,
      date: '2026-03-02',
      status: 'Open',
      site: co.site,
      lines: [{ description: 'Tasting', quantity: 2, unitPrice: 10 }],
    });
    await co.create('salesOrder', {
      number: 'SO-B2',
      customer,
      date: '2026-03-03',
      status: 'Open',
      site: co.site,
      shippingAddress: '800 Robson St, Vancouver BC V6B 1A1',
      lines: [{ description: 'Tasting', quantity: 1, unitPrice: 10 }],
    });
    const r = await co.call<{ report: { rows: string[][] } }>(REPORT, {
      name: 'SalesUndelivered',
      p: { from: '2026-03-01', to: '2026-03-31', by: 'postalCode' },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.report.rows.map((row) => [row[0], row[2]])).toEqual([
      ['K1A 0B1', 'SO-B1'],
      ['V6B 1A1', 'SO-B2'],
    ]);
  });

  it('answers the balances of 50 customers with one query of the invoices', async () => {
    const { db } = api.database;
    const ids: string[] = [];
    for (let i = 1; i <= 50; i++)
      ids.push(await co.create('customer', { name: `Balance ${String(i).padStart(2, '0')}` }));
    const invoice = (customer: string, number: string, status: string, currency: string, balance: string, rate = '1') =>
      db.execute(sql`INSERT INTO invoices (company_id, number, customer_id, date, status, currency, exchange_rate, total, balance)
        VALUES (${co.companyId}, ${number}, ${customer}, '2026-02-01', ${status}, ${currency}, ${rate}, ${balance}, ${balance})`);
    for (const [i, id] of ids.entries()) {
      await invoice(id, `B-${i + 1}`, 'Sent', 'CAD', `${i + 1}.000`);
      await invoice(id, `P-${i + 1}`, 'Paid', 'CAD', '1000.000');
      if (i < 5) await invoice(id, `U-${i + 1}`, 'PartiallyPaid', 'USD', '10.000', '1.35');
    }
    const execute = vi.spyOn(db, 'execute');
    try {
      const r = await co.call<{ customers2: { edges: { node: { id: string; name: string; balance: number } }[] } }>(
        LIST,
      );
      expect(r.errors).toBeUndefined();
      const balance = new Map(r.data!.customers2.edges.map((e) => [e.node.id, e.node.balance]));
      expect(balance.get(ids[2])).toBe(16.5);
      expect(balance.get(ids[6])).toBe(7);
      expect(ids.map((id) => balance.get(id))).toEqual(ids.map((_, i) => i + 1 + (i < 5 ? 13.5 : 0)));
      const invoiceReads = execute.mock.calls.filter(([q]) => /FROM invoices/.test(dialect.sqlToQuery(q as SQL).sql));
      expect(invoiceReads).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
  });
});
