// Company preferences (spec 3): the workflow the production overview shows and the production
// defaults; what a company starts with, partial saves, bounds, mashing forcing distilling,
// permissions and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';

describe.each(backends)('company preferences on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;
  const call = (m: { companyId: string; token: string }, query: string, variables: Record<string, unknown> = {}) =>
    api.gql<Record<string, Record<string, unknown>>>(m.companyId, query, variables, m.token).then((r) => r.body);
  const WORKFLOW = 'sales purchasing mashing distilling blending wine casks bulkContainers';

  beforeAll(async () => {
    api = await startApi(backend);
    owner = await makeMember(api, EVERYTHING);
  });
  afterAll(() => api.close());

  it('starts with the workflow of spec 9 (wine and bulk containers off), and no production defaults', async () => {
    expect(
      await call(
        owner,
        `{ productionOverviewPreferences { ${WORKFLOW} } bottlingPreferences { bottleDuration bottleProof } }`,
      ),
    ).toEqual({
      data: {
        productionOverviewPreferences: {
          sales: true,
          purchasing: true,
          mashing: true,
          distilling: true,
          blending: true,
          wine: false,
          casks: true,
          bulkContainers: false,
        },
        bottlingPreferences: { bottleDuration: null, bottleProof: null },
      },
    });
  });

  it('saves what is given and keeps the rest; mashing turns distilling on', async () => {
    const off = await call(
      owner,
      `mutation($p: WorkflowPreferencesInput!) { productionOverviewSetPreferences(preferences: $p) { ${WORKFLOW} } }`,
      { p: { distilling: false, mashing: false, casks: false } },
    );
    expect(off.data!.productionOverviewSetPreferences).toMatchObject({
      mashing: false,
      distilling: false,
      casks: false,
      sales: true,
    });
    const on = await call(
      owner,
      `mutation($p: WorkflowPreferencesInput!) { productionOverviewSetPreferences(preferences: $p) { ${WORKFLOW} } }`,
      { p: { mashing: true } },
    );
    expect(on.data!.productionOverviewSetPreferences).toMatchObject({ mashing: true, distilling: true, casks: false });
    await call(
      owner,
      `mutation { bottlingSetPreferences(preferences: { bottleDuration: 90, bottleProof: 40 }) { bottleDuration } }`,
    );
    await call(owner, `mutation { bottlingSetPreferences(preferences: { bottleProof: 43.5 }) { bottleDuration } }`);
    expect((await call(owner, `{ bottlingPreferences { bottleDuration bottleProof } }`)).data).toEqual({
      bottlingPreferences: { bottleDuration: 90, bottleProof: 43.5 },
    });
  });

  it('refuses values out of bounds with the field named, and changes nothing', async () => {
    const r = await call(
      owner,
      `mutation { mashingSetPreferences(preferences: { mashpH: 15, mashDuration: -5 }) { mashpH } }`,
    );
    expect(r.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { mashpH: 'pH is at most 14', mashDuration: 'At least 0 minutes' } },
    });
    expect((await call(owner, `{ mashingPreferences { mashpH mashDuration } }`)).data).toEqual({
      mashingPreferences: { mashpH: null, mashDuration: null },
    });
  });

  it('needs the permission its schema names, and keeps companies apart', async () => {
    const reader = await makeMember(api, ['production.read']);
    const denied = await call(
      reader,
      `mutation { productionOverviewSetPreferences(preferences: { sales: false }) { sales } }`,
    );
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // another company starts from its own defaults, whatever the first one saved
    expect((await call(reader, `{ productionOverviewPreferences { casks } }`)).data).toEqual({
      productionOverviewPreferences: { casks: true },
    });
  });
});
