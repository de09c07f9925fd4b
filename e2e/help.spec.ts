// Issue 17, the help centre as a person uses it: the top bar's help button opens the 400-wide
// panel on the topics; a search finds the casks article, whose See also leads on; a topic lists
// its articles by Most viewed or Most recent; Contact us refuses a 51-character subject with the
// spec's words and accepts a good one, which the administrator then reads; a list screen's help icon opens that screen's article.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

describe('the help centre, as a person uses it', () => {
  let browser: Browser;
  let page: Page;
  let panel: Locator;
  const articleTitle = () => panel.getByTestId('help-article').locator('h2').textContent();

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('opens from the top bar on the topics, 400 wide', async () => {
    await signIn(page);
    await page.getByTestId('help-button').click();
    panel = page.getByTestId('help-panel');
    await panel.getByTestId('help-topics').waitFor();
    // the ten topics, getting started first
    await expect.poll(() => panel.locator('[data-topic]').count()).toBe(10);
    expect(await panel.locator('[data-topic]').first().getAttribute('data-topic')).toBe('getting-started');
    const box = await page.locator('.MuiDrawer-paperAnchorRight').boundingBox();
    expect(box?.width).toBe(400);
    await page.screenshot({ path: `${SHOTS}/help-topics.png` });
  });

  it('searches, opens an article and follows See also', async () => {
    // "angels' share" is written once, in the casks article
    await panel.getByTestId('help-search').fill("angels' share");
    const results = panel.getByTestId('help-article-list');
    await results.getByText('Casks', { exact: true }).waitFor();
    expect(await results.locator('[data-article]').count()).toBe(1);
    await results.getByText('Casks', { exact: true }).click();
    await expect.poll(articleTitle).toBe('Casks');
    await panel.getByTestId('help-article-text').getByText('Add empty', { exact: false }).first().waitFor();
    await panel.getByTestId('help-see-also').getByRole('button', { name: 'Cask types' }).click();
    await expect.poll(articleTitle).toBe('Cask types');
    await page.screenshot({ path: `${SHOTS}/help-article.png` });
    await panel.getByRole('button', { name: 'Back' }).click();
    await expect.poll(articleTitle).toBe('Casks');
    // blank search shows the view again, no results list
    await panel.getByTestId('help-search').fill('   ');
    await panel.getByTestId('help-article').waitFor();
  });

  it('lists a topic by Most viewed or Most recent', async () => {
    await panel.getByRole('button', { name: 'Help topics' }).click();
    await panel.locator('[data-topic="inventory"]').click();
    const list = panel.getByTestId('help-article-list');
    await list.waitFor();
    // the two articles read above come first (the keyboard walk may have read Casks once more)
    const names = () =>
      list.locator('[data-article]').evaluateAll((els) => els.map((e) => e.getAttribute('data-article')));
    await expect
      .poll(async () => (await names()).slice(0, 2).sort())
      .toEqual(['inventory-cask-types', 'inventory-casks']);
    await panel.getByRole('button', { name: 'Most recent' }).click();
    // every inventory article was revised the same day: by name, Bulk container types first
    await expect.poll(async () => (await names())[0]).toBe('inventory-bulk-container-types');
  });

  it('sends a ticket: a 51-character subject is refused, then a good one is received and listed', async () => {
    await panel.getByRole('button', { name: 'Contact us' }).click();
    const form = panel.getByTestId('help-contact');
    await form.getByLabel('Subject').fill('s'.repeat(51));
    await form.getByLabel('Message').fill('How do I record a bottling that goes into the excise warehouse?');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Max length 50').waitFor();
    await form.getByText('One or more fields is missing or invalid').waitFor();
    await page.screenshot({ path: `${SHOTS}/help-contact-invalid.png` });
    await form.getByLabel('Subject').fill('Bottling in bond');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('We received your request and will get back to you shortly.').waitFor();
    expect(await form.getByLabel('Subject').inputValue()).toBe('');
    // the demo user administers the company: the message is listed for them
    await panel.getByRole('button', { name: 'Messages sent' }).click();
    await panel.getByTestId('help-tickets').getByText('Bottling in bond').waitFor();
    await panel.getByRole('button', { name: 'Close help' }).click();
    await expect.poll(() => page.getByTestId('help-panel').count()).toBe(0);
  });

  it("opens a list screen's own article, from its help icon and from the top bar", async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await page.getByTestId('screen-help').click();
    panel = page.getByTestId('help-panel');
    await expect.poll(articleTitle).toBe('Customers');
    await panel.getByRole('button', { name: 'Close help' }).click();
    await page.goto(`${BASE_URL}/production/tanks`);
    await page.getByTestId('help-button').click();
    await expect.poll(articleTitle).toBe('Tanks');
  });
});
