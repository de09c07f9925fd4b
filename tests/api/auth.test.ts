import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_AUDIENCE,
  authConfig,
  createTokenVerifier,
  hashPassword,
  registerAuthServer,
  setPassword,
  UnauthorizedError,
  verifyPassword,
  WEB_CLIENT_ID,
} from '../../src/server/auth';
import { loadOrCreateServerKeys, loadPublicJwks } from '../../src/server/auth/keys';
import { delayAfter } from '../../src/server/auth/signin-attempts';
import { connect, type Database } from '../../src/server/db/connect';
import { migrate, readMigrations } from '../../src/server/db/migrate';

// The lead's migration 0001 creates users; these tests must not depend on it.
const USERS_TABLE = sql`CREATE TABLE IF NOT EXISTS users (
  id bigint PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL,
  locale text, admin boolean, active boolean)`;

const ALICE = {
  id: '1',
  email: 'alice@example.com',
  name: 'Alice Martin',
  locale: 'en',
  password: 'correct horse battery',
};
const BOB = { id: '2', email: 'bob@example.com', name: 'Bob Tremblay', locale: 'fr', password: 'bob password 1' };
const CAROL = { id: '3', email: 'carol@example.com', name: 'Carol Inactive', locale: null, password: 'carol password' };
const DAVE = { id: '4', email: 'dave@example.com', name: 'Dave Locked', locale: 'en', password: 'dave password' };

