// Issue 13: a person sells through the flow by menus and clicks: an accepted estimate becomes a
// sales order, the order ships in two partial shipments (the back order shown on the order),
// the order becomes an invoice; then the product's quantity on hand and the invoice total.
// Figures: 60 bottles duty paid to start; 10 ordered at $25.00 (no tax); shipped 4 then 6:
// 60 - 4 - 6 = 50 bottles left; the invoice is 10 x 25 = $250.00.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, dismissHints, launch, shotIfFailed, signIn } from './browser';
import { choose, fill, L } from './forms';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';

const stamp = Date.now().toString(36);
const today = companyDay();
const productName = `E2E flow rye ${stamp}`;
const estimateNumber = `EST-E2E-${stamp}`;
const LOT = `L-${stamp}`;

let page: Page;
/** screens load their chunks and records: give a poll time */
const WAIT = { timeout: 15_000 };

const path = () => new URL(page.url()).pathname;

async function save() {
  await page.getByRole('button', { name: /^Save$/ }).click();
}

/** Clicks a flow button and waits for the new document's edit screen under `listPath`. */
async function step(testId: string, listPath: string): Promise<string> {
  const from = path();
  await page.getByTestId(testId).click();
  await expect.poll(path, { timeout: 15_000 }).not.toBe(from);
  await expect.poll(path, WAIT).toMatch(new RegExp(`^${listPath}/\\d+$`));
  return path().split('/').pop()!;
}

/** The back order the order's panel shows, line by line. */
const undelivered = () => page.getByTestId('sales-order-undelivered').allTextContents();

/** On a shipment screen: the one line's quantity and lot, status Shipped, saved. */
async function ship(quantity: string) {
  const line = page.locator('.RaSimpleFormIterator-line').first();
  await line.waitFor();
  await fill(line, L('shipments', 'quantity', 'lines'), quantity);
  await fill(line, L('shipments', 'lot', 'lines'), LOT);
  await choose(page, L('shipments', 'status'), 'Shipped');
  await save();
  await expect.poll(path, { timeout: 15_000 }).toBe('/sales/shipments');
}

describe('the sales flow, as a person uses it', () => {
  let browser: Browser;
  let companyId = '';
  let productId = '';
  let orderPath = '';
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await dismissHints(page);
  });
  afterEach((context) => shotIfFailed(page, 'salesFlow', context));
  afterAll(async () => {
    await browser?.close();
    expect(errors).toEqual([]);
  });

  it('signs in; a product with 60 bottles duty paid in one lot', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/estimates');
    const token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/sales/estimates');
    productId = (
      await api<{ productCreate: { id: string } }>(
        token,
        companyId,
        `mutation E2eProduct($input: ProductInput!) { productCreate(input: $input) { id } }`,
        { input: { name: productName, strength: 40, containerSize: 0.75, caseSize: 12 } },
      )
    ).productCreate.id;
    await api(
      token,
      companyId,
      `mutation E2eAdjust($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`,
      { input: { productId, date: '2026-01-05', quantity: 60, status: 'DutyPaid', lot: LOT } },
    );
  });

  it('an accepted estimate converts to a sales order that shows its back order', async () => {
    await page.goto(`${BASE_URL}/sales/estimates/new`);
    await fill(page, L('estimates', 'number'), estimateNumber);
    await choose(page, L('estimates', 'customer'));
    await fill(page, L('estimates', 'date'), today);
    await choose(page, L('estimates', 'status'), 'Accepted');
    const lines = page.locator('.ra-input-lines').first();
    await lines.getByRole('button', { name: /^Add$/ }).last().click();
    const line = lines.locator('.RaSimpleFormIterator-line').first();
    await line.waitFor();
    await choose(line, L('estimates', 'product', 'lines'), productName);
    await fill(line, L('estimates', 'quantity', 'lines'), '10');
    await fill(line, L('estimates', 'unitPrice', 'lines'), '25');
    await save();
    await expect.poll(path, { timeout: 15_000 }).toBe('/sales/estimates');
    await page.goto(`${BASE_URL}/sales/estimates?filter=${encodeURIComponent(JSON.stringify({ q: estimateNumber }))}`);
    await page.getByRole('cell', { name: estimateNumber }).first().click();
    await expect.poll(path, WAIT).toMatch(/^\/sales\/estimates\/\d+$/);

    await step('sales-flow-toSalesOrder', '/sales/salesorders');
    orderPath = path();
    await expect.poll(undelivered, WAIT).toEqual(['10']);
  });

  it('ships the order in two parts, the back order following', async () => {
    await step('sales-flow-createShipment', '/sales/shipments');
    await ship('4');
    await page.goto(BASE_URL + orderPath);
    await expect.poll(undelivered, WAIT).toEqual(['6']);
    await expect
      .poll(() => page.getByRole('combobox', { name: L('salesOrders', 'status') }).textContent(), WAIT)
      .toMatch(/Partially shipped/);

    // the second shipment offers the 6 still undelivered
    await step('sales-flow-createShipment', '/sales/shipments');
    const quantity = page
      .locator('.RaSimpleFormIterator-line')
      .first()
      .getByLabel(L('shipments', 'quantity', 'lines'));
    await expect.poll(() => quantity.inputValue(), WAIT).toMatch(/^6/);
    await ship('6');
    await page.goto(BASE_URL + orderPath);
    await expect.poll(undelivered, WAIT).toEqual(['0']);
    await expect
      .poll(() => page.getByRole('combobox', { name: L('salesOrders', 'status') }).textContent(), WAIT)
      .toMatch(/^Shipped/);
  });

  it('invoices the order: the invoice total, and the product left on hand', async () => {
    await step('sales-flow-createInvoice', '/sales/invoices');
    // 10 x $25.00
    await expect
      .poll(() => page.getByLabel(L('invoices', 'total')).first().inputValue(), WAIT)
      .toMatch(/^\$?250(\.00?0?)?$/);

    // the product's screen: 60 - 4 - 6 = 50 on hand, and its transactions show both shipments
    await page.goto(`${BASE_URL}/inventory/products/${productId}`);
    await page.getByTestId('stock-on-hand-total').getByText('50', { exact: true }).waitFor();
    await page.goto(`${BASE_URL}/inventory/products/${productId}/transactions`);
    const rows = page.getByTestId('stock-transaction');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
  });
});
