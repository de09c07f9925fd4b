// Issue 18, the excise duty payable's settings on /settings/0: with QuickBooks Online connected
// (the local stand-in) and its chart read, a person chooses who excise duty is paid to, the
// payment method, the account (with the account picker, stored as the account's QuickBooks
// id) and the item, saves, and reads them back after a reload. The winery of the demo has the
// accounting add-on; it is disconnected again after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, apiInBrowser, companyIdNamed, openCompany } from './session';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../tests/standins/quickbooks';

const stamp = Date.now().toString(36);
const SUPPLIER = `Receiver General ${stamp}`;
const METHOD = `EFT ${stamp}`;
const ITEM = `Excise duty ${stamp}`;

describe('excise duty payable settings', () => {
  let browser: Browser;
  let page: Page;
  let qbo: QuickBooksStandIn;
  let token = '';
  let companyId = '';
  const call = <T>(query: string, variables?: object) => api<T>(token, companyId, query, variables);
  const settings = async () =>
    (
      await call<{ companies: { id: string; settings: Record<string, string | null> }[] }>(
        `{ companies { id settings { excisePaymentToId excisePaymentMethodId excisePaymentAccountRef excisePaymentItemId } } }`,
      )
    ).companies.find((c) => String(c.id) === companyId)!.settings;

  /** an autocomplete: typed into, then its option picked */
  const choose = async (label: RegExp, option: string) => {
    const box = page.getByRole('combobox', { name: label }).first();
    await box.click();
    await box.fill(option.slice(0, 12));
    await page.getByRole('option', { name: option }).first().click();
  };

  beforeAll(async () => {
    const base = process.env.QBO_OAUTH_BASE_URL;
    if (!base || !process.env.INTEGRATIONS_KEY)
      throw new Error('e2e/exciseSettings.spec.ts needs the server pointed at the QuickBooks stand-in (e2e/run.ts)');
    qbo = await startQuickBooksStandIn(Number(new URL(base).port));
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Vignoble de la Vallée');
    await openCompany(page, companyId, '/apps');
  });
  afterAll(async () => {
    if (token && companyId)
      await call(`mutation { integrationDisconnect(app: quickbooks) { status } }`).catch(() => null);
    await browser?.close();
    await qbo?.close();
  });

  it('connects QuickBooks Online and reads its chart, accounts with their refs', async () => {
    // connected as a person connects: the browser goes to Intuit's consent and back to /apps
    // pressed in the page's browser: its answer's cookie goes back with the callback
    const { integrationConnect } = await apiInBrowser<{ integrationConnect: string }>(
      page,
      token,
      companyId,
      `mutation { integrationConnect(app: quickbooks) }`,
    );
    await page.goto(integrationConnect);
    await page.waitForURL((url) => url.pathname === '/apps', { timeout: 30_000 });
    await call(`mutation { integrationSync(app: quickbooks) }`);
    // the chart read brings QuickBooks' accounts, each with its ref
    await expect
      .poll(
        async () =>
          (
            await call<{ accounts2: { edges: { node: { name: string; ref: string | null } }[] } }>(
              `{ accounts2(first: 250) { edges { node { name ref } } } }`,
            )
          ).accounts2.edges.find((e) => e.node.name === 'Excise Duty Payable')?.node.ref,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('6');
    await call(`mutation($input: SupplierInput!) { supplierCreate(input: $input) { id } }`, {
      input: { name: SUPPLIER },
    });
    await call(`mutation($input: PaymentMethodInput!) { paymentMethodCreate(input: $input) { id } }`, {
      input: { name: METHOD, type: 'ElectronicTransfer' },
    });
    await call(`mutation($input: ItemInput!) { itemCreate(input: $input) { id } }`, {
      input: { name: ITEM, type: 'NonInventory' },
    });
  });

  it('chooses the supplier, payment method, account and item of the excise payment, and reads them back', async () => {
    await page.goto(`${BASE_URL}/settings/0`);
    await page.getByRole('heading', { name: 'Excise duty' }).waitFor();
    await choose(/^Excise paid to/, SUPPLIER);
    await choose(/^Excise payment method/, METHOD);
    await choose(/^Excise payment item/, ITEM);
    await choose(/^Excise payment account/, 'Excise Duty Payable');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    const saved = await settings();
    // the account is kept as its id in QuickBooks, what the excise Bill names
    expect(saved.excisePaymentAccountRef).toBe('6');
    expect(saved.excisePaymentToId).not.toBeNull();
    expect(saved.excisePaymentMethodId).not.toBeNull();
    expect(saved.excisePaymentItemId).not.toBeNull();

    await page.reload();
    await page.getByRole('heading', { name: 'Excise duty' }).waitFor();
    for (const [label, value] of [
      [/^Excise paid to/, SUPPLIER],
      [/^Excise payment method/, METHOD],
      [/^Excise payment item/, ITEM],
      [/^Excise payment account/, 'Excise Duty Payable'],
    ] as const)
      await expect.poll(() => page.getByRole('combobox', { name: label }).first().inputValue()).toBe(value);
  });
});
