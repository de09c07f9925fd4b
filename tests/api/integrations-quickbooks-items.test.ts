// Product changes coming from QuickBooks Online (spec 8: the accounting system's values override
// the app's), against the local stand-in of Intuit's API: an Item pushed for a mapped product
// and then renamed, repriced, re-described or made inactive over there gives the product those
// values after Sync now (through the records layer: an audit entry with no user); a second sync
// changes nothing, nor does it undo a change made here since; the 15-minute schedule reads too;
// a value the product cannot take is a failed record with QuickBooks' words until corrected
// there; a mapping changed after the push points the Item at the new accounts (sparse update
// with its SyncToken); accountingLinked tells the edit form whether to warn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  accountingMember,
  quickBooksCalls,
  quickBooksCompany,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';
import { pushAllQueued, queueScheduledPulls } from '../../src/server/domain/integrations/pushers';

interface ProductView {
  name: string;
  sku: string | null;
  price: number | null;
  description: string | null;
  active: boolean;
}

const PRODUCT = `query($id: ID!) { product(id: $id) { name sku price description active } }`;
const SET = `mutation($input: AccountMappingInput!) { accountMappingSet(input: $input) { entityId } }`;
const LINKED = `query($type: String!, $id: ID!) { accountingLinked(entityType: $type, id: $id) }`;

