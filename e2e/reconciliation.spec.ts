// Issue 12, reconciliation: a person counts a product on the count sheet (prefilled with the
// book quantity), posts the reconciliation, and reads the transaction it posted: exactly the
// difference. Then opens a batch move and scans the product's code twice: one line of 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';

describe('reconciliation, as a person uses it', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let token = '';
  let productId = '';
  let siteId = '';
  const stamp = Date.now().toString(36);
  const name = `E2E count ${stamp}`;
  const upc = `99${Date.now().toString().slice(-10)}`;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(() => browser?.close());

  it('signs in; a product with 24 bottles in bond', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/inventory/productsreconciliation');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/inventory/productsreconciliation');
    const sites = await api<{ sites2: { edges: { node: { id: string } }[] } }>(
      token,
      companyId,
      'query E2eSites { sites2(first: 1) { edges { node { id } } } }',
    );
    siteId = sites.sites2.edges[0]?.node.id ?? '';
    productId = (
      await api<{ productCreate: { id: string } }>(
        token,
        companyId,
        'mutation E2eProduct($input: ProductInput!) { productCreate(input: $input) { id } }',
        { input: { name, upc, strength: 40, containerSize: 0.75, caseSize: 12 } },
      )
    ).productCreate.id;
    const today = companyDay();
    await api(
      token,
      companyId,
      'mutation E2eAdjust($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }',
      { input: { productId, siteId: siteId || null, date: today, quantity: 24, value: 240 } },
    );
  });

  it('counts 21 of the 24 booked and posts the difference', async () => {
    await page.goto(`${BASE_URL}/inventory/productsreconciliation`);
    await page.getByRole('link', { name: 'New count' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/productsreconciliation/new');
    const counted = page.getByLabel(`Counted ${name}`).first();
    await counted.waitFor();
    // prefilled with the book quantity
    await expect.poll(() => counted.inputValue()).toBe('24');
    await counted.fill('21');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
      .first();
    await row.getByText('-3').waitFor();
    await page.getByRole('button', { name: 'Post the differences' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(/^\/inventory\/productsreconciliation\/\d+\/transactions$/);
    // its transactions: exactly the difference, 3 bottles out
    const posted = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await posted.first().getByText('Counted 21 bottles; book 24 bottles').waitFor();
    await expect.poll(() => posted.count()).toBe(1);
    await posted.first().getByRole('cell', { name: '-3', exact: true }).waitFor();
    const onHand = await api<{ product: { onHand: { quantity: number } } }>(
      token,
      companyId,
      'query E2eOnHand($id: ID!) { product(id: $id) { onHand { quantity } } }',
      { id: productId },
    );
    expect(onHand.product.onHand.quantity).toBe(21);
  });

  it('re-opens the count from the list', async () => {
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/productsreconciliation');
    await page.getByRole('row').nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/inventory\/productsreconciliation\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel(`Counted ${name}`).first().inputValue()).toBe('21');
  });

  it('scans a code twice into a batch move: one line of 2', async () => {
    await page.goto(`${BASE_URL}/inventory/productsbatchmove/new`);
    const scan = page.getByTestId('batch-scan');
    await scan.waitFor();
    await scan.fill(upc);
    await scan.press('Enter');
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await scan.fill(upc);
    await scan.press('Enter');
    await expect.poll(() => page.getByLabel(`Quantity ${name}`).inputValue()).toBe('2');
  });
});
