// Issue 17, CSV import wizard: a person imports 1,000 customers from a CSV file with three bad
// rows, reads the three errors, downloads the rows with errors, fixes them and imports that file
// again, then finds all 1,000 customers in the list.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, signIn } from './browser';

const PREFIX = `Import ${Date.now().toString(36)}`;
const ROWS = 1000;
/** Rows 101, 501 and 901 of the data (file rows 102, 502, 902; the header is row 1) are bad. */
const BAD: Record<number, (i: number) => string> = {
  101: () => ',nobody@example.com,Retail,613-555-0101',
  501: (i) => `${PREFIX} ${i},not-an-e-mail,Retail,613-555-0501`,
  901: (i) => `${PREFIX} ${i},c901@example.com,Bulk buyer,613-555-0901`,
};

function customersCsv(): string {
  const lines = ['Name,E-mail,Type,Phone'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      BAD[i]?.(i) ??
        `${PREFIX} ${String(i).padStart(4, '0')},c${i}@example.com,Wholesale,613-555-${String(i).padStart(4, '0')}`,
    );
  return lines.join('\n') + '\n';
}

describe('CSV import wizard, as a person uses it', () => {
  let browser: Browser;
  let page: Page;
  let errorsCsv = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  });
  afterAll(() => browser?.close());

  const dialog = () => page.getByRole('dialog');

  async function upload(name: string, text: string) {
    await page.getByRole('button', { name: /^Import$/ }).click();
    await dialog().getByText('Import customers from a CSV file').waitFor();
    await dialog()
      .getByTestId('csv-import-file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await dialog()
      .getByText(/columns found/)
      .waitFor();
  }

  it('opens the customers list with its Import button', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/customers');
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    await page.getByRole('button', { name: /^Import$/ }).waitFor();
  });

  it('refuses an empty file with the spec’s message', async () => {
    await page.getByRole('button', { name: /^Import$/ }).click();
    await dialog()
      .getByTestId('csv-import-file')
      .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('\n') });
    await dialog().getByText('CSV file is empty').waitFor();
    expect(await dialog().getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('maps the headers by name, asks for the defaults, imports 1,000 rows and lists the three bad ones', async () => {
    await upload('customers.csv', customersCsv());
    await dialog().getByRole('button', { name: 'Next' }).click();
    // map: Name, E-mail, Type and Phone found by their headers; currency left to its default
    const columnOf = (field: string) =>
      dialog()
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: field, exact: true }) })
        .getByRole('combobox');
    await expect.poll(() => columnOf('Name (Required)').textContent()).toBe('Name');
    await expect.poll(() => columnOf('E-mail').textContent()).toBe('E-mail');
    await expect.poll(() => columnOf('Notes').textContent()).toBe('(not imported)');
    await dialog().getByRole('button', { name: 'Next' }).click();
    // defaults: the currency's schema default, CAD
    await expect.poll(() => dialog().getByLabel('Currency').inputValue()).toBe('CAD');
    await dialog().getByRole('button', { name: 'Import' }).click();
    await dialog().getByRole('progressbar').first().waitFor();
    await dialog()
      .getByTestId('csv-import-summary')
      .filter({ hasText: '997 imported, 3 with errors.' })
      .waitFor({ timeout: 240_000 });
    const rows = dialog().getByTestId('csv-import-invalid').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(1).innerText()).toMatch(/^102\s+Name: Required$/);
    expect(await rows.nth(2).innerText()).toMatch(/^502\s+E-mail: Invalid e-mail$/);
    expect(await rows.nth(3).innerText()).toMatch(
      /^902\s+Type: Must be one of Retail, Wholesale, Agency, Distributor, Export$/,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'Download the rows with errors' }).click(),
    ]);
    errorsCsv = readFileSync((await download.path())!, 'utf8');
    expect(errorsCsv.trim().split(/\r?\n/)).toHaveLength(4);
    expect(errorsCsv).toContain('Name,E-mail,Type,Phone,Error');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
  }, 300_000);

  it('imports the fixed rows from the downloaded file', async () => {
    const fixed = errorsCsv
      .replace(',nobody@example.com', `${PREFIX} 0101,nobody@example.com`)
      .replace('not-an-e-mail', 'c501@example.com')
      .replace('Bulk buyer', 'Distributor');
    await upload('customers-errors.csv', fixed);
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('button', { name: 'Import' }).click();
    await dialog().getByTestId('csv-import-summary').filter({ hasText: '3 imported, 0 with errors.' }).waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('shows all 1,000 customers in the list', async () => {
    await page.getByLabel(/^Search/).fill(PREFIX);
    await page.getByText(`of ${ROWS}`).first().waitFor();
    // the row fixed and imported again is one of them
    await page.getByLabel(/^Search/).fill(`${PREFIX} 0101`);
    await page.getByRole('cell', { name: `${PREFIX} 0101` }).waitFor();
    await page.getByRole('cell', { name: 'nobody@example.com' }).waitFor();
  });
});
