// Issue 10, point 15: /signup creates a company and its first user, confirmed by a link mailed
// to the address; the answer is the same for an address with an account; inputs are bounded
// and requests throttled like sign-in.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettingsTable, companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { verifyPassword } from '../../src/server/auth/passwords';
import { backends, makeMember, startApi, type TestApi } from './harness';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const SENT = 'Check your e-mail: we sent a message to this address. Open its link to finish creating your account.';
const INVALID =
  'This link cannot be used: it has expired or was already used. Sign up again, or sign in if your account exists.';

// spec 6's nine areas, read and write each, and values: 9 x 2 + 1 = 19 strings
const ALL = [
  'audit.read',
  'audit.write',
  'buying.read',
  'buying.write',
  'config.read',
  'config.write',
  'forecasting.read',
  'forecasting.write',
  'inventory.read',
  'inventory.write',
  'production.read',
  'production.write',
  'reports.read',
  'reports.write',
  'scheduling.read',
  'scheduling.write',
  'selling.read',
  'selling.write',
  'values',
];

describe.each(backends)('sign-up on %s', (backend) => {
  let api: TestApi;
  const outbox: Mail[] = [];
  let ipCounter = 0;
  /** each test from its own address unless it says otherwise, so the per-address limit is its own */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const signup = (body: Record<string, unknown>, ip = freshIp()) =>
    api.app.inject({ method: 'POST', url: '/api/signup', payload: body, remoteAddress: ip });
  const confirm = (token: string) => api.app.inject({ method: 'POST', url: '/api/signup/confirm', payload: { token } });
  const form = (email: string) => ({
    name: 'Mira Cask',
    email,
    password: 'juniper-berries',
    companyName: 'Cask & Copper Spirits',
    province: 'NS',
  });
  const linkMailedTo = (email: string) => {
    const mail = outbox.filter((m) => m.to === email).at(-1);
    expect(mail, `no mail to ${email}`).toBeDefined();
    const link = /https:\/\/distillery\.example\/signup\/confirm\/(\S+)/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    return link![1];
  };
  const usersWith = async (email: string) =>
    api.database.db
      .select()
      .from(userTable)
      .where(sql`lower(${userTable.email}) = lower(${email})`);

  beforeAll(async () => {
    api = await startApi(backend, {
      publicOrigin: 'https://distillery.example',
      mailer: { send: async (m) => void outbox.push(m) },
    });
  });
  afterAll(() => api?.close());

  it('creates nothing until the mailed link is opened, then a usable account administering a new company', async () => {
    const email = `mira-${randomUUID()}@example.test`;
    const asked = await signup(form(email));
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SENT });
    expect(await usersWith(email)).toEqual([]);

    const token = linkMailedTo(email);
    const opened = await confirm(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email });

    const [user] = await usersWith(email);
    expect(user).toMatchObject({ name: 'Mira Cask', admin: true, active: true });
    // the password chosen on the form signs in
    const [cred] = rowsOf<{ password_hash: string }>(
      await api.database.db.execute(sql`SELECT password_hash FROM auth_credentials WHERE user_id = ${user.id}`),
    );
    expect(await verifyPassword('juniper-berries', cred.password_hash)).toBe(true);
    expect(await verifyPassword('juniper-berrie', cred.password_hash)).toBe(false);

    const [membership] = await api.database.db.select().from(membershipTable).where(eq(membershipTable.user, user.id));
    expect([...membership.permissions].sort()).toEqual(ALL);
    const [company] = await api.database.db
      .select()
      .from(companyTable)
      .where(eq(companyTable.id, membership.companyId));
    expect(company).toMatchObject({ name: 'Cask & Copper Spirits', province: 'NS', status: 'Active' });
    const [settings] = await api.database.db
      .select()
      .from(companySettingsTable)
      .where(eq(companySettingsTable.companyId, company.id));
    // the schema's defaults (schema/settings/companySettings.json)
    expect(settings).toMatchObject({
      doneSetup: false,
      dateFormat: 'yyyy-MM-dd',
      timeFormat: 'hh:mm a',
      timeZone: 'America/Toronto',
      homeCurrency: 'CAD',
      mashDuration: 240,
    });

    // signed in, the person sees their company and may configure it
    const tokenOfUser = await api.token(String(user.id));
    const mine = await api.gql<{ companies: { id: string; name: string; permissions: string[] }[] }>(
      'none',
      '{ companies { id name permissions } }',
      {},
      tokenOfUser,
    );
    expect(mine.body.data!.companies).toHaveLength(1);
    expect(mine.body.data!.companies[0].name).toBe('Cask & Copper Spirits');
    const members = await api.gql<{ companyMembers: { user: { email: string } }[] }>(
      company.id,
      '{ companyMembers { user { email } } }',
      {},
      tokenOfUser,
    );
    expect(members.body.errors).toBeUndefined();
    expect(members.body.data!.companyMembers.map((m) => m.user.email)).toEqual([email]);

    // a link works once
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: INVALID });
  });

  it('answers alike for an address that already has an account, and mails it a notice instead of a link', async () => {
    const existing = await makeMember(api, ['selling.read']);
    const [known] = await api.database.db.select().from(userTable).where(eq(userTable.id, existing.userId));
    const unknown = `new-${randomUUID()}@example.test`;
    const a = await signup(form(known.email.toUpperCase()));
    const b = await signup(form(unknown));
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    const notice = outbox.filter((m) => m.to === known.email.toUpperCase()).at(-1)!;
    expect(notice.subject).toBe('You already have a Distillery account');
    expect(notice.text).not.toMatch(/signup\/confirm/);
    // nothing pending for the known address, and its account is untouched
    const pending = rowsOf(
      await api.database.db.execute(sql`SELECT 1 FROM signup_requests WHERE lower(email) = lower(${known.email})`),
    );
    expect(pending).toEqual([]);
    expect(await usersWith(known.email)).toHaveLength(1);
  });

  it('refuses a link that has expired, a made-up one, and one whose address got an account meanwhile', async () => {
    const late = `late-${randomUUID()}@example.test`;
    await signup(form(late));
    const token = linkMailedTo(late);
    await api.database.db.execute(
      sql`UPDATE signup_requests SET expires_at = now() - interval '1 second' WHERE lower(email) = lower(${late})`,
    );
    expect((await confirm(token)).json()).toMatchObject({ message: INVALID });
    expect((await confirm('x'.repeat(43))).json()).toMatchObject({ message: INVALID });
    expect((await confirm('../../etc')).statusCode).toBe(404);

    const raced = `raced-${randomUUID()}@example.test`;
    await signup(form(raced));
    const racedToken = linkMailedTo(raced);
    await api.database.db.insert(userTable).values({ email: raced, name: 'Someone else' });
    expect((await confirm(racedToken)).json()).toMatchObject({ message: INVALID });
    expect(await usersWith(raced)).toHaveLength(1);
  });

  it('bounds every input and uses the password rule of the account screen', async () => {
    const bad = await signup({
      name: 'n'.repeat(101),
      email: 'not-an-address',
      password: 'short',
      companyName: '',
      province: 'XX',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: {
        fields: {
          name: 'Max length 100',
          email: 'Invalid e-mail',
          password: 'Min length 8',
          companyName: 'Required',
          province: 'Must be one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT',
        },
      },
    });
    const long = await signup({ ...form(`${'a'.repeat(190)}@example.test`), password: 'p'.repeat(201) });
    expect(long.json().info.fields).toEqual({ email: 'Max length 200', password: 'Max length 200' });
    const header = await signup({ ...form(`h-${randomUUID()}@example.test`), companyName: 'Evil\r\nBcc: x@y.z' });
    expect(header.json().info.fields).toEqual({ companyName: 'Invalid characters' });
    const notJson = await api.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(
      rowsOf(await api.database.db.execute(sql`SELECT 1 FROM signup_requests WHERE email = 'not-an-address'`)),
    ).toEqual([]);
  });

  it('throttles requests per e-mail and per address, saying how long to wait', async () => {
    const email = `flood-${randomUUID()}@example.test`;
    // 3 free per e-mail; the 4th must wait 2^(3-3) = 1 minute after the 3rd, which has not passed
    for (let i = 0; i < 3; i++) expect((await signup(form(email))).statusCode).toBe(202);
    const fourth = await signup(form(email));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', info: { minutes: 1 } });
    expect(fourth.json().message).toBe('Too many sign-up requests: try again in 1 minute(s).');
    // at most 60 s, and more than 60 - 30 s even on a slow machine
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(30);

    // 10 free per address whatever the e-mail; the 11th waits a minute
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect((await signup(form(`ip${i}-${randomUUID()}@example.test`), ip)).statusCode).toBe(202);
    expect((await signup(form(`ip-last-${randomUUID()}@example.test`), ip)).statusCode).toBe(429);
    const mailsBefore = outbox.length;
    await signup(form(`ip-more-${randomUUID()}@example.test`), ip);
    expect(outbox.length).toBe(mailsBefore);
  });
});
