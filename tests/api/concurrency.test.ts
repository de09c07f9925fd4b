// Issue 10, point 11: two people edit the same record. The second save, made over a version
// that is no longer the record's, is refused with CONFLICT instead of silently overwriting the
// first; 50 concurrent saves of one version keep exactly one. The edit form sends the version
// it loaded (expectedVersion); a save without one (an API client) still works as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';
import { membershipTable } from '../../src/generated/tables';

const CATEGORY_CREATE = `mutation($input: CategoryInput!) { categoryCreate(input: $input) { id version } }`;
const CATEGORY_UPDATE = `mutation($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { id } }`;
const CUSTOMER_CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { id name version } }`;
const CUSTOMER_GET = `query($id: ID!) { customer(id: $id) { id name email creditLimit version } }`;
const CUSTOMER_LIST = `query { customers2(first: 50) { edges { node { id version } } } }`;
const CUSTOMER_UPDATE = `mutation($id: ID!, $input: CustomerInput!, $v: String) {
  customerUpdate(id: $id, input: $input, expectedVersion: $v) { id name email version } }`;
const PRODUCT_CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { id version bom { id name quantity } } }`;
const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductInput!, $v: String) {
  productUpdate(id: $id, input: $input, expectedVersion: $v) { id version bom { id name quantity } } }`;

// the words a person sees; written here, not imported, so a change to them is a visible change
const CONFLICT_TEXT =
  'This record was changed by another user after you opened it. Reload it to see their changes, then make yours again.';

type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };
type Member = Awaited<ReturnType<typeof makeMember>>;

describe.each(backends)('optimistic concurrency on %s', (backend) => {
  let api: TestApi;
  let alice: Member;
  let bob: Member;

  const call = async <T = Record<string, unknown>>(who: Member, query: string, variables: Record<string, unknown>) => {
    const res = await api.gql<T>(who.companyId, query, variables, who.token);
    return res.body as { data?: T; errors?: Err[] };
  };

  const newCustomer = async (name: string) =>
    (await call<{ customerCreate: { id: string; version: string } }>(alice, CUSTOMER_CREATE, { input: { name } })).data!
      .customerCreate;
  const open = async (who: Member, id: string) =>
    (
      await call<{ customer: { id: string; name: string; email: string | null; version: string } }>(who, CUSTOMER_GET, {
        id,
      })
    ).data!.customer;

  beforeAll(async () => {
    api = await startApi(backend);
    alice = await makeMember(api, EVERYTHING);
    // Bob works in Alice's company
    const other = await makeMember(api, EVERYTHING);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: alice.companyId, user: other.userId, permissions: EVERYTHING });
    bob = { ...other, companyId: alice.companyId };
  });
  afterAll(() => api?.close());

  it('refuses the second of two saves made from the same screen, keeping the first', async () => {
    const { id } = await newCustomer('Harbour Bistro');
    const alicesForm = await open(alice, id);
    const bobsForm = await open(bob, id);
    expect(bobsForm.version).toBe(alicesForm.version);

    const first = await call<{ customerUpdate: { name: string; version: string } }>(alice, CUSTOMER_UPDATE, {
      id,
      input: { name: 'Harbour Bistro & Bar' },
      v: alicesForm.version,
    });
    expect(first.errors).toBeUndefined();
    expect(first.data!.customerUpdate.version).not.toBe(alicesForm.version);

    const second = await call(bob, CUSTOMER_UPDATE, {
      id,
      input: { name: 'Harbour Bistro', email: 'orders@harbour.example' },
      v: bobsForm.version,
    });
    expect(second.data ?? null).toBeNull();
    expect(second.errors).toHaveLength(1);
    expect(second.errors![0].message).toBe(CONFLICT_TEXT);
    expect(second.errors![0].extensions.code).toBe('CONFLICT');
    // nothing of Bob's save was written
    expect(await open(alice, id)).toMatchObject({ name: 'Harbour Bistro & Bar', email: null });

    // after reloading, Bob's save goes through
    const reloaded = await open(bob, id);
    expect(reloaded.version).toBe(first.data!.customerUpdate.version);
    const retry = await call<{ customerUpdate: { name: string; email: string } }>(bob, CUSTOMER_UPDATE, {
      id,
      input: { email: 'orders@harbour.example' },
      v: reloaded.version,
    });
    expect(retry.errors).toBeUndefined();
    expect(await open(alice, id)).toMatchObject({ name: 'Harbour Bistro & Bar', email: 'orders@harbour.example' });
  });

  it('keeps exactly one of 50 concurrent saves of the same version', async () => {
    const { id } = await newCustomer('Contended');
    const { version } = await open(alice, id);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call<{ customerUpdate: { name: string } }>(i % 2 ? alice : bob, CUSTOMER_UPDATE, {
          id,
          input: { name: `Writer ${i}` },
          v: version,
        }),
      ),
    );
    const saved = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.errors![0].extensions.code).toBe('CONFLICT');
    expect((await open(alice, id)).name).toBe(saved[0].data!.customerUpdate.name);
  });

  it('answers the same version in the list as in the record, and a new one only when it changes', async () => {
    const { id, version: created } = await newCustomer('Listed');
    const list = await call<{ customers2: { edges: { node: { id: string; version: string } }[] } }>(
      alice,
      CUSTOMER_LIST,
      {},
    );
    const inList = list.data!.customers2.edges.find((e) => e.node.id === id)!.node.version;
    expect(inList).toBe(created);
    expect((await open(bob, id)).version).toBe(created);
  });

  it('does not count a renamed category as a change of its customers', async () => {
    const cat = await call<{ categoryCreate: { id: string } }>(alice, CATEGORY_CREATE, {
      input: { name: 'Restaurants', type: 'Customer' },
    });
    const customer = await call<{ customerCreate: { id: string } }>(alice, CUSTOMER_CREATE, {
      input: { name: 'Quay Café', category: cat.data!.categoryCreate.id },
    });
    const id = customer.data!.customerCreate.id;
    const form = await open(bob, id);
    await call(alice, CATEGORY_UPDATE, { id: cat.data!.categoryCreate.id, input: { name: 'Dining' } });
    const saved = await call(bob, CUSTOMER_UPDATE, { id, input: { email: 'hi@quay.example' }, v: form.version });
    expect(saved.errors).toBeUndefined();
  });

  it('refuses a stale save when only a line of the record changed', async () => {
    const created = await call<{ productCreate: { id: string; version: string; bom: { id: string }[] } }>(
      alice,
      PRODUCT_CREATE,
      {
        input: {
          name: 'Gin 750',
          sku: `GIN-${Date.now()}`,
          bom: [{ name: 'Bottle', quantity: 1, per: 'Bottle', units: 'each', precision: 0 }],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const product = created.data!.productCreate;
    const lineChange = await call<{ productUpdate: { version: string } }>(alice, PRODUCT_UPDATE, {
      id: product.id,
      input: {
        bom: [{ id: product.bom[0].id, name: 'Bottle', quantity: 2, per: 'Bottle', units: 'each', precision: 0 }],
      },
      v: product.version,
    });
    expect(lineChange.errors).toBeUndefined();
    expect(lineChange.data!.productUpdate.version).not.toBe(product.version);
    const stale = await call(bob, PRODUCT_UPDATE, {
      id: product.id,
      input: { name: 'Gin 750 ml' },
      v: product.version,
    });
    expect(stale.errors?.[0].extensions.code).toBe('CONFLICT');
  });

  it('still saves without a version (API clients that do not send one)', async () => {
    const { id } = await newCustomer('No version');
    const saved = await call<{ customerUpdate: { name: string } }>(alice, CUSTOMER_UPDATE, {
      id,
      input: { name: 'Still saved' },
    });
    expect(saved.errors).toBeUndefined();
    expect((await open(bob, id)).name).toBe('Still saved');
  });
});
