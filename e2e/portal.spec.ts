// Issue 18, the customer portal, as people use it: staff open /portalsetup, open the portal,
// tick the products customers may order and invite a customer's person by e-mail. That person
// opens the mailed link, signs in on the real sign-in page (the portal's own client,
// distillery-portal, PKCE), lands in the portal with the invitation accepted, orders two
// products and sees the confirmation and the order under Orders; staff find it in Sales orders.
// The Invoices and Statement tabs show what the records this spec makes hold (figures worked
// by hand below), and a person with no portal link is told so. The buyer, invited for a second
// customer too, chooses it in the top bar and sees only its orders. Staff untick Invoices on
// /portalsetup and the person's portal shows neither Invoices nor the Statement that lists
// them. A company without the portal add-on (the demo winery) is told on /portalsetup to turn it
// on in Apps.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { mailbox } from './mail';
import { accessToken, api, companyDay, companyIdNamed } from './session';

const COMPANY = 'Northern Lights Distillery';
const BUYER = 'other@example.com';
const STAMP = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER_NAME = `Portal Buyer ${STAMP}`;
const PO = `PORTAL-${STAMP}`;
// after CUSTOMER_NAME by name: the portal opens as the first, and the buyer chooses this one
const SECOND_NAME = `Portal Second ${STAMP}`;
const SECOND_ORDER = `PSO-${STAMP}`;

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical WCAG 2.1 AA violations on the page, as "rule: target" lines.
 * The script is evaluated through the browser's devtools protocol, which the page's
 * Content-Security-Policy (kept on here: the portal must work under it) does not govern. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

interface Named {
  id: string;
  name: string;
}

/** The portal person's sign-in as anyone does it: the link, then the real sign-in page. */
async function signInAtPortal(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel(/E-mail|Courriel/).fill(email);
  await page.getByLabel(/Password|Mot de passe/).fill('distill-demo');
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
  await page.waitForURL((u) => u.pathname === '/portal/' && !u.search, { timeout: 30_000 });
}

