// Reconnecting QuickBooks Online to another company (a sandbox, then production), against the
// local stand-in serving two companies: QuickBooks' ids are small numbers that repeat across
// companies, so a reconnect to another realm forgets the links, the chart's refs and what was
// sent, and sends everything to the new company as never sent; the new company's accounts and
// items with the old ids rename nothing here, and its invoice with the old invoice's id is left
// alone. A reconnect to the same realm keeps everything: nothing is sent twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const REALM_A = '9130357766900456';
const REALM_B = '4620816365181525';

interface ProductView {
  name: string;
  sku: string | null;
  price: number | null;
}

describe.each(backends)('QuickBooks Online reconnected to another company on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';
  let product = '';
  let invoice = { id: '', number: '' };
  /** the local accounts after company A's chart read: name and type */
  let accountsInA: { name: string; type: string }[] = [];
  /** what company A gave the product and the invoice */
  let itemIdInA = '';
  let invoiceIdInA = '';

  const qb = quickBooksCalls(() => api);
  const { call, ok, push, syncNow, issueInvoice, linkOf, syncLogOf } = qb;
  const connect = async () => {
    await qb.connect(co);
    // the job the callback wakes
    await push(co);
  };
  const disconnect = async () => ok(await call(co, `mutation { integrationDisconnect(app: quickbooks) { status } }`));
  const localAccounts = async () =>
    rowsOf<{ name: string; type: string; ref: string | null }>(
      await api.database.db.execute(sql`SELECT name, type, ref FROM accounts WHERE company_id = ${co.companyId}
        ORDER BY id`),
    );
  const accountId = (ref: string) => qb.accountIdOf(co, ref);
  const productOf = async (id: string) =>
    ok(await call<{ product: ProductView }>(co, `query($id: ID!) { product(id: $id) { name sku price } }`, { id }))
      .product;
  const exciseAccountRef = async () =>
    ok(
      await call<{ companies: { id: string; settings: { excisePaymentAccountRef: string | null } }[] }>(
        co,
        `{ companies { id settings { excisePaymentAccountRef } } }`,
      ),
    ).companies.find((c) => String(c.id) === co.companyId)!.settings.excisePaymentAccountRef;
  const invoicesNumbered = (number: string) => qbo.records.Invoice.filter((i) => i.DocNumber === number);

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      connect: false,
      customer: { name: 'Bar Nord' },
    }));
  });
  afterAll(() => rig?.close());

  it('connects to company A, reads its chart and sends a product and an invoice there', async () => {
    expect(qbo.realmId).toBe(REALM_A);
    await connect();
    product = ok(
      await call<{ productCreate: { id: string } }>(
        co,
        `mutation { productCreate(input: { name: "Gin 750 mL", sku: "GIN-750", price: 34.50 }) { id } }`,
      ),
    ).productCreate.id;
    const [income, cogs] = await Promise.all([accountId('7'), accountId('3')]);
    ok(
      await call(co, `mutation($input: AccountMappingInput!) { accountMappingSet(input: $input) { entityId } }`, {
        input: { entityType: 'product', entityId: product, income, cogs },
      }),
    );
    // Settings' Excise payment account keeps A's ref of Excise Duty Payable
    ok(
      await call(co, `mutation($s: CompanySettingsInput!) { companySettingsSet(settings: $s) { id } }`, {
        s: { excisePaymentAccountRef: '6' },
      }),
    );
    expect(await exciseAccountRef()).toBe('6');
    invoice = await issueInvoice(co, {
      number: 'RLM-1',
      customer,
      lines: [{ product, description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }],
    });
    await push(co);
    invoiceIdInA = (await linkOf(co, 'invoice', invoice.id)).external_id;
    itemIdInA = (await linkOf(co, 'product', product)).external_id;
    expect(invoicesNumbered('RLM-1').map((i) => i.Id)).toEqual([invoiceIdInA]);
    expect(qbo.records.Item.find((i) => i.Id === itemIdInA)).toMatchObject({ Name: 'Gin 750 mL', Sku: 'GIN-750' });
    accountsInA = (await localAccounts()).map(({ name, type }) => ({ name, type }));
    expect(accountsInA.map((a) => a.name)).toContain('Sales of Product Income');
  });

  it('reconnected to company B, whose ids repeat A’s: sends the invoice again, renames nothing here', async () => {
    await disconnect();
    qbo.useCompany(REALM_B);
    // company B's chart has the same ids under other names and types, an Item with the id A gave
    // the product and an invoice of its own with the id A gave the invoice
    qbo.records.Account = [
      { Id: '1', Name: 'Ventes', AccountType: 'Income', Active: true },
      { Id: '2', Name: 'Frais bancaires', AccountType: 'Expense', Active: true },
      { Id: '3', Name: 'Loyer', AccountType: 'Expense', Active: true },
      { Id: '7', Name: 'Honoraires', AccountType: 'Other Income', Active: true },
    ];
    qbo.records.Item.push({
      Id: itemIdInA,
      Name: 'Vodka 1 L',
      Sku: 'VOD-1000',
      UnitPrice: 19.99,
      Type: 'NonInventory',
      Active: true,
      SyncToken: '5',
      MetaData: { CreateTime: new Date().toISOString(), LastUpdatedTime: new Date().toISOString() },
    });
    qbo.records.Invoice.push({ Id: invoiceIdInA, DocNumber: 'B-OWN-1', SyncToken: '0', TotalAmt: 10 });

    await qb.connect(co);
    const [row] = rowsOf<{ external_company_id: string }>(
      await api.database.db.execute(sql`SELECT external_company_id FROM integration_connections
        WHERE company_id = ${co.companyId} AND app = 'quickbooks'`),
    );
    expect(row.external_company_id).toBe(REALM_B);
    // nothing of A's is taken for B's: the invoice waits to be sent, as never sent
    expect(await syncLogOf(co, 'invoice', invoice.id, ['status'] as const)).toEqual({ status: 'queued' });
    expect(await linkOf(co, 'invoice', invoice.id)).toBeUndefined();
    await push(co);
    await syncNow(co);

    // created in B, and B's own invoice with A's id is as it was
    const sent = invoicesNumbered('RLM-1');
    expect(sent).toHaveLength(1);
    expect(sent[0].Id).not.toBe(invoiceIdInA);
    expect((await linkOf(co, 'invoice', invoice.id)).external_id).toBe(sent[0].Id);
    expect(qbo.records.Invoice.find((i) => i.Id === invoiceIdInA)).toMatchObject({ DocNumber: 'B-OWN-1' });
    expect(qbo.changes.filter((c) => c.body.Id === invoiceIdInA)).toEqual([]);

    // the local accounts keep their names and types; B's accounts come in beside them
    const after = await localAccounts();
    for (const account of accountsInA)
      expect(after.find((a) => a.name === account.name)).toMatchObject({ type: account.type });
    expect(after.map((a) => a.name)).toEqual(expect.arrayContaining(['Ventes', 'Honoraires']));
    expect(after.find((a) => a.name === 'Ventes')?.ref).toBe('1');
    // those B did not have are created there
    expect(qbo.records.Account.map((a) => a.Name)).toEqual(expect.arrayContaining(['Sales of Product Income']));

    // A's ref is some other account in B: the Excise payment account is to be picked again
    expect(await exciseAccountRef()).toBeNull();

    // B's Item with the id A gave the product renames nothing: the product is sent to B as new
    expect(await productOf(product)).toEqual({ name: 'Gin 750 mL', sku: 'GIN-750', price: 34.5 });
    const item = qbo.records.Item.find((i) => i.Name === 'Gin 750 mL');
    expect(item?.Id).not.toBe(itemIdInA);
    expect((await linkOf(co, 'product', product)).external_id).toBe(item?.Id);
  });

  it('reconnected to the same company: keeps the links, and sends nothing twice', async () => {
    const link = (await linkOf(co, 'invoice', invoice.id)).external_id;
    const accounts = await localAccounts();
    await disconnect();
    await connect();
    await syncNow(co);
    expect((await linkOf(co, 'invoice', invoice.id)).external_id).toBe(link);
    expect(invoicesNumbered('RLM-1')).toHaveLength(1);
    expect(await localAccounts()).toEqual(accounts);
    ok(
      await call(co, `mutation($s: CompanySettingsInput!) { companySettingsSet(settings: $s) { id } }`, {
        s: { excisePaymentAccountRef: '6' },
      }),
    );
    await disconnect();
    await connect();
    expect(await exciseAccountRef()).toBe('6');
    expect(await productOf(product)).toEqual({ name: 'Gin 750 mL', sku: 'GIN-750', price: 34.5 });
  });
});
