// Issue 9, part 3 and 6: a person fills an empty tank with an initial, transfers half of it to
// another tank from the list's row menu, and reads both tanks' contents back in the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyIdNamed, openCompany } from './session';

describe('vessel actions, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  let companyId: string;
  let token: string;
  const stamp = Date.now().toString(36);
  const nameA = `E2E tank A ${stamp}`;
  const nameB = `E2E tank B ${stamp}`;
  let tankA = '';
  let tankB = '';
  let spiritName = '';
  let caskId = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // leaving a form with unsaved changes asks first (beforeunload): the test leaves
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(() => browser?.close());

  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('signs in; two new empty tanks and a spirit to fill them with', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/production/tanks');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/production/tanks');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/production/tanks');
    const create = `mutation E2eTank($input: TankInput!) { tankCreate(input: $input) { id } }`;
    tankA = (
      await api<{ tankCreate: { id: string } }>(token, companyId, create, { input: { name: nameA, capacity: 2000 } })
    ).tankCreate.id;
    tankB = (
      await api<{ tankCreate: { id: string } }>(token, companyId, create, { input: { name: nameB, capacity: 2000 } })
    ).tankCreate.id;
    const spirits = await api<{ spirits2: { edges: { node: { name: string } }[] } }>(
      token,
      companyId,
      'query E2eSpirits { spirits2(first: 1) { edges { node { name } } } }',
    );
    spiritName = spirits.spirits2.edges[0]?.node.name ?? '';
    expect(spiritName).not.toBe('');
  });

  it('fills tank A with an initial from its edit screen; the LAA follows volume and strength', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('Empty').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Initial contents' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/production/initial/new');
    expect(new URL(page.url()).searchParams.get('vesselId')).toBe(tankA);
    await page.getByLabel(/^Holds/).fill(spiritName.slice(0, 6));
    await page.getByRole('option', { name: spiritName }).first().click();
    await page.getByLabel(/^Lot/).fill(`L-${stamp}`);
    await page.getByLabel(/^Volume/).fill('1000');
    await page.getByLabel(/^Strength/).fill('40');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('400.000');
    await page.getByRole('button', { name: /Save/i }).click();
    // back where the person came from, with the contents
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,000.000').waitFor();
  });

  it('transfers half of it to tank B from the list row menu', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: stamp }));
    await page.goto(`${BASE_URL}/production/tanks?filter=${filter}`);
    await rowOf(nameA).waitFor();
    await rowOf(nameA).getByRole('button', { name: 'Vessel actions' }).click();
    await page.getByRole('menuitem', { name: 'Transfer to tank' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/${tankA}/transfertotank`);
    await page.getByLabel(/^To tank/).fill(nameB);
    await page.getByRole('option', { name: new RegExp(nameB) }).click();
    await page.getByLabel(/^Volume/).fill('500');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('200.000');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/production/tanks');
  });

  it('reads both tanks’ contents back in the list', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: stamp }));
    await page.goto(`${BASE_URL}/production/tanks?filter=${filter}`);
    for (const name of [nameA, nameB]) {
      const row = rowOf(name);
      await row.getByRole('cell', { name: spiritName }).waitFor();
      await row.getByRole('cell', { name: `L-${stamp}` }).waitFor();
      await row.getByRole('cell', { name: '500.000', exact: true }).waitFor();
      await row.getByRole('cell', { name: '40.00', exact: true }).waitFor();
      await row.getByRole('cell', { name: '200.000', exact: true }).waitFor();
      await row.getByText('25 %').waitFor(); // 500 L of 2,000 L
    }
    const state = await api<{ vesselContents: { vesselId: string; contents: { volume: number; laa: number } }[] }>(
      token,
      companyId,
      'query E2eContents($ids: [ID!]!) { vesselContents(ids: $ids) { vesselId contents { volume laa } } }',
      { ids: [tankA, tankB] },
    );
    const laa = state.vesselContents.reduce((sum, v) => sum + (v.contents?.laa ?? 0), 0);
    expect(laa).toBeCloseTo(400, 3);
  });

  it('refuses moving more than tank A holds, with the server message under the volume', async () => {
    await page.goto(`${BASE_URL}/production/${tankA}/transfertotank`);
    await page.getByTestId('vessel-contents').getByText('500.000').waitFor();
    await page.getByLabel(/^To tank/).fill(nameB);
    await page.getByRole('option', { name: new RegExp(nameB) }).click();
    await page.getByLabel(/^Volume/).fill('9000');
    await page.getByRole('button', { name: /Save/i }).click();
    await page
      .getByText(/holds 500\.000 L; you asked to move 9,000\.000 L/)
      .first()
      .waitFor();
    await page.getByTestId('error-banner').getByText('One or more fields is missing or invalid').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/production/${tankA}/transfertotank`);
  });

  it('opens the posted transfer at its transactionId, changes it, then deletes it', async () => {
    const ledger = await api<{ tank: { transactions2: { edges: { node: { refId: string; refType: string } }[] } } }>(
      token,
      companyId,
      'query E2eLedger($id: ID!) { tank(id: $id) { transactions2(first: 20) { edges { node { refId refType } } } } }',
      { id: tankA },
    );
    const refId = ledger.tank.transactions2.edges.find((e) => e.node.refType === 'TransferToTank')?.node.refId;
    expect(refId).toBeTruthy();
    await page.goto(`${BASE_URL}/production/transfertotank/${refId}`);
    await expect.poll(() => page.getByLabel(/^Volume/).inputValue()).toBe('500.000');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('200.000');
    await page.getByLabel(/^Volume/).fill('400');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('160.000');
    await page.getByRole('button', { name: /Save/i }).click();
    // opened directly: Save goes to the tank's screen, which holds 1,000 - 400 L
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('600.000').waitFor();

    await page.goto(`${BASE_URL}/production/transfertotank/${refId}`);
    await expect.poll(() => page.getByLabel(/^Volume/).inputValue()).toBe('400.000');
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Are you sure you want to delete Transfer to tank of \d{4}-\d{2}-\d{2}\?$/).waitFor();
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,000.000').waitFor();
  });

  it('proofs tank A to 32 % from its actions menu: the LAA stays, the volume grows to 1,250 L', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,000.000').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Proof (reduce strength)' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}/proof`);
    await page.getByLabel(/^Target strength/).fill('32');
    // 400 LAA at 32 % = 1,250 L
    await page.getByText(/The tank will hold 1,250\.000 L at 32\.00 %/).waitFor();
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,250.000').waitFor();
  });

  it('fills a cask from tank A: 200 L at 32 % is 64 LAA', async () => {
    const cask = await api<{ caskCreate: { id: string } }>(
      token,
      companyId,
      'mutation E2eCask($input: CaskInput!) { caskCreate(input: $input) { id } }',
      { input: { number: `E2E-${stamp}`, size: 200 } },
    );
    caskId = cask.caskCreate.id;
    await page.goto(`${BASE_URL}/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,250.000').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Fill cask' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}/fillcask`);
    await page.getByLabel(/^To cask/).fill(`E2E-${stamp}`);
    await page.getByRole('option', { name: new RegExp(`E2E-${stamp}`) }).click();
    await page.getByLabel(/^Volume/).fill('200');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('64.000');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankA}`);
    await page.getByTestId('vessel-contents').getByText('1,050.000').waitFor();
  });

  it('reads both transaction lists with their running balances', async () => {
    const cells = async (text: RegExp | string) =>
      page.getByRole('row').filter({ hasText: text }).first().getByRole('cell').allInnerTexts();
    await page.goto(`${BASE_URL}/production/tanks/${tankA}/transactions`);
    await page.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Proofed from 40.00 % to 32.00 %' }).first().waitFor();
    // opening 1,000 L / 400 LAA; proofed +250 L -> 1,250 L / 400 LAA; cask -200 L / -64 LAA -> 1,050 L / 336 LAA
    expect(await cells('Opening contents')).toEqual(expect.arrayContaining(['1,000.000', '400.000']));
    expect(await cells('Proofed from 40.00 % to 32.00 %')).toEqual(
      expect.arrayContaining(['250.000', '1,250.000', '400.000']),
    );
    expect(await cells(`To Cask E2E-${stamp}`)).toEqual(
      expect.arrayContaining(['-200.000', '-64.000', '1,050.000', '336.000']),
    );
    await page.goto(`${BASE_URL}/inventory/casks/${caskId}/transactions`);
    await page.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
    expect(await cells(/From /)).toEqual(expect.arrayContaining(['200.000', '64.000', '32.00']));
  });
});
