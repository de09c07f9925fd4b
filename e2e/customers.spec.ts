// Issue 2: a person signs in through the real sign-in page, then creates, edits, filters and
// deletes a customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';

describe('customers, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  const name = `Harbourfront Tasting Bar ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('signs in through the sign-in page and lands in the company', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/customers');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers');
    await page.getByText('Northern Lights Distillery').first().waitFor();
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
  });

  it('creates a customer', async () => {
    await page.getByRole('link', { name: /Create/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers/new');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^E-mail/).fill('not an e-mail');
    await page.getByRole('button', { name: /Save/i }).click();
    await page.getByText('Invalid e-mail').first().waitFor();
    await page.getByLabel(/^E-mail/).fill('orders@harbourfront.example');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers');
  });

  it('finds it with the search box, and the search lives in the URL', async () => {
    await page.getByLabel(/^Search/).fill(name.slice(0, 24));
    await expect.poll(() => decodeURIComponent(page.url().replace(/\+/g, ' '))).toContain(name.slice(0, 24));
    await page.getByRole('cell', { name }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2); // header + the one customer
  });

  it('edits it', async () => {
    await page.getByRole('cell', { name }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/sales\/customers\/\d+$/);
    await page.getByLabel(/^Phone/).fill('705-555-0199');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers');
    await page.getByRole('cell', { name: '705-555-0199' }).waitFor();
  });

  it('filters the list by a field filter from the URL', async () => {
    const filter = encodeURIComponent(JSON.stringify({ active: false }));
    await page.goto(`${BASE_URL}/sales/customers?filter=${filter}`);
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    await expect.poll(() => page.getByRole('cell', { name }).count()).toBe(0);
  });

  it('deletes it after confirming', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: name }));
    await page.goto(`${BASE_URL}/sales/customers?filter=${filter}`);
    await page.getByRole('cell', { name }).click();
    await page.getByRole('button', { name: /Delete/i }).click();
    await page.getByText(`Are you sure you want to delete ${name}?`).waitFor();
    await page.getByText('This action cannot be undone.').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete|Confirm|Yes/i })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers');
    await page.getByText(/No Customers found|No customers found/i).waitFor();
  });
});
