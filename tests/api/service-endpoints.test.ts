// One GraphQL endpoint per service (spec 7: "all are GraphQL POSTs to /graphql/{companyId} on one
// endpoint per service (main, e-commerce, point-of-sale, portal)"): the e-commerce calls answer
// at /ecommerce/graphql/{companyId}, the point-of-sale ones at /pointofsale/graphql/{companyId},
// and neither at main; each endpoint asks for the bearer token, the company's membership and the
// call's permission as main does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';
import { pointOfSaleAddOn } from './support/square';

type Member = Awaited<ReturnType<typeof makeMember>>;

describe.each(backends)('service endpoints on %s', (backend) => {
  let api: TestApi;
  let m: Member;
  let other: Member;
  const post = (url: string, query: string, token?: string) =>
    api.app.inject({
      method: 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query },
    });

  beforeAll(async () => {
    api = await startApi(backend);
    m = await makeMember(api, EVERYTHING);
    other = await makeMember(api, EVERYTHING);
    await pointOfSaleAddOn(api, m.companyId);
    await api.gql(m.companyId, 'mutation { addOnSet(addOn: "ecommerce", enabled: true) }', {}, m.token);
  });
  afterAll(() => api.close());

  it('answers the e-commerce setup at /ecommerce/graphql, and not at main', async () => {
    const served = await post(
      `/ecommerce/graphql/${m.companyId}`,
      '{ ecommerceSettings { siteLocations { siteId } } }',
      m.token,
    );
    expect(served.statusCode).toBe(200);
    // nothing saved yet: no site shown at a Shopify location
    expect(served.json()).toEqual({ data: { ecommerceSettings: { siteLocations: [] } } });
    const main = await post(`/graphql/${m.companyId}`, '{ ecommerceSettings { orderSync } }', m.token);
    expect(main.statusCode).toBe(400);
    expect(main.json().errors[0].message).toMatch(/Cannot query field "ecommerceSettings" on type "Query"/);
  });

  it('answers the point-of-sale setup at /pointofsale/graphql, and not at main or e-commerce', async () => {
    const served = await post(`/pointofsale/graphql/${m.companyId}`, '{ pointOfSaleSetup { siteId } }', m.token);
    expect(served.json()).toEqual({ data: { pointOfSaleSetup: { siteId: null } } });
    for (const url of [`/graphql/${m.companyId}`, `/ecommerce/graphql/${m.companyId}`]) {
      const refused = await post(url, '{ pointOfSaleSetup { siteId } }', m.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].message).toMatch(/Cannot query field "pointOfSaleSetup"/);
    }
  });

  it("keeps main's records to main: a service endpoint has no customers list", async () => {
    const refused = await post(`/ecommerce/graphql/${m.companyId}`, '{ customers2(first: 1) { totalCount } }', m.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/Cannot query field "customers2"/);
  });

  it('asks every service endpoint for the token and the membership of the company, as main does', async () => {
    for (const [base, query] of [
      ['/ecommerce', '{ ecommerceSettings { orderSync } }'],
      ['/pointofsale', '{ pointOfSaleSetup { siteId } }'],
    ]) {
      const anonymous = await post(`${base}/graphql/${m.companyId}`, query);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().errors[0]).toMatchObject({
        message: 'Sign in again',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      // a member of another company asks for this one's setup: refused as main refuses them
      const foreign = await post(`${base}/graphql/${m.companyId}`, query, other.token);
      const onMain = await post(`/graphql/${m.companyId}`, '{ customers2(first: 1) { totalCount } }', other.token);
      expect(foreign.json().data).toBeNull();
      expect(foreign.json().errors[0].extensions.code).toBe(onMain.json().errors[0].extensions.code);
      expect(foreign.json().errors[0].message).toBe(onMain.json().errors[0].message);
    }
  });

  it("asks for the call's permission on its endpoint: the e-commerce setup needs config, inventory and selling", async () => {
    const selling = await makeMember(api, ['selling.read', 'selling.write']);
    const refused = await post(
      `/ecommerce/graphql/${selling.companyId}`,
      '{ ecommerceSettings { orderSync } }',
      selling.token,
    );
    expect(refused.json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.json().errors[0].message).toMatch(/^You don't have permission to /);
  });
});
