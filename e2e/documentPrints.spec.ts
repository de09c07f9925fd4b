// Issue 13, printing: a person opens an invoice, clicks Print, and the portrait document that
// window.print() prints carries the company's name, the line and the total. window.print is a
// stub that keeps the document's text at the moment it is called. The invoice is made here with
// figures worked by hand: 2 x 24.99 = 49.98; HST 13 % of 49.98 = 6.4974, 6.50 to the cent;
// total 49.98 + 6.50 = 56.48 CAD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, openCompany } from './session';

declare global {
  interface Window {
    __documentPrints: { text: string; html: string }[];
  }
}

describe('sales prints, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let companyName = '';
  let invoiceId = '';
  let dueDate = '';
  const stamp = Date.now().toString(36);
  const number = `E2E-INV-${stamp}`;
  const line = `Tasting fee ${stamp}`;
  const customerName = `Harbour Bar ${stamp}`;
  const BILLING = ['77 Accounts Lane', 'Collingwood ON L9Y 1A1'];

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.addInitScript(() => {
      window.__documentPrints = [];
      window.print = () => {
        const sheet = document.querySelector<HTMLElement>('[data-testid="document-print"]');
        window.__documentPrints.push({ text: sheet?.innerText ?? '', html: sheet?.innerHTML ?? '' });
      };
    });
  });
  afterAll(() => browser?.close());

  it('signs in; an invoice of one taxed line', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/invoices');
    const token = await accessToken(page);
    const { companies } = await api<{ companies: { id: string; name: string }[] }>(
      token,
      null,
      '{ companies { id name } }',
    );
    const company = companies.find((c) => c.name === 'Northern Lights Distillery');
    expect(company).toBeDefined();
    companyId = company!.id;
    companyName = company!.name;
    await openCompany(page, companyId, '/sales/invoices');
    // a customer billed at one address: the invoice's Bill to shows it
    const customer = await api<{ customerCreate: { id: string } }>(
      token,
      companyId,
      'mutation E2eCustomer($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name: customerName, billingAddress: BILLING.join('\n') } },
    );
    const tax = await api<{ taxCreate: { id: string } }>(
      token,
      companyId,
      'mutation E2eTax($input: TaxInput!) { taxCreate(input: $input) { id } }',
      { input: { name: `HST ${stamp}`, code: `H${stamp}`, province: 'ON', rate: 13, active: true } },
    );
    const created = await api<{ invoiceCreate: { id: string; dueDate: string | null } }>(
      token,
      companyId,
      'mutation E2eInvoice($input: InvoiceInput!) { invoiceCreate(input: $input) { id dueDate } }',
      {
        input: {
          number,
          customer: customer.customerCreate.id,
          date: '2026-11-02',
          dueDate: '2026-12-02',
          status: 'Sent',
          currency: 'CAD',
          lines: [{ description: line, quantity: 2, unitPrice: 24.99, tax: tax.taxCreate.id }],
        },
      },
    );
    invoiceId = created.invoiceCreate.id;
    // the customer's terms may set the due date: the print shows what the invoice holds
    dueDate = created.invoiceCreate.dueDate ?? '';
    expect(invoiceId).toBeTruthy();
  });

  it('prints the invoice with the company, the line and the total', async () => {
    await page.goto(`${BASE_URL}/sales/invoices/${invoiceId}`);
    const button = page.getByTestId('print-document-button');
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    await expect.poll(() => page.evaluate(() => window.__documentPrints.length), { timeout: 15_000 }).toBe(1);
    const [printed] = await page.evaluate(() => window.__documentPrints);
    expect(printed.text).toContain('Invoice');
    expect(printed.text).toContain(number);
    expect(printed.text).toContain(companyName);
    // the line: description, quantity 2, unit price 24.99, amount 49.98
    expect(printed.text).toMatch(new RegExp(`${line}\\s+2\\s+24\\.99\\s+49\\.98`));
    expect(printed.text).toMatch(/HST \S+ 13 %\s+6\.50/);
    expect(printed.text).toMatch(/Total \(CAD\)\s+56\.48/);
    // billed to the customer's billing address, line by line
    // (the heading is upper case on paper)
    expect(printed.text).toMatch(new RegExp(`Bill to\\s+${customerName}\\s+${BILLING[0]}\\s+${BILLING[1]}`, 'i'));
    expect(dueDate).not.toBe('');
    expect(printed.text).toMatch(new RegExp(`Due date\\s+${dueDate}`));
    // headers for screen readers
    expect(printed.html).toContain('<th scope="col">Description</th>');
    expect(printed.html).toContain('<th scope="row">Total (CAD)</th>');
    // taken away after printing
    await expect.poll(() => page.getByTestId('document-print').count()).toBe(0);
  });
});
