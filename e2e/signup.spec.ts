// Issue 10, point 15: /signup through the screens. A person fills in the form, is told to check
// their e-mail, opens the mailed link in the browser, signs in with the password they chose and
// works in their new company as its administrator. An address that already has an account gets
// the same page (and a notice by mail instead of a link).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch } from './browser';
import { mailbox } from './mail';
import { accessToken, api } from './session';

const stamp = Date.now().toString(36);
const EMAIL = `founder-${stamp}@example.com`;
const PASSWORD = 'copper-pot-still';
const COMPANY = `Tidewater Spirits ${stamp}`;

/** The confirmation link of the last message mailed to `email`. */
async function signupLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = mailbox()
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .at(-1);
    const link = mail && /https?:\/\/\S+\/signup\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no sign-up link mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function fillForm(page: Page, email: string) {
  await page.goto(`${BASE_URL}/signup`);
  await page.getByRole('heading', { name: 'Create your company' }).waitFor();
  await page.getByLabel(/^Your name/).fill('Rowan Founder');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Company name/).fill(COMPANY);
  await page.getByLabel(/^Province/).click();
  await page.getByRole('option', { name: 'Nova Scotia' }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

describe('signing up a new company', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks for the details, mails a link, and the link makes a company the person administers', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await fillForm(page, EMAIL);
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await page.getByText(`We sent a message to ${EMAIL}.`).waitFor();

      const link = await signupLinkFor(EMAIL);
      expect(link.startsWith(`${BASE_URL}/signup/confirm/`)).toBe(true);
      await page.goto(link);
      await page.getByText(`Your account is ready: sign in with ${EMAIL} and the password you chose.`).waitFor();
      await page.getByRole('button', { name: 'Sign in' }).click();

      // the embedded issuer's sign-in page, with the password chosen on the form
      await page.getByLabel(/E-mail/).fill(EMAIL);
      await page.getByLabel(/Password/).fill(PASSWORD);
      await page.getByRole('button', { name: /Sign in/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'), {
        timeout: 30_000,
      });

      const token = await accessToken(page);
      const { companies } = await api<{
        companies: { id: string; name: string; province: string; permissions: string[] }[];
      }>(token, null, '{ companies { id name province permissions } }');
      expect(companies.map((c) => [c.name, c.province])).toEqual([[COMPANY, 'NS']]);
      expect(companies[0].permissions).toContain('config.write');
      expect(companies[0].permissions).toContain('values');

      // the same link again cannot be used
      await page.goto(link);
      await page.getByRole('heading', { name: 'This link could not be used' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('answers the same for an address that already has an account', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await fillForm(page, 'seller@example.com');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await page.getByText('We sent a message to seller@example.com.').waitFor();
      const deadline = Date.now() + 10_000;
      while (!mailbox().some((m) => m.to === 'seller@example.com') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const notice = mailbox()
        .filter((m) => m.to === 'seller@example.com')
        .at(-1)!;
      expect(notice.subject).toBe('You already have a Distillery account');
      expect(notice.text).not.toContain('/signup/confirm/');
    } finally {
      await context.close();
    }
  });
});
