// Issue 12, casks: a person adds empty casks in the screens, fills one from a tank with the
// existing fill cask action, reads its contents, fill date and age in the cask list, then empties
// it into the tank after a regauge, seeing the angels' share before confirming.
// Figures by hand: 1000 L at 60 % = 600 LAA in the tank; 200 L filled = 120 LAA; regauged 190 L
// at 59 % = 112.1 LAA, so the angels' share is 7.9 LAA, 7.9 / 120 = 6.58 % -> 6.6 %.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';

describe('casks, as a person uses them', () => {
  let browser: Browser;
  let page: Page;
  let companyId: string;
  let token: string;
  const stamp = Date.now().toString(36);
  const prefix = `E${stamp}-`;
  const tankName = `E2E cask tank ${stamp}`;
  let tankId = '';
  let spiritName = '';
  let caskId = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(() => browser?.close());

  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('signs in; a tank of spirit to fill casks from', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/inventory/casks');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId, '/inventory/casks');
    tankId = (
      await api<{ tankCreate: { id: string } }>(
        token,
        companyId,
        'mutation E2eTank($input: TankInput!) { tankCreate(input: $input) { id } }',
        { input: { name: tankName, capacity: 5000 } },
      )
    ).tankCreate.id;
    const spirits = await api<{ spirits2: { edges: { node: { id: string; name: string } }[] } }>(
      token,
      companyId,
      'query E2eSpirits { spirits2(first: 1) { edges { node { id name } } } }',
    );
    spiritName = spirits.spirits2.edges[0]?.node.name ?? '';
    const today = companyDay();
    await api(
      token,
      companyId,
      'mutation E2eInitial($input: ExciseInitialInput!) { exciseInitial(input: $input) { refId } }',
      {
        input: {
          vesselId: tankId,
          date: today,
          alcoholType: 'Spirit',
          alcoholId: spirits.spirits2.edges[0].node.id,
          lot: `CK-${stamp}`,
          volume: 1000,
          strength: 60,
        },
      },
    );
  });

  it('adds three empty casks at once from the add empty screen', async () => {
    await page.goto(`${BASE_URL}/inventory/casks/addempty`);
    await page.getByLabel(/^Prefix/).fill(prefix);
    await page.getByLabel(/^First number/).fill('001');
    await page.getByLabel(/^How many/).fill('3');
    await page.getByLabel(/^Size/).fill('200');
    await page.getByTestId('add-empty-preview').getByText(`3 casks: ${prefix}001 to ${prefix}003`).waitFor();
    await page.getByRole('button', { name: 'Add casks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/casks');
    const found = await api<{ casks2: { edges: { node: { id: string; number: string } }[] } }>(
      token,
      companyId,
      'query E2eCasks($q: String) { casks2(first: 10, parameters: { search: $q }) { edges { node { id number } } } }',
      { q: prefix },
    );
    expect(found.casks2.edges.map((e) => e.node.number).sort()).toEqual([
      `${prefix}001`,
      `${prefix}002`,
      `${prefix}003`,
    ]);
    caskId = found.casks2.edges.find((e) => e.node.number === `${prefix}001`)!.node.id;
  });

  it('fills the first cask from the tank with the fill cask action', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${tankId}`);
    await page.getByTestId('vessel-contents').getByText('1,000.000').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Fill cask' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankId}/fillcask`);
    await page.getByLabel(/^To cask/).fill(`${prefix}001`);
    await page.getByRole('option', { name: new RegExp(`${prefix}001`) }).click();
    await page.getByLabel(/^Volume/).fill('200');
    await expect.poll(() => page.getByLabel(/^LAA/).inputValue()).toBe('120.000');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/tanks/${tankId}`);
    await page.getByTestId('vessel-contents').getByText('800.000').waitFor();
  });

  it('reads the cask’s contents, fill date and age in the cask list', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: prefix }));
    await page.goto(`${BASE_URL}/inventory/casks?filter=${filter}`);
    const row = rowOf(`${prefix}001`);
    await row.waitFor();
    await row.getByRole('cell', { name: spiritName }).waitFor();
    await row.getByRole('cell', { name: '120.000', exact: true }).waitFor();
    await row.getByRole('cell', { name: '60.00', exact: true }).waitFor();
    // filled today: no whole month yet
    await row.getByTestId('cask-age').getByText('0 y 0 m').waitFor();
    const cask = await api<{ cask: { dateFilled: string; fillCount: number } }>(
      token,
      companyId,
      'query E2eCask($id: ID!) { cask(id: $id) { dateFilled fillCount } }',
      { id: caskId },
    );
    expect(cask.cask.fillCount).toBe(1);
    await row.getByRole('cell', { name: cask.cask.dateFilled }).waitFor();
    // the empty ones show no age
    expect(await rowOf(`${prefix}002`).getByTestId('cask-age').count()).toBe(0);
  });

  it('empties it into the tank, seeing the angels’ share before confirming', async () => {
    await page.goto(`${BASE_URL}/inventory/casks/empty?vesselId=${caskId}`);
    await page.getByText(/Holds 200\.000 L at 60\.00 %: 120\.000 LAA/).waitFor();
    await page.getByRole('combobox', { name: /^Into tank/ }).click();
    await page.getByRole('option', { name: tankName }).click();
    await page.getByLabel(/^Volume/).fill('190');
    await page.getByLabel(/^Strength/).fill('59');
    await page
      .getByTestId('angels-share')
      .getByText(/^Angels' share: 7\.900 LAA \(6\.6 %\) over 0 years 0 months$/)
      .waitFor();
    await page.getByRole('button', { name: 'Empty the cask' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Angels' share: 7\.900 LAA/).waitFor();
    await dialog.getByRole('button', { name: 'Empty the cask' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/casks');
    const state = await api<{
      vesselContents: { vesselId: string; contents: { volume: number; laa: number } | null }[];
    }>(
      token,
      companyId,
      'query E2eContents($ids: [ID!]!) { vesselContents(ids: $ids) { vesselId contents { volume laa } } }',
      { ids: [caskId, tankId] },
    );
    const byId = new Map(state.vesselContents.map((v) => [v.vesselId, v.contents]));
    expect(byId.get(caskId)).toBeNull();
    // 800 L + 190 L; 480 + 112.1 LAA
    expect(byId.get(tankId)).toEqual({ volume: 990, laa: 592.1 });
  });

  it('reaches add empty casks, the items batch move and the vessel reconciliation from the menu', async () => {
    await page.goto(`${BASE_URL}/inventory/casks`);
    const menu = page.getByTestId('app-menu');
    await menu.getByRole('menuitem', { name: 'Add empty casks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/casks/addempty');
    await menu.getByRole('menuitem', { name: 'Items batch move' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/itemsbatchmove');
    await menu.getByRole('menuitem', { name: 'Vessel reconciliation' }).click();
    // the tanks' counts first, with a link to each other vessel type's
    await expect.poll(() => new URL(page.url()).pathname).toBe('/production/vesselreconcile/tank');
    await page.getByRole('link', { name: 'Casks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/production/vesselreconcile/cask');
  });

  it('lists the bulk containers to open their transactions', async () => {
    const name = `E2E tote ${stamp}`;
    const created = await api<{ bulkContainerCreate: { id: string } }>(
      token,
      companyId,
      'mutation E2eTote($input: BulkContainerInput!) { bulkContainerCreate(input: $input) { id } }',
      { input: { name, capacity: 1000 } },
    );
    await page.goto(`${BASE_URL}/inventory/bulkcontainers/transactions`);
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/inventory/bulkcontainers/${created.bulkContainerCreate.id}/transactions`);
  });
});
