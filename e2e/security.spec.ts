// Issue 10, points 8 and 13, in a real browser: the app's Content-Security-Policy lets the app
// and the sign-in pages work with no violation, and a page opened at another address than
// PUBLIC_URL (localhost instead of 127.0.0.1 here) goes to PUBLIC_URL first, so sign-in works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch } from './browser';

describe('security headers and the canonical address', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('signs in from another address with no Content-Security-Policy violation', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
    const other = new URL(BASE_URL);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const first = await page.goto(`${other.origin}/sales/customers`);
    expect(new URL(first!.url()).origin === BASE_URL || page.url().startsWith(BASE_URL)).toBe(true);
    await page.getByLabel(/E-mail|Courriel/).fill('demo@example.com');
    await page.getByLabel(/Password|Mot de passe/).fill('distill-demo');
    await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'), {
      timeout: 30_000,
    });
    expect(page.url()).toBe(`${BASE_URL}/sales/customers`);
    await page.getByTestId('company-name').first().waitFor();
    // the policy arrived with the page
    const response = await page.request.get(`${BASE_URL}/`);
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(violations).toEqual([]);
    await page.close();
  });
});
