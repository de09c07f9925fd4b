// Issue 18, accounting: on /apps a person connects QuickBooks Online (the local stand-in of
// tests/standins/quickbooks.ts, where the server's QBO_OAUTH_BASE_URL and QBO_API_BASE_URL
// point), sees it Connected, issues an invoice, presses Sync now and sees it synced (and the
// invoice arrive at the stand-in), maps a product to an account of the chart the sync read on
// /accountingsetup, then disconnects. The winery of the demo has the accounting
// add-on switched on and not connected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../tests/standins/quickbooks';

describe('accounting integration', () => {
  let browser: Browser;
  let page: Page;
  let qbo: QuickBooksStandIn;
  let token = '';
  let companyId = '';
  const number = `QB-${Date.now().toString(36)}`.slice(0, 21);
  const card = () => page.getByTestId('app-accounting');
  const status = () => page.getByTestId('integration-quickbooks-status');

  beforeAll(async () => {
    const base = process.env.QBO_OAUTH_BASE_URL;
    if (!base || process.env.QBO_API_BASE_URL !== base || !process.env.INTEGRATIONS_KEY)
      throw new Error(
        'e2e/integrations.spec.ts needs the server pointed at the stand-in: set INTEGRATIONS_KEY, QBO_CLIENT_ID=standin-client, QBO_CLIENT_SECRET=standin-secret and QBO_OAUTH_BASE_URL = QBO_API_BASE_URL = http://127.0.0.1:<free port> (README, Integrations)',
      );
    qbo = await startQuickBooksStandIn(Number(new URL(base).port));
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Vignoble de la Vallée');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/apps');
  });
  afterAll(async () => {
    await browser?.close();
    await qbo?.close();
  });

  it('connects QuickBooks Online from Apps and shows it connected', async () => {
    await expect.poll(() => status().textContent()).toMatch(/Not connected|Non connectée/);
    await card()
      .getByRole('button', { name: /^(Connect|Connecter)$/ })
      .click();
    // Intuit's consent (the stand-in consents at once) and back through the callback to /apps
    await page.waitForURL((url) => url.pathname === '/apps', { timeout: 30_000 });
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toMatch(/^(Connected|Connectée)$/);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('sends an issued invoice with Sync now and shows the sync', async () => {
    const { customerCreate } = await api<{ customerCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name: `Épicerie ${number}` } },
    );
    const { invoiceCreate } = await api<{ invoiceCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }',
      {
        input: {
          number,
          customer: customerCreate.id,
          date: companyDay(0),
          status: 'Sent',
          lines: [{ description: 'Vin blanc 750 mL', quantity: 6, unitPrice: 18.5 }],
        },
      },
    );
    await card()
      .getByRole('button', { name: /^(Sync now|Synchroniser)$/ })
      .click();
    // the job runs within seconds; a person looks again
    await expect
      .poll(
        async () => {
          await page.reload();
          return card().textContent();
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toMatch(/Last sync|Dernière synchronisation/);
    // the chart of accounts is read first in the same run: the invoice follows within moments
    await expect.poll(() => qbo.records.Invoice.filter((i) => i.DocNumber === number).length).toBe(1);
    const pushed = qbo.records.Invoice.filter((i) => i.DocNumber === number);
    // 6 x 18.50 = 111.00
    expect(pushed[0].TotalAmt).toBe(111);
    // the invoice's own screen says it reached QuickBooks
    await page.goto(`${BASE_URL}/sales/invoices/${invoiceCreate.id}`);
    const synced = page.getByTestId('record-sync-quickbooks-invoice');
    await expect
      .poll(() => synced.textContent(), { timeout: 15_000 })
      .toMatch(/^QuickBooks Online · (Invoice|Facture): (Sent|Envoyé)$/);
    await page.goto(`${BASE_URL}/apps`);
    await card().waitFor();
  });

  it('maps a product to an account of the chart Sync now read, on the accounting setup page', async () => {
    await card()
      .getByRole('link', { name: /^(Accounting setup|Configuration comptable)$/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/accountingsetup');
    const row = page.locator('[data-testid^="mapping-"]').first();
    await row.waitFor({ timeout: 30_000 });
    const entityId = (await row.getAttribute('data-testid'))!.replace('mapping-', '');
    const income = row.getByLabel(/^(Income account|Compte de produits)/);
    await income.click();
    await income.fill('Sales of Product');
    // an account of the stand-in's chart (tests/standins/quickbooks.ts), read by Sync now
    await page.getByRole('option', { name: 'Sales of Product Income' }).click();
    const incomeOf = async () =>
      (
        await api<{ accountMappings: { entityId: string; income: { name: string; ref: string } | null }[] }>(
          token,
          companyId,
          'query { accountMappings(entityType: "product") { entityId income { name ref } } }',
        )
      ).accountMappings.find((m) => m.entityId === entityId)?.income;
    await expect.poll(incomeOf, { timeout: 15_000 }).toEqual({ name: 'Sales of Product Income', ref: '1' });
    await page.goto(`${BASE_URL}/apps`);
  });

  it('disconnects', async () => {
    await card()
      .getByRole('button', { name: /^(Disconnect|Déconnecter)$/ })
      .click();
    await expect.poll(() => status().textContent()).toMatch(/Not connected|Non connectée/);
    await page.goto(`${BASE_URL}/apps`);
    await expect.poll(() => status().textContent()).toMatch(/Not connected|Non connectée/);
  });
});
