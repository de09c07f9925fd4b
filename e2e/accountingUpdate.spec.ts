// Issue 18, spec 8: the accounting update dialog. With QuickBooks Online connected (the local
// stand-in of tests/standins/quickbooks.ts, as e2e/integrations.spec.ts connects it), a product
// mapped to an income account and sold on an issued invoice is pushed as an Item and linked.
// Saving that product's edit form first shows the dialog warning that product changes will be
// overridden by accounting system values: Cancel keeps the form and saves nothing, Save anyway
// saves, also when Save is pressed before the dialog's code has loaded; when that code cannot be
// loaded, Save says so and the next Save loads it. A product that is not linked saves without
// the dialog. The company is disconnected again after, as integrations.spec.ts expects to find it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, apiInBrowser, companyDay, companyIdNamed, openCompany } from './session';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../tests/standins/quickbooks';

const OVERRIDDEN = /Product changes will be overridden by accounting system values/;
const NOT_LOADED = /The warning could not be loaded: check your connection and press Save again/;

describe('accounting update dialog', () => {
  let browser: Browser;
  let page: Page;
  let qbo: QuickBooksStandIn;
  let token = '';
  let companyId = '';
  const tag = Date.now().toString(36);
  const linkedName = `Gin QB ${tag}`;
  let linked = '';
  let unlinked = '';

  const call = <T>(query: string, variables?: object) => api<T>(token, companyId, query, variables);
  const productName = async (id: string) =>
    (await call<{ product: { name: string } }>('query($id: ID!) { product(id: $id) { name } }', { id })).product.name;
  const dialog = () => page.getByRole('dialog');
  const nameInput = () => page.getByRole('textbox', { name: /^(Name|Nom)\b/ }).first();
  const save = () => page.getByRole('button', { name: /^(Save|Enregistrer)$/ });
  /** the dialog shows its warning */
  const warned = () => expect.poll(() => dialog().textContent(), { timeout: 15_000 }).toMatch(OVERRIDDEN);
  /** Cancel in the dialog, which closes */
  const cancel = async () => {
    await dialog()
      .getByRole('button', { name: /^(Cancel|Annuler)$/ })
      .click();
    await expect.poll(() => dialog().count()).toBe(0);
  };

  beforeAll(async () => {
    const base = process.env.QBO_OAUTH_BASE_URL;
    if (!base || process.env.QBO_API_BASE_URL !== base || !process.env.INTEGRATIONS_KEY)
      throw new Error(
        'e2e/accountingUpdate.spec.ts needs the server pointed at the stand-in: run it through e2e/run.ts (README, Integrations)',
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
    if (token && companyId)
      await call('mutation { integrationDisconnect(app: quickbooks) { status } }').catch(() => undefined);
    await browser?.close();
    await qbo?.close();
  });

  it('links a mapped product to a QuickBooks Item when its invoice is synced', async () => {
    // pressed in the page's browser: its answer's cookie goes back with the callback
    const { integrationConnect } = await apiInBrowser<{ integrationConnect: string }>(
      page,
      token,
      companyId,
      'mutation { integrationConnect(app: quickbooks) }',
    );
    // Intuit's consent (the stand-in consents at once) and back through the callback to /apps
    await page.goto(integrationConnect);
    await page.waitForURL((url) => url.pathname === '/apps', { timeout: 30_000 });
    // the chart read on connect brings QuickBooks' Sales of Product Income (ref 1)
    const income = async () =>
      (
        await call<{ accounts2: { edges: { node: { id: string; ref: string | null } }[] } }>(
          '{ accounts2(first: 100, filters: [{ field: "type", comparator: eq, value: "Income" }]) { edges { node { id ref } } } }',
        )
      ).accounts2.edges.find((e) => e.node.ref === '1')?.node.id;
    await expect.poll(income, { timeout: 60_000, interval: 1_000 }).toEqual(expect.any(String));
    const create = async (name: string) =>
      (
        await call<{ productCreate: { id: string } }>(
          'mutation($input: ProductInput!) { productCreate(input: $input) { id } }',
          { input: { name, sku: name.replace(/\W+/g, '-').slice(0, 40), price: 42.5 } },
        )
      ).productCreate.id;
    linked = await create(linkedName);
    unlinked = await create(`Vodka local ${tag}`);
    await call('mutation($input: AccountMappingInput!) { accountMappingSet(input: $input) { entityId } }', {
      input: { entityType: 'product', entityId: linked, income: await income() },
    });
    const { customerCreate } = await call<{ customerCreate: { id: string } }>(
      'mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name: `Bar ${tag}` } },
    );
    await call('mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }', {
      input: {
        number: `QU-${tag}`.slice(0, 21),
        customer: customerCreate.id,
        date: companyDay(0),
        status: 'Sent',
        lines: [{ product: linked, description: linkedName, quantity: 1, unitPrice: 42.5 }],
      },
    });
    await call('mutation { integrationSync(app: quickbooks) }');
    await expect.poll(() => qbo.records.Item.filter((i) => i.Name === linkedName).length, { timeout: 60_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await call<{ accountingLinked: boolean }>(
              'query($id: ID!) { accountingLinked(entityType: "product", id: $id) }',
              { id: linked },
            )
          ).accountingLinked,
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it('warns before saving a linked product: Cancel keeps the form, Save anyway saves', async () => {
    // a fresh load: the company is connected to accounting now
    await page.goto(`${BASE_URL}/inventory/products/${linked}`);
    await expect.poll(() => nameInput().inputValue(), { timeout: 30_000 }).toBe(linkedName);
    await nameInput().fill(`${linkedName} renamed`);
    await save().click();
    await warned();
    await cancel();
    expect(new URL(page.url()).pathname).toBe(`/inventory/products/${linked}`);
    expect(await nameInput().inputValue()).toBe(`${linkedName} renamed`);
    expect(await productName(linked)).toBe(linkedName);

    await save().click();
    await warned();
    await dialog()
      .getByRole('button', { name: /^(Save anyway|Enregistrer quand même)$/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/inventory/products', { timeout: 30_000 });
    expect(await productName(linked)).toBe(`${linkedName} renamed`);
  });

  it("asks on a save pressed while the dialog's code is still loading", async () => {
    // a slow network or server: the dialog's chunk comes long after the form shows, and a
    // person can press Save in between (routing also keeps the chunk out of the HTTP cache)
    const guardChunk = /\/assets\/AccountingUpdateGuard-[^/]*\.js$/;
    let delayed = 0;
    await page.route(guardChunk, async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    try {
      const name = `${linkedName} renamed`;
      await page.goto(`${BASE_URL}/inventory/products/${linked}`);
      await expect.poll(() => nameInput().inputValue(), { timeout: 30_000 }).toBe(name);
      await nameInput().fill(`${name} early`);
      await expect.poll(() => delayed).toBe(1);
      await save().click();
      await warned();
      expect(await productName(linked)).toBe(name);
      await cancel();
      expect(new URL(page.url()).pathname).toBe(`/inventory/products/${linked}`);
      expect(await productName(linked)).toBe(name);
    } finally {
      await page.unroute(guardChunk);
    }
  });

  it("tells a save that the dialog's code could not be loaded, and the next save loads it again", async () => {
    // the network drops the dialog's chunk: Save is not held silently, it says so and lets go;
    // back online, the next Save loads the chunk and asks
    const guardChunk = /\/assets\/AccountingUpdateGuard-[^/]*\.js$/;
    let dropped = 0;
    await page.route(guardChunk, async (route) => {
      dropped++;
      await route.abort('internetdisconnected');
    });
    const name = `${linkedName} renamed`;
    try {
      await page.goto(`${BASE_URL}/inventory/products/${linked}`);
      await expect.poll(() => nameInput().inputValue(), { timeout: 30_000 }).toBe(name);
      await nameInput().fill(`${name} offline`);
      // the form asked for the chunk when it showed (and holds saves from then on)
      await expect.poll(() => dropped).toBe(1);
      await save().click();
      await expect.poll(() => page.getByText(NOT_LOADED).count(), { timeout: 15_000 }).toBe(1);
      // Save asked for it again
      expect(dropped).toBe(2);
      expect(await dialog().count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/inventory/products/${linked}`);
      expect(await productName(linked)).toBe(name);
    } finally {
      await page.unroute(guardChunk);
    }
    await save().click();
    await warned();
    await cancel();
    expect(await nameInput().inputValue()).toBe(`${name} offline`);
    expect(await productName(linked)).toBe(name);
  });

  it('saves a product that is not linked without asking', async () => {
    await page.goto(`${BASE_URL}/inventory/products/${unlinked}`);
    await expect.poll(() => nameInput().inputValue(), { timeout: 30_000 }).toBe(`Vodka local ${tag}`);
    await nameInput().fill(`Vodka local ${tag} 2`);
    await save().click();
    await page.waitForURL((url) => url.pathname === '/inventory/products', { timeout: 30_000 });
    expect(await dialog().count()).toBe(0);
    expect(await productName(unlinked)).toBe(`Vodka local ${tag} 2`);
  });
});
