// Issue 15, the lot trace as a person follows it: a chain of production posted through the API
// in the demo distillery (grain lot -> mash -> distillation -> blend -> bottling, each in lots
// of this run), then from the blend tank's excise transactions the lot link opens the trace
// (forward, to the bottling and its bottles); the bottle lot typed in the lot box and the switch
// turned to Back trace the bottles back, expanded level by level to the mash and its grain lot,
// whose names are read back; the mash's link opens the mash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay } from './session';

const stamp = Date.now().toString(36);
const daysAgo = companyDay;
// noon in the company's zone (Toronto): the record's day is the calendar day given
const at = (n: number) => `${daysAgo(n)}T16:00:00.000Z`;

describe('lot trace, from a tank’s transactions to the bottles and back to the mash', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let companyId: string;
  let blendOut = '';
  let mash = '';
  const names = {
    malt: `E2E malt ${stamp}`,
    fermenter: `E2E fermenter ${stamp}`,
    hearts: `E2E hearts ${stamp}`,
    blendOut: `E2E blend tank ${stamp}`,
    product: `E2E rye 750 ${stamp}`,
  };
  const lots = {
    grain: `G-${stamp}`,
    mash: `M-${stamp}`,
    still: `D-${stamp}`,
    blend: `BL-${stamp}`,
    bottle: `P-${stamp}`,
  };

  const gql = <T>(query: string, variables?: object) => api<T>(token, companyId, query, variables);
  const create = async (entity: string, input: object) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const r = await gql<Record<string, { id: string }>>(
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
    );
    return r[`${entity}Create`].id;
  };
  const first = async (list: string) =>
    (
      await gql<Record<string, { edges: { node: { id: string } }[] }>>(
        `query { ${list}(first: 1) { edges { node { id } } } }`,
      )
    )[list].edges[0].node.id;
  const tree = () => page.getByTestId('lot-trace');
  // a vessel's entry names what it holds too ("Tank X (Rye)"): its name starts the label
  const expand = (name: string) =>
    tree()
      .getByRole('button', { name: `Expand ${name}` })
      .click();
  const query = () => new URL(page.url()).searchParams;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  });
  afterAll(() => browser?.close());

  it('signs in and posts a mash, a distillation, a blend and a bottling through the API', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    await page.getByText('Northern Lights Distillery').first().waitFor();
    token = await accessToken(page);
    companyId = (await page.evaluate(() => localStorage.getItem('companyId'))) ?? '';
    expect(companyId).not.toBe('');

    const site = await first('sites2');
    const spirit = await first('spirits2');
    const malt = await create('item', { name: names.malt, type: 'Inventory', trackUnits: 'kg' });
    const fermenter = await create('fermenter', { name: names.fermenter, capacity: 5000, site });
    const hearts = await create('tank', { name: names.hearts, capacity: 5000, site });
    blendOut = await create('tank', { name: names.blendOut, capacity: 5000, site });
    const product = await create('product', { name: names.product, strength: 40, containerSize: 0.75, caseSize: 6 });
    await gql('mutation($input: ItemAdjustInput!) { itemAdjustInventory(input: $input) { refId } }', {
      input: { date: daysAgo(6), siteId: site, itemId: malt, lot: lots.grain, quantity: 1000 },
    });
    mash = await create('mash', {
      lot: lots.mash,
      date: at(5),
      volume: 1000,
      site,
      items: [{ item: malt, lot: lots.grain, quantity: 400 }],
      fermenters: [{ fermenter, volume: 1000 }],
    });
    const wash = (
      await gql<{ fermenter: { contents: { alcoholId: string } } }>(
        'query($id: ID!) { fermenter(id: $id) { contents { alcoholId } } }',
        { id: fermenter },
      )
    ).fermenter.contents.alcoholId;
    // hearts: 90 LAA at 72 % = 125 L; the blend to 40 %: 225 L; 12 bottles x 0.75 L = 9 L
    await create('distillation', {
      lot: lots.still,
      date: at(4),
      site,
      inputs: [{ type: 'NonExcise', nonExcise: wash, fermenter, quantity: 1000 }],
      outputs: [{ cut: 'Hearts', spirit, tank: hearts, quantity: 90, strength: 72 }],
    });
    await create('blend', {
      lot: lots.blend,
      date: at(3),
      site,
      outputSpirit: spirit,
      tank: blendOut,
      blendStrength: 40,
      inputs: [{ type: 'Spirit', spirit, tank: hearts, quantity: 125 }],
    });
    await create('bottling', {
      lot: lots.bottle,
      date: at(2),
      site,
      product,
      tank: blendOut,
      strength: 40,
      bottles: 12,
      caseSize: 6,
      dutyPaid: true,
    });
  });

  it('follows the lot link of the blend tank’s transactions forward to the bottles', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${blendOut}/transactions`);
    await page.getByRole('link', { name: lots.blend, exact: true }).first().click();
    await expect.poll(() => query().get('to')).toBe('Lot');
    expect(query().get('lot')).toBe(lots.blend);
    expect(query().get('forward')).toBe('1');
    await page.getByRole('heading', { name: `Lot tracing — ${lots.blend}` }).waitFor();
    // the root (the tank) is open: its bottling shows; the bottles are one level down
    await tree().getByRole('link', { name: names.blendOut }).waitFor();
    await tree().getByRole('link', { name: lots.bottle, exact: true }).waitFor();
    await expand(`Bottling ${lots.bottle}`);
    await tree().getByRole('link', { name: names.product }).waitFor();
  });

  it('traces the bottle lot back, level by level, to the mash and its grain lot', async () => {
    await tree().getByLabel('Lot', { exact: true }).fill(lots.bottle);
    await tree().getByRole('button', { name: 'Trace' }).click();
    await expect.poll(() => query().get('lot')).toBe(lots.bottle);
    expect(query().get('id')).toBeNull();
    await page.getByRole('heading', { name: `Lot tracing — ${lots.bottle}` }).waitFor();
    await tree().getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => query().get('forward')).toBe('0');
    expect(query().get('lot')).toBe(lots.bottle);
    await page.getByText('Where the lot came from', { exact: false }).waitFor();

    await tree().getByRole('link', { name: names.product }).waitFor();
    const bottling = tree().getByRole('button', { name: `Expand Bottling ${lots.bottle}`, exact: true });
    await bottling.waitFor();
    expect(await bottling.getAttribute('aria-expanded')).toBe('false');
    await bottling.click();
    await expect
      .poll(() =>
        tree()
          .getByRole('button', { name: `Collapse Bottling ${lots.bottle}` })
          .getAttribute('aria-expanded'),
      )
      .toBe('true');
    await expand(`Tank ${names.blendOut}`);
    await expand(`Blend ${lots.blend}`);
    await expand(`Tank ${names.hearts}`);
    await expand(`Distillation ${lots.still}`);
    await expand(`Fermenter ${names.fermenter}`);
    await expand(`Mash ${lots.mash}`);
    await tree().getByRole('link', { name: names.malt }).waitFor();

    // read back the chain, outermost first
    const names_ = await tree().getByTestId('lot-node-name').allInnerTexts();
    const order = [
      names.product,
      lots.bottle,
      names.blendOut,
      lots.blend,
      names.hearts,
      lots.still,
      names.fermenter,
      lots.mash,
      names.malt,
    ].map((n) => names_.findIndex((t) => t.startsWith(n)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await tree().getByText(`lot ${lots.grain}`).waitFor();

    // Collapse hides the level again; the mash's link opens the mash
    await tree()
      .getByRole('button', { name: `Collapse Mash ${lots.mash}` })
      .click();
    await expect.poll(() => tree().getByRole('link', { name: names.malt }).count()).toBe(0);
    await tree().getByRole('link', { name: lots.mash, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/production/mashing/${mash}`);
  });
});
