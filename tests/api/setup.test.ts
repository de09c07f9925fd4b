// The setup query (spec 7) and its parts per permission (spec 6): company information and
// accounting need config.write; spirits, wines, items, products, casks and bulk containers need
// inventory.write; tanks, stills and fermenters need production.write. Counts are of the
// company's active records only; another company's records never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  membershipTable,
  userTable,
  caskTable,
  companyTable,
  fermenterTable,
  itemTable,
  productTable,
  siteTable,
  spiritTable,
  stillTable,
  tankTable,
  wineTable,
} from '../../src/generated/tables';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';

const WORKFLOW = 'sales purchasing mashing distilling blending wine casks bulkContainers';
const SETUP = `{ setup {
  doneSetup
  productionOverviewPreferences { mashing distilling wine bulkContainers }
  company { address phone businessNumber sites { name spiritsLicense warehouseLicense } }
  accountingProvider
  fermenters spirits wines tanks stills items products casks bulkContainers
} }`;

describe.each(backends)('the setup query on %s', (backend) => {
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof makeMember>>;

  const call = (m: { companyId: string; token: string }, query = SETUP) =>
    api.gql<{ setup: Record<string, unknown> }>(m.companyId, query, {}, m.token).then((r) => r.body);

  /** another person in the owner's company with these permissions */
  async function colleague(permissions: string[]) {
    const { db } = api.database;
    const [user] = await db
      .insert(userTable)
      .values({ email: `${randomUUID()}@example.test`, name: 'Colleague' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({ companyId: owner.companyId, user: user.id, permissions });
    return { companyId: owner.companyId, token: await api.token(user.id) };
  }

  const outbox: { to: string; subject: string; text: string }[] = [];

  beforeAll(async () => {
    api = await startApi(backend, {
      publicOrigin: 'https://distillery.example',
      mailer: { send: async (m) => void outbox.push(m) },
    });
    owner = await makeMember(api, EVERYTHING);
    const { db } = api.database;
    const companyId = owner.companyId;
    // 2 active spirits and 1 inactive one: the count is 2
    await db.insert(spiritTable).values([
      { companyId, name: 'Vodka', class: 'Vodka' },
      { companyId, name: 'Gin', class: 'Gin' },
      { companyId, name: 'Old rum', class: 'Rum', active: false },
    ]);
    await db.insert(wineTable).values([{ companyId, name: 'Cider', active: false }]);
    await db.insert(tankTable).values([
      { companyId, name: 'T1', capacity: '1000' },
      { companyId, name: 'T2', capacity: '1000' },
      { companyId, name: 'T3', capacity: '500' },
    ]);
    await db.insert(stillTable).values([{ companyId, name: 'Pot still' }]);
    await db.insert(itemTable).values([{ companyId, name: 'Bottle 750 ml' }]);
    await db.insert(productTable).values([
      { companyId, name: 'Vodka 750 ml' },
      { companyId, name: 'Gin 750 ml' },
    ]);
    await db.insert(caskTable).values([{ companyId, number: 'C-1' }]);
    await db.insert(siteTable).values([
      { companyId, name: 'Main', spiritsLicense: 'SL-1', warehouseLicense: 'WL-1' },
      { companyId, name: 'Closed', active: false },
    ]);
    await db
      .update(companyTable)
      .set({ address: '1 Still Road', phone: '555-0100', connectedToAccounting: true })
      .where(eq(companyTable.id, companyId));
    // another company's records never count here
    const other = await makeMember(api, EVERYTHING);
    await db.insert(spiritTable).values([{ companyId: other.companyId, name: 'Other vodka', class: 'Vodka' }]);
    await db.insert(fermenterTable).values([{ companyId: other.companyId, name: 'F1', capacity: '900' }]);
    // migrating a fresh database is slow on a busy machine
  }, 300_000);
  afterAll(() => api?.close());

  it('answers every part to a person with every permission', async () => {
    const body = await call(owner);
    expect(body.errors).toBeUndefined();
    expect(body.data!.setup).toEqual({
      doneSetup: false,
      // every company starts with spec 9's workflow (wine and bulk containers off), sign-up or not
      productionOverviewPreferences: { mashing: true, distilling: true, wine: false, bulkContainers: false },
      company: {
        address: '1 Still Road',
        phone: '555-0100',
        businessNumber: null,
        // the inactive site is left out
        sites: [{ name: 'Main', spiritsLicense: 'SL-1', warehouseLicense: 'WL-1' }],
      },
      accountingProvider: 'QuickBooks Online',
      fermenters: 0,
      spirits: 2,
      wines: 0,
      tanks: 3,
      stills: 1,
      items: 1,
      products: 2,
      casks: 1,
      bulkContainers: 0,
    });
  });

  it('answers doneSetup once companySettingsSet marks setup done', async () => {
    const set = await api.gql(
      owner.companyId,
      'mutation { companySettingsSet(settings: { doneSetup: true }) { id doneSetup } }',
      {},
      owner.token,
    );
    expect(set.body.errors).toBeUndefined();
    expect((await call(owner, '{ setup { doneSetup } }')).data!.setup).toEqual({ doneSetup: true });
  });

  it('answers only the inventory counts to inventory.write', async () => {
    const body = await call(await colleague(['inventory.write']));
    expect(body.data!.setup).toMatchObject({
      company: null,
      accountingProvider: null,
      spirits: 2,
      wines: 0,
      items: 1,
      products: 2,
      casks: 1,
      bulkContainers: 0,
      tanks: null,
      stills: null,
      fermenters: null,
    });
  });

  it('answers only the vessel counts to production.write', async () => {
    const body = await call(await colleague(['production.write']));
    expect(body.data!.setup).toMatchObject({
      company: null,
      accountingProvider: null,
      spirits: null,
      wines: null,
      items: null,
      products: null,
      casks: null,
      bulkContainers: null,
      tanks: 3,
      stills: 1,
      fermenters: 0,
    });
  });

  it('answers only the company part to config.write', async () => {
    const body = await call(await colleague(['config.write']));
    expect(body.data!.setup).toMatchObject({
      company: { address: '1 Still Road', phone: '555-0100', businessNumber: null },
      accountingProvider: 'QuickBooks Online',
      spirits: null,
      tanks: null,
    });
  });

  it('refuses people without a write permission the setup checks need', async () => {
    for (const permissions of [['selling.write'], ['inventory.read', 'production.read', 'config.read']]) {
      const body = await call(await colleague(permissions));
      expect(body.data).toBeNull();
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('starts a company made through sign-up in welcome mode, with the workflow of spec 9', async () => {
    const email = `founder-${randomUUID()}@example.test`;
    const asked = await api.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Rowan Founder', email, password: 'copper-pot-still', companyName: 'Tidewater', province: 'NS' },
      remoteAddress: '10.9.0.1',
    });
    expect(asked.statusCode).toBe(202);
    const token = /\/signup\/confirm\/(\S+)/.exec(outbox.filter((m) => m.to === email).at(-1)!.text)![1];
    expect((await api.app.inject({ method: 'POST', url: '/api/signup/confirm', payload: { token } })).statusCode).toBe(
      200,
    );
    const [user] = await api.database.db.select().from(userTable).where(eq(userTable.email, email));
    const [membership] = await api.database.db.select().from(membershipTable).where(eq(membershipTable.user, user.id));
    const founder = { companyId: membership.companyId, token: await api.token(user.id) };
    const body = await call(
      founder,
      `{ setup { doneSetup productionOverviewPreferences { ${WORKFLOW} } company { sites { name } } spirits } }`,
    );
    expect(body.data!.setup).toEqual({
      doneSetup: false,
      // mashing, distilling, blending, casks on; wine and bulk containers off (spec 9)
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
      company: { sites: [] },
      spirits: 0,
    });
  });
});