describe.each(backends)('QuickBooks Online product changes on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let product = '';
  let item = '';
  let customer = '';

  const qb = quickBooksCalls(() => api);
  const { call, ok, push, syncNow } = qb;
  const connect = async (member: Member) => {
    await qb.connect(member);
    // the job the callback wakes
    await push(member);
  };
  const productOf = async (id: string) => ok(await call<{ product: ProductView }>(co, PRODUCT, { id })).product;
  /** the audit entries the integration wrote (no user) */
  const audits = async (id: string) =>
    rowsOf<{ user_id: string | null; changes: Record<string, [unknown, unknown]> }>(
      await api.database.db.execute(sql`SELECT user_id::text, changes FROM audit_log
        WHERE company_id = ${co.companyId} AND entity_id = ${id} AND event = 'updated' AND user_id IS NULL
        ORDER BY id`),
    );
  const accountId = (ref: string) => qb.accountIdOf(co, ref);
  const itemOf = (name: string) => qbo.records.Item.find((i) => i.Name === name)!;
  const failures = async () =>
    ok(
      await call<{
        integrations: { app: string; failures: { entityType: string; entityId: string; error: string }[] }[];
      }>(co, `{ integrations { app failures { entityType entityId error } } }`),
    ).integrations.find((i) => i.app === 'quickbooks')!.failures;
  const issue = async (number: string, line: Record<string, unknown>) =>
    ok(
      await call(co, `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`, {
        input: { number, customer, date: '2026-11-03', status: 'Sent', lines: [line] },
      }),
    );

  beforeAll(async () => {
    ({ rig, api, qbo, co } = await quickBooksCompany(backend, { connect: false }));
  });
  afterAll(() => rig?.close());

  it('pushes a mapped product as an Item with its price and description; reading it back changes nothing', async () => {
    await connect(co);
    product = ok(
      await call<{ productCreate: { id: string } }>(
        co,
        `mutation { productCreate(input: { name: "Gin 750 mL", sku: "GIN-750", price: 34.50, description: "London dry" }) { id } }`,
      ),
    ).productCreate.id;
    item = ok(
      await call<{ itemCreate: { id: string } }>(
        co,
        `mutation { itemCreate(input: { name: "Gift box", sku: "BOX-1", type: "Inventory" }) { id } }`,
      ),
    ).itemCreate.id;
    customer = ok(
      await call<{ customerCreate: { id: string } }>(
        co,
        `mutation { customerCreate(input: { name: "Bar Nord" }) { id } }`,
      ),
    ).customerCreate.id;
    const [income, cogs] = await Promise.all([accountId('7'), accountId('3')]);
    ok(await call(co, SET, { input: { entityType: 'product', entityId: product, income, cogs } }));
    ok(await call(co, SET, { input: { entityType: 'item', entityId: item, income } }));
    // not linked before the push: no warning to give
    expect(ok(await call<{ accountingLinked: boolean }>(co, LINKED, { type: 'product', id: product }))).toEqual({
      accountingLinked: false,
    });
    await issue('CHG-1', { product, description: 'Gin 750 mL', quantity: 1, unitPrice: 34.5 });
    await issue('CHG-2', { item, description: 'Gift box', quantity: 1, unitPrice: 5 });
    await push(co);
    expect(itemOf('Gin 750 mL')).toMatchObject({
      Sku: 'GIN-750',
      UnitPrice: 34.5,
      Description: 'London dry',
      IncomeAccountRef: { value: '7' },
      ExpenseAccountRef: { value: '3' },
    });
    expect(itemOf('Gift box')).toMatchObject({ Sku: 'BOX-1', IncomeAccountRef: { value: '7' } });
    // each one's own screen says it was sent, with QuickBooks' id
    const syncsOf = async (entity: string, id: string) =>
      ok(
        await call<{ recordSyncs: { provider: string; entityType: string; status: string; externalId: string }[] }>(
          co,
          `query($entity: String!, $id: ID!) { recordSyncs(entity: $entity, id: $id) { provider entityType status externalId } }`,
          { entity, id },
        ),
      ).recordSyncs;
    expect(await syncsOf('product', product)).toEqual([
      {
        provider: 'QuickBooks Online',
        entityType: 'product',
        status: 'succeeded',
        externalId: itemOf('Gin 750 mL').Id,
      },
    ]);
    expect(await syncsOf('item', item)).toEqual([
      { provider: 'QuickBooks Online', entityType: 'item', status: 'succeeded', externalId: itemOf('Gift box').Id },
    ]);
    // the same id as the other kind of record says nothing of it
    expect(await syncsOf('item', product)).toEqual([]);
    await syncNow(co);
    expect(await productOf(product)).toEqual({
      name: 'Gin 750 mL',
      sku: 'GIN-750',
      price: 34.5,
      description: 'London dry',
      active: true,
    });
    expect(await audits(product)).toEqual([]);
  });

  it('tells whether a product or item is linked, to those who may read it', async () => {
    const linked = async (member: Member, type: string, id: string) =>
      await call<{ accountingLinked: boolean }>(member, LINKED, { type, id });
    expect(ok(await linked(co, 'product', product)).accountingLinked).toBe(true);
    expect(ok(await linked(co, 'item', item)).accountingLinked).toBe(true);
    // the same id as the other kind of record is not linked
    expect(ok(await linked(co, 'item', product)).accountingLinked).toBe(false);
    const bad = (await linked(co, 'customer', product)).body.errors?.[0] as { extensions?: Record<string, unknown> };
    expect(bad.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { entityType: expect.any(String) } },
    });
    const stranger = await makeMember(api, ['config.read']);
    const refused = (await linked(stranger, 'product', product)).body.errors?.[0] as {
      extensions?: Record<string, unknown>;
    };
    expect(refused.extensions?.code).toBe('FORBIDDEN');
    // another company sees nothing of this company's links
    const other = await accountingMember(api);
    expect(ok(await linked(other, 'product', product)).accountingLinked).toBe(false);
  });

  it('gives the product the Item renamed and repriced in QuickBooks after Sync now, audited with no user', async () => {
    qbo.changeItem(itemOf('Gin 750 mL').Id, {
      Name: 'Gin 750 mL Navy Strength',
      Sku: 'GIN-750-NS',
      UnitPrice: 39.99,
      Description: 'Navy strength, 57 %',
    });
    qbo.changeItem(itemOf('Gift box').Id, { Name: 'Gift box (wood)' });
    await syncNow(co);
    expect(await productOf(product)).toEqual({
      name: 'Gin 750 mL Navy Strength',
      sku: 'GIN-750-NS',
      price: 39.99,
      description: 'Navy strength, 57 %',
      active: true,
    });
    const itemName = rowsOf<{ name: string }>(
      await api.database.db.execute(sql`SELECT name FROM items WHERE company_id = ${co.companyId} AND id = ${item}`),
    )[0].name;
    expect(itemName).toBe('Gift box (wood)');
    const [entry, ...more] = await audits(product);
    expect(more).toEqual([]);
    expect(entry.user_id).toBeNull();
    expect(entry.changes).toMatchObject({
      name: ['Gin 750 mL', 'Gin 750 mL Navy Strength'],
      sku: ['GIN-750', 'GIN-750-NS'],
      description: ['London dry', 'Navy strength, 57 %'],
    });
  });

  it('a second sync changes nothing, and does not undo a change made here since', async () => {
    const reads = () => qbo.requests.filter((r) => r.method === 'GET' && r.entity === 'query').length;
    const before = reads();
    await syncNow(co);
    expect(reads()).toBeGreaterThan(before);
    expect((await audits(product)).length).toBe(1);
    ok(
      await call(co, `mutation($id: ID!) { productUpdate(id: $id, input: { name: "Gin Navy" }) { id } }`, {
        id: product,
      }),
    );
    await syncNow(co);
    expect((await productOf(product)).name).toBe('Gin Navy');
    expect((await audits(product)).length).toBe(1);
  });

  it('the 15-minute schedule reads the changes too: an Item made inactive over there', async () => {
    qbo.changeItem(itemOf('Gin 750 mL Navy Strength').Id, { Active: false });
    await queueScheduledPulls(api.database.db);
    await pushAllQueued(api.database.db);
    expect(await productOf(product)).toMatchObject({ name: 'Gin 750 mL Navy Strength', active: false });
  });

  it('a value the product cannot take is a failed record until it is corrected in QuickBooks', async () => {
    const gin = itemOf('Gin 750 mL Navy Strength');
    // the product's SKU holds 40 characters; QuickBooks' holds 100
    qbo.changeItem(gin.Id, { Sku: 'S'.repeat(41), UnitPrice: 41 });
    await syncNow(co);
    expect(await productOf(product)).toMatchObject({ sku: 'GIN-750-NS', price: 39.99 });
    const [failed] = (await failures()).filter((f) => f.entityId === product);
    expect(failed.entityType).toBe('product');
    expect(failed.error).toContain('sku: Max length 40');
    expect(failed.error).toContain('QuickBooks Online');
    qbo.changeItem(gin.Id, { Sku: 'GIN-NS' });
    await syncNow(co);
    expect(await productOf(product)).toMatchObject({ sku: 'GIN-NS', price: 41 });
    expect((await failures()).filter((f) => f.entityId === product)).toEqual([]);
  });

  it('a mapping changed after the push points the Item at the new accounts (sparse update, SyncToken)', async () => {
    const gin = itemOf('Gin 750 mL Navy Strength');
    const token = Number(gin.SyncToken);
    ok(await call(co, SET, { input: { entityType: 'product', entityId: product, income: await accountId('1') } }));
    await push(co);
    expect(gin).toMatchObject({
      IncomeAccountRef: { value: '1' },
      ExpenseAccountRef: { value: '3' },
      SyncToken: String(token + 1),
    });
    ok(await call(co, SET, { input: { entityType: 'product', entityId: product, cogs: null } }));
    ok(await call(co, SET, { input: { entityType: 'item', entityId: item, income: await accountId('1') } }));
    await push(co);
    expect(itemOf('Gift box (wood)').IncomeAccountRef).toEqual({ value: '1' });
    // two creates, then one update per mapping saved with an account to send (a cost account
    // cleared stays over there: the update sends the income account again)
    const updates = qbo.requests.filter((r) => r.method === 'POST' && r.entity === 'item' && r.status === 200);
    expect(updates).toHaveLength(2 + 3);
    // a product not over there has nothing to update
    const other = ok(
      await call<{ productCreate: { id: string } }>(co, `mutation { productCreate(input: { name: "Vodka" }) { id } }`),
    ).productCreate.id;
    ok(await call(co, SET, { input: { entityType: 'product', entityId: other, income: await accountId('7') } }));
    await push(co);
    expect(qbo.requests.filter((r) => r.method === 'POST' && r.entity === 'item')).toHaveLength(5);
  });
  it('a link made before reads began changes nothing on the first read; later, only values QuickBooks has replace ours', async () => {
    // a second company whose records QuickBooks already had under the same name: the push links
    // them to that Item (one Item for a product and an item) instead of making another
    const co2 = await accountingMember(api);
    await connect(co2);
    // made in QuickBooks by hand, as Intuit answers it: no Sku, no Description, UnitPrice 0 for
    // no price; ':' is not allowed in its names, so it reads as the push would have named ours
    const pacific = new Date(Date.now() - 8 * 3600_000).toISOString().slice(0, 19) + '-08:00';
    qbo.records.Item.push({
      Id: '9001',
      SyncToken: '4',
      Name: 'Rye Cask 12',
      Type: 'NonInventory',
      UnitPrice: 0,
      Active: true,
      IncomeAccountRef: { value: '1' },
      MetaData: { CreateTime: pacific, LastUpdatedTime: pacific },
    });
    const created = async <T>(query: string) => ok(await call<T>(co2, query));
    const rye = (
      await created<{ productCreate: { id: string } }>(
        `mutation { productCreate(input: { name: "Rye:Cask 12", sku: "RYE-12", price: 30.50, description: "Cask 12, 58 %" }) { id } }`,
      )
    ).productCreate.id;
    const label = (
      await created<{ itemCreate: { id: string } }>(
        `mutation { itemCreate(input: { name: "Rye:Cask 12", sku: "RYE-12-LBL", type: "Inventory" }) { id } }`,
      )
    ).itemCreate.id;
    const buyer = (
      await created<{ customerCreate: { id: string } }>(
        `mutation { customerCreate(input: { name: "Bar Sud" }) { id } }`,
      )
    ).customerCreate.id;
    const income = rowsOf<{ id: string }>(
      await api.database.db.execute(
        sql`SELECT id::text FROM accounts WHERE company_id = ${co2.companyId} AND ref = '7'`,
      ),
    )[0].id;
    ok(await call(co2, SET, { input: { entityType: 'product', entityId: rye, income } }));
    ok(await call(co2, SET, { input: { entityType: 'item', entityId: label, income } }));
    for (const [number, line] of [
      ['OLD-1', { product: rye, description: 'Rye', quantity: 1, unitPrice: 30.5 }],
      ['OLD-2', { item: label, description: 'Label', quantity: 1, unitPrice: 1 }],
    ] as const)
      ok(
        await call(co2, `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`, {
          input: { number, customer: buyer, date: '2026-11-03', status: 'Sent', lines: [line] },
        }),
      );
    await push(co2);
    const links = async () =>
      rowsOf<{ entity_type: string; external_id: string; external_version: string | null }>(
        await api.database.db.execute(sql`SELECT entity_type, external_id, external_version FROM integration_links
          WHERE company_id = ${co2.companyId} AND entity_type IN ('product', 'item') ORDER BY entity_type`),
      );
    // the push linked both to the Item QuickBooks had, at the version it saw
    expect(await links()).toEqual([
      { entity_type: 'item', external_id: '9001', external_version: '4' },
      { entity_type: 'product', external_id: '9001', external_version: '4' },
    ]);
    // links made before versions were kept have none
    await api.database.db.execute(sql`UPDATE integration_links SET external_version = NULL
      WHERE company_id = ${co2.companyId} AND entity_type IN ('product', 'item')`);
    expect(qbo.records.Item.filter((i) => i.Name === 'Rye Cask 12')).toHaveLength(1);
    // as the links stood before reads began: no read yet, so the first reads every Item
    await api.database.db.execute(sql`UPDATE integration_connections SET items_read_through = NULL,
      items_read_realm = NULL WHERE company_id = ${co2.companyId}`);

    const ryeNow = async () => ok(await call<{ product: ProductView }>(co2, PRODUCT, { id: rye })).product;
    const labelNow = async () =>
      rowsOf<{ name: string; sku: string | null; active: boolean }>(
        await api.database.db.execute(
          sql`SELECT name, sku, active FROM items WHERE company_id = ${co2.companyId} AND id = ${label}`,
        ),
      )[0];
    const integrationAudits = async () =>
      rowsOf<{ entity_id: string }>(
        await api.database.db.execute(sql`SELECT entity_id::text FROM audit_log WHERE company_id = ${co2.companyId}
          AND event = 'updated' AND user_id IS NULL`),
      );
    await syncNow(co2);
    const ours = { name: 'Rye:Cask 12', sku: 'RYE-12', price: 30.5, description: 'Cask 12, 58 %', active: true };
    expect(await ryeNow()).toEqual(ours);
    expect(await labelNow()).toEqual({ name: 'Rye:Cask 12', sku: 'RYE-12-LBL', active: true });
    expect(await integrationAudits()).toEqual([]);
    // the version seen is the baseline the next change is compared with
    expect((await links()).map((l) => l.external_version)).toEqual(['4', '4']);

    // made inactive over there: that is the change; the price 0, the missing SKU and description
    // and the name in QuickBooks' form are not
    qbo.changeItem('9001', { Active: false });
    await syncNow(co2);
    expect(await ryeNow()).toEqual({ ...ours, active: false });
    expect(await labelNow()).toEqual({ name: 'Rye:Cask 12', sku: 'RYE-12-LBL', active: false });

    // a price and name QuickBooks does have replace ours, on both records linked to the Item
    qbo.changeItem('9001', { UnitPrice: 32.25, Name: 'Rye Cask 12 (2026)' });
    await syncNow(co2);
    expect(await ryeNow()).toEqual({ ...ours, name: 'Rye Cask 12 (2026)', price: 32.25, active: false });
    expect((await labelNow()).name).toBe('Rye Cask 12 (2026)');
  });

  it('an Item edited in QuickBooks right after the push, before any read, comes back', async () => {
    const vodka = ok(
      await call<{ productCreate: { id: string } }>(
        co,
        `mutation { productCreate(input: { name: "Vodka 750 mL", sku: "VOD-750", price: 29.00 }) { id } }`,
      ),
    ).productCreate.id;
    ok(await call(co, SET, { input: { entityType: 'product', entityId: vodka, income: await accountId('7') } }));
    await issue('CHG-9', { product: vodka, description: 'Vodka 750 mL', quantity: 1, unitPrice: 29 });
    await push(co);
    // repriced over there before the next read: SyncToken 0 (the push) -> 1
    qbo.changeItem(itemOf('Vodka 750 mL').Id, { UnitPrice: 31.5 });
    await syncNow(co);
    expect((await productOf(vodka)).price).toBe(31.5);
  });
});
