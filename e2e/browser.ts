// Debian's Chromium driven by playwright-core: no browser is ever downloaded.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestContext } from 'vitest';

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

/** Presses the guided hints' Okay and the popup tip's Do not show again whenever they show, as a person would: they cover the screen until dismissed. */
export async function dismissHints(page: Page): Promise<void> {
  for (const name of [/^Okay$/i, /^Do not show again$/i])
    await page.addLocatorHandler(
      page.getByRole('button', { name }),
      async (button) => {
        await button.click();
      },
      { noWaitAfter: true },
    );
}

/** For an afterEach: a failed test leaves a screenshot in .test-results/<spec>-<test>.png and logs the address, to see what the screen showed. */
export async function shotIfFailed(page: Page, spec: string, context: TestContext): Promise<void> {
  if (context.task.result?.state !== 'fail') return;
  await page
    .screenshot({
      path: `.test-results/${spec}-${context.task.name.slice(0, 12).replace(/\W/g, '_')}.png`,
      fullPage: true,
    })
    .catch(() => undefined);
  console.log(`${context.task.name}: at ${page.url()}`);
}
