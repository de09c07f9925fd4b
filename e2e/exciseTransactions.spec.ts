// Issue 9, parts 4 and 5: a tank's excise transactions list with running balances, its
// filters in the URL, the row menu's Audit history and Delete transaction (the reversal takes
// the rows out of the list and is in the audit log). The postings are made through the API
// (an opening in a new tank, then a transfer of a quarter of it to a second new tank), so the
// spec does not depend on the demo's ledger history.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api } from './session';

const stamp = Date.now().toString(36);
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => ymd(new Date(Date.now() - n * 86_400_000));

describe('excise transactions of a tank, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let companyId: string;
  let tankA: string;
  let tankB: string;
  let spiritName: string;
  let transferRef: string;
  const lot = `E2E-${stamp}`;
  const openingDate = daysAgo(3);
  const transferDate = daysAgo(2);

  const gql = <T>(query: string, variables?: object) => api<T>(token, companyId, query, variables);
  const listPath = () => `/production/tanks/${tankA}/transactions`;
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('signs in and posts an opening and a transfer through the API', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    await page.getByText('Northern Lights Distillery').first().waitFor();
    token = await accessToken(page);
    companyId = (await page.evaluate(() => localStorage.getItem('companyId'))) ?? '';
    expect(companyId).not.toBe('');

    const { sites2 } = await gql<{ sites2: { edges: { node: { id: string } }[] } }>(
      'query { sites2(first: 1) { edges { node { id } } } }',
    );
    const site = sites2.edges[0].node.id;
    const { spirits2 } = await gql<{ spirits2: { edges: { node: { id: string; name: string } }[] } }>(
      'query { spirits2(first: 1) { edges { node { id name } } } }',
    );
    const spirit = spirits2.edges[0].node;
    spiritName = spirit.name;
    const tank = async (name: string) =>
      (
        await gql<{ tankCreate: { id: string } }>('mutation($input: TankInput!) { tankCreate(input: $input) { id } }', {
          input: { name, capacity: 5000, site },
        })
      ).tankCreate.id;
    tankA = await tank(`E2E still tank ${stamp}`);
    tankB = await tank(`E2E receiver ${stamp}`);

    await gql('mutation($input: ExciseInitialInput!) { exciseInitial(input: $input) { refId } }', {
      input: {
        vesselId: tankA,
        date: openingDate,
        alcoholType: 'Spirit',
        alcoholId: spirit.id,
        lot,
        volume: 1000,
        strength: 40,
      },
    });
    const transfer = await gql<{ exciseTransferToTank: { refId: string } }>(
      'mutation($input: ExciseTransferInput!) { exciseTransferToTank(input: $input) { refId } }',
      { input: { vesselId: tankA, toVesselId: tankB, date: transferDate, volume: 250 } },
    );
    transferRef = transfer.exciseTransferToTank.refId;
  });

  it('lists the rows with running balances and totals', async () => {
    await page.goto(BASE_URL + listPath());
    await page
      .getByTestId('transactions-summary')
      .getByRole('heading', { name: `E2E still tank ${stamp}` })
      .waitFor();
    await page.getByText(`E2E still tank ${stamp} – Transactions`).first().waitFor();
    // what the tank holds now: 1000 L at 40 % less 250 L
    await page.getByText(`Holds ${spiritName}, lot ${lot}: 750.000 L at 40.00% (300.000 LAA)`).waitFor();
    await page.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
    await page.getByRole('columnheader', { name: 'LAA balance' }).waitFor();

    const transferRow = row('Transfer to tank');
    await transferRow.waitFor();
    const transferCells = await transferRow.getByRole('cell').allInnerTexts();
    expect(transferCells).toContain(transferDate);
    expect(transferCells).toContain(lot);
    expect(transferCells).toContain(spiritName);
    expect(transferCells).toContain('-250.000'); // volume out
    expect(transferCells).toContain('-100.000'); // LAA out
    expect(transferCells).toContain('750.000'); // volume balance
    expect(transferCells).toContain('300.000'); // LAA balance

    const openingCells = await row('Opening contents').getByRole('cell').allInnerTexts();
    expect(openingCells).toContain(openingDate);
    expect(openingCells).toContain('1,000.000');
    expect(openingCells).toContain('400.000');
    expect(openingCells).toContain('40.00');

    // newest first
    const texts = await page.getByRole('row').allInnerTexts();
    const iTransfer = texts.findIndex((t) => t.includes('Transfer to tank'));
    const iOpening = texts.findIndex((t) => t.includes('Opening contents'));
    expect(iTransfer).toBeGreaterThan(0);
    expect(iTransfer).toBeLessThan(iOpening);

    const totals = await page.getByTestId('transactions-totals').getByRole('cell').allInnerTexts();
    expect(totals).toContain('Totals (2)');
    expect(totals).toContain('750.000');
    expect(totals).toContain('300.000');
  });

  it('exports the list as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text.split(/\r?\n/).filter((l) => l.includes(lot)).length).toBe(2);
  });

  it('an activity filter goes to the URL and hides the balances (spec 5)', async () => {
    await page.getByRole('combobox', { name: 'Activity' }).click();
    await page.getByRole('option', { name: 'Transfer to tank' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"refType":"TransferToTank"');
    await expect.poll(() => row('Opening contents').count()).toBe(0);
    await row('Transfer to tank').waitFor();
    expect(await page.getByRole('columnheader', { name: 'Volume balance' }).count()).toBe(0);
    // the URL opens the same list
    await page.reload();
    await row('Transfer to tank').waitFor();
    expect(await row('Opening contents').count()).toBe(0);
  });

  it('Details opens the transfer that posted the row', async () => {
    await page.goto(BASE_URL + listPath());
    await row('Transfer to tank').getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/transfertotank/${transferRef}`);
  });

  it("opens the transfer's audit history from the row menu", async () => {
    await page.goto(BASE_URL + listPath());
    await row('Transfer to tank').getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Audit history' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/audit');
    expect(new URL(page.url()).search).toContain(`entityId=${transferRef}`);
    await page.getByRole('cell', { name: 'Posted' }).waitFor();
  });

  it('deletes the transfer: it is reversed and leaves the list', async () => {
    await page.goto(BASE_URL + listPath());
    await row('Transfer to tank').getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete transaction' }).click();
    await page.getByText(`Are you sure you want to delete the Transfer to tank of ${transferDate}?`).waitFor();
    await page.getByText('This action cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete successful').first().waitFor();
    await expect.poll(() => row('Transfer to tank').count()).toBe(0);
    await page.getByText(`Holds ${spiritName}, lot ${lot}: 1,000.000 L at 40.00% (400.000 LAA)`).waitFor();
    const totals = await page.getByTestId('transactions-totals').getByRole('cell').allInnerTexts();
    expect(totals).toContain('Totals (1)');
    expect(totals).toContain('1,000.000');

    // the receiving tank is empty again
    const b = await gql<{ tank: { contents: { volume: number } | null } }>(
      'query($id: ID!) { tank(id: $id) { contents { volume } } }',
      { id: tankB },
    );
    expect(b.tank.contents?.volume ?? 0).toBe(0);
  });

  it("the audit log has the 'reversed' entry with its changes", async () => {
    await page.goto(`${BASE_URL}/audit?entityId=${transferRef}`);
    const reversed = page.getByRole('row').filter({ hasText: 'Reversed' });
    await reversed.waitFor();
    await page.getByRole('cell', { name: 'Posted' }).waitFor();
    await reversed.getByRole('cell', { name: 'Reversed' }).click();
    await page.getByRole('columnheader', { name: 'Before' }).waitFor();
    await page.getByRole('cell', { name: 'reversals', exact: true }).waitFor();
  });

  it('batch delete reverses each selected posting', async () => {
    for (const volume of [10, 20])
      await gql('mutation($input: ExciseReduceInput!) { exciseReduceInventory(input: $input) { refId } }', {
        input: { vesselId: tankA, date: daysAgo(1), volume, excise: 'SpiritsReductionDestroyed' },
      });
    await page.goto(BASE_URL + listPath());
    const reductions = row('Reduce inventory');
    await expect.poll(() => reductions.count()).toBe(2);
    await reductions.filter({ hasText: '-10.000' }).getByRole('checkbox').check();
    await reductions.filter({ hasText: '-20.000' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByText('Are you sure you want to delete 2 selected items?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 2 of 2').first().waitFor();
    await expect.poll(() => reductions.count()).toBe(0);
    await page.getByText(`Holds ${spiritName}, lot ${lot}: 1,000.000 L at 40.00% (400.000 LAA)`).waitFor();
  });

  it('the tank edit screen links to its transactions', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${tankA}`);
    await page.getByRole('link', { name: 'Transactions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(listPath());
  });
});
