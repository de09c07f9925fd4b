// Issue 10, point 7: people join a company by invitation. An administrator invites an e-mail
// address; nobody becomes a member until the person accepts with the link mailed to them,
// signed in with that address; the answer to an invitation is the same for an address with an
// account and one without.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTable } from '../../src/generated/tables';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const INVITE = `mutation($email: String!, $permissions: [String!]!) {
  companyMemberInvite(email: $email, permissions: $permissions) { id email permissions expiresAt } }`;
const ACCEPT = `mutation($token: String!) { companyInvitationAccept(token: $token) }`;
const CANCEL = `mutation($id: ID!) { companyInvitationCancel(id: $id) { id error } }`;
const PENDING = `{ companyInvitations { id email permissions } }`;
const MEMBERS = `{ companyMembers { user { email } permissions } }`;
const MY_COMPANIES = `{ companies { id name permissions } }`;

const UNUSABLE =
  'This invitation cannot be used: it has expired, was cancelled or already accepted, or was sent to another e-mail address.';

type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };
type Member = Awaited<ReturnType<typeof makeMember>>;
interface Mail {
  to: string;
  subject: string;
  text: string;
}

describe.each(backends)('invitations on %s', (backend) => {
  let api: TestApi;
  let admin: Member;
  const outbox: Mail[] = [];

  const call = async <T = Record<string, unknown>>(
    who: { token: string; companyId: string },
    query: string,
    variables: Record<string, unknown> = {},
  ) => (await api.gql<T>(who.companyId, query, variables, who.token)).body as { data?: T; errors?: Err[] };

  const emailOf = async (userId: string) =>
    (await api.database.db.select().from(userTable).where(eq(userTable.id, userId)))[0].email;

  /** The link of the last message mailed to an address, as its reader would copy it. */
  const linkMailedTo = (email: string) => {
    const mail = outbox.filter((m) => m.to === email).at(-1);
    expect(mail, `no mail to ${email}`).toBeDefined();
    const link = /http\S*\/invitation\/(\S+)/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    return link![1];
  };

  /** A signed-in person with no company yet (or another company of their own). */
  const person = async (email: string) => {
    const [user] = await api.database.db.insert(userTable).values({ email, name: 'Invitee' }).returning();
    return { userId: String(user.id), token: await api.token(String(user.id)), companyId: 'none' };
  };

  beforeAll(async () => {
    api = await startApi(backend, {
      publicOrigin: 'https://distillery.example',
      mailer: { send: async (m) => void outbox.push(m) },
    });
    admin = await makeMember(api, [...EVERYTHING, 'config.read', 'config.write'], 'Juniper Still');
  });
  afterAll(() => api?.close());

  it('answers alike for an address with an account and one without, and adds nobody', async () => {
    const elsewhere = await makeMember(api, ['selling.read'], 'Other Co');
    const known = await emailOf(elsewhere.userId);
    const unknown = `nobody-${randomUUID()}@example.test`;

    const a = await call<{ companyMemberInvite: Record<string, unknown> }>(admin, INVITE, {
      email: known,
      permissions: ['selling.read'],
    });
    const b = await call<{ companyMemberInvite: Record<string, unknown> }>(admin, INVITE, {
      email: unknown,
      permissions: ['selling.read'],
    });
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    const shape = (x: Record<string, unknown>) => ({ ...x, id: 'id', email: 'email', expiresAt: 'date' });
    expect(shape(a.data!.companyMemberInvite)).toEqual(shape(b.data!.companyMemberInvite));
    expect(a.data!.companyMemberInvite).toMatchObject({ email: known, permissions: ['selling.read'] });
    // a week to answer
    const days = (Date.parse(String(a.data!.companyMemberInvite.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // both were mailed a link to the app; neither is a member yet
    expect(linkMailedTo(known)).toBeTruthy();
    expect(linkMailedTo(unknown)).toBeTruthy();
    expect(outbox.find((m) => m.to === known)!.text).toContain('https://distillery.example/invitation/');
    expect(outbox.find((m) => m.to === known)!.subject).toContain('Juniper Still');
    const members = await call<{ companyMembers: { user: { email: string } }[] }>(admin, MEMBERS);
    expect(members.data!.companyMembers.map((m) => m.user.email)).not.toContain(known);
    const theirs = await call<{ companies: { name: string }[] }>({ ...elsewhere, companyId: 'none' }, MY_COMPANIES);
    expect(theirs.data!.companies.map((c) => c.name)).toEqual(['Other Co']);
    const pending = await call<{ companyInvitations: { email: string }[] }>(admin, PENDING);
    expect(pending.data!.companyInvitations.map((i) => i.email)).toEqual(expect.arrayContaining([known, unknown]));
  });

  it('makes the invited person a member when they accept, signed in with that address', async () => {
    const email = `ada-${randomUUID()}@example.test`;
    await call(admin, INVITE, { email, permissions: ['selling.write', 'values'] });
    const secret = linkMailedTo(email);

    // someone else who got hold of the link cannot use it
    const intruder = await person(`mallory-${randomUUID()}@example.test`);
    const stolen = await call(intruder, ACCEPT, { token: secret });
    expect(stolen.errors?.[0]).toMatchObject({ message: UNUSABLE, extensions: { code: 'NOT_FOUND' } });

    // the person signs up later with the invited address (any case), then accepts
    const ada = await person(email.toUpperCase());
    const accepted = await call<{ companyInvitationAccept: string }>(ada, ACCEPT, { token: secret });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.companyInvitationAccept).toBe(String(admin.companyId));
    const mine = await call<{ companies: { name: string; permissions: string[] }[] }>(ada, MY_COMPANIES);
    expect(mine.data!.companies).toEqual([
      expect.objectContaining({ name: 'Juniper Still', permissions: ['selling.write', 'values'] }),
    ]);
    const list = await call(
      { token: ada.token, companyId: admin.companyId },
      `{ customers2(first: 1) { totalCount } }`,
    );
    expect(list.errors).toBeUndefined();

    // used up: the link works once, and the invitation is no longer pending
    const again = await call(ada, ACCEPT, { token: secret });
    expect(again.errors?.[0].message).toBe(UNUSABLE);
    const pending = await call<{ companyInvitations: { email: string }[] }>(admin, PENDING);
    expect(pending.data!.companyInvitations.map((i) => i.email)).not.toContain(email);
  });

  it('refuses an expired, cancelled, renewed or made-up link with the same message', async () => {
    const email = `bea-${randomUUID()}@example.test`;
    const bea = await person(email);
    const first = await call<{ companyMemberInvite: { id: string } }>(admin, INVITE, { email, permissions: [] });
    const oldSecret = linkMailedTo(email);
    await call(admin, INVITE, { email, permissions: ['selling.read'] }); // renewed: a new link
    const newSecret = linkMailedTo(email);
    expect(newSecret).not.toBe(oldSecret);
    expect((await call(bea, ACCEPT, { token: oldSecret })).errors?.[0].message).toBe(UNUSABLE);
    expect((await call(bea, ACCEPT, { token: 'x'.repeat(43) })).errors?.[0].message).toBe(UNUSABLE);
    expect((await call(bea, ACCEPT, { token: 'short' })).errors?.[0].message).toBe(UNUSABLE);

    await api.database.db.execute(
      sql`UPDATE company_invitations SET expires_at = now() - interval '1 minute' WHERE lower(email) = ${email}`,
    );
    expect((await call(bea, ACCEPT, { token: newSecret })).errors?.[0].message).toBe(UNUSABLE);

    await call(admin, INVITE, { email, permissions: ['selling.read'] });
    const third = linkMailedTo(email);
    const pending = await call<{ companyInvitations: { id: string; email: string }[] }>(admin, PENDING);
    const id = pending.data!.companyInvitations.find((i) => i.email === email)!.id;
    expect(id).toBe(first.data!.companyMemberInvite.id);
    expect((await call(admin, CANCEL, { id })).data).toEqual({ companyInvitationCancel: { id, error: null } });
    expect((await call(bea, ACCEPT, { token: third })).errors?.[0].message).toBe(UNUSABLE);
    const theirs = await call<{ companies: unknown[] }>(bea, MY_COMPANIES);
    expect(theirs.data!.companies).toEqual([]);
  });

  it('lets only administrators invite, and checks the address and permissions', async () => {
    const reader = await makeMember(api, ['config.read']);
    const denied = await call(reader, INVITE, { email: 'x@example.test', permissions: [] });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const outsider = await makeMember(api, [...EVERYTHING, 'config.write']);
    const foreign = await call({ ...outsider, companyId: admin.companyId }, INVITE, {
      email: 'x@example.test',
      permissions: [],
    });
    expect(foreign.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const badEmail = await call(admin, INVITE, { email: 'not an address', permissions: [] });
    expect(badEmail.errors?.[0].extensions.info.fields).toEqual({ email: 'Invalid e-mail' });
    const badPermission = await call(admin, INVITE, { email: 'y@example.test', permissions: ['root'] });
    expect(badPermission.errors?.[0].extensions.info.fields).toEqual({ permissions: 'Unknown permission root' });
    const self = await call(admin, INVITE, { email: await emailOf(admin.userId), permissions: [] });
    expect(self.errors?.[0].extensions.info.fields).toEqual({ email: 'Already a member of this company' });
    expect(outbox.filter((m) => ['not an address', 'y@example.test'].includes(m.to))).toEqual([]);
  });
});
