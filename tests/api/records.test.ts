// Create, read, update and delete through the generic API, with lines, references, the
// spec's validation messages, conflicts, and nothing written when input is rejected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { customerTable, productTable, productBomTable, objectsTable } from '../../src/generated/tables';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const CATEGORY_CREATE = `mutation($input: CategoryInput!) { categoryCreate(input: $input) { id name type } }`;
const CUSTOMER_CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { id name active currency email creditLimit category { id name } } }`;
const CUSTOMER_UPDATE = `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { id name email category { id name } } }`;
const CUSTOMER_GET = `query($id: ID!) { customer(id: $id) { id name email creditLimit } }`;
const PRODUCT_CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { id name sku bom { name quantity per units precision lotTracking } } }`;
const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { id bom { name quantity per } } }`;
const DELETE = `mutation($id: ID!) { objectDelete(id: $id) { id error } }`;
const DELETE_MANY = `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`;
const EXPORT = `query($filters: [Filter!], $sortKey: String) { customersExport(filters: $filters, sortKey: $sortKey) }`;

type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };

describe.each(backends)('records on %s', (backend) => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  const call = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>) => {
    const res = await api.gql<T>(m.companyId, query, variables, m.token);
    return { ...res.body, status: res.status } as { data?: T; errors?: Err[]; status: number };
  };
  const customers = async () =>
    (
      await api.database.db.select({ n: count() }).from(customerTable).where(eq(customerTable.companyId, m.companyId))
    )[0].n;

  beforeAll(async () => {
    api = await startApi(backend);
    m = await makeMember(api, EVERYTHING);
  });
  afterAll(() => api.close());

  it('creates, reads, updates and deletes a customer with a category', async () => {
    const cat = await call<{ categoryCreate: { id: string } }>(CATEGORY_CREATE, {
      input: { name: 'Restaurants', type: 'Customer' },
    });
    expect(cat.errors).toBeUndefined();
    const created = await call<{ customerCreate: Record<string, unknown> & { id: string } }>(CUSTOMER_CREATE, {
      input: {
        name: '  Harbour Bistro  ',
        email: 'orders@harbour.example',
        creditLimit: 2500.5,
        category: cat.data!.categoryCreate.id,
      },
    });
    expect(created.errors).toBeUndefined();
    const c = created.data!.customerCreate;
    expect(c).toMatchObject({
      name: 'Harbour Bistro',
      active: true,
      currency: 'CAD',
      creditLimit: 2500.5,
      category: { name: 'Restaurants' },
    });
    const updated = await call<{ customerUpdate: Record<string, unknown> }>(CUSTOMER_UPDATE, {
      id: c.id,
      input: { email: 'a@b.example, c@d.example', category: null },
    });
    expect(updated.data!.customerUpdate).toMatchObject({
      name: 'Harbour Bistro',
      email: 'a@b.example, c@d.example',
      category: null,
    });
    const deleted = await call<{ objectDelete: { id: string; error: string | null } }>(DELETE, { id: c.id });
    expect(deleted.data!.objectDelete).toEqual({ id: c.id, error: null });
    const gone = await call<{ customer: unknown }>(CUSTOMER_GET, { id: c.id });
    expect(gone.data!.customer).toBeNull();
  });

  it('keeps a line its id across an update, inserts new lines and deletes the missing ones', async () => {
    const LINES = `id bom { id name quantity per }`;
    type Line = { id: string; name: string; quantity: number; per: string };
    type Product = { id: string; bom: Line[] };
    const created = await call<{ productCreate: Product }>(
      `mutation($input: ProductInput!) { productCreate(input: $input) { ${LINES} } }`,
      {
        input: {
          name: 'Navy Strength Gin',
          sku: 'GIN-NAVY',
          bom: [
            { name: 'Bottle', quantity: 1, per: 'Bottle' },
            { name: 'Cork', quantity: 1, per: 'Bottle' },
            // a copied record's line id means nothing on create: the line gets its own
            { id: '1', name: 'Case', quantity: 1, per: 'Case' },
          ],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const product = created.data!.productCreate;
    const [bottle, cork, box] = product.bom;
    expect(new Set([bottle.id, cork.id, box.id, product.id]).size).toBe(4);
    expect(box.id).not.toBe('1');
    const update = (bom: Record<string, unknown>[]) =>
      call<{ productUpdate: Product }>(
        `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { ${LINES} } }`,
        { id: product.id, input: { bom } },
      );
    // the case moves first and changes, the bottle stays, the cork goes, a label is new
    const updated = await update([
      { id: box.id, name: 'Case of 6', quantity: 1, per: 'Case' },
      { id: bottle.id, name: 'Bottle', quantity: 1, per: 'Bottle' },
      { name: 'Label', quantity: 2, per: 'Bottle' },
    ]);
    expect(updated.errors).toBeUndefined();
    const bom = updated.data!.productUpdate.bom;
    expect(bom.map((l) => [l.id, l.name])).toEqual([
      [box.id, 'Case of 6'],
      [bottle.id, 'Bottle'],
      [bom[2].id, 'Label'],
    ]);
    expect([bottle.id, cork.id, box.id]).not.toContain(bom[2].id);
    const rows = await api.database.db
      .select({ id: productBomTable.id, name: productBomTable.name, position: productBomTable.position })
      .from(productBomTable)
      .where(eq(productBomTable.parentId, product.id));
    expect(rows.map((r) => r.id).sort()).toEqual([box.id, bottle.id, bom[2].id].sort());
    expect(rows.find((r) => r.id === cork.id)).toBeUndefined();
    // an id that is not one of this record's lines (the cork, now gone) is refused, nothing written
    const stale = await update([{ id: cork.id, name: 'Cork', quantity: 1, per: 'Bottle' }]);
    expect(stale.errors![0].extensions.info.fields).toEqual({ 'bom.0.id': 'Not a line of this record' });
    const again = await call<{ product: Product }>(`query($id: ID!) { product(id: $id) { ${LINES} } }`, {
      id: product.id,
    });
    expect(again.data!.product.bom.map((l) => l.id)).toEqual([box.id, bottle.id, bom[2].id]);
  });

  it('answers bad input with the spec messages and writes nothing', async () => {
    const before = await customers();
    const res = await call(CUSTOMER_CREATE, {
      input: { name: '   ', email: 'not-an-email', creditLimit: 1.234, currency: 'cad' },
    });
    expect(res.status).toBe(200);
    expect(res.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    expect(res.errors![0].extensions.info.fields).toEqual({
      name: 'Required',
      email: 'Invalid e-mail',
      creditLimit: 'At most 2 decimals',
      currency: 'Invalid format',
    });
    const long = await call(CUSTOMER_CREATE, { input: { name: 'x'.repeat(101) } });
    expect(long.errors![0].extensions.info.fields).toEqual({ name: 'Max length 100' });
    const badRef = await call(CUSTOMER_CREATE, { input: { name: 'Ok', category: '999999' } });
    expect(badRef.errors![0].extensions.info.fields).toEqual({ category: 'Not found' });
    expect(await customers()).toBe(before);
  });

  it('refuses a category of the wrong type', async () => {
    const itemCat = await call<{ categoryCreate: { id: string } }>(CATEGORY_CREATE, {
      input: { name: 'Grains', type: 'Item' },
    });
    const res = await call(CUSTOMER_CREATE, { input: { name: 'Wrong', category: itemCat.data!.categoryCreate.id } });
    expect(res.errors![0].extensions.info.fields).toEqual({ category: 'Must be a Customer category' });
  });

  it('keeps product bill-of-materials lines in order and replaces them on update', async () => {
    const created = await call<{ productCreate: { id: string; bom: unknown[] } }>(PRODUCT_CREATE, {
      input: {
        name: 'Dry Gin 750 ml',
        sku: 'GIN-750',
        bom: [
          { name: 'Bottle', quantity: 1, per: 'Bottle', units: 'ea' },
          { name: 'Case', quantity: 1, per: 'Case', units: 'ea' },
        ],
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.productCreate.bom).toEqual([
      { name: 'Bottle', quantity: 1, per: 'Bottle', units: 'ea', precision: 0, lotTracking: false },
      { name: 'Case', quantity: 1, per: 'Case', units: 'ea', precision: 0, lotTracking: false },
    ]);
    const id = created.data!.productCreate.id;
    const badLine = await call(PRODUCT_UPDATE, { id, input: { bom: [{ name: '', quantity: -1, per: 'Pallet' }] } });
    expect(badLine.errors![0].extensions.info.fields).toEqual({
      'bom.0.name': 'Required',
      'bom.0.quantity': 'Must be >= 0',
      'bom.0.per': 'Must be one of Bottle, Case',
    });
    const lines = async () =>
      (await api.database.db.select({ n: count() }).from(productBomTable).where(eq(productBomTable.parentId, id)))[0].n;
    expect(await lines()).toBe(2);
    const updated = await call<{ productUpdate: { bom: unknown[] } }>(PRODUCT_UPDATE, {
      id,
      input: { bom: [{ name: 'Label', quantity: 2, per: 'Bottle' }] },
    });
    expect(updated.data!.productUpdate.bom).toEqual([{ name: 'Label', quantity: 2, per: 'Bottle' }]);
    const dupe = await call(PRODUCT_CREATE, { input: { name: 'Other gin', sku: 'GIN-750' } });
    expect(dupe.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    expect(dupe.errors![0].extensions.info.fields).toEqual({ sku: 'Already used by another record' });
    await call(DELETE, { id });
    expect(await lines()).toBe(0);
    const [{ n }] = await api.database.db.select({ n: count() }).from(productTable).where(eq(productTable.id, id));
    expect(n).toBe(0);
  });

  it('says CONFLICT when a category still in use is deleted, and batch delete reports each id', async () => {
    const cat = await call<{ categoryCreate: { id: string } }>(CATEGORY_CREATE, {
      input: { name: 'Bars', type: 'Customer' },
    });
    const catId = cat.data!.categoryCreate.id;
    const used = await call<{ customerCreate: { id: string } }>(CUSTOMER_CREATE, {
      input: { name: 'Corner Bar', category: catId },
    });
    const res = await call(DELETE, { id: catId });
    expect(res.errors![0].extensions.code).toBe('CONFLICT');
    expect(res.errors![0].message).toBe("Category 'Bars' cannot be deleted: it is still used by customers");
    const batch = await call<{ objectsDelete: { id: string; error: string | null }[] }>(DELETE_MANY, {
      ids: [used.data!.customerCreate.id, '123456789', catId],
    });
    // the customer goes first, so the category is free by the time its turn comes
    expect(batch.data!.objectsDelete).toEqual([
      { id: used.data!.customerCreate.id, error: null },
      { id: '123456789', error: 'Object 123456789 not found' },
      { id: catId, error: null },
    ]);
    const [{ n }] = await api.database.db.select({ n: count() }).from(objectsTable).where(eq(objectsTable.id, catId));
    expect(n).toBe(0);
  });

  it('exports the filtered list as CSV downloadable only with the same token', async () => {
    await call(CUSTOMER_CREATE, { input: { name: 'Export One', active: true } });
    await call(CUSTOMER_CREATE, { input: { name: 'Export, "Two"', active: false } });
    const res = await call<{ customersExport: string }>(EXPORT, {
      filters: [{ field: 'name', comparator: 'ge', value: 'Export' }],
      sortKey: 'name',
    });
    const url = res.data!.customersExport;
    expect(url).toMatch(new RegExp(`^/files/exports/${m.companyId}/`));
    const file = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${m.token}` } });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,active,type,currency,email,phone,billingAddress,category,term,salesRep,shipmentZone,creditLimit,notes',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Export One', '"Export']);
    expect(file.body).toContain('"Export, ""Two"""');
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await makeMember(api, EVERYTHING);
    expect(
      (await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${other.token}` } })).statusCode,
    ).toBe(404);
  });

  it('gives a 4xx for a malformed body and SYNTAX_ERROR for a bad document', async () => {
    const malformed = await api.app.inject({
      method: 'POST',
      url: `/graphql/${m.companyId}`,
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(malformed.statusCode).toBe(400);
    const syntax = await call('query { customers2(first: 1) { totalCount ', {});
    expect(syntax.status).toBe(400);
    expect(syntax.errors![0].extensions.code).toBe('SYNTAX_ERROR');
    const version = await api.app.inject({
      method: 'POST',
      url: `/graphql/${m.companyId}`,
      headers: { authorization: `Bearer ${m.token}` },
      payload: { query: '{ __typename }' },
    });
    expect(version.headers['x-version']).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('references on lines', () => {
  it('carry their title, like references on the record', async () => {
    const api = await startApi();
    try {
      const m = await makeMember(api, EVERYTHING);
      const q = (query: string, variables: Record<string, unknown> = {}) =>
        api.gql<any>(m.companyId, query, variables, m.token);
      const product = (await q(`mutation { productCreate(input: { name: "Dry Gin 750 ml" }) { id } }`)).body.data
        .productCreate.id;
      const customer = (await q(`mutation { customerCreate(input: { name: "Harbour Bistro" }) { id } }`)).body.data
        .customerCreate.id;
      const created = await q(
        `mutation($input: SalesOrderInput!) { salesOrderCreate(input: $input) { id status lines { product { id name } quantity } } }`,
        {
          input: { number: 'SO-1', customer, date: '2026-11-21', lines: [{ product, quantity: 6, unitPrice: 39.95 }] },
        },
      );
      expect(created.body.errors).toBeUndefined();
      expect(created.body.data.salesOrderCreate.status).toBe('Open');
      expect(created.body.data.salesOrderCreate.lines).toEqual([
        { product: { id: product, name: 'Dry Gin 750 ml' }, quantity: 6 },
      ]);
    } finally {
      await api.close();
    }
  });
});
