// The /apps list of failed records names each record as people know it, and says which screen
// opens it (src/server/domain/integrations/failureLabels.ts): a bill QuickBooks refused is its
// inventory receipt's number, an invoice its number, each opening its own screen. Against the
// QuickBooks stand-in (tests/standins/quickbooks.ts), told to refuse the next call (a 400 fault).
// The other kinds are logged here by hand, pointing at real records: each is named from the
// company's own rows only, and a record deleted since (or another company's) is named by nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  accountingMember,
  quickBooksCalls,
  quickBooksCompany,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { entityByName } from '../../src/generated/entities';
import { FAILURE_ENTITY_TYPES } from '../../src/shared/integrationFailures';
import { CHART, ACCOUNT_ENTITY } from '../../src/server/domain/integrations/accounting/chart';
import { PAYMENT_ENTITY } from '../../src/server/domain/integrations/accounting/payments';
import { CREDIT_NOTE_ENTITY } from '../../src/server/domain/integrations/accounting/creditNotes';
import { BILL_ENTITY } from '../../src/server/domain/integrations/accounting/bills';
import { EXCISE_PAYABLE_ENTITY } from '../../src/server/domain/integrations/accounting/excisePayable';
import { ITEM_ACCOUNTS } from '../../src/server/domain/integrations/accounting/itemAccounts';
import { ITEM_CHANGES } from '../../src/server/domain/integrations/accounting/itemChanges';
import { CATALOG, CHANGES, DAY } from '../../src/server/domain/integrations/square/sync';
import { POLL_ENTITY } from '../../src/server/domain/integrations/shopify/sync';
import { ORDER_ENTITY, TAX_NOTE_ENTITY } from '../../src/server/domain/integrations/shopify/orders';
import { STOCK_ENTITY } from '../../src/server/domain/integrations/shopify/stock';
import { DATA_REQUEST_ENTITY } from '../../src/server/domain/integrations/shopify/privacy';

interface Failure {
  entityType: string;
  entityId: string;
  label: string | null;
  record: {
    entity: string;
    id: string;
    form: string | null;
    siteId: string | null;
    periodStart: string | null;
    periodEnd: string | null;
  } | null;
}

const FAILURES = `{ integrations { app failures { entityType entityId label
  record { entity id form siteId periodStart periodEnd } } } }`;

const screen = (entity: string, id: string) => ({
  entity,
  id,
  form: null,
  siteId: null,
  periodStart: null,
  periodEnd: null,
});

it('every kind of record the syncs log has a name in the table of names', () => {
  const logged = [
    CHART.entityType,
    ACCOUNT_ENTITY,
    'invoice',
    'customer',
    'supplier',
    'product',
    'item',
    PAYMENT_ENTITY,
    CREDIT_NOTE_ENTITY,
    BILL_ENTITY,
    EXCISE_PAYABLE_ENTITY,
    ITEM_ACCOUNTS,
    ITEM_CHANGES.entityType,
    DAY,
    CHANGES,
    CATALOG,
    'squareItem',
    'squareVariation',
    POLL_ENTITY,
    ORDER_ENTITY,
    TAX_NOTE_ENTITY,
    STOCK_ENTITY,
    DATA_REQUEST_ENTITY,
  ];
  expect([...FAILURE_ENTITY_TYPES].sort()).toEqual([...logged].sort());
});

