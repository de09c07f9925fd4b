// Issue 18: the server answers the customer portal's own page (portal.html) at /portal and
// /portal/… (the issuer returns there with ?code=…&state=…), the staff app's page elsewhere,
// and never a page for the portal's endpoint. The portal's page carries the same security
// headers as the app's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../api/harness';

const PUBLIC = 'http://localhost:3000';
const STAFF = '<!doctype html><div id="root">staff</div>';
const PORTAL = '<!doctype html><div id="root">portal</div>';

describe('portal pages (PGlite)', () => {
  let api: TestApi;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'distill-portal-client-'));
    writeFileSync(path.join(dir, 'index.html'), STAFF);
    writeFileSync(path.join(dir, 'portal.html'), PORTAL);
    api = await startApi('pglite', { publicOrigin: PUBLIC, clientDir: dir });
  });
  afterAll(async () => api?.close());

  const get = (url: string) => api.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });

  it('serves portal.html at /portal, /portal/ and the sign-in return, with the page headers', async () => {
    for (const url of ['/portal', '/portal/', '/portal/?code=abc&state=xyz', '/portal/?company=1&invitation=t']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PORTAL);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves the staff app elsewhere, /portalsetup included', async () => {
    for (const url of ['/', '/portalsetup', '/sales/salesorders']) expect((await get(url)).body, url).toBe(STAFF);
  });

  it('never answers a page for the portal’s endpoint or a missing asset', async () => {
    // GET on the endpoint itself asks for a token (401); other paths under it are not found
    expect((await get('/portal/graphql/1')).statusCode).toBe(401);
    for (const url of ['/portal/graphql', '/portal/graphql/1/x', '/portal/missing.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('root');
    }
  });
});
