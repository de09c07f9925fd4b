// Issue 3: the generic lists as a person uses them — the search lives in the query string
// (replacing the history entry) and comes back on reload, '/' focuses search, the page size
// is remembered per list, batch delete reports 'Deleted {n} of {total}' and a category in use
// fails in a batch with the warning text and its error on its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, openCompany } from './session';

describe('generic lists', () => {
  let browser: Browser;
  let page: Page;
  const tag = `Lst${Date.now().toString(36)}`;
  const customers = [`${tag} Alder Tavern`, `${tag} Birch Cellars`];
  const category = `${tag} Seasonal`;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // the shell's guided hints and tip popup may cover the table: answer them when they show
    await page.addLocatorHandler(page.getByRole('button', { name: /^Do not show again$/i }), (button) =>
      button.click(),
    );
    await page.addLocatorHandler(page.getByRole('button', { name: /^Okay$/i }), (button) => button.click());
  });
  afterAll(() => browser?.close());

  const path = () => new URL(page.url()).pathname;
  /** the shell's guided hints may cover the table: answer Okay to each */
  const dismissHints = async () => {
    for (let i = 0; i < 5; i++) {
      const okay = page.getByRole('button', { name: /^Okay$/i });
      if (!(await okay.isVisible().catch(() => false))) return;
      await okay.first().click();
      await page.waitForTimeout(200);
    }
  };
  const noFilter = encodeURIComponent('{}');
  const filterOf = () => {
    const raw = new URL(page.url()).searchParams.get('filter');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  };

  it('opens the customers list', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/customers');
    await expect.poll(path, { timeout: 10_000 }).toBe('/sales/customers');
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    await page.waitForTimeout(1000);
    await dismissHints();
  });

  it("focuses the search box with '/'", async () => {
    await page.locator('body').click({ position: { x: 640, y: 880 } });
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name), { timeout: 10_000 })
      .toBe('q');
    await page.keyboard.press('Escape');
  });

  it('creates two customers', async () => {
    for (const name of customers) {
      await page.goto(`${BASE_URL}/sales/customers/new`);
      await page.getByLabel(/^Name/).fill(name);
      await page.getByRole('button', { name: /Save/i }).click();
      await expect.poll(path, { timeout: 10_000 }).toBe('/sales/customers');
    }
  });

  it('puts a typed search in the query string, replacing the history entry, and loads it on reload', async () => {
    await page.goto(`${BASE_URL}/sales/customers?filter=${noFilter}`);
    await page.getByLabel(/^Search/).waitFor();
    const before = await page.evaluate(() => history.length);
    await page.getByLabel(/^Search/).fill(tag);
    await expect.poll(() => filterOf().q, { timeout: 10_000 }).toBe(tag);
    await page.getByRole('cell', { name: customers[0] }).waitFor();
    await page.getByRole('cell', { name: customers[1] }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.reload();
    await page.getByRole('cell', { name: customers[1] }).waitFor();
    expect(await page.getByLabel(/^Search/).inputValue()).toBe(tag);
    expect(await page.getByRole('row').count()).toBe(3); // header + the two customers
  });

  it('opens a URL with a search into the filters', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: customers[1] }));
    await page.goto(`${BASE_URL}/sales/customers?filter=${filter}`);
    await page.getByRole('cell', { name: customers[1] }).waitFor();
    expect(await page.getByLabel(/^Search/).inputValue()).toBe(customers[1]);
    await expect.poll(() => page.getByRole('cell', { name: customers[0] }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('batch deletes the two customers: Deleted 2 of 2', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: tag }));
    await page.goto(`${BASE_URL}/sales/customers?filter=${filter}`);
    await dismissHints();
    for (const name of customers) {
      await page.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
    }
    await page
      .getByRole('button', { name: /^Delete$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete 2 selected items?').waitFor();
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: /^Delete$/ }).click();
    await page.getByText('Deleted 2 of 2').waitFor();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    await page.getByText('No customers found').waitFor();
  });

  it('remembers the page size per list', async () => {
    await page.goto(`${BASE_URL}/sales/customers?filter=${noFilter}`);
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    await page.getByRole('combobox', { name: /Rows per page/i }).click();
    await page.getByRole('option', { name: '50' }).click();
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(26);
    await page.goto(`${BASE_URL}/inventory/productcategories`);
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: /Rows per page/i }).textContent(), { timeout: 10_000 })
      .toContain('25');
    await page.goto(`${BASE_URL}/sales/customers`);
    await expect
      .poll(() => page.getByRole('combobox', { name: /Rows per page/i }).textContent(), { timeout: 10_000 })
      .toContain('50');
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(26);
  });

  it('fails to delete a category in use, with the warning text and the error on its row', async () => {
    await page.goto(`${BASE_URL}/inventory/category/new/Product`);
    await page.getByLabel(/^Name/).fill(category);
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(path, { timeout: 10_000 }).toBe('/inventory/productcategories');
    await page.getByRole('cell', { name: category }).waitFor();
    await dismissHints();
    await page.getByRole('row').filter({ hasText: category }).getByRole('checkbox').check();
    const gin = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gin', exact: true }) });
    await gin.getByRole('checkbox').check();
    await page
      .getByRole('button', { name: /^Delete$/ })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Delete$/ })
      .click();
    await page.getByText('Deleted 1 of 2 (1 error(s))').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: category }).count(), { timeout: 10_000 }).toBe(0);
    // the failed row stays selected and carries the server's error
    await expect.poll(() => gin.getAttribute('data-row-error'), { timeout: 10_000 }).toMatch(/cannot be deleted/);
    expect(await gin.getByRole('checkbox').isChecked()).toBe(true);
    // and says so in words, in an assertive live region: not by its colour alone (issue 16)
    const refusal = page.getByRole('alert').filter({ hasText: '1 row was not deleted and stays selected' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/cannot be deleted/);
    await gin.getByRole('checkbox').hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /cannot be deleted/ })
      .waitFor();
  });
  // issue 10 point 20: a failed delete says why, in its dialog (the banner is behind it)
  it('shows a failed delete in its dialog', async () => {
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Gin', exact: true }) })
      .getByRole('cell', { name: 'Gin', exact: true })
      .click();
    await expect.poll(path, { timeout: 10_000 }).toMatch(/\/inventory\/category\/Product\/\d+$/);
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: /^Delete$/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Delete$/ }).click();
    await dialog
      .getByTestId('confirm-dialog-error')
      .filter({ hasText: /cannot be deleted/ })
      .waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: /^Cancel$/ }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  // issue 10 point 17: a bad id in an edit URL shows Not Found in place, URL kept, with a way back
  for (const id of ['999999999', 'abc']) {
    it(`shows Not Found for /sales/customers/${id}, keeps the URL and leads back to the list`, async () => {
      await page.goto(`${BASE_URL}/sales/customers/${id}`);
      const panel = page.getByTestId('not-found');
      await panel.waitFor({ timeout: 15_000 });
      expect(await panel.innerText()).toContain('Not Found');
      expect(await panel.innerText()).toContain('Either you typed a wrong URL, or you followed a bad link.');
      expect(await panel.innerText()).not.toContain('..');
      expect(path()).toBe(`/sales/customers/${id}`);
      await page.getByTestId('not-found-back').click();
      await expect.poll(path, { timeout: 10_000 }).toBe('/sales/customers');
    });
  }

  // issue 10 point 21: a list's document date filter is the range picker, Last 30 days by default
  it('filters a list by date with the range picker: Last 30 days by default, All offered', async () => {
    await page.goto(`${BASE_URL}/sales/salesorders`);
    const filters = page.getByTestId('date-filters');
    await filters.waitFor({ timeout: 15_000 });
    await expect.poll(() => filters.getByRole('combobox').first().innerText()).toBe('Last 30 days');
    await filters.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect.poll(() => filterOf().period, { timeout: 10_000 }).toBe('all');
  });

  // issue 10 point 18: a vintage is a year, not a quantity: '2025', never '2,025'
  it('shows a wine vintage without a thousands separator', async () => {
    const token = await accessToken(page);
    const answer = await api<{ companies: { id: string; name: string }[] }>(token, null, '{ companies { id name } }');
    const winery = answer.companies.find((c) => c.name === 'Vignoble de la Vallée');
    expect(winery).toBeTruthy();
    await openCompany(page, winery!.id, '/wine');
    await page.getByRole('columnheader').filter({ hasText: 'Vintage' }).first().waitFor({ timeout: 15_000 });
    const cells = page.locator('td.column-vintage');
    await cells.first().waitFor({ timeout: 15_000 });
    const texts = (await cells.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(texts).toContain('2025');
    expect(texts.some((t) => t.includes(','))).toBe(false);
  });
});
