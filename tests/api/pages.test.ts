// Issue 10, points 6, 8 and 13: the app's pages carry the security headers the client passes,
// a page asked at another address than PUBLIC_URL's goes there first, the server binds to
// localhost by default and the demo accounts are seeded only when asked.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness';
import { serverConfig } from '../../src/server/config';
import { contentSecurityPolicy } from '../../src/server/http/pages';
import { DEMO_BANNER, wantsDemo } from '../../scripts/demo';

const PUBLIC = 'http://localhost:3000';

function clientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'distill-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  return dir;
}

describe('pages (PGlite; no query depends on the database)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi('pglite', { publicOrigin: PUBLIC, clientDir: clientDir() });
  });
  afterAll(async () => api?.close());

  const get = (url: string, host = 'localhost:3000', headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('sends a Content-Security-Policy and X-Frame-Options DENY with the app’s pages', async () => {
    for (const url of ['/', '/sales/customers', '/app.js']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // plain HTTP: no HSTS
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('leaves the authorization server’s pages their own policy (nonce for their one script)', async () => {
    const response = await get('/oidc/.well-known/openid-configuration');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('allows an external issuer’s origin for connections, frames and forms, and nothing else', () => {
    const policy = contentSecurityPolicy('https://id.example.com');
    expect(policy['connect-src']).toEqual(["'self'", 'https://id.example.com']);
    // and YouTube's privacy-enhanced host for the setup video (spec 7: embedded by its id)
    expect(policy['frame-src']).toEqual(["'self'", 'https://id.example.com', 'https://www.youtube-nocookie.com']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy()['connect-src']).toEqual(["'self'"]);
  });

  it('redirects a page asked at another address to the same path on PUBLIC_URL', async () => {
    for (const host of ['127.0.0.1:3000', 'distillery-box:3000', 'LOCALHOST:3001']) {
      const response = await get('/sales/customers?page=2', host);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC}/sales/customers?page=2`);
    }
    // the canonical host (any case) is served
    expect((await get('/', 'LocalHost:3000')).statusCode).toBe(200);
    // behind a proxy the forwarded host counts
    expect((await get('/', '10.0.0.5:3000', { 'x-forwarded-host': 'localhost:3000' })).statusCode).toBe(200);
    // a forged host never sends anyone elsewhere than PUBLIC_URL
    const forged = await get('//evil.example/x', 'evil.example');
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(`${PUBLIC}//evil.example/x`);
    expect(new URL(forged.headers.location as string, PUBLIC).origin).toBe(PUBLIC);
  });

  it('does not redirect the API, the authorization server or downloads', async () => {
    expect((await get('/api/health', '127.0.0.1:3000')).statusCode).toBe(200);
    expect((await get('/oidc/.well-known/openid-configuration', '127.0.0.1:3000')).statusCode).toBe(200);
    expect((await get('/files/exports/1/x.csv', '127.0.0.1:3000')).statusCode).toBe(401);
    const posted = await api.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: '127.0.0.1:3000' },
      payload: { query: '{ __typename }' },
    });
    expect(posted.statusCode).not.toBe(302);
  });
});

describe('start-up defaults', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(serverConfig({}).host).toBe('127.0.0.1');
    expect(serverConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(serverConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('seeds the demo by default on a developer machine, never in production unless asked', () => {
    expect(wantsDemo({}, [])).toBe(true);
    expect(wantsDemo({ NODE_ENV: 'development' }, [])).toBe(true);
    expect(wantsDemo({ NODE_ENV: 'production' }, [])).toBe(false);
    expect(wantsDemo({ NODE_ENV: 'production', SEED_DEMO: '1' }, [])).toBe(true);
    expect(wantsDemo({ NODE_ENV: 'production' }, ['node', 'serve.ts', '--demo'])).toBe(true);
    expect(wantsDemo({ SEED_DEMO: '0' }, [])).toBe(false);
    expect(wantsDemo({}, ['node', 'serve.ts', '--no-demo'])).toBe(false);
    expect(DEMO_BANNER).toMatch(/DEMO ACCOUNTS/);
  });
});

describe('scripts/serve.ts under NODE_ENV=production', () => {
  it('starts with no demo accounts and no banner; SEED_DEMO=1 still asks', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'distill-prod-'));
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`no start: ${out}`));
        }, 170_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (/database: .*\n/.test(out)) setTimeout(() => child.kill('SIGTERM'), 200);
        });
        child.on('exit', () => {
          clearTimeout(timer);
          rmSync(dataDir, { recursive: true, force: true });
          resolve(out);
        });
      });
    const production = await run({ NODE_ENV: 'production' });
    expect(production).toContain('Distillery app ready');
    expect(production).not.toContain('seeded the demo companies');
    expect(production).not.toContain('sign in as');
    expect(production).not.toContain('DEMO ACCOUNTS');
    const asked = await run({ NODE_ENV: 'production', SEED_DEMO: '1' });
    expect(asked).toContain('seeded the demo companies');
    expect(asked).toContain('DEMO ACCOUNTS');
  }, 360_000);
});
