// Settings, members, tasks, add-on alerts and client error reports.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientErrorTable, companyTable, companySettingsTable, userTable } from '../../src/generated/tables';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';
import { joinByInvitation, outbox } from './invite';

describe.each(backends)('company calls on %s', (backend) => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  const box = outbox();
  beforeAll(async () => {
    api = await startApi(backend, { mailer: box.mailer });
    m = await makeMember(api, [...EVERYTHING, 'scheduling.read', 'scheduling.write']);
  });
  afterAll(() => api.close());
  const call = (query: string, variables: Record<string, unknown> = {}, who = m) =>
    api.gql<any>(who.companyId, query, variables, who.token);

  it('updates the distillery information with validation', async () => {
    const ok = await call(
      `mutation { companyUpdate(input: { name: "Lakeside Spirits", phone: "705-555-0100", fiscalYearMonth: 4 }) { name phone fiscalYearMonth admin } }`,
    );
    expect(ok.body.data.companyUpdate).toEqual({
      name: 'Lakeside Spirits',
      phone: '705-555-0100',
      fiscalYearMonth: 4,
      admin: false,
    });
    const bad = await call(`mutation { companyUpdate(input: { name: " ", fiscalYearMonth: 13 }) { name } }`);
    expect(bad.body.errors![0].extensions.info.fields).toEqual({ name: 'Required', fiscalYearMonth: 'Must be <= 12' });
    const reader = await makeMember(api, ['config.read']);
    const denied = await call(`mutation { companyUpdate(input: { name: "x" }) { name } }`, {}, reader);
    expect(denied.body.errors![0].extensions.code).toBe('FORBIDDEN');
  });

  it('lists, sets and removes members, and never locks the caller out', async () => {
    const other = await makeMember(api, ['selling.read']);
    const email = (await call(`{ companyMembers { user { email } } }`, {}, other)).body;
    expect(email.errors![0].extensions.code).toBe('FORBIDDEN');
    const [{ email: otherEmail }] = await api.database.db
      .select({ email: userTable.email })
      .from(userTable)
      .where(eq(userTable.id, other.userId));
    // they join by invitation, with their consent; then their permissions can be changed
    await joinByInvitation(api, box, m, other, otherEmail, ['selling.read']);
    const set = await call(
      `mutation($e: String!) { companyMemberSet(email: $e, permissions: ["selling.write", "values", "selling.write"]) { id permissions user { email } } }`,
      { e: otherEmail.toUpperCase() },
    );
    expect(set.body.data.companyMemberSet).toMatchObject({
      permissions: ['selling.write', 'values'],
      user: { email: otherEmail },
    });
    const list = await call(`{ companyMembers { id permissions user { email } } }`);
    expect(list.body.data.companyMembers).toHaveLength(2);
    const badPerm = await call(`mutation($e: String!) { companyMemberSet(email: $e, permissions: ["root"]) { id } }`, {
      e: otherEmail,
    });
    expect(badPerm.body.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    const me = list.body.data.companyMembers.find((x: { user: { email: string } }) => x.user.email !== otherEmail);
    const selfRemove = await call(`mutation($id: ID!) { companyMemberRemove(id: $id) { id error } }`, { id: me.id });
    expect(selfRemove.body.errors![0].extensions.code).toBe('CONFLICT');
    const removed = await call(`mutation($id: ID!) { companyMemberRemove(id: $id) { id error } }`, {
      id: set.body.data.companyMemberSet.id,
    });
    expect(removed.body.data.companyMemberRemove.error).toBeNull();
    expect((await call(`{ companyMembers { id } }`)).body.data.companyMembers).toHaveLength(1);
  });

  it('never adds a non-member by e-mail, and answers alike for known and unknown addresses', async () => {
    const stranger = await makeMember(api, ['selling.read'], 'Stranger Co');
    const [{ email: known }] = await api.database.db
      .select({ email: userTable.email })
      .from(userTable)
      .where(eq(userTable.id, stranger.userId));
    const SET = `mutation($e: String!) { companyMemberSet(email: $e, permissions: ["selling.read"]) { id } }`;
    const a = await call(SET, { e: known });
    const b = await call(SET, { e: `nobody-${randomUUID()}@example.test` });
    expect(a.body.data).toBeNull();
    expect(a.body.errors).toEqual(b.body.errors);
    expect(a.body.errors![0]).toMatchObject({
      extensions: {
        code: 'VALIDATION_ERROR',
        info: { fields: { email: 'Not a member of this company: invite this address instead' } },
      },
    });
    // the person with an account was not added, and was not told anything
    const members = (await call(`{ companyMembers { user { email } } }`)).body.data.companyMembers;
    expect(members.map((x: { user: { email: string } }) => x.user.email)).not.toContain(known);
    const theirs = await api.gql<{ companies: { name: string }[] }>(
      'none',
      `{ companies { name } }`,
      {},
      stranger.token,
    );
    expect(theirs.body.data!.companies.map((c) => c.name)).toEqual(['Stranger Co']);
    expect(box.sent.filter((x) => x.to === known)).toEqual([]);
  });

  it('counts and completes outstanding tasks up to today in the company time zone', async () => {
    await api.database.db.update(companyTable).set({ allowPlanning: true }).where(eq(companyTable.id, m.companyId));
    await api.database.db
      .insert(companySettingsTable)
      .values({ companyId: m.companyId, timeZone: 'America/Vancouver' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(new Date());
    const create = (startDate: string) =>
      call(
        `mutation($d: String!) { activityCreate(input: { description: "Mash rye", primitiveType: "MashBill", startDate: $d }) { id } }`,
        { d: startDate },
      );
    const due = (await create(today)).body.data.activityCreate.id;
    await create('2001-01-01');
    await create('2999-01-01');
    expect((await call(`{ activitiesOutstandingForUser }`)).body.data.activitiesOutstandingForUser).toBe(2);
    const done = await call(
      `mutation($id: ID!) { activityComplete(id: $id, date: "2026-11-21T10:00:00Z") { id completed siteId siteName roleName } }`,
      { id: due },
    );
    expect(done.body.data.activityComplete).toMatchObject({ id: due, completed: true, siteId: null });
    expect((await call(`{ activitiesOutstandingForUser }`)).body.data.activitiesOutstandingForUser).toBe(1);
    expect((await call(`{ activitiesForUser(waiting: false) { id } }`)).body.data.activitiesForUser).toHaveLength(1);
    expect((await call(`{ activitiesForUser(waiting: true) { id } }`)).body.data.activitiesForUser).toHaveLength(2);
    const badDate = await call(`mutation($id: ID!) { activityComplete(id: $id, date: "yesterday") { id } }`, {
      id: due,
    });
    expect(badDate.body.errors![0].extensions.info.fields).toEqual({ date: 'Must be a date and time' });
  });

  it('raises an add-on alert when accounting is on but not connected', async () => {
    expect((await call(`{ addOnsWithAlerts }`)).body.data.addOnsWithAlerts).toEqual([]);
    await api.database.db.update(companyTable).set({ allowAccounting: true }).where(eq(companyTable.id, m.companyId));
    expect((await call(`{ addOnsWithAlerts }`)).body.data.addOnsWithAlerts).toEqual(['accounting']);
  });

  it('stores client error reports, even from a user outside the company', async () => {
    const res = await call(
      `mutation { logClientError(input: { message: "TypeError: x is undefined", query: "query Q { a }", variables: "{}" }) }`,
    );
    expect(res.body.data.logClientError).toBe(true);
    const rows = await api.database.db.select().from(clientErrorTable).where(eq(clientErrorTable.byUser, m.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: 'TypeError: x is undefined',
      query: 'query Q { a }',
      inCompany: m.companyId,
    });
    const empty = await call(`mutation { logClientError(input: { message: "" }) }`);
    expect(empty.body.errors![0].extensions.code).toBe('VALIDATION_ERROR');
  });
});
