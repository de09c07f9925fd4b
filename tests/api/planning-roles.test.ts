// Who holds which planning role (issue 17, tasks/:showUsersRoles) through the API, on PGlite and
// PostgreSQL. Company "Co" has two members, Ana (scheduling.write) and Ben (production.read),
// and roles Cellar hand and Head distiller. Tasks, all due today:
//   Rack (Cellar hand), Distil (Head distiller), Sweep (no role).
// Nobody holds a role yet: each person's tasks are all three (a role nobody holds is everyone's).
// Ben is made the Cellar hand: Ben's tasks are Rack (his role), Distil (Head distiller is held
// by nobody) and Sweep (no role): 3. Ana's are Distil and Sweep: 2 (Cellar hand is Ben's).
// Ana is made Head distiller too: Ben's are Rack and Sweep (2), Ana's Distil and Sweep (2);
// everyone's tasks stay 3.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { backends, makeMember, startApi, type TestApi } from './harness';

type Errors = { message: string; extensions: { code: string; info: Record<string, unknown> } }[] | undefined;
type Who = { companyId: string; token: string; userId: string };
interface Holders {
  roleId: string;
  roleName: string;
  members: { userId: string; name: string }[];
}
const SET = `mutation($roleId: ID!, $userIds: [ID!]!) {
  planningRoleMembersSet(roleId: $roleId, userIds: $userIds) { roleId roleName members { userId name } } }`;
const MINE = `{ activitiesOutstandingForUser activitiesForUser { description } }`;