describe('customer portal', () => {
  let browser: Browser;
  let staff: Page;
  let buyerContext: BrowserContext;
  let buyer: Page;
  let token = '';
  let companyId = '';
  let products: Named[] = [];
  let customer: Named;
  let second: Named | undefined;
  let secondOrderId = '';
  const invoiceIds: string[] = [];
  let orderNumber = '';
  const invoiceNumbers = { recent: `PI-${STAMP}-1`, older: `PI-${STAMP}-2` };

  beforeAll(async () => {
    browser = await launch();
    staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-CA' });
    buyer = await buyerContext.newPage();
  });
  afterAll(async () => {
    // leave the demo data as the other specs expect it: no portal, no portal users, no new records
    if (token && companyId) {
      const { portalUsers } = await api<{ portalUsers: { id: string }[] }>(token, companyId, '{ portalUsers { id } }');
      for (const u of portalUsers)
        await api(token, companyId, 'mutation($id: ID!) { portalRemoveUser(id: $id) { id } }', { id: u.id });
      await api(
        token,
        companyId,
        `mutation { portalSetSettings(input: { enabled: false, productIds: [],
          sections: { order: true, orders: true, shipments: true, invoices: true, statement: true } }) { enabled } }`,
      );
      const remove = (id: string) =>
        api(token, companyId, 'mutation($id: ID!) { objectDelete(id: $id) { id } }', { id }).catch(() => undefined);
      if (orderNumber) {
        const { salesOrders2 } = await api<{ salesOrders2: { edges: { node: { id: string } }[] } }>(
          token,
          companyId,
          `query($q: String!) { salesOrders2(first: 5, search: $q) { edges { node { id } } } }`,
          { q: orderNumber },
        ).catch(() => ({ salesOrders2: { edges: [] } }));
        for (const e of salesOrders2.edges) await remove(e.node.id);
      }
      for (const id of invoiceIds) await remove(id);
      if (secondOrderId) await remove(secondOrderId);
      if (customer?.id) await remove(customer.id);
      if (second?.id) await remove(second.id);
    }
    await buyerContext?.close();
    await browser?.close();
  });

  it('staff open the portal, choose two products and invite a customer’s person', async () => {
    await signIn(staff, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(staff);
    companyId = await companyIdNamed(token, COMPANY);
    const data = await api<{ products2: { edges: { node: Named & { active: boolean; price: number | null } }[] } }>(
      token,
      companyId,
      `{ products2(first: 100, sortKey: "name") { edges { node { id name active price } } } }`,
    );
    products = data.products2.edges
      .map((e) => e.node)
      .filter((p) => p.active && p.price)
      .slice(0, 2);
    expect(products).toHaveLength(2);

    // a customer of this spec's own, with two sent invoices (no taxes on their lines):
    //   recent, 10 days ago: 2 × 30.00 = 60.00, 25.00 paid -> balance 35.00
    //   older, 120 days ago (before the statement's default 90 days): 1 × 40.00 = 40.00 unpaid
    const { customerCreate } = await api<{ customerCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name: CUSTOMER_NAME, currency: 'CAD' } },
    );
    customer = { id: customerCreate.id, name: CUSTOMER_NAME };
    const invoice = async (
      number: string,
      daysAgo: number,
      quantity: number,
      unitPrice: number,
      amountPaid: number,
    ) => {
      const { invoiceCreate } = await api<{ invoiceCreate: { id: string } }>(
        token,
        companyId,
        'mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }',
        {
          input: {
            number,
            customer: customer.id,
            date: companyDay(daysAgo),
            status: 'Sent',
            currency: 'CAD',
            amountPaid,
            lines: [{ description: 'Spirits', quantity, unitPrice }],
          },
        },
      );
      invoiceIds.push(invoiceCreate.id);
    };
    await invoice(invoiceNumbers.recent, 10, 2, 30, 25);
    await invoice(invoiceNumbers.older, 120, 1, 40, 0);

    await staff.evaluate((id) => localStorage.setItem('companyId', id), companyId);
    await staff.goto(`${BASE_URL}/portalsetup`);
    await staff.getByRole('switch', { name: 'Portal open to customers' }).check();
    const choose = staff.getByRole('region', { name: 'Products customers can see and order' });
    for (const p of products) await choose.getByRole('checkbox', { name: p.name, exact: false }).first().check();
    await choose.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Portal settings saved').waitFor();

    const invite = staff.getByRole('region', { name: 'Invite a customer’s person' });
    await invite.getByRole('combobox', { name: /Customer/ }).fill(CUSTOMER_NAME);
    await staff.getByRole('option', { name: CUSTOMER_NAME }).click();
    await invite.getByLabel(/^E-mail/).fill(BUYER);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await staff.getByText(`Invitation sent to ${BUYER}.`, { exact: false }).waitFor();

    // read back after a reload
    await staff.reload();
    await expect.poll(() => staff.getByRole('switch', { name: 'Portal open to customers' }).isChecked()).toBe(true);
    for (const p of products)
      expect(
        await staff
          .getByRole('region', { name: 'Products customers can see and order' })
          .getByRole('checkbox', { name: p.name, exact: false })
          .first()
          .isChecked(),
      ).toBe(true);
    const row = staff.locator(`[data-portal-user="${BUYER}"]`);
    await row.getByText(CUSTOMER_NAME).waitFor();
    await row.getByText('Invited').waitFor();
  });

  it('the person opens the mailed link, signs in and lands in their customer’s portal', async () => {
    const mail = mailbox()
      .filter((m) => m.to === BUYER && /customer portal/.test(m.subject))
      .at(-1);
    const link = /https?:\/\/\S+\/portal\/\?company=\d+&invitation=[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await signInAtPortal(buyer, link!, BUYER);

    await buyer.getByText('Invitation accepted: welcome.').waitFor({ timeout: 20_000 });
    const header = buyer.getByRole('banner');
    await header.getByRole('heading', { level: 1, name: `Customer portal · ${COMPANY}` }).waitFor();
    await header.getByText(CUSTOMER_NAME).waitFor();
    // the address bar keeps neither the sign-in code nor the invitation
    expect(new URL(buyer.url()).search).toBe('');

    // staff see the invitation accepted
    await staff.reload();
    await staff.locator(`[data-portal-user="${BUYER}"]`).getByText('Active').waitFor();
  });

  it('orders two products: the confirmation, Orders, and staff’s Sales orders show it', async () => {
    const form = buyer.getByRole('form', { name: 'Place an order' });
    for (const p of products) await form.getByRole('cell', { name: p.name }).first().waitFor();
    // nothing typed: the form says what is missing and sends nothing
    await form.getByRole('button', { name: 'Place order' }).click();
    await form.getByText('Enter a quantity for at least one product.').waitFor();

    await form.getByLabel(`Quantity of ${products[0].name}`).fill('6');
    await form.getByLabel(`Quantity of ${products[1].name}`).fill('2');
    // the form's estimate (exact cents, before taxes) is the order's total the server makes
    const estimate = (await form.locator('[data-figure="estimated-total"]').textContent())?.trim();
    expect(estimate).toMatch(/^\$\d[\d,]*\.\d\d$/);
    expect(estimate).not.toBe('$0.00');
    await form.getByLabel('Your PO number').fill(PO);
    await form.getByLabel('Notes').fill('Please deliver to the back door');
    await form.getByRole('button', { name: 'Place order' }).click();

    const confirmation = buyer.getByRole('heading', { name: /^Order \S+ placed$/ });
    await confirmation.waitFor({ timeout: 20_000 });
    orderNumber = /^Order (\S+) placed$/.exec((await confirmation.textContent()) ?? '')![1];
    // the confirmation takes the focus
    expect(await buyer.evaluate(() => document.activeElement?.textContent)).toContain(orderNumber);

    await buyer.getByRole('tab', { name: 'Orders' }).click();
    const row = buyer.getByRole('row').filter({ hasText: orderNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain(PO);
    expect(await row.textContent()).toContain('Open');
    for (const p of products) expect(await row.textContent()).toContain(p.name);
    expect((await row.getByRole('cell').last().textContent())?.trim()).toBe(estimate);
    expect(await row.textContent()).toMatch(new RegExp(`${products[0].name}[^;]*× 6`));
    expect(await row.textContent()).toMatch(new RegExp(`${products[1].name}[^;]*× 2`));

    // staff find it in Sales orders, for the customer, as any other order
    await staff.goto(`${BASE_URL}/sales/salesorders?filter=${encodeURIComponent(JSON.stringify({ q: orderNumber }))}`);
    const staffRow = staff.getByRole('row').filter({ hasText: orderNumber });
    await staffRow.getByText(CUSTOMER_NAME).first().waitFor();
    await staff.getByRole('cell', { name: orderNumber }).first().click();
    await expect.poll(() => staff.getByLabel('Customer PO').inputValue(), { timeout: 15_000 }).toBe(PO);
  });

  it('Invoices and Statement show what the customer’s invoices hold', async () => {
    await buyer.getByRole('tab', { name: 'Invoices' }).click();
    // a reload keeps the person signed in and on the section they were reading
    await buyer.reload();
    await buyer.getByRole('tab', { name: 'Invoices', selected: true }).waitFor();
    const invoices = buyer.getByRole('table', { name: 'Your invoices' });
    const cells = async (number: string) =>
      (await invoices.getByRole('row').filter({ hasText: number }).getByRole('cell').allTextContents()).map((c) =>
        c.trim(),
      );
    await invoices.getByRole('row').filter({ hasText: invoiceNumbers.recent }).waitFor();
    // number, date, due date, status, total, paid, balance: 60.00 - 25.00 = 35.00 owed
    expect((await cells(invoiceNumbers.recent)).slice(3)).toEqual(['Partially paid', '$60.00', '$25.00', '$35.00']);
    expect((await cells(invoiceNumbers.older)).slice(4)).toEqual(['$40.00', '$0.00', '$40.00']);

    // the last 90 days: the older invoice (120 days ago) is the opening balance, 40.00; then the
    // recent invoice +60.00 -> 100.00 and its payment -25.00 -> 75.00, the closing balance
    await buyer.getByRole('tab', { name: 'Statement' }).click();
    const statement = buyer.locator('table[data-currency="CAD"]');
    await statement.waitFor();
    expect((await statement.locator('[data-figure="opening"]').textContent())?.trim()).toBe('$40.00');
    const line = async (kind: string) =>
      (await statement.getByRole('row').filter({ hasText: kind }).getByRole('cell').allTextContents())
        .slice(1)
        .map((c) => c.trim());
    expect(await line('Invoice')).toEqual(['Invoice', invoiceNumbers.recent, '$60.00', '$100.00']);
    expect(await line('Payment')).toEqual(['Payment', invoiceNumbers.recent, '-$25.00', '$75.00']);
    expect((await statement.locator('[data-figure="closing"]').textContent())?.trim()).toBe('$75.00');

    // a longer period brings the older invoice in: opening 0.00, closing the same 75.00
    await buyer.getByLabel('From').fill(companyDay(200));
    await buyer.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(async () => (await statement.locator('[data-figure="opening"]').textContent())?.trim())
      .toBe('$0.00');
    expect((await statement.locator('[data-figure="closing"]').textContent())?.trim()).toBe('$75.00');
    expect(await line(invoiceNumbers.older)).toEqual(['Invoice', invoiceNumbers.older, '$40.00', '$40.00']);
  });

  it('every section passes axe (WCAG 2.1 AA) and the tabs answer the keyboard', async () => {
    for (const tab of ['Order', 'Orders', 'Shipments', 'Invoices', 'Statement']) {
      await buyer.getByRole('tab', { name: tab, exact: true }).click();
      await buyer.getByRole('tabpanel').getByRole('heading', { level: 2 }).waitFor();
      await buyer.waitForLoadState('networkidle');
      expect(await seriousViolations(buyer), tab).toEqual([]);
    }
    // arrow keys move between the tabs (focus on the selected one)
    await buyer.getByRole('tab', { name: 'Statement' }).focus();
    await buyer.keyboard.press('ArrowLeft');
    expect(await buyer.evaluate(() => document.activeElement?.textContent)).toBe('Invoices');
    await buyer.keyboard.press('Enter');
    await buyer.getByRole('heading', { level: 2, name: 'Your invoices' }).waitFor();
  });

  it('staff untick Invoices on /portalsetup: the portal shows neither Invoices nor the Statement that lists them', async () => {
    await staff.goto(`${BASE_URL}/portalsetup`);
    const sections = staff.getByRole('group', { name: 'Sections customers see' });
    const invoices = sections.getByRole('checkbox', { name: 'Invoices', exact: true });
    const statement = sections.getByRole('checkbox', { name: 'Statement', exact: true });
    await expect.poll(() => invoices.isChecked()).toBe(true);
    await invoices.uncheck();
    // the statement lists the invoices: it goes with them
    expect(await statement.isChecked()).toBe(false);
    expect(await statement.isDisabled()).toBe(true);
    const save = async () => {
      await staff
        .getByRole('region', { name: /Products customers can see and order/ })
        .getByRole('button', { name: 'Save' })
        .click();
      await staff.getByText('Portal settings saved').waitFor();
    };
    await save();

    // the buyer was reading Invoices (#invoices): a reload opens the first shown section instead
    await buyer.reload();
    await buyer.getByRole('tab', { name: 'Order', exact: true, selected: true }).waitFor({ timeout: 20_000 });
    expect(await buyer.getByRole('tab').allTextContents()).toEqual(['Order', 'Orders', 'Shipments']);
    expect(await buyer.getByRole('tab', { name: 'Invoices' }).count()).toBe(0);

    // ticked again (Invoices, then the Statement it frees), the tabs are back
    await staff.reload();
    await invoices.check();
    await statement.check();
    await save();
    await buyer.reload();
    await buyer.getByRole('tab', { name: 'Invoices' }).waitFor({ timeout: 20_000 });
    expect(await buyer.getByRole('tab').allTextContents()).toEqual([
      'Order',
      'Orders',
      'Shipments',
      'Invoices',
      'Statement',
    ]);
  });

  it('speaks French on the switch and signs out', async () => {
    await buyer.getByRole('button', { name: 'Français' }).click();
    await buyer.getByRole('tab', { name: 'Relevé' }).waitFor();
    expect(await buyer.evaluate(() => document.documentElement.lang)).toBe('fr');
    await buyer.getByRole('tab', { name: 'Factures' }).click();
    const row = buyer.getByRole('row').filter({ hasText: invoiceNumbers.recent });
    // fr-CA: the symbol after the figure, a comma for decimals
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain('35,00 $');
    await buyer.getByRole('button', { name: 'English' }).click();

    await buyer.getByRole('button', { name: 'Sign out' }).click();
    await buyer.getByRole('heading', { name: 'You are signed out.' }).waitFor({ timeout: 20_000 });
    await buyer.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('a buyer of two customers chooses the second in the top bar and sees only its orders', async () => {
    token = await accessToken(staff);
    const { customerCreate } = await api<{ customerCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name: SECOND_NAME, currency: 'CAD' } },
    );
    second = { id: customerCreate.id, name: SECOND_NAME };
    const { salesOrderCreate } = await api<{ salesOrderCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: SalesOrderInput!) { salesOrderCreate(input: $input) { id } }',
      {
        input: { number: SECOND_ORDER, customer: second.id, date: companyDay(1), status: 'Open', customerPO: 'SECOND' },
      },
    );
    secondOrderId = salesOrderCreate.id;
    const before = mailbox().length;
    await api(
      token,
      companyId,
      'mutation($c: ID!, $e: String!) { portalInviteCustomerUser(customerId: $c, email: $e) { id } }',
      { c: second.id, e: BUYER },
    );
    let link: string | undefined;
    await expect
      .poll(() => {
        const mail = mailbox()
          .slice(before)
          .filter((m) => m.to === BUYER)
          .at(-1);
        link = /https?:\/\/\S+\/portal\/\?company=\d+&invitation=[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
        return !!link;
      })
      .toBe(true);

    // a new tab of its own: the choice is kept per tab
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-CA' });
    try {
      const page = await context.newPage();
      await signInAtPortal(page, link!, BUYER);
      await page.getByText('Invitation accepted: welcome.').waitFor({ timeout: 20_000 });
      const chooser = page.getByRole('banner').getByRole('combobox', { name: 'Customer' });
      // the first by name until the buyer chooses
      await expect.poll(() => chooser.locator('option:checked').textContent()).toBe(CUSTOMER_NAME);
      expect(await chooser.locator('option').allTextContents()).toEqual([CUSTOMER_NAME, SECOND_NAME]);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Orders' }).click();
      const orders = page.getByRole('tabpanel');
      if (orderNumber) await orders.getByRole('row').filter({ hasText: orderNumber }).waitFor();

      await chooser.selectOption({ label: SECOND_NAME });
      await orders.getByRole('row').filter({ hasText: SECOND_ORDER }).waitFor({ timeout: 20_000 });
      // only the second customer's: its one order, none of the first's
      expect(await orders.locator('tbody tr').count()).toBe(1);
      if (orderNumber) expect(await orders.getByRole('row').filter({ hasText: orderNumber }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Order', exact: true }).click();

      // a reload keeps this tab's choice
      await page.reload();
      await expect.poll(() => chooser.locator('option:checked').textContent(), { timeout: 20_000 }).toBe(SECOND_NAME);
      await page.getByRole('tab', { name: 'Orders' }).click();
      await orders.getByRole('row').filter({ hasText: SECOND_ORDER }).waitFor();

      // and back to the first
      await chooser.selectOption({ label: CUSTOMER_NAME });
      if (orderNumber) await orders.getByRole('row').filter({ hasText: orderNumber }).waitFor({ timeout: 20_000 });
      await expect.poll(() => orders.getByRole('row').filter({ hasText: SECOND_ORDER }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a person with no link to a customer here is told so', async () => {
    const context = await browser.newContext({ locale: 'en-CA' });
    try {
      const page = await context.newPage();
      await signInAtPortal(page, `${BASE_URL}/portal/?company=${companyId}`, 'seller@example.com');
      await page.getByRole('alert').getByText('Your account is not linked to a customer in this portal.').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a company without the portal add-on is told on /portalsetup to turn it on in Apps', async () => {
    const winery = await companyIdNamed(await accessToken(staff), 'Vignoble de la Vallée');
    expect(winery).toBeTruthy();
    try {
      await staff.evaluate((id) => localStorage.setItem('companyId', id), winery);
      await staff.goto(`${BASE_URL}/portalsetup`);
      const alert = staff.locator('[data-add-on="customerPortal"]');
      await alert.getByText('The customer portal is not turned on for this company', { exact: false }).waitFor();
      expect(await staff.getByRole('button', { name: 'Send invitation' }).isDisabled()).toBe(true);
      await alert.getByRole('link', { name: 'Open Apps' }).click();
      await staff.waitForURL((u) => u.pathname === '/apps');
      await staff.getByTestId('app-customerPortal').waitFor();
    } finally {
      await staff.evaluate((id) => localStorage.setItem('companyId', id), companyId);
    }
  });
});
