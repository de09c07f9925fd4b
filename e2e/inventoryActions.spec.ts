// Issue 12: a person moves cases of a product to duty paid from the product's screen, unpacks
// them into bottles, and reads the products' transactions and quantities on hand on screen
// (the transactions list, the product screen's panel and the products list's column).
// Figures: a case is 12 x 0.75 L at 40 % (9 L, 3.6 LAA); 5 cases in bond to start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyIdNamed, openCompany } from './session';

describe('product actions, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let token = '';
  const stamp = Date.now().toString(36);
  const caseName = `E2E rye case ${stamp}`;
  const bottleName = `E2E rye bottle ${stamp}`;
  let caseId = '';
  let bottleId = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(() => browser?.close());

  it('signs in; a case product with 5 cases in bond and its bottle product', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/inventory/products');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/inventory/products');
    const create = `mutation E2eProduct($input: ProductInput!) { productCreate(input: $input) { id } }`;
    caseId = (
      await api<{ productCreate: { id: string } }>(token, companyId, create, {
        input: { name: caseName, strength: 40, containerSize: 9, caseSize: 12 },
      })
    ).productCreate.id;
    bottleId = (
      await api<{ productCreate: { id: string } }>(token, companyId, create, {
        input: { name: bottleName, strength: 40, containerSize: 0.75, caseSize: 12 },
      })
    ).productCreate.id;
    await api(
      token,
      companyId,
      `mutation E2eAdjust($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`,
      { input: { productId: caseId, date: '2026-03-01', quantity: 5, status: 'InBond' } },
    );
  });

  it('moves 2 cases to duty paid from the product screen’s actions menu', async () => {
    await page.goto(`${BASE_URL}/inventory/products/${caseId}`);
    await page.getByTestId('stock-on-hand-total').getByText('5', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to duty paid' }).click();
    await page.waitForURL((url) => url.pathname === `/inventory/products/movetodutypaid/${caseId}`);
    await page.getByTestId('stock-on-hand').getByText('In bond').waitFor();
    await page.getByLabel(/^Quantity/).fill('2');
    await page.getByRole('button', { name: /Save/i }).click();
    await page.waitForURL((url) => url.pathname === `/inventory/products/${caseId}/transactions`);
    // the two halves of the move: 2 cases (7.2 LAA) out of in bond, into duty paid
    const rows = page.getByTestId('stock-transaction');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    await page.getByRole('row').filter({ hasText: 'Duty paid' }).filter({ hasText: '7.200' }).first().waitFor();
    await page.getByTestId('stock-on-hand-total').getByText('5', { exact: true }).waitFor();
  });

  it('unpacks the 2 duty paid cases into 24 bottles', async () => {
    await page.goto(`${BASE_URL}/inventory/products/unpack/${caseId}`);
    await page.getByTestId('stock-on-hand').getByText('Duty paid').waitFor();
    await page.getByLabel(/^Status/).click();
    await page.getByRole('option', { name: 'Duty paid' }).click();
    await page.getByLabel(/^Quantity/).fill('2');
    await page
      .getByLabel(/^Product/)
      .last()
      .fill(bottleName.slice(0, 14));
    await page.getByRole('option', { name: bottleName }).click();
    await page.getByLabel(/^Units/).fill('24');
    await page.getByRole('button', { name: /Save/i }).click();
    await page.waitForURL((url) => url.pathname === `/inventory/products/${caseId}/transactions`);
    // 5 - 2 unpacked = 3 cases left, all in bond
    await page.getByTestId('stock-on-hand-total').getByText('3', { exact: true }).waitFor();
  });

  it('reads the bottle product’s transactions and quantity on hand', async () => {
    await page.goto(`${BASE_URL}/inventory/products/${bottleId}/transactions`);
    await page.getByTestId('stock-on-hand-total').getByText('24', { exact: true }).waitFor();
    const row = page.getByTestId('stock-transaction').filter({ hasText: 'Unpacked' });
    await row.getByTestId('stock-transaction-quantity').getByText('24', { exact: true }).waitFor();
    await row.getByText('7.200').first().waitFor();
    await page.getByTestId('stock-transactions-totals').getByText('24', { exact: true }).waitFor();
    // and the product's own screen shows the bottles duty paid
    await page.goto(`${BASE_URL}/inventory/products/${bottleId}`);
    const bucket = page.getByTestId('stock-bucket').filter({ hasText: 'Duty paid' });
    await bucket.getByText('24', { exact: true }).waitFor();
    // and the products list a column of quantities on hand: 24 bottles, 3 cases
    const filter = encodeURIComponent(JSON.stringify({ q: stamp }));
    await page.goto(`${BASE_URL}/inventory/products?filter=${filter}`);
    const listRow = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await listRow(bottleName).getByTestId('stock-on-hand-cell').getByText('24', { exact: true }).waitFor();
    await listRow(caseName).getByTestId('stock-on-hand-cell').getByText('3', { exact: true }).waitFor();
  });
});
