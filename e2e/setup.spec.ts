// Issue 17, setup wizard and welcome: a company made through /signup starts in welcome mode;
// the workflow ticks save at once (mashing forces distilling); the first close leaves the
// reminder bubble by the round 'Finish setup' button; resume mode opens on the first section
// with unfinished work; once every step is done the last page says 100 % and its OK marks setup
// done, after which the wizard and the button are gone for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch } from './browser';
import { mailbox } from './mail';
import { accessToken, api } from './session';

const stamp = Date.now().toString(36);
const EMAIL = `setup-${stamp}@example.com`;
const PASSWORD = 'copper-pot-still';
const COMPANY = `Wizard Spirits ${stamp}`;

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

async function signUpAndSignIn(page: Page) {
  await page.goto(`${BASE_URL}/signup`);
  await page.getByRole('heading', { name: 'Create your company' }).waitFor();
  await page.getByLabel(/^Your name/).fill('Sam Setup');
  await page.getByLabel(/^E-mail/).fill(EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Company name/).fill(COMPANY);
  await page.getByLabel(/^Province/).click();
  await page.getByRole('option', { name: 'Ontario' }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page.goto(await signupLinkFor(EMAIL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel(/E-mail/).fill(EMAIL);
  await page.getByLabel(/Password/).fill(PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'), {
    timeout: 30_000,
  });
}

const WORKFLOW = '{ productionOverviewPreferences { mashing distilling } }';

describe('the setup wizard of a new company', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('welcomes, resumes where work is left, and reaches 100 % with OK marking setup done', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await signUpAndSignIn(page);
      const token = await accessToken(page);
      const { companies } = await api<{ companies: { id: string }[] }>(token, null, '{ companies { id } }');
      const companyId = companies[0].id;
      const call = <T>(query: string, variables?: object) => api<T>(token, companyId, query, variables);

      // welcome mode, section 0: the workflow a signed-up company starts with (spec 9)
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Welcome to Distillery' }).waitFor({ timeout: 30_000 });
      // 1 of 10 steps (base 7 + distilling, mashing, casks): 10 %
      await dialog.getByText('Setup 10% complete (1 of 10 steps)').waitFor();
      const mashing = dialog.getByLabel('Mashing');
      const distilling = dialog.getByLabel('Distilling');
      expect(await mashing.isChecked()).toBe(true);
      expect(await distilling.isChecked()).toBe(true);
      expect(await distilling.isDisabled()).toBe(true);
      expect(await dialog.getByLabel('Bulk containers').isChecked()).toBe(false);
      // the configured setup video (e2e/run.ts HELP_VIDEOS) is embedded by its id, with a way
      // to watch it on its own site
      const video = dialog.locator('iframe[title="Watch the setup video"]');
      expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/a1B2c3D4e5F');
      expect(await dialog.getByRole('link', { name: 'Open the video on YouTube' }).getAttribute('href')).toBe(
        'https://www.youtube.com/watch?v=a1B2c3D4e5F',
      );

      // each tick saves at once; without mashing, distilling may be unticked
      await mashing.uncheck();
      await expect
        .poll(
          async () => (await call<{ productionOverviewPreferences: object }>(WORKFLOW)).productionOverviewPreferences,
        )
        .toEqual({ mashing: false, distilling: true });
      expect(await distilling.isDisabled()).toBe(false);
      // no fermenters step without mashing: 1 of 9 = 11 %
      await dialog.getByText('Setup 11% complete (1 of 9 steps)').waitFor();
      await mashing.check();
      await expect
        .poll(
          async () => (await call<{ productionOverviewPreferences: object }>(WORKFLOW)).productionOverviewPreferences,
        )
        .toEqual({ mashing: true, distilling: true });
      expect(await distilling.isDisabled()).toBe(true);

      // >> to section 1; its link goes to Settings, tab 0, closing the wizard the first time
      await dialog.getByRole('button', { name: '>>' }).click();
      await dialog.getByRole('heading', { name: 'Your company' }).waitFor();
      expect(await dialog.getByTestId('setup-step-companyInfo').getAttribute('data-done')).toBe('false');
      await dialog.getByRole('link', { name: 'Company information' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/0');
      await dialog.waitFor({ state: 'detached' });
      const bubble = page.getByText('To resume setup, click here');
      await bubble.waitFor();
      await page.getByRole('status').filter({ hasText: 'To resume setup' }).getByRole('button', { name: 'OK' }).click();
      await bubble.waitFor({ state: 'detached' });

      // company information, a licensed site and a spirit: resume mode opens on section 3
      await call(
        `mutation { companyUpdate(input: { address: "12 Harbour Street, Kingston ON", phone: "613-555-0123", businessNumber: "123456789RT0001" }) { id } }`,
      );
      await call(
        `mutation { siteCreate(input: { name: "Main", spiritsLicense: "SL-0042", warehouseLicense: "WL-0042" }) { id } }`,
      );
      await call(
        `mutation { spiritCreate(input: { name: "Harbour Vodka", class: "Vodka", exciseCategory: "Spirits" }) { id } }`,
      );
      await page.getByRole('button', { name: 'Finish setup' }).click();
      await dialog.getByRole('heading', { name: 'Your equipment' }).waitFor();
      // workflow, company info, excise, spirits: 4 of 10 = 40 %
      await dialog.getByText('Setup 40% complete (4 of 10 steps)').waitFor();
      await dialog.getByRole('button', { name: '<<' }).click();
      await dialog.getByRole('heading', { name: 'What you make' }).waitFor();
      expect(await dialog.getByTestId('setup-step-spirits').getAttribute('data-done')).toBe('true');

      // the rest, made while the wizard is open: the next moves read them
      await call(`mutation { tankCreate(input: { name: "Tank 1", capacity: 2000 }) { id } }`);
      await call(`mutation { stillCreate(input: { name: "Pot still", type: "Pot" }) { id } }`);
      await call(`mutation { fermenterCreate(input: { name: "Fermenter 1", capacity: 1500 }) { id } }`);
      await call(`mutation { itemCreate(input: { name: "Bottle 750 ml", type: "Inventory" }) { id } }`);
      await call(`mutation { productCreate(input: { name: "Harbour Vodka 750 ml" }) { id } }`);
      await call(`mutation { caskCreate(input: { number: "C-001", size: 225 }) { id } }`);
      await dialog.getByRole('button', { name: '>>' }).click();
      await dialog.getByRole('heading', { name: 'Your equipment' }).waitFor();
      await dialog.getByText('Setup 100% complete (10 of 10 steps)').waitFor();
      await dialog.getByRole('button', { name: '>>' }).click();
      await dialog.getByRole('heading', { name: 'Your inventory' }).waitFor();
      for (const step of ['items', 'products', 'casks'])
        expect(await dialog.getByTestId(`setup-step-${step}`).getAttribute('data-done')).toBe('true');
      await dialog.getByRole('button', { name: '>>' }).click();
      await dialog.getByRole('heading', { name: 'Congratulations!' }).waitFor();
      await dialog.getByText('Setup is 100% complete. Your distillery is ready to use.').waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Finish setup' }).waitFor({ state: 'detached' });
      expect((await call<{ setup: { doneSetup: boolean } }>('{ setup { doneSetup } }')).setup.doneSetup).toBe(true);

      // a reload: no wizard, no button
      await page.reload();
      await page.getByTestId('company-name').waitFor();
      await page.waitForTimeout(1500);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Finish setup' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