describe.each(backends)('QuickBooks Online: the failed records named, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';

  const qb = quickBooksCalls(() => api);
  const { ok } = qb;
  const call = <T = Record<string, unknown>>(member: Member, query: string, variables?: Record<string, unknown>) =>
    qb.call<T>(member, query, variables);
  const failures = async (member: Member, app = 'quickbooks') =>
    ok(await call<{ integrations: { app: string; failures: Failure[] }[] }>(member, FAILURES)).integrations.find(
      (i) => i.app === app,
    )!.failures;
  const issue = async (member: Member, number: string, to = customer) =>
    ok(
      await call<{ invoiceCreate: { id: string; number: string } }>(
        member,
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number } }`,
        {
          input: {
            number,
            customer: to,
            date: '2026-11-02',
            status: 'Sent',
            lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }],
          },
        },
      ),
    ).invoiceCreate;
  const create = async (entity: string, input: Record<string, unknown>, member = co) => {
    const Entity = entity[0].toUpperCase() + entity.slice(1);
    const r = await call<Record<string, { id: string }>>(
      member,
      `mutation($input: ${Entity}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
    );
    return ok(r)[`${entity}Create`].id;
  };
  /** a failure logged by hand, as the sync would log it */
  const logFailed = async (entityType: string, entityId: string, member = co, app = 'quickbooks') =>
    api.database.db.execute(sql`INSERT INTO integration_sync_log
        (company_id, app, entity_type, entity_id, status, attempts, last_error)
      VALUES (${member.companyId}, ${app}, ${entityType}, ${entityId}, 'failed', 1, 'refused')
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'failed'`);

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      customer: { name: "Bar l'Alambic" },
    }));
  });
  afterAll(() => rig?.close());

  it('a bill and an invoice QuickBooks refused are their receipt’s and invoice’s numbers, opening their screens', async () => {
    const invoice = await issue(co, 'FN-0042');
    qbo.inject({ kind: '400', detail: 'Business Validation Error: Select a customer that is not a sub-customer.' });
    await pushAllQueued(api.database.db);

    const cogs = await qb.accountIdOf(co, '3');
    const supplier = await create('supplier', { name: 'Étiquettes Laval', account: cogs });
    const receipt = await create('inventoryReceipt', {
      number: 'R-0012',
      supplier,
      date: '2026-11-06',
      status: 'Billed',
      supplierInvoice: 'EL-501',
      lines: [{ description: 'Labels', quantity: 2, unitPrice: 15 }],
    });
    qbo.inject({ kind: '400', detail: 'Business Validation Error: The vendor is inactive.' });
    await pushAllQueued(api.database.db);
    expect(qbo.records.Bill.filter((b) => b.DocNumber === 'EL-501')).toHaveLength(0);

    const listed = await failures(co);
    expect(listed.find((f) => f.entityType === 'bill')).toEqual({
      entityType: 'bill',
      entityId: receipt,
      label: 'R-0012',
      record: screen('inventoryReceipt', receipt),
    });
    expect(listed.find((f) => f.entityType === 'invoice')).toEqual({
      entityType: 'invoice',
      entityId: invoice.id,
      label: 'FN-0042',
      record: screen('invoice', invoice.id),
    });
    // each screen named is a generated one with an edit route (the client opens it by the route helpers)
    for (const f of listed) if (f.record) expect(entityByName[f.record.entity]?.routes?.edit).toBeTruthy();
  });

  it('names every other kind from the company’s own rows; a deleted or another company’s record by nothing', async () => {
    const paid = await issue(co, 'FN-0043');
    const supplier = await create('supplier', { name: 'Verrerie du Nord' });
    const product = await create('product', { name: 'Gin Boréal 750 mL' });
    const site = await create('site', { name: 'Entrepôt WH-42' });
    const exciseReturn = rowsOf<{ id: string }>(
      await api.database.db
        .execute(sql`INSERT INTO excise_returns (company_id, form, site_id, period_start, period_end, status)
        VALUES (${co.companyId}, 'B262', ${site}, '2026-10-01', '2026-10-31', 'Filed') RETURNING id::text`),
    )[0].id;
    const other = await accountingMember(api);
    const theirCustomer = await qb.newCustomer(other, { name: 'Autre client' });
    const theirs = await issue(other, 'THEIRS-1', theirCustomer);

    await logFailed('payment', paid.id);
    await logFailed('customer', customer);
    await logFailed('supplier', supplier);
    await logFailed('excisePayable', exciseReturn);
    await logFailed('accounts', '0');
    await logFailed('squareDay', '20261126');
    await logFailed('invoice', theirs.id);
    await logFailed('creditNote', '999999999999');
    await logFailed('itemAccounts', product);

    const listed = await failures(co);
    const of = (type: string, id: string) => listed.find((f) => f.entityType === type && f.entityId === id);
    expect(of('payment', paid.id)).toMatchObject({ label: 'FN-0043', record: screen('invoice', paid.id) });
    expect(of('customer', customer)).toMatchObject({ label: "Bar l'Alambic", record: screen('customer', customer) });
    expect(of('supplier', supplier)).toMatchObject({ label: 'Verrerie du Nord', record: screen('supplier', supplier) });
    expect(of('excisePayable', exciseReturn)).toMatchObject({
      label: 'B262 2026-10-01 – 2026-10-31',
      record: {
        entity: 'exciseReturn',
        id: exciseReturn,
        form: 'B262',
        siteId: site,
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
      },
    });
    // the company's one chart read: its type names it
    expect(of('accounts', '0')).toMatchObject({ label: null, record: null });
    expect(of('squareDay', '20261126')).toMatchObject({ label: '2026-11-26', record: null });
    // another company's invoice is not named here, nor is a record deleted since
    expect(of('invoice', theirs.id)).toMatchObject({ label: null, record: null });
    expect(of('creditNote', '999999999999')).toMatchObject({ label: null, record: null });
    expect(of('itemAccounts', product)).toMatchObject({
      label: 'Gin Boréal 750 mL',
      record: screen('product', product),
    });
    // a list is never lengthened by its names: one row per failed record
    const [{ n }] = rowsOf<{ n: number }>(
      await api.database.db.execute(sql`SELECT count(*)::int AS n FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'quickbooks' AND status = 'failed'`),
    );
    expect(listed).toHaveLength(n);
    // the other company sees none of this company's failures
    expect(await failures(other)).toEqual([]);
  });

  it('names the Shopify kinds: an order by its name, opening the sales order it became; a tax note by that sales order', async () => {
    const salesOrder = await create('salesOrder', { number: 'SO-0007', customer, date: '2026-11-03', status: 'Open' });
    const [kept, waiting] = rowsOf<{ id: string }>(
      await api.database.db.execute(sql`INSERT INTO shopify_orders (company_id, shop, shopify_order_id, name, payload)
        VALUES (${co.companyId}, 'names.myshopify.com', '5001', '#1001', '{}'::jsonb),
          (${co.companyId}, 'names.myshopify.com', '5002', '#1002', '{}'::jsonb) RETURNING id::text`),
    ).map((r) => r.id);
    await api.database.db
      .execute(sql`INSERT INTO integration_links (company_id, app, entity_type, entity_id, external_id)
      VALUES (${co.companyId}, 'shopify', 'shopifyOrder', ${kept}, ${salesOrder})`);
    const site = await create('site', { name: 'Chai de Lévis' });
    await logFailed('shopifyOrder', kept, co, 'shopify');
    await logFailed('shopifyOrder', waiting, co, 'shopify');
    await logFailed('shopifyTaxDifference', kept, co, 'shopify');
    await logFailed('shopifyDataRequest', '9001', co, 'shopify');
    await logFailed('shopifyStock', site, co, 'shopify');

    const listed = await failures(co, 'shopify');
    const of = (type: string, id: string) => listed.find((f) => f.entityType === type && f.entityId === id);
    expect(of('shopifyOrder', kept)).toMatchObject({ label: '#1001', record: screen('salesOrder', salesOrder) });
    // not a sales order yet: named, nothing to open
    expect(of('shopifyOrder', waiting)).toMatchObject({ label: '#1002', record: null });
    expect(of('shopifyTaxDifference', kept)).toMatchObject({
      label: 'SO-0007',
      record: screen('salesOrder', salesOrder),
    });
    expect(of('shopifyDataRequest', '9001')).toMatchObject({ label: '9001', record: null });
    expect(of('shopifyStock', site)).toMatchObject({ label: 'Chai de Lévis', record: screen('site', site) });
  });
});
