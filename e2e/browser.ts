// Debian's Chromium driven by playwright-core: no browser is ever downloaded.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3199';

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: run 'apt-get install chromium' (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Signs in through the real sign-in page of the authorization server. */
export async function signIn(
  page: Page,
  email = 'demo@example.com',
  password = 'distill-demo',
  path = '/',
): Promise<void> {
  await page.goto(BASE_URL + path);
  await page.getByLabel(/E-mail|Courriel/).fill(email);
  await page.getByLabel(/Password|Mot de passe/).fill(password);
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'), {
    timeout: 30_000,
  });
}
