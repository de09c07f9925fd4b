// The scanner's code lookup (spec 5 Scanner): a product by its UPC is one unit, by its SCC one
// case (its bottles per case); an item by its UPC; inactive records and other companies'
// records do not match; unmatched codes come back only when asked; a hostile code is a
// VALIDATION_ERROR; a seller (selling.read only) may scan, a person with no reading right may not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeMember, startApi, EVERYTHING, type TestApi } from './harness';

const SCAN = `query($code: String!, $all: Boolean) {
  scanCode(code: $code, includeUnmatched: $all) { code kind id name sku pack quantity price } }`;

describe.each(backends)('scanner lookup on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;
  const ids: Record<string, string> = {};

  const call = async (m: { companyId: string; token: string }, code: string, all?: boolean) =>
    (await api.gql<{ scanCode: Record<string, unknown> | null }>(m.companyId, SCAN, { code, all }, m.token)).body;
  const create = async (entity: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const r = await api.gql<Record<string, { id: string }>>(
      owner.companyId,
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
      owner.token,
    );
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data![`${entity}Create`].id;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    owner = await makeMember(api, EVERYTHING);
    ids.rye = await create('product', {
      name: 'Rye 750',
      sku: 'RYE-750',
      upc: '0628000000017',
      scc: '10628000000014',
      caseSize: 6,
      price: 54.95,
    });
    ids.old = await create('product', { name: 'Old label', upc: '0628000000024', active: false });
    ids.malt = await create('item', {
      name: 'Malted barley',
      sku: 'MALT',
      upc: '0628000000031',
      type: 'Inventory',
      cost: 1.25,
    });
  });
  afterAll(() => api.close());

  it('matches a product UPC to one unit and its SCC to one case', async () => {
    expect((await call(owner, '0628000000017')).data!.scanCode).toEqual({
      code: '0628000000017',
      kind: 'Product',
      id: ids.rye,
      name: 'Rye 750',
      sku: 'RYE-750',
      pack: 'Unit',
      quantity: 1,
      price: 54.95,
    });
    expect((await call(owner, ' 10628000000014 ')).data!.scanCode).toMatchObject({
      kind: 'Product',
      id: ids.rye,
      pack: 'Case',
      quantity: 6,
    });
  });

  it('matches an item by its UPC only', async () => {
    expect((await call(owner, '0628000000031')).data!.scanCode).toMatchObject({
      kind: 'Item',
      id: ids.malt,
      pack: null,
      quantity: 1,
      price: 1.25,
    });
    // a SKU is not a barcode
    expect((await call(owner, 'MALT')).data!.scanCode).toBeNull();
  });

  it('answers unmatched codes only when asked, and never an inactive product', async () => {
    expect((await call(owner, '0628000000024')).data!.scanCode).toBeNull();
    expect((await call(owner, '9999999999999')).data!.scanCode).toBeNull();
    expect((await call(owner, '9999999999999', true)).data!.scanCode).toEqual({
      code: '9999999999999',
      kind: 'Unmatched',
      id: null,
      name: null,
      sku: null,
      pack: null,
      quantity: null,
      price: null,
    });
  });

  it('refuses a hostile code as a validation error', async () => {
    const r = await call(owner, '1'.repeat(101));
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(r.errors?.[0].message).toBe('code: Max length 100');
    const quote = await call(owner, "0628000000017' OR '1'='1");
    expect(quote.data!.scanCode).toBeNull();
  });

  it('keeps to the company and the reading permissions', async () => {
    const stranger = await makeMember(api, EVERYTHING);
    expect((await call(stranger, '0628000000017')).data!.scanCode).toBeNull();
    const seller = await makeMember(api, ['selling.read']);
    const visiting = await api.gql(seller.companyId, SCAN, { code: '0628000000017' }, seller.token);
    expect(visiting.body.errors).toBeUndefined();
    const auditor = await makeMember(api, ['audit.read']);
    const denied = await api.gql(auditor.companyId, SCAN, { code: '0628000000017' }, auditor.token);
    expect(denied.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // not a member of the owner's company
    const outsider = await api.gql(owner.companyId, SCAN, { code: '0628000000017' }, seller.token);
    expect(outsider.body.data?.scanCode ?? null).toBeNull();
    expect(outsider.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
