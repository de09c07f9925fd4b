// Issue 10, point 3: an access token stops working at once when its access ends — sign-out,
// revocation, a password change (which ends every session of the user), the user's
// deactivation, removal from the company — and so does an export URL. The whole server runs
// with its embedded issuer; people sign in through the sign-in page as a browser does.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CLIENT_ID, setPassword } from '../../src/server/auth';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { backends, EVERYTHING, startApi, type TestApi } from './harness';

class Browser {
  private cookies = new Map<string, { value: string; path: string }>();
  constructor(readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const cookie = [...this.cookies]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = pair.slice(eq + 1) === '' || attributes.some((a) => a.toLowerCase() === 'max-age=0');
      if (gone) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), { value: pair.slice(eq + 1), path });
    }
    return response;
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)![1].replace(/&#38;/g, '&');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

interface Person {
  id: string;
  email: string;
  password: string;
}

describe.each(backends)('access ends at once on %s', (backend) => {
  let api: TestApi;
  let origin: string;
  let companyId: string;
  let admin: Person;

  const follow = async (browser: Browser, response: Response) => {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      if (location.startsWith(`${origin}/login`)) return current;
      current = await browser.request(location);
    }
    throw new Error('redirect loop');
  };

  /** What the app does: authorization request with PKCE, the sign-in form, the code exchange. */
  async function signIn(person: Person, browser = new Browser(origin)) {
    const verifier = randomBytes(64).toString('base64url');
    const params = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'st',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const page = await follow(browser, await browser.request(`/oidc/auth?${params}`));
    const html = await page.text();
    expect(html).toContain('<title>Sign in</title>');
    const posted = await browser.request(formAction(html), form({ email: person.email, password: person.password }));
    const callback = new URL((await follow(browser, posted)).headers.get('location')!);
    const response = await browser.request(
      '/oidc/token',
      form({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${origin}/login`,
        client_id: WEB_CLIENT_ID,
        code_verifier: verifier,
      }),
    );
    expect(response.status).toBe(200);
    return { tokens: (await response.json()) as Tokens, browser };
  }

  const refresh = (refreshToken: string) =>
    fetch(
      `${origin}/oidc/token`,
      form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID }),
    );

  /** The status of the company's customer list and of the user's own company list. */
  async function apiStatus(accessToken: string, company = companyId) {
    const list = await api.gql(company, `{ customers2(first: 1) { totalCount } }`, {}, accessToken);
    const own = await api.gql('none', `{ companies { id } }`, {}, accessToken);
    return { list: list.status === 200 && !list.body.errors ? 'ok' : list.status, own: own.status };
  }

  async function exportUrl(accessToken: string) {
    const answer = await api.gql<{ customersExport: string }>(companyId, `{ customersExport }`, {}, accessToken);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.customersExport;
  }

  const download = (url: string, accessToken: string) =>
    fetch(`${origin}${url}`, { headers: { authorization: `Bearer ${accessToken}` } }).then((r) => r.status);

  /** A person with a password who belongs to the company with the given permissions. */
  async function newPerson(permissions: string[]): Promise<Person> {
    const email = `${randomBytes(6).toString('hex')}@example.test`;
    const password = `pw ${randomBytes(8).toString('hex')}`;
    const [user] = await api.database.db
      .insert(userTable)
      .values({ email, name: 'Person' })
      .returning({ id: userTable.id });
    await setPassword(api.database.db, user.id, password);
    await api.database.db.insert(membershipTable).values({ companyId, user: user.id, permissions });
    return { id: String(user.id), email, password };
  }

  beforeAll(async () => {
    delete process.env.OIDC_ISSUER;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // no verifyToken: the API checks the embedded issuer's own tokens
    api = await startApi(backend, { publicOrigin: origin, verifyToken: undefined });
    await api.app.listen({ host: '127.0.0.1', port });
    const [company] = await api.database.db
      .insert(companyTable)
      .values({ name: 'Still House' })
      .returning({ id: companyTable.id });
    companyId = String(company.id);
    admin = await newPerson([...EVERYTHING, 'config.read', 'config.write']);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it('works while signed in, and not after signing out through the end-session endpoint', async () => {
    const person = await newPerson(EVERYTHING);
    const { tokens, browser } = await signIn(person);
    expect(await apiStatus(tokens.access_token)).toEqual({ list: 'ok', own: 200 });
    const url = await exportUrl(tokens.access_token);
    expect(await download(url, tokens.access_token)).toBe(200);

    const params = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${origin}/` });
    const page = await (await browser.request(`/oidc/session/end?${params}`)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1];
    expect((await browser.request(formAction(page), form({ xsrf, logout: 'yes' }))).status).toBe(303);

    expect(await apiStatus(tokens.access_token)).toEqual({ list: 401, own: 401 });
    expect(await download(url, tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('stops when the refresh token is revoked (the grant ends), but not for another sign-in', async () => {
    const person = await newPerson(EVERYTHING);
    const first = await signIn(person);
    const second = await signIn(person);
    const revoked = await fetch(
      `${origin}/oidc/revoke_token`,
      form({ token: first.tokens.refresh_token, token_type_hint: 'refresh_token', client_id: WEB_CLIENT_ID }),
    );
    expect(revoked.status).toBe(200);
    expect(await apiStatus(first.tokens.access_token)).toEqual({ list: 401, own: 401 });
    expect(await apiStatus(second.tokens.access_token)).toEqual({ list: 'ok', own: 200 });
  });

  it('stops when a replayed refresh token revokes the grant', async () => {
    const person = await newPerson(EVERYTHING);
    const { tokens } = await signIn(person);
    const rotated = (await (await refresh(tokens.refresh_token)).json()) as Tokens;
    expect(await apiStatus(rotated.access_token)).toEqual({ list: 'ok', own: 200 });
    expect((await refresh(tokens.refresh_token)).status).toBe(400); // the replay
    expect(await apiStatus(rotated.access_token)).toEqual({ list: 401, own: 401 });
    expect(await apiStatus(tokens.access_token)).toEqual({ list: 401, own: 401 });
  });

  it('ends every session of the user when the password changes; the new password signs in', async () => {
    const person = await newPerson(EVERYTHING);
    const laptop = await signIn(person);
    const phone = await signIn(person);
    const other = await signIn(admin);
    const changed = await fetch(`${origin}/oidc/users/${person.id}/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${laptop.tokens.access_token}` },
      body: JSON.stringify({ currentPassword: person.password, newPassword: 'a brand new password' }),
    });
    expect(changed.status).toBe(204);

    for (const session of [laptop, phone]) {
      expect(await apiStatus(session.tokens.access_token)).toEqual({ list: 401, own: 401 });
      expect((await refresh(session.tokens.refresh_token)).status).toBe(400);
      const profile = await fetch(`${origin}/oidc/users/${person.id}`, {
        headers: { authorization: `Bearer ${session.tokens.access_token}` },
      });
      expect(profile.status).toBe(401);
    }
    // the issuer's session cookie no longer signs the browser in: the password is asked again
    const params = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: createHash('sha256').update('x'.repeat(50)).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const again = await follow(phone.browser, await phone.browser.request(`/oidc/auth?${params}`));
    expect(await again.text()).toContain('<title>Sign in</title>');
    // someone else's sign-in is untouched
    expect(await apiStatus(other.tokens.access_token)).toEqual({ list: 'ok', own: 200 });

    const renewed = await signIn({ ...person, password: 'a brand new password' });
    expect(await apiStatus(renewed.tokens.access_token)).toEqual({ list: 'ok', own: 200 });
  });

  it('refuses a deactivated user at once, on every route', async () => {
    const person = await newPerson(EVERYTHING);
    const { tokens } = await signIn(person);
    const url = await exportUrl(tokens.access_token);
    await api.database.db.update(userTable).set({ active: false }).where(eq(userTable.id, person.id));

    expect(await apiStatus(tokens.access_token)).toEqual({ list: 401, own: 401 });
    expect(await download(url, tokens.access_token)).toBe(401);
    const profile = await fetch(`${origin}/oidc/users/${person.id}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('refuses a member removed from the company at once, export URLs included', async () => {
    const person = await newPerson(EVERYTHING);
    const { tokens } = await signIn(person);
    const { tokens: adminTokens } = await signIn(admin);
    const url = await exportUrl(tokens.access_token);
    const adminUrl = await exportUrl(adminTokens.access_token);
    expect(await download(url, tokens.access_token)).toBe(200);

    const members = await api.gql<{ companyMembers: { id: string; user: { email: string } }[] }>(
      companyId,
      `{ companyMembers { id user { email } } }`,
      {},
      adminTokens.access_token,
    );
    const membership = members.body.data!.companyMembers.find((m) => m.user.email === person.email)!;
    const removed = await api.gql(
      companyId,
      `mutation($id: ID!) { companyMemberRemove(id: $id) { id error } }`,
      { id: membership.id },
      adminTokens.access_token,
    );
    expect(removed.body.errors).toBeUndefined();

    const list = await api.gql(companyId, `{ customers2(first: 1) { totalCount } }`, {}, tokens.access_token);
    expect(list.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await download(url, tokens.access_token)).toBe(404);
    // the person is still signed in (other companies may be theirs), with no company left here
    const own = await api.gql<{ companies: unknown[] }>('none', `{ companies { id } }`, {}, tokens.access_token);
    expect(own.body.data!.companies).toEqual([]);
    // the administrator's own export still downloads
    expect(await download(adminUrl, adminTokens.access_token)).toBe(200);
  });

  it('stops an export URL when the company turns exports off', async () => {
    const { tokens } = await signIn(admin);
    const url = await exportUrl(tokens.access_token);
    await api.database.db.update(companyTable).set({ allowCSVExport: false }).where(eq(companyTable.id, companyId));
    try {
      expect(await download(url, tokens.access_token)).toBe(404);
    } finally {
      await api.database.db.update(companyTable).set({ allowCSVExport: true }).where(eq(companyTable.id, companyId));
    }
    expect(await download(url, tokens.access_token)).toBe(200);
  });
});