describe.each(backends)('planning role holders on %s', (backend) => {
  let api: TestApi;
  let ana: Who;
  let ben: Who;
  let stranger: Who;
  let cellar = '';
  let distiller = '';

  const call = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, who: Who) => {
    const r = await api.gql<T>(who.companyId, query, variables, who.token);
    return { data: r.body.data as T | undefined, errors: r.body.errors as Errors };
  };
  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, who: Who) => {
    const r = await call<T>(query, variables, who);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const create = async (entity: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const d = await ok<Record<string, { id: string }>>(
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
      ana,
    );
    return d[`${entity}Create`].id;
  };
  const tasksOf = async (who: Who) => {
    const d = await ok<{ activitiesOutstandingForUser: number; activitiesForUser: { description: string }[] }>(
      MINE,
      {},
      who,
    );
    return { count: d.activitiesOutstandingForUser, names: d.activitiesForUser.map((t) => t.description).sort() };
  };

  beforeAll(async () => {
    api = await startApi(backend);
    const { db } = api.database;
    ana = await makeMember(api, ['scheduling.write', 'production.write']);
    stranger = await makeMember(api, ['scheduling.write']);
    await db.update(userTable).set({ name: 'Ana' }).where(eq(userTable.id, ana.userId));
    const [user] = await db
      .insert(userTable)
      .values({ email: `ben-${Date.now()}@example.test`, name: 'Ben' })
      .returning({ id: userTable.id });
    await db
      .insert(membershipTable)
      .values({ companyId: ana.companyId, user: user.id, permissions: ['production.read'] });
    ben = { companyId: ana.companyId, userId: user.id, token: await api.token(user.id) };
    for (const c of [ana, stranger])
      await db.update(companyTable).set({ allowPlanning: true }).where(eq(companyTable.id, c.companyId));
    cellar = await create('planningRole', { name: 'Cellar hand' });
    distiller = await create('planningRole', { name: 'Head distiller' });
    // far in the past: due whatever the company's today is
    const day = '2020-01-15';
    await create('activity', { description: 'Rack', primitiveType: 'AdHoc', role: cellar, startDate: day });
    await create('activity', { description: 'Distil', primitiveType: 'Process', role: distiller, startDate: day });
    await create('activity', { description: 'Sweep', primitiveType: 'AdHoc', startDate: day });
  });
  afterAll(() => api?.close());

  it('lists the members a role may be given to and the roles with nobody holding them', async () => {
    const d = await ok<{ planningRoleCandidates: { userId: string; name: string }[]; planningRoleHolders: Holders[] }>(
      '{ planningRoleCandidates { userId name } planningRoleHolders { roleId roleName members { userId name } } }',
      {},
      ana,
    );
    expect(d.planningRoleCandidates).toEqual([
      { userId: ana.userId, name: 'Ana' },
      { userId: ben.userId, name: 'Ben' },
    ]);
    expect(d.planningRoleHolders).toEqual([
      { roleId: cellar, roleName: 'Cellar hand', members: [] },
      { roleId: distiller, roleName: 'Head distiller', members: [] },
    ]);
  });

  it('gives everyone every task while nobody holds a role', async () => {
    expect(await tasksOf(ana)).toEqual({ count: 3, names: ['Distil', 'Rack', 'Sweep'] });
    expect(await tasksOf(ben)).toEqual({ count: 3, names: ['Distil', 'Rack', 'Sweep'] });
  });

  it("makes Ben the cellar hand: the cellar's tasks are his, not Ana's", async () => {
    const d = await ok<{ planningRoleMembersSet: Holders }>(SET, { roleId: cellar, userIds: [ben.userId] }, ana);
    expect(d.planningRoleMembersSet).toEqual({
      roleId: cellar,
      roleName: 'Cellar hand',
      members: [{ userId: ben.userId, name: 'Ben' }],
    });
    expect(await tasksOf(ben)).toEqual({ count: 3, names: ['Distil', 'Rack', 'Sweep'] });
    expect(await tasksOf(ana)).toEqual({ count: 2, names: ['Distil', 'Sweep'] });
  });

  it('makes Ana head distiller; everyone’s tasks (by role) are still all three', async () => {
    await ok(SET, { roleId: distiller, userIds: [ana.userId, ana.userId] }, ana);
    expect(await tasksOf(ben)).toEqual({ count: 2, names: ['Rack', 'Sweep'] });
    expect(await tasksOf(ana)).toEqual({ count: 2, names: ['Distil', 'Sweep'] });
    const all = await ok<{ activitiesForUser: { description: string; roleName: string | null }[] }>(
      '{ activitiesForUser(everyone: true) { description roleName } }',
      {},
      ben,
    );
    expect(all.activitiesForUser.map((t) => t.description).sort()).toEqual(['Distil', 'Rack', 'Sweep']);
    const holders = await ok<{ planningRoleHolders: Holders[] }>(
      '{ planningRoleHolders { roleName members { name } } }',
      {},
      ben,
    );
    expect(holders.planningRoleHolders.map((h) => [h.roleName, h.members.map((m) => m.name)])).toEqual([
      ['Cellar hand', ['Ben']],
      ['Head distiller', ['Ana']],
    ]);
  });

  it('replaces the holders whole: an empty list leaves the role to nobody', async () => {
    await ok(SET, { roleId: cellar, userIds: [] }, ana);
    expect(await tasksOf(ana)).toEqual({ count: 3, names: ['Distil', 'Rack', 'Sweep'] });
  });

  it('refuses a person outside the company, a role of another company, bad ids, and changes nothing', async () => {
    const outsider = await call(SET, { roleId: cellar, userIds: [ben.userId, stranger.userId] }, ana);
    expect(outsider.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(outsider.errors?.[0].extensions.info.fields).toMatchObject({ 'userIds.1': 'Not a member of this company' });
    const theirs = await call(SET, { roleId: cellar, userIds: [stranger.userId] }, stranger);
    expect(theirs.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const bad = await call(SET, { roleId: 'x1', userIds: ['1e5'] }, ana);
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const many = await call(SET, { roleId: cellar, userIds: Array.from({ length: 201 }, () => ben.userId) }, ana);
    expect(many.errors?.[0].extensions.info.fields).toMatchObject({ userIds: 'At most 200 items' });
    const d = await ok<{ planningRoleHolders: Holders[] }>(
      '{ planningRoleHolders { roleName members { name } } }',
      {},
      ana,
    );
    expect(d.planningRoleHolders.find((h) => h.roleName === 'Cellar hand')?.members).toEqual([]);
  });

  it('lets only scheduling.write set holders', async () => {
    const r = await call(SET, { roleId: cellar, userIds: [ben.userId] }, ben);
    expect(r.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const c = await call('{ planningRoleCandidates { userId } }', {}, ben);
    expect(c.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
