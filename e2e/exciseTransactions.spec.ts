// Issue 9, parts 4 and 5: a tank's excise transactions list with running balances, its
// filters in the URL, the '/' key, the row menu's Audit history and Delete transaction (the
// reversal takes the rows out of the list and is in the audit log; Show reversed brings the
// pair back, marked), and the list of a member without production.write (spec 6: read-only).
// The postings are made through the API (an opening in a new tank, then a transfer of a
// quarter of it to a second new tank), so the spec does not depend on the demo's ledger history.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, openCompany } from './session';
import { invitationLinkFor } from './mail';

const stamp = Date.now().toString(36);
const daysAgo = companyDay;

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

  it("'/' focuses the first filter, the date range", async () => {
    const range = page.getByRole('combobox', { name: 'Date range' });
    const focused = () => range.evaluate((el) => el === document.activeElement);
    expect(await focused()).toBe(false);
    await page.getByTestId('transactions-summary').click();
    await page.keyboard.press('/');
    await expect.poll(focused).toBe(true);
    // the focused select opens from the keyboard
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Last 30 days' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
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

  it('Show reversed brings back the deleted transfer and its reversal, marked and not deletable', async () => {
    const show = page.getByRole('switch', { name: 'Show reversed' });
    expect(await show.isChecked()).toBe(false);
    // a controlled switch: checked once the list's filter has it
    await show.click();
    await expect.poll(() => show.isChecked()).toBe(true);
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"includeReversed":true');
    const transfers = row('Transfer to tank');
    await expect.poll(() => transfers.count()).toBe(2);

    const original = transfers.filter({ has: page.locator('[data-reversal="reversed"]') });
    const reversal = transfers.filter({ has: page.locator('[data-reversal="reversal"]') });
    await expect.poll(() => original.count()).toBe(1);
    await expect.poll(() => reversal.count()).toBe(1);
    await original.getByText('Reversed', { exact: true }).waitFor();
    await reversal.getByText('Reversal', { exact: true }).waitFor();
    // the original's quantities are struck through; the reversal puts them back
    expect(await original.locator('s').allInnerTexts()).toEqual(expect.arrayContaining(['-250.000', '-100.000']));
    const reversalCells = await reversal.getByRole('cell').allInnerTexts();
    expect(reversalCells).toContain('250.000');
    expect(reversalCells).toContain('100.000');
    expect(await reversal.locator('s').count()).toBe(0);

    // no balances (the API gives none); the totals count the pair, which nets to zero
    expect(await page.getByRole('columnheader', { name: 'Volume balance' }).count()).toBe(0);
    const totals = await page.getByTestId('transactions-totals').getByRole('cell').allInnerTexts();
    expect(totals).toContain('Totals (3)');
    expect(totals).toContain('1,000.000');

    // neither can be selected (a disabled checkbox) or deleted; the opening still can
    expect(await original.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await reversal.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await row('Opening contents').getByRole('checkbox').isEnabled()).toBe(true);
    for (const r of [original, reversal]) {
      await r.getByRole('button', { name: 'Transaction actions' }).click();
      await page.getByRole('menuitem', { name: 'Details' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Delete transaction' }).count()).toBe(0);
      await page
        .getByRole('menu')
        .filter({ has: page.getByRole('menuitem', { name: 'Details' }) })
        .press('Escape');
      // (the app's main menu is a menu too)
      await expect.poll(() => page.getByRole('menuitem', { name: 'Details' }).count()).toBe(0);
    }

    // the URL opens it again; switched off, the pair is hidden and the URL clean
    await page.reload();
    await expect.poll(() => transfers.count()).toBe(2);
    expect(await page.getByRole('switch', { name: 'Show reversed' }).isChecked()).toBe(true);
    await page.getByRole('switch', { name: 'Show reversed' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Show reversed' }).isChecked()).toBe(false);
    await expect.poll(() => transfers.count()).toBe(0);
    expect(decodeURIComponent(page.url())).not.toContain('includeReversed');
    await page.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
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

  it('a member with production.read only sees the list read-only: no selection, no Delete', async () => {
    // the other company's user joins this one by invitation, reading production only
    await gql(
      'mutation($email: String!, $permissions: [String!]!) { companyMemberInvite(email: $email, permissions: $permissions) { id } }',
      {
        email: 'other@example.com',
        permissions: ['production.read'],
      },
    );
    const link = await invitationLinkFor('other@example.com');
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    let memberId: string | undefined;
    try {
      const reader = await context.newPage();
      await signIn(reader, 'other@example.com', 'distill-demo', '/dashboard');
      await api(
        await accessToken(reader),
        null,
        'mutation($token: String!) { companyInvitationAccept(token: $token) }',
        {
          token: new URL(link).pathname.split('/').at(-1),
        },
      );
      const { companyMembers } = await gql<{
        companyMembers: { id: string; permissions: string[]; user: { email: string } }[];
      }>('{ companyMembers { id permissions user { email } } }');
      const joined = companyMembers.find((m) => m.user.email === 'other@example.com')!;
      memberId = joined.id;
      expect(joined.permissions).toEqual(['production.read']);
      await openCompany(reader, companyId, listPath());
      const opening = reader.getByRole('row').filter({ hasText: 'Opening contents' });
      await opening.waitFor();
      await reader.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
      expect(await reader.getByRole('table').first().getByRole('checkbox').count()).toBe(0);
      await opening.getByRole('button', { name: 'Transaction actions' }).click();
      await reader.getByRole('menuitem', { name: 'Details' }).waitFor();
      await reader.getByRole('menuitem', { name: 'Trace lot' }).waitFor();
      expect(await reader.getByRole('menuitem', { name: 'Delete transaction' }).count()).toBe(0);
      await reader
        .getByRole('menu')
        .filter({ has: reader.getByRole('menuitem', { name: 'Details' }) })
        .press('Escape');
      await expect.poll(() => reader.getByRole('menuitem', { name: 'Details' }).count()).toBe(0);
      // Show reversed reads the history too, still without selection
      await reader.getByRole('switch', { name: 'Show reversed' }).click();
      await expect.poll(() => reader.getByRole('row').filter({ hasText: 'Transfer to tank' }).count()).toBe(2);
      expect(await reader.getByRole('table').first().getByRole('checkbox').count()).toBe(0);
    } finally {
      await context.close();
      if (memberId) await gql('mutation($id: ID!) { companyMemberRemove(id: $id) { id } }', { id: memberId });
    }
  });

  it('the tank edit screen links to its transactions', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${tankA}`);
    await page.getByRole('link', { name: 'Transactions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(listPath());
  });
});
