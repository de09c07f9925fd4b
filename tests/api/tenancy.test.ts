// Every call needs a valid token (401) and membership of :companyId plus the permission the
// schema file names (403 / FORBIDDEN, with no data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const LIST = `{ customers2(first: 5) { totalCount edges { node { id name } } } }`;
const CREATE = `mutation { customerCreate(input: { name: "Sneaky" }) { id } }`;

describe.each(backends)('tenancy on %s', (backend) => {
  let api: TestApi;
  let a: Awaited<ReturnType<typeof makeMember>>;
  let b: Awaited<ReturnType<typeof makeMember>>;

  beforeAll(async () => {
    api = await startApi(backend);
    a = await makeMember(api, EVERYTHING, 'Company A');
    b = await makeMember(api, EVERYTHING, 'Company B');
    await api.gql(a.companyId, `mutation { customerCreate(input: { name: "A's customer" }) { id } }`, {}, a.token);
  });
  afterAll(() => api.close());

  it('answers 401 without a token, with a bad one, an expired one or a wrong audience', async () => {
    expect((await api.gql(a.companyId, LIST, {}, null)).status).toBe(401);
    expect((await api.gql(a.companyId, LIST, {}, 'not.a.jwt')).status).toBe(401);
    expect((await api.gql(a.companyId, LIST, {}, a.token.slice(0, -4) + 'AAAA')).status).toBe(401);
    expect((await api.gql(a.companyId, LIST, {}, await api.token(a.userId, { expiresIn: '-1m' }))).status).toBe(401);
    expect((await api.gql(a.companyId, LIST, {}, await api.token(a.userId, { audience: 'other' }))).status).toBe(401);
  });

  it('refuses another company, reading or writing, with FORBIDDEN and no data', async () => {
    const read = await api.gql(a.companyId, LIST, {}, b.token);
    expect(read.body.data).toBeNull();
    expect(read.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const write = await api.gql(a.companyId, CREATE, {}, b.token);
    expect(write.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const own = await api.gql(b.companyId, LIST, {}, b.token);
    expect(own.body.data).toEqual({ customers2: { totalCount: 0, edges: [] } });
  });

  it("cannot touch another company's object by id", async () => {
    const list = await api.gql<{ customers2: { edges: { node: { id: string } }[] } }>(a.companyId, LIST, {}, a.token);
    const id = list.body.data!.customers2.edges[0].node.id;
    const get = await api.gql(b.companyId, `query($id: ID!) { customer(id: $id) { id } }`, { id }, b.token);
    expect(get.body.data).toEqual({ customer: null });
    const del = await api.gql(
      b.companyId,
      `mutation($id: ID!) { objectDelete(id: $id) { id error } }`,
      { id },
      b.token,
    );
    expect(del.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const upd = await api.gql(
      b.companyId,
      `mutation($id: ID!) { customerUpdate(id: $id, input: { name: "x" }) { id } }`,
      { id },
      b.token,
    );
    expect(upd.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('checks the permission the schema file names, read apart from write', async () => {
    const reader = await makeMember(api, ['selling.read']);
    expect((await api.gql(reader.companyId, LIST, {}, reader.token)).body.errors).toBeUndefined();
    const denied = await api.gql(reader.companyId, CREATE, {}, reader.token);
    expect(denied.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(denied.body.errors?.[0].message).toBe("You don't have permission to create customer");
    const buyer = await makeMember(api, ['buying.write']);
    const noSelling = await api.gql(buyer.companyId, LIST, {}, buyer.token);
    expect(noSelling.body.errors?.[0].message).toBe("You don't have permission to view customers");
  });

  it('hides value fields without the values permission and refuses to write them', async () => {
    const plain = await makeMember(api, ['selling.read', 'selling.write']);
    const created = await api.gql<{ customerCreate: { id: string; creditLimit: number | null } }>(
      plain.companyId,
      `mutation { customerCreate(input: { name: "No values" }) { id creditLimit } }`,
      {},
      plain.token,
    );
    expect(created.body.data!.customerCreate.creditLimit).toBeNull();
    const write = await api.gql(
      plain.companyId,
      `mutation { customerCreate(input: { name: "x", creditLimit: 5 }) { id } }`,
      {},
      plain.token,
    );
    expect(write.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const filter = await api.gql(
      plain.companyId,
      `{ customers2(filters: [{ field: "creditLimit", comparator: "ge", value: "1" }]) { totalCount } }`,
      {},
      plain.token,
    );
    expect(filter.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it("lists only the user's companies with their permissions and keeps user settings per company", async () => {
    const companies = await api.gql<{ companies: { id: string; name: string; permissions: string[] }[] }>(
      'none',
      `{ companies { id name permissions userSettings } }`,
      {},
      a.token,
    );
    expect(companies.body.data!.companies.map((c) => c.name)).toEqual(['Company A']);
    const bare = await api.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { query: '{ companies { name } }' },
    });
    expect(bare.json().data.companies).toEqual([{ name: 'Company A' }]);
    const bareList = await api.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { query: '{ customers2 { totalCount } }' },
    });
    expect(bareList.json().errors[0].extensions.code).toBe('FORBIDDEN');
    const set = await api.gql<{ companySetUserSettings: string }>(
      a.companyId,
      `mutation { companySetUserSettings(settings: "{\\"dark\\":true}") }`,
      {},
      a.token,
    );
    expect(JSON.parse(set.body.data!.companySetUserSettings)).toEqual({ dark: true });
    const again = await api.gql<{ companySetUserSettings: string }>(
      a.companyId,
      `mutation { companySetUserSettings(settings: "{\\"welcome\\":false}") }`,
      {},
      a.token,
    );
    expect(JSON.parse(again.body.data!.companySetUserSettings)).toEqual({ dark: true, welcome: false });
    const foreign = await api.gql(b.companyId, `mutation { companySetUserSettings(settings: "{}") }`, {}, a.token);
    expect(foreign.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const settings = await api.gql<{ companySettingsSet: { id: string; doneSetup: boolean } }>(
      a.companyId,
      `mutation { companySettingsSet(settings: { doneSetup: true }) { id doneSetup } }`,
      {},
      a.token,
    );
    expect(settings.body.data!.companySettingsSet.doneSetup).toBe(true);
  });
});