// ---------- a tiny browser: cookie jar with paths, manual redirects ----------

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
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  private store(line: string) {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const expires = attr('expires');
    const gone = value === '' || attr('max-age') === '0' || (expires && Date.parse(expires) < Date.now());
    if (gone) this.cookies.delete(name);
    else this.cookies.set(name, { value, path: attr('path') ?? '/' });
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

function pkcePair() {
  const verifier = randomBytes(96).toString('base64url').slice(0, 128); // spec: 128 characters
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page:\n${html}`);
  return match[1].replace(/&#38;/g, '&');
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
  error?: string;
}

// ---------- servers ----------

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

async function startServer(db: Database['db']): Promise<{ app: FastifyInstance; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = Fastify();
  await registerAuthServer(app, { db, publicOrigin: origin });
  await app.listen({ host: '127.0.0.1', port });
  return { app, origin };
}

// ---------- databases: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set ----------

interface Target {
  name: string;
  url?: string;
}

const targets: Target[] = [
  { name: 'PGlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

/** PGlite in memory, or a fresh schema of the PostgreSQL test database (dropped on close). */
async function openDatabase(target: Target): Promise<Database> {
  if (!target.url) return connect({});
  const schema = `auth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  // a connection string, not a WHATWG URL: socket forms like postgresql://user@/db are valid here
  const options = encodeURIComponent(`-c search_path=${schema}`);
  let database: Database;
  try {
    database = await connect({ url: `${target.url}${target.url.includes('?') ? '&' : '?'}options=${options}` });
  } catch (error) {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

describe.each(targets)('auth server on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let origin: string;
  let issuer: string;

  beforeAll(async () => {
    delete process.env.OIDC_ISSUER;
    database = await openDatabase(target);
    await database.db.execute(USERS_TABLE);
    await migrate(
      database.db,
      readMigrations().filter((m) => m.name === '0002_auth_storage'),
    );
    for (const [user, active] of [
      [ALICE, true],
      [BOB, true],
      [CAROL, false],
      [DAVE, true],
    ] as const) {
      await database.db.execute(
        sql`INSERT INTO users (id, email, name, locale, admin, active) VALUES (${user.id}, ${user.email}, ${user.name}, ${user.locale}, false, ${active})`,
      );
      await setPassword(database.db, user.id, user.password);
    }
    ({ app, origin } = await startServer(database.db));
    issuer = `${origin}/oidc`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // ---------- the sign-in flow ----------

  interface AuthorizeOptions {
    challenge?: string;
    method?: string;
    scope?: string;
    headers?: Record<string, string>;
  }

  function authorizeUrl(options: AuthorizeOptions & { state: string }) {
    const params = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: options.scope ?? 'openid profile email',
      state: options.state,
    });
    if (options.challenge) params.set('code_challenge', options.challenge);
    if (options.method) params.set('code_challenge_method', options.method);
    return `/oidc/auth?${params}`;
  }

  /** Follows redirects until a page is shown or the app's /login is reached. */
  async function follow(browser: Browser, response: Response, headers?: Record<string, string>): Promise<Response> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      if (location.startsWith(`${origin}/login`)) return current;
      current = await browser.request(location, { headers });
    }
    throw new Error('redirect loop');
  }

  /** Opens the sign-in page of a new authorization request; answers the page and the PKCE pair. */
  async function openSignInPage(browser: Browser, headers?: Record<string, string>) {
    const pkce = pkcePair();
    const state = randomBytes(8).toString('hex');
    const first = await browser.request(authorizeUrl({ challenge: pkce.challenge, method: 'S256', state }), {
      headers,
    });
    expect(first.status).toBe(303);
    const page = await follow(browser, first, headers);
    expect(page.status).toBe(200);
    return { page, html: await page.text(), pkce, state };
  }

  async function submitSignIn(browser: Browser, html: string, email: string, password: string) {
    return browser.request(formAction(html), form({ email, password }));
  }

  /** The whole flow: authorize, sign in through the form, exchange the code. */
  async function signIn(user: { email: string; password: string }, browser = new Browser(origin)) {
    const { html, pkce, state } = await openSignInPage(browser);
    const posted = await submitSignIn(browser, html, user.email, user.password);
    expect(posted.status).toBe(303);
    const final = await follow(browser, posted);
    const callback = new URL(final.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/login`);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    const response = await browser.request(
      '/oidc/token',
      form({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: `${origin}/login`,
        client_id: WEB_CLIENT_ID,
        code_verifier: pkce.verifier,
      }),
    );
    const tokens = (await response.json()) as TokenResponse;
    expect(response.status, JSON.stringify(tokens)).toBe(200);
    return { tokens, browser };
  }

  async function refresh(refreshToken: string) {
    const response = await fetch(
      `${origin}/oidc/token`,
      form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: WEB_CLIENT_ID }),
    );
    return { status: response.status, body: (await response.json()) as TokenResponse };
  }

  const embeddedVerifier = () =>
    createTokenVerifier({ issuer, audience: API_AUDIENCE, localJwks: () => loadPublicJwks(database.db) });

  describe('authorization code flow with PKCE', () => {
    it('signs in through the form and issues JWT access token and refresh token without offline_access', async () => {
      const { tokens } = await signIn(ALICE);
      expect(tokens.token_type).toBe('Bearer');
      expect(tokens.expires_in).toBeGreaterThan(3500);
      expect(tokens.expires_in).toBeLessThanOrEqual(3600);
      expect(tokens.refresh_token).toEqual(expect.any(String));
      expect(tokens.id_token).toEqual(expect.any(String));
      expect(tokens.scope?.split(' ')).not.toContain('offline_access');

      const header = decodeProtectedHeader(tokens.access_token);
      expect(header.alg).toBe('RS256');
      expect(header.kid).toEqual(expect.any(String));
      const claims = decodeJwt(tokens.access_token);
      expect(claims).toMatchObject({
        iss: issuer,
        aud: API_AUDIENCE,
        sub: ALICE.id,
        email: ALICE.email,
        name: ALICE.name,
        locale: ALICE.locale,
        client_id: WEB_CLIENT_ID,
      });
      expect(String(claims.scope).split(' ').sort()).toEqual(['email', 'openid', 'profile']);
      expect(decodeJwt(tokens.id_token!)).toMatchObject({ sub: ALICE.id, email: ALICE.email, name: ALICE.name });

      await expect(embeddedVerifier()(`Bearer ${tokens.access_token}`)).resolves.toEqual({
        sub: ALICE.id,
        email: ALICE.email,
      });
    });

    it('verifies against the published JWKS found through discovery, as for an external issuer', async () => {
      const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      expect(discovery).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        revocation_endpoint: `${issuer}/revoke_token`,
        end_session_endpoint: `${issuer}/session/end`,
        code_challenge_methods_supported: ['S256'],
      });
      const { tokens } = await signIn(BOB);
      const remote = createTokenVerifier({ issuer, audience: API_AUDIENCE });
      await expect(remote(`Bearer ${tokens.access_token}`)).resolves.toEqual({ sub: BOB.id, email: BOB.email });
      const wrongAudience = createTokenVerifier({ issuer, audience: 'urn:someone:else', jwksUrl: `${issuer}/jwks` });
      await expect(wrongAudience(`Bearer ${tokens.access_token}`)).rejects.toBeInstanceOf(UnauthorizedError);
    });

    it('refuses an authorization request with a plain or missing code_challenge', async () => {
      const browser = new Browser(origin);
      const { challenge, verifier } = pkcePair();
      for (const request of [
        authorizeUrl({ challenge: verifier, method: 'plain', state: 's1' }),
        authorizeUrl({ state: 's2' }),
        authorizeUrl({ challenge, state: 's3' }), // method defaults to plain
      ]) {
        const response = await browser.request(request);
        expect(response.status).toBe(303);
        const location = new URL(response.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).toBe(`${origin}/login`);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('code')).toBeNull();
      }
    });

    it('refuses the code without the right code_verifier', async () => {
      const browser = new Browser(origin);
      const { html, pkce } = await openSignInPage(browser);
      const final = await follow(browser, await submitSignIn(browser, html, ALICE.email, ALICE.password));
      const code = new URL(final.headers.get('location')!).searchParams.get('code')!;
      const exchange = (verifier: string) =>
        browser.request(
          '/oidc/token',
          form({
            grant_type: 'authorization_code',
            code,
            redirect_uri: `${origin}/login`,
            client_id: WEB_CLIENT_ID,
            code_verifier: verifier,
          }),
        );
      const wrong = await exchange(pkcePair().verifier);
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as TokenResponse).error).toBe('invalid_grant');
      expect(pkce.verifier).toHaveLength(128);
    });
  });

  describe('sign-in page', () => {
    it('is accessible and in English by default', async () => {
      const { html, page } = await openSignInPage(new Browser(origin));
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Sign in</title>');
      expect(html).toMatch(/<label for="email">E-mail<\/label>/);
      expect(html).toMatch(/<label for="password">Password<\/label>/);
      expect(html).toMatch(/<input id="email"[^>]*autofocus/);
      expect(html).toContain('>Sign in</button>');
      expect(html).toMatch(/href="[^"]*lang=fr"[^>]*>Français</);
    });

    it('speaks French from Accept-Language, and the lang link or cookie overrides it', async () => {
      const browser = new Browser(origin);
      const { html, page } = await openSignInPage(browser, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('<title>Connexion</title>');
      expect(html).toContain('>Courriel</label>');
      expect(html).toContain('>Mot de passe</label>');
      expect(html).toContain('>Se connecter</button>');

      const english = await browser.request(`${new URL(page.url).pathname}?lang=en`, {
        headers: { 'accept-language': 'fr' },
      });
      const englishHtml = await english.text();
      expect(englishHtml).toContain('<title>Sign in</title>');
      // the choice is remembered in a cookie for the form post
      const wrong = await submitSignIn(browser, englishHtml, ALICE.email, 'nope');
      expect(await wrong.text()).toContain('Wrong e-mail or password');
    });

    it('shows the error for a wrong password, an unknown e-mail and an inactive user', async () => {
      const browser = new Browser(origin);
      const { html } = await openSignInPage(browser);
      for (const [email, password] of [
        [BOB.email, 'wrong password'],
        ['nobody@example.com', BOB.password],
        [CAROL.email, CAROL.password],
      ]) {
        const response = await submitSignIn(browser, html, email, password);
        expect(response.status).toBe(400);
        const page = await response.text();
        expect(page).toContain('role="alert">Wrong e-mail or password<');
        expect(page).toContain(`value="${email}"`);
        expect(page).toMatch(/<input id="password"[^>]*autofocus/);
      }
      const french = await openSignInPage(new Browser(origin), { 'accept-language': 'fr' });
      const response = await submitSignIn(new Browser(origin), french.html, BOB.email, 'x');
      // without the interaction cookie the page says the sign-in expired instead of checking anything
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Retour');
    });

    it('throttles an e-mail with growing delays, without checking the password, and never locks it', async () => {
      await database.db.execute(sql`DELETE FROM signin_attempts`);
      const browser = new Browser(origin);
      const { html } = await openSignInPage(browser);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await submitSignIn(browser, html, attempt % 2 ? DAVE.email : DAVE.email.toUpperCase(), 'bad');
        expect(response.status).toBe(400);
      }
      // 5 failures: the next try waits 2^0 s; 9 failures: 2^4 = 16 s after the latest one
      const failures = (n: number, ago = 0) =>
        database.db.execute(
          sql`INSERT INTO signin_attempts (key, at)
              SELECT ${`email:${DAVE.email}`}, now() - make_interval(secs => ${ago}) FROM generate_series(1, ${n})`,
        );
      await failures(4);
      const blocked = await submitSignIn(browser, html, DAVE.email, DAVE.password);
      expect(blocked.status).toBe(429);
      const retry = Number(blocked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(10);
      expect(retry).toBeLessThanOrEqual(16);
      expect(await blocked.text()).toMatch(/Too many failed sign-ins\. Wait 1[0-6] seconds, then try again\./);
      const frBrowser = new Browser(origin);
      const fr = await openSignInPage(frBrowser, { 'accept-language': 'fr' });
      const frBlocked = await submitSignIn(frBrowser, fr.html, DAVE.email, DAVE.password);
      expect(await frBlocked.text()).toMatch(
        /Trop de connexions échouées\. Attendez 1[0-6] secondes, puis réessayez\./,
      );
      // refused tries are not counted: the wait does not grow while the caller waits
      const count = async () =>
        (
          (await database.db.execute(
            sql`SELECT count(*)::int AS n FROM signin_attempts WHERE key = ${`email:${DAVE.email}`}`,
          )) as { rows: { n: number }[] }
        ).rows[0].n;
      expect(await count()).toBe(9);
      // other users are not affected
      await signIn(ALICE);

      // the delay doubles and is capped at 15 minutes
      await database.db.execute(sql`DELETE FROM signin_attempts WHERE key = ${`email:${DAVE.email}`}`);
      await failures(40);
      const capped = await submitSignIn(browser, html, DAVE.email, DAVE.password);
      expect(capped.status).toBe(429);
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(890);
      expect(Number(capped.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      expect(await capped.text()).toContain('Wait 15 minutes, then try again.');

      // once the wait is over the right password works (no lock anyone can hold)
      await database.db.execute(sql`DELETE FROM signin_attempts WHERE key = ${`email:${DAVE.email}`}`);
      await failures(40, 901);
      await signIn(DAVE);
      expect(await count()).toBe(0);
    });

    it('computes the delay: none before the allowance, then 2^(n - allowance) seconds, at most 900', () => {
      expect(delayAfter(4, 5)).toBe(0);
      expect(delayAfter(5, 5)).toBe(1);
      expect(delayAfter(6, 5)).toBe(2);
      expect(delayAfter(14, 5)).toBe(512);
      expect(delayAfter(15, 5)).toBe(900);
      expect(delayAfter(10_000, 5)).toBe(900);
      expect(delayAfter(20, 20)).toBe(1);
    });

    it('clears an e-mail’s failures after a successful sign-in', async () => {
      const browser = new Browser(origin);
      const { html } = await openSignInPage(browser);
      await submitSignIn(browser, html, BOB.email, 'bad');
      const count = async () =>
        (
          (await database.db.execute(
            sql`SELECT count(*)::int AS n FROM signin_attempts WHERE key = ${`email:${BOB.email}`}`,
          )) as {
            rows: { n: number }[];
          }
        ).rows[0].n;
      expect(await count()).toBeGreaterThan(0);
      await signIn(BOB);
      expect(await count()).toBe(0);
    });
  });

  describe('refresh and revocation', () => {
    it('refreshes and rotates the refresh token; a replayed one revokes the grant', async () => {
      const { tokens } = await signIn(ALICE);
      const first = await refresh(tokens.refresh_token!);
      expect(first.status).toBe(200);
      expect(first.body.access_token).toEqual(expect.any(String));
      expect(first.body.access_token).not.toBe(tokens.access_token);
      expect(first.body.refresh_token).toEqual(expect.any(String));
      expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
      await expect(embeddedVerifier()(`Bearer ${first.body.access_token}`)).resolves.toMatchObject({ sub: ALICE.id });

      const replay = await refresh(tokens.refresh_token!);
      expect(replay.status).toBe(400);
      expect(replay.body.error).toBe('invalid_grant');
      const afterReplay = await refresh(first.body.refresh_token!);
      expect(afterReplay.status).toBe(400);
    });

    it('revoke_token revokes the refresh token', async () => {
      const { tokens } = await signIn(BOB);
      const response = await fetch(
        `${issuer}/revoke_token`,
        form({ token: tokens.refresh_token!, token_type_hint: 'refresh_token', client_id: WEB_CLIENT_ID }),
      );
      expect(response.status).toBe(200);
      const after = await refresh(tokens.refresh_token!);
      expect(after.status).toBe(400);
      expect(after.body.error).toBe('invalid_grant');
    });

    it('signs out through the end-session endpoint, which ends the refresh token too', async () => {
      const { tokens, browser } = await signIn(ALICE);
      const params = new URLSearchParams({ id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${origin}/` });
      const page = await browser.request(`/oidc/session/end?${params}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<title>Sign out</title>');
      expect(html).toMatch(/<script nonce=/); // submits itself: the id_token_hint proves the app asked
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
      const confirmed = await browser.request(formAction(html), form({ xsrf, logout: 'yes' }));
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get('location')).toBe(`${origin}/`);
      expect((await refresh(tokens.refresh_token!)).status).toBe(400);
      // and the next authorization request asks for the password again
      const { html: again } = await openSignInPage(browser);
      expect(again).toContain('<title>Sign in</title>');
    });
  });

  describe('token verifier', () => {
    it('throws UnauthorizedError for a missing, malformed, tampered, foreign or expired token', async () => {
      const verify = embeddedVerifier();
      const { tokens } = await signIn(ALICE);
      const [h, p, s] = tokens.access_token.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.access_token), sub: BOB.id })).toString(
        'base64url',
      );

      const { signing } = await loadOrCreateServerKeys(database.db);
      const serverKey = await importJWK(signing[0] as JWK, 'RS256');
      const { privateKey: otherKey } = await generateKeyPair('RS256');
      const sign = (key: CryptoKey | Uint8Array, claims: Record<string, unknown>, exp: number) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: signing[0].kid })
          .setIssuer(issuer)
          .setAudience(API_AUDIENCE)
          .setSubject(ALICE.id)
          .setIssuedAt()
          .setExpirationTime(exp)
          .sign(key);
      const now = Math.floor(Date.now() / 1000);

      // the control: a token we sign with the server's key is accepted, so the failures below are real
      await expect(verify(`Bearer ${await sign(serverKey, {}, now + 60)}`)).resolves.toEqual({ sub: ALICE.id });
      for (const header of [
        undefined,
        '',
        'Bearer',
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        'Bearer not-a-jwt',
        `Bearer ${h}.${forgedPayload}.${s}`,
        `Bearer ${h}.${p}.${s.slice(0, -4)}AAAA`,
        `Bearer ${await sign(otherKey, {}, now + 60)}`,
        `Bearer ${await sign(serverKey, {}, now - 60)}`,
        `Bearer ${tokens.id_token}`, // an ID token is not for the API (audience)
      ]) {
        await expect(verify(header), String(header)).rejects.toBeInstanceOf(UnauthorizedError);
      }
      await verify(undefined).catch((error: UnauthorizedError) => expect(error.statusCode).toBe(401));
    });
  });

  describe('users endpoints', () => {
    it('answers the own profile and refuses others or no token', async () => {
      const { tokens } = await signIn(BOB);
      const own = await fetch(`${issuer}/users/${BOB.id}`, bearer(tokens.access_token));
      expect(own.status).toBe(200);
      expect(await own.json()).toEqual({ id: BOB.id, email: BOB.email, name: BOB.name, locale: BOB.locale });

      expect((await fetch(`${issuer}/users/${ALICE.id}`, bearer(tokens.access_token))).status).toBe(403);
      expect((await fetch(`${issuer}/users/${BOB.id}`)).status).toBe(401);
      expect((await fetch(`${issuer}/users/${BOB.id}`, bearer(`${tokens.access_token}x`))).status).toBe(401);
      expect((await fetch(`${issuer}/users/${ALICE.id}`, json({ name: 'Mallory' }, tokens.access_token))).status).toBe(
        403,
      );
      expect((await fetch(`${issuer}/users/${BOB.id}`, json({ name: 'Mallory' }))).status).toBe(401);
    });

    it('updates the profile with validation', async () => {
      const { tokens } = await signIn(BOB);
      const post = (body: unknown) => fetch(`${issuer}/users/${BOB.id}`, json(body, tokens.access_token));

      const invalid = await post({ name: '  ', email: 'not-an-email' });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        info: { fields: { name: 'Required', email: 'Invalid e-mail' } },
      });
      const tooLong = await post({ name: 'x'.repeat(101) });
      expect(await tooLong.json()).toMatchObject({ info: { fields: { name: 'Max length 100' } } });
      const taken = await post({ email: ALICE.email.toUpperCase() });
      expect(taken.status).toBe(400);

      const ok = await post({ name: 'Robert Tremblay', locale: 'en', email: 'robert@example.com' });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({
        id: BOB.id,
        email: 'robert@example.com',
        name: 'Robert Tremblay',
        locale: 'en',
      });
      const again = await fetch(`${issuer}/users/${BOB.id}`, bearer(tokens.access_token));
      expect(await again.json()).toMatchObject({ name: 'Robert Tremblay', email: 'robert@example.com' });
      // the new e-mail is the one to sign in with
      await signIn({ email: 'robert@example.com', password: BOB.password });
      await post({ name: BOB.name, locale: BOB.locale, email: BOB.email });
    });

    it('changes the password only with the current one', async () => {
      const { tokens } = await signIn(ALICE);
      const change = (body: unknown, token = tokens.access_token, id = ALICE.id) =>
        fetch(`${issuer}/users/${id}/password`, json(body, token));

      expect((await change({ currentPassword: ALICE.password, newPassword: 'short' })).status).toBe(400);
      const wrong = await change({ currentPassword: 'not it', newPassword: 'a brand new password' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ info: { fields: { currentPassword: 'Wrong password' } } });
      expect(
        (
          await change(
            { currentPassword: ALICE.password, newPassword: 'a brand new password' },
            tokens.access_token,
            BOB.id,
          )
        ).status,
      ).toBe(403);
      expect((await change({ currentPassword: ALICE.password, newPassword: 'a brand new password' }, '')).status).toBe(
        401,
      );

      expect((await change({ currentPassword: ALICE.password, newPassword: 'a brand new password' })).status).toBe(204);
      await signIn({ email: ALICE.email, password: 'a brand new password' });
      await setPassword(database.db, ALICE.id, ALICE.password);
    });
  });

  describe('passwords', () => {
    it('hashes with scrypt N=16384 r=8 p=1, random salt, and verifies', async () => {
      const hash = await hashPassword('s3cret pass');
      expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
      expect(await hashPassword('s3cret pass')).not.toBe(hash);
      expect(await verifyPassword('s3cret pass', hash)).toBe(true);
      expect(await verifyPassword('s3cret pasS', hash)).toBe(false);
      expect(await verifyPassword('s3cret pass', 'garbage')).toBe(false);
    });
  });

  describe('keys and restarts', () => {
    it('shares keys between processes on the same database', async () => {
      const [a, b] = await Promise.all([loadOrCreateServerKeys(database.db), loadOrCreateServerKeys(database.db)]);
      expect(a.signing[0].kid).toBe(b.signing[0].kid);
      expect(a.cookies).toEqual(b.cookies);
      const rows = await database.db.execute(sql`SELECT purpose FROM oidc_keys ORDER BY purpose`);
      expect((rows as { rows: unknown[] }).rows).toEqual([{ purpose: 'cookies' }, { purpose: 'signing' }]);
      const published = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: JWK[] };
      expect(published.keys.map((k) => k.kid)).toEqual([a.signing[0].kid]);
      expect(published.keys[0].d).toBeUndefined();
    });

    it('keeps keys and tokens across a provider restart on the same database', async () => {
      const { tokens } = await signIn(ALICE);
      await app.close();
      ({ app, origin } = await startServer(database.db));
      issuer = `${origin}/oidc`; // a new port: a new issuer for new tokens, but the same keys

      const { signing } = await loadOrCreateServerKeys(database.db);
      expect(decodeProtectedHeader(tokens.access_token).kid).toBe(signing[0].kid);
      const oldIssuer = decodeJwt(tokens.access_token).iss as string;
      const verify = createTokenVerifier({
        issuer: oldIssuer,
        audience: API_AUDIENCE,
        localJwks: () => loadPublicJwks(database.db),
      });
      await expect(verify(`Bearer ${tokens.access_token}`)).resolves.toMatchObject({ sub: ALICE.id });
      const viaNewJwks = createTokenVerifier({ issuer: oldIssuer, audience: API_AUDIENCE, jwksUrl: `${issuer}/jwks` });
      await expect(viaNewJwks(`Bearer ${tokens.access_token}`)).resolves.toMatchObject({ sub: ALICE.id });

      const fresh = await signIn(ALICE);
      await expect(embeddedVerifier()(`Bearer ${fresh.tokens.access_token}`)).resolves.toMatchObject({ sub: ALICE.id });
    });

    it('keeps stored grants across a restart (refresh still works)', async () => {
      const { tokens } = await signIn(BOB);
      await app.close();
      ({ app, origin } = await startServer(database.db));
      issuer = `${origin}/oidc`;
      // the old origin is gone; the refresh token lives in the database and works on the new server
      const response = await refresh(tokens.refresh_token!);
      expect(response.status).toBe(200);
    });
  });

  describe('configuration', () => {
    it('defaults to the embedded issuer and names an external one from the environment', () => {
      expect(authConfig('http://localhost:3000/', {})).toEqual({
        issuer: 'http://localhost:3000/oidc',
        clientId: 'distillery-web',
        embedded: true,
        audience: API_AUDIENCE,
      });
      expect(
        authConfig('http://localhost:3000', { OIDC_ISSUER: 'https://login.example.com/', OIDC_CLIENT_ID: 'spa' }),
      ).toEqual({
        issuer: 'https://login.example.com/',
        clientId: 'spa',
        embedded: false,
        audience: API_AUDIENCE,
        // where people change their name, e-mail and password: the issuer unless named
        accountUrl: 'https://login.example.com/',
      });
      expect(
        authConfig('http://localhost:3000', {
          OIDC_ISSUER: 'https://login.example.com/',
          OIDC_ACCOUNT_URL: 'https://login.example.com/account',
        }).accountUrl,
      ).toBe('https://login.example.com/account');
    });

    it('does not mount the embedded server when OIDC_ISSUER is set', async () => {
      process.env.OIDC_ISSUER = 'https://login.example.com';
      try {
        const other = Fastify();
        await registerAuthServer(other, { db: database.db, publicOrigin: 'http://localhost:3000' });
        const response = await other.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
        expect(response.statusCode).toBe(404);
        await other.close();
      } finally {
        delete process.env.OIDC_ISSUER;
      }
    });
  });

  describe('per-address throttle', () => {
    it('makes an address wait after 20 failures across e-mails, then lets it sign in', async () => {
      await database.db.execute(sql`DELETE FROM signin_attempts`);
      const browser = new Browser(origin);
      const { html } = await openSignInPage(browser);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await submitSignIn(browser, html, `guess${attempt}@example.com`, 'x');
        expect(response.status).toBe(400);
      }
      // 25 failures from this address: 2^5 = 32 s after the latest, whatever the e-mail
      await database.db.execute(
        sql`INSERT INTO signin_attempts (key, at)
            SELECT key, now() FROM signin_attempts WHERE key LIKE 'ip:%' ORDER BY at LIMIT 5`,
      );
      const blocked = await submitSignIn(browser, html, ALICE.email, ALICE.password);
      expect(blocked.status).toBe(429);
      expect(await blocked.text()).toMatch(/Too many failed sign-ins\. Wait (2[6-9]|3[0-2]) seconds, then try again\./);
      // after the wait the right password works
      await database.db.execute(sql`UPDATE signin_attempts SET at = at - interval '40 seconds'`);
      await signIn(ALICE);
      await database.db.execute(sql`DELETE FROM signin_attempts`);
    }, 60_000);
  });
});
