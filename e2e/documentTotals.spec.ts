// Issue 13: a sales document's totals show live under its lines as a person types, worked out
// by the same code the server stores them with; a saved invoice's panel agrees with its stored
// total. Figures worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { fill, L } from './forms';
import { roundDecimal } from '../src/shared/money';

describe('document totals, as a person edits lines', () => {
  let browser: Browser;
  let page: Page;
  const panel = () => page.locator('[aria-label="Totals"]');

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('shows the subtotal, shipping and total of a new estimate while it is typed', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/estimates/new');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/estimates/new');
    const lines = page.locator('.ra-input-lines').first();
    await lines.getByRole('button', { name: /^Add$/ }).last().click();
    const line = lines.locator('.RaSimpleFormIterator-line').first();
    await line.waitFor();
    await fill(line, L('estimates', 'quantity', 'lines'), '3');
    await fill(line, L('estimates', 'unitPrice', 'lines'), '33.33');
    // 3 x 33.33 = 99.99, no tax yet
    await panel().getByText('$99.99').first().waitFor();
    await fill(line, L('estimates', 'discountPercent', 'lines'), '10');
    // less 10 % = 89.991 -> 89.99
    await panel().getByText('$89.99').first().waitFor();
    await fill(page, L('estimates', 'shippingCharge'), '15');
    // 89.99 + 15.00 = 104.99
    await panel().getByText('$104.99').first().waitFor();
    await panel().getByText('Total (CAD)').waitFor();
  });

  it("agrees with a saved invoice's stored total", async () => {
    await page.goto(`${BASE_URL}/sales/invoices`);
    await page.getByRole('columnheader').filter({ hasText: 'Number' }).first().waitFor();
    await page.getByRole('row').nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/sales\/invoices\/\d+$/);
    const stored = page.getByLabel(L('invoices', 'total')).first();
    await expect.poll(() => stored.inputValue()).toMatch(/\d/);
    // the stored total (3 decimals) as the panel shows it: 2 decimals, thousands grouped, after
    // the currency's symbol ('$' or 'US$')
    const amount = roundDecimal((await stored.inputValue()).replace(/[^\d.-]/g, ''), 2).replace(
      /\B(?=(\d{3})+(?!\d))/g,
      ',',
    );
    await panel()
      .getByText(new RegExp(`\\$${amount.replace('.', '\\.')}$`))
      .last()
      .waitFor();
  });
});
