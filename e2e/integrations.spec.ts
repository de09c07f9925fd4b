// Issue 18, accounting: on /apps a person connects QuickBooks Online (the local stand-in of
// tests/standins/quickbooks.ts, where the server's QBO_OAUTH_BASE_URL and QBO_API_BASE_URL
// point), sees it Connected, creates a customer and issues an invoice through the screens, sees
// on the invoice's screen that it reached QuickBooks (and the invoice arrive at the stand-in),
// presses Sync now, maps a product to an account of the chart the sync read on
// /accountingsetup, then disconnects. The winery of the demo has the accounting
// add-on switched on and not connected.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, dismissHints, launch, shotIfFailed, signIn } from './browser';
import { choose, fill, L } from './forms';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../tests/standins/quickbooks';
import { PRODUCT_VERSION } from '../src/server/version';

/** screens load their chunks and records: give a poll time */
const WAIT = { timeout: 15_000 };

describe('accounting integration', () => {
  let browser: Browser;
  let page: Page;
  let qbo: QuickBooksStandIn;
  let token = '';
  let companyId = '';
  const number = `QB-${Date.now().toString(36)}`.slice(0, 21);
  const card = () => page.getByTestId('app-accounting');
  const status = () => page.getByTestId('integration-quickbooks-status');
  const menu = () => page.getByTestId('app-menu');
  const customer = `Épicerie ${number}`;
  const path = () => new URL(page.url()).pathname;

  const save = () => page.getByRole('button', { name: /^(Save|Enregistrer)$/ }).click();

  beforeAll(async () => {
    const base = process.env.QBO_OAUTH_BASE_URL;
    if (!base || process.env.QBO_API_BASE_URL !== base || !process.env.INTEGRATIONS_KEY)
      throw new Error(
        'e2e/integrations.spec.ts needs the server pointed at the stand-in: set INTEGRATIONS_KEY, QBO_CLIENT_ID=standin-client, QBO_CLIENT_SECRET=standin-secret and QBO_OAUTH_BASE_URL = QBO_API_BASE_URL = http://127.0.0.1:<free port> (README, Integrations)',
      );
    qbo = await startQuickBooksStandIn(Number(new URL(base).port));
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // the guided hints and the popup tip, dismissed as a person would whenever they show
    await dismissHints(page);
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Vignoble de la Vallée');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/apps');
  });
  afterEach((context) => shotIfFailed(page, 'integrations', context));
  afterAll(async () => {
    await browser?.close();
    await qbo?.close();
  });

  it('connects QuickBooks Online from Apps and shows it connected', async () => {
    await expect.poll(() => status().textContent()).toMatch(/Not connected|Non connectée/);
    const connectCall = page.waitForRequest(
      (r) => r.method() === 'POST' && (r.postData() ?? '').includes('integrationConnect'),
    );
    await card()
      .getByRole('button', { name: /^(Connect|Connecter)$/ })
      .click();
    // spec 7: a call carries the bearer token and the product version this page was loaded as
    const sent = (await connectCall).headers();
    expect(sent.authorization).toMatch(/^Bearer /);
    expect(sent['x-version']).toBe(PRODUCT_VERSION);
    // Intuit's consent (the stand-in consents at once) and back through the callback to /apps
    await page.waitForURL((url) => url.pathname === '/apps', { timeout: 30_000 });
    // said in the words of the system that answered
    await expect
      .poll(() => page.getByText(/^QuickBooks Online (is connected|est connecté)$/).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toMatch(/^(Connected|Connectée)$/);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('issues an invoice through the screens and sees it reach QuickBooks, then presses Sync now', async () => {
    // the customer, through the customer screens
    await menu()
      .getByRole('menuitem', { name: /^(Customers|Clients)$/ })
      .first()
      .click();
    await expect.poll(path, WAIT).toBe('/sales/customers');
    await page.getByRole('link', { name: /^(Create|Créer)$/ }).click();
    await expect.poll(path, WAIT).toBe('/sales/customers/new');
    await fill(page, L('customers', 'name'), customer);
    await save();
    await expect.poll(path, WAIT).toBe('/sales/customers');

    // the invoice: number, customer, date, status Sent, one line of 6 x 18.50
    await menu()
      .getByRole('menuitem', { name: /^(Invoices|Factures)$/ })
      .first()
      .click();
    await expect.poll(path, WAIT).toBe('/sales/invoices');
    await page.getByRole('link', { name: /^(Create|Créer)$/ }).click();
    await expect.poll(path, WAIT).toBe('/sales/invoices/new');
    await fill(page, L('invoices', 'number'), number);
    await choose(page, L('invoices', 'customer'), customer);
    await fill(page, L('invoices', 'date'), companyDay(0));
    await choose(page, L('invoices', 'status'), 'Sent');
    const lines = page.locator('.ra-input-lines').first();
    await lines
      .getByRole('button', { name: /^(Add|Ajouter)$/ })
      .last()
      .click();
    const line = lines.locator('.RaSimpleFormIterator-line').first();
    await line.waitFor();
    await fill(line, L('invoices', 'description', 'lines'), 'Vin blanc 750 mL');
    await fill(line, L('invoices', 'quantity', 'lines'), '6');
    await fill(line, L('invoices', 'unitPrice', 'lines'), '18.50');
    await save();
    await expect.poll(path, WAIT).toBe('/sales/invoices');

    // its own screen, found by its number: saving it Sent queued its push and woke the job, and
    // the panel follows it there without a reload
    await page.getByLabel(/^(Search|Rechercher)/).fill(number);
    // the list puts its search in the address after a pause: a row opened before that would be
    // left again for the list when it does
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '', WAIT).toContain(number);
    await page.getByRole('cell', { name: number }).first().click();
    await expect.poll(path, WAIT).toMatch(/^\/sales\/invoices\/\d+$/);
    const synced = page.getByTestId('record-sync-quickbooks-invoice');
    await expect
      .poll(() => synced.textContent(), { timeout: 60_000, interval: 1_000 })
      .toMatch(/^QuickBooks Online · (Invoice|Facture): (Sent|Envoyé)$/);
    // the stand-in got it once, 6 x 18.50 = 111.00
    await expect.poll(() => qbo.records.Invoice.filter((i) => i.DocNumber === number).length).toBe(1);
    const pushed = qbo.records.Invoice.filter((i) => i.DocNumber === number);
    expect(pushed[0].TotalAmt).toBe(111);

    // Sync now on /apps (it reads the chart the next test maps an account of)
    await page.goto(`${BASE_URL}/apps`);
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
    // Sync now's run is over, and the invoice it found sent already is still there once
    expect(qbo.records.Invoice.filter((i) => i.DocNumber === number)).toHaveLength(1);
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

  it('chooses the tax code of untaxed lines once QuickBooks charges sales tax, and the next invoice goes with it', async () => {
    // the accountant turns sales tax on over there; Sync now reads it with the chart
    qbo.useSalesTax();
    await card()
      .getByRole('button', { name: /^(Sync now|Synchroniser)$/ })
      .click();
    const usesSalesTax = async () =>
      (
        await api<{ accountingTaxCodes: { usesSalesTax: boolean | null } }>(
          token,
          companyId,
          '{ accountingTaxCodes { usesSalesTax } }',
        )
      ).accountingTaxCodes.usesSalesTax;
    await expect.poll(usesSalesTax, { timeout: 60_000, interval: 2_000 }).toBe(true);
    await card()
      .getByRole('link', { name: /^(Accounting setup|Configuration comptable)$/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/accountingsetup');
    await page.getByRole('tab', { name: /^Taxes$/ }).click();
    const untaxed = page.getByTestId('taxcode-none');
    await untaxed.getByLabel(/^(Tax code|Code de taxe)/).click();
    // a code of the stand-in's Canadian company (tests/standins/quickbooks.ts SALES_TAX_CODES)
    await page.getByRole('option', { name: /^Exempt/ }).click();
    await expect
      .poll(() => page.getByText(/^(Tax code saved|Code de taxe enregistré)$/).count(), WAIT)
      .toBeGreaterThan(0);
    // an invoice with no tax issued now reaches QuickBooks with the code on its line
    const { customers2: customers } = await api<{ customers2: { edges: { node: { id: string } }[] } }>(
      token,
      companyId,
      'query($q: String) { customers2(first: 1, parameters: { search: $q }) { edges { node { id } } } }',
      { q: customer },
    );
    await api(token, companyId, 'mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }', {
      input: {
        number: `${number}-T`.slice(0, 21),
        customer: customers.edges[0].node.id,
        date: companyDay(),
        status: 'Sent',
        lines: [{ description: 'Verres', quantity: 2, unitPrice: 6 }],
      },
    });
    const codes = () =>
      qbo.records.Invoice.filter((i) => i.DocNumber === `${number}-T`.slice(0, 21)).flatMap((i) =>
        (i.Line as { SalesItemLineDetail?: { TaxCodeRef?: { value: string } } }[]).map(
          (l) => l.SalesItemLineDetail?.TaxCodeRef?.value,
        ),
      );
    await expect.poll(codes, { timeout: 60_000, interval: 1_000 }).toEqual(['2']);
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
