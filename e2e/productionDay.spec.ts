// Issue 11: one whole production day in Chromium, as a person does it on the production screens.
// The set-up (items with stock, a mash bill, a distilling process, a blend formula, spirits, the
// Wash non-excise alcohol, fermenters, tanks, a product with its bill of materials) goes through
// the API; every production step is a person on its screen: the create routes prefilled from the
// recipe (spec 2.4), the tank's actions menu, the Print button, and the balances read back on
// the vessel, item and product screens (and, once more, through the API).
//
// The day, worked by hand (LAA = L x ABV / 100, 3 decimals):
//   mash      2,000 L of the 1,000 L bill: malt 400 kg, rye 300 kg; wash 1,200 L + 800 L (0 LAA)
//   distil    both fermenters (2,000 L) -> hearts 130 LAA at 65 % = 200 L in the spirit tank
//   blend     scaled to 200 L: 80 % new make = 160 L (104 LAA), sugar 4 kg -> 200 L at 52 %
//   proof     52 % -> 40 %: 104 LAA in 260 L (water from the OIML R 22 tables, 61.371 L)
//   bottle    10 cases in bond: 120 x 0.75 L = 90 L, 36 LAA; 5 cases duty paid: 60, 45 L, 18 LAA
//   at night  spirit tank 40 L / 26 LAA; blend tank 125 L / 50 LAA at 40 %; fermenters empty;
//             130 LAA produced = 26 + 50 + 36 + 18
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { addLine, chooseExact } from './forms';
import { accessToken, api, openCompany } from './session';

describe('a production day, as a person does it', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let token = '';
  const stamp = Date.now().toString(36);
  const ids: Record<string, string> = {};
  let siteName = '';
  const names = {
    malt: `E2E malt ${stamp}`,
    rye: `E2E rye grain ${stamp}`,
    sugar: `E2E sugar ${stamp}`,
    glass: `E2E bottle 750 ${stamp}`,
    cork: `E2E cork ${stamp}`,
    carton: `E2E carton ${stamp}`,
    bill: `E2E rye mash ${stamp}`,
    newMake: `E2E rye new make ${stamp}`,
    blended: `E2E blended rye ${stamp}`,
    process: `E2E rye run ${stamp}`,
    formula: `E2E rye 80 ${stamp}`,
    f1: `E2E fermenter 1 ${stamp}`,
    f2: `E2E fermenter 2 ${stamp}`,
    t1: `E2E spirit tank ${stamp}`,
    t2: `E2E blend tank ${stamp}`,
    product: `E2E rye 750 ${stamp}`,
  };

  const create = async (entity: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const r = await api<Record<string, { id: string }>>(
      token,
      companyId,
      `mutation E2eCreate($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
    );
    return r[`${entity}Create`].id;
  };

  // the day: yesterday in Ontario, where the browser is (below), so every hour of it is past
  // (the lists show the last 30 days up to now); the stock arrived a week before
  const ontario = (daysAgo: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
      new Date(Date.now() - daysAgo * 86_400_000),
    );
  const day = ontario(1);
  const weekAgo = ontario(7);
  /** what the API refused, for the failure messages */
  const refused: string[] = [];
  const path = () => new URL(page.url()).pathname;
  /** a value the screen shows once its data has loaded (references fill in after a moment) */
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

  const lineOf = (field: string, n: number) =>
    page.locator(`.ra-input-${field}`).first().locator('.RaSimpleFormIterator-line').nth(n);

  /** The record's start: the day in the 'Started' date box (TBD until typed), then the hour. */
  async function started(hour: number, meridiem: 'am' | 'pm') {
    await page
      .getByRole('textbox', { name: /^Started/ })
      .first()
      .fill(day);
    await page.keyboard.press('Tab');
    await chooseExact(page, /^Hour/, String(hour));
    await chooseExact(page, /^am\/pm/, meridiem);
    await chooseExact(page, /^Site/, siteName);
  }

  /** Saves the form; when it stays, fails with what the screen says is wrong. */
  async function save(listPath: string) {
    await page.getByRole('button', { name: /^Save$/ }).click();
    try {
      await expect.poll(path, { timeout: 20_000 }).toBe(listPath);
    } catch (e) {
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/save.png`, fullPage: true });
      const said = await page.locator('.Mui-error, [role="alert"], [data-testid="error-banner"]').allInnerTexts();
      throw new Error(`not saved (${path()}): ${[...said, ...refused.slice(-3)].filter(Boolean).join(' | ')}`, {
        cause: e,
      });
    }
  }

  /** The contents panel's text of a vessel holding this. */
  const holds = (alcohol: string, lot: string, volume: string, strength: string, laa: string) =>
    `${alcohol} Lot ${lot} Volume (L) ${volume} Strength (% ABV) ${strength} LAA ${laa}`;

  /** What a vessel's edit screen says it holds, as the panel's text. */
  async function contentsOf(screen: string, id: string): Promise<string> {
    await page.goto(`${BASE_URL}/production/${screen}/${id}`);
    const panel = page.getByTestId('vessel-contents');
    await poll(() => panel.innerText()).toMatch(/Empty|LAA/);
    return (await panel.innerText()).replace(/\s+/g, ' ');
  }

  beforeAll(async () => {
    browser = await launch();
    // a person at the distillery, in Ontario: the dates typed are the company's days
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, timezoneId: 'America/Toronto' });
    // leaving a form with unsaved changes asks first (beforeunload): the test leaves
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('response', (response) => {
      if (!response.url().includes('/graphql')) return;
      void response
        .json()
        .then((body: { errors?: { message: string }[] }) => {
          for (const error of body.errors ?? []) refused.push(error.message);
        })
        .catch(() => undefined);
    });
    // window.print is a stub that keeps the sheet's text at the moment it is called
    await page.addInitScript(() => {
      const w = window as unknown as { __printed: string[] };
      w.__printed = [];
      window.print = () => {
        w.__printed.push(document.querySelector<HTMLElement>('[data-testid="print-sheet"]')?.innerText ?? '');
      };
    });
    // the shell's guided hints and popup tips cover the screen until dismissed
    await page.addLocatorHandler(page.getByRole('button', { name: /^Okay$/i }), (b) => b.click(), {
      noWaitAfter: true,
    });
    await page.addLocatorHandler(page.getByRole('button', { name: /^Do not show again$/i }), (b) => b.click(), {
      noWaitAfter: true,
    });
  });
  afterAll(() => browser?.close());

  it('signs in; the recipes, vessels, items with stock and the product are set up', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/production/mashing');
    token = await accessToken(page);
    const { companies } = await api<{
      companies: {
        id: string;
        name: string;
        sites: { id: string; name: string; preferred: boolean; active: boolean }[];
      }[];
    }>(token, null, '{ companies { id name sites { id name preferred active } } }');
    const company = companies.find((c) => c.name === 'Northern Lights Distillery');
    companyId = company?.id ?? '';
    expect(companyId).not.toBe('');
    // the distillery's site (its preferred one): the vessels stand there, the stock is kept
    // there, and each record names it
    const sites = (company?.sites ?? []).filter((x) => x.active);
    const site = sites.find((x) => x.preferred) ?? sites[0];
    expect(site).toBeDefined();
    ids.site = site.id;
    siteName = site.name;
    await openCompany(page, companyId, '/production/mashing');

    for (const key of ['malt', 'rye', 'sugar'] as const)
      ids[key] = await create('item', { name: names[key], type: 'Inventory', trackUnits: 'kg', precision: 0 });
    for (const key of ['glass', 'cork', 'carton'] as const)
      ids[key] = await create('item', { name: names[key], type: 'Inventory', trackUnits: 'ea', precision: 0 });
    // opening stock at the site, a week ago ($1 a unit): malt 1,000 kg, rye 500 kg, sugar 50 kg,
    // 500 bottles, 500 corks, 50 cartons
    const stock = { malt: 1000, rye: 500, sugar: 50, glass: 500, cork: 500, carton: 50 };
    for (const [key, quantity] of Object.entries(stock))
      await api(
        token,
        companyId,
        'mutation E2eItemAdjust($input: ItemAdjustInput!) { itemAdjustInventory(input: $input) { refId } }',
        { input: { itemId: ids[key], siteId: ids.site, date: weekAgo, quantity, value: quantity } },
      );

    // the wash the fermenters hold: a non-excise alcohol of kind Wash named as the mash bill
    ids.wash = await create('nonExcise', { name: names.bill, kind: 'Wash' });
    ids.newMake = await create('spirit', { name: names.newMake, class: 'Whisky', exciseCategory: 'Spirits' });
    ids.blended = await create('spirit', { name: names.blended, class: 'Whisky', exciseCategory: 'Spirits' });
    // a 1,000 L mash bill of 200 kg malt and 150 kg rye
    ids.bill = await create('mashBill', {
      name: names.bill,
      volume: 1000,
      scalable: true,
      items: [
        { item: ids.malt, quantity: 200 },
        { item: ids.rye, quantity: 150 },
      ],
    });
    // a still run collecting hearts of the new make
    ids.process = await create('process', {
      name: names.process,
      outputs: [{ cut: 'Hearts', spirit: ids.newMake }],
    });
    // 80 % new make, 2 kg of sugar per 100 L of blend, into the blended rye
    ids.formula = await create('formula', {
      name: names.formula,
      outputSpirit: ids.blended,
      scaleBase: 100,
      inputs: [
        { type: 'Spirit', spirit: ids.newMake, quantity: 80 },
        { type: 'Item', item: ids.sugar, quantity: 2 },
      ],
    });
    ids.f1 = await create('fermenter', { name: names.f1, capacity: 3000, site: ids.site });
    ids.f2 = await create('fermenter', { name: names.f2, capacity: 3000, site: ids.site });
    ids.t1 = await create('tank', { name: names.t1, capacity: 2000, site: ids.site });
    ids.t2 = await create('tank', { name: names.t2, capacity: 2000, site: ids.site });
    // 12 x 750 ml at 40 % a case; a bottle and a cork a bottle, a carton a case
    ids.product = await create('product', {
      name: names.product,
      containerSize: 0.75,
      strength: 40,
      caseSize: 12,
      bom: [
        { name: names.glass, quantity: 1, per: 'Bottle' },
        { name: names.cork, quantity: 1, per: 'Bottle' },
        { name: names.carton, quantity: 1, per: 'Case' },
      ],
    });
  });

  it('mashes 2,000 L from the mash bill into two fermenters', async () => {
    // the create route scales the 1,000 L bill to 2,000 L: malt 200 x 2,000 / 1,000 = 400 kg,
    // rye 150 x 2 = 300 kg
    await page.goto(`${BASE_URL}/production/mashing/new?mashBillId=${ids.bill}&volume=2000`);
    await poll(() =>
      page
        .getByLabel(/^Volume/)
        .first()
        .inputValue(),
    ).toBe('2,000');
    await poll(() =>
      lineOf('items', 0)
        .getByLabel(/^Quantity/)
        .inputValue(),
    ).toBe('400.000');
    await poll(() =>
      lineOf('items', 1)
        .getByLabel(/^Quantity/)
        .inputValue(),
    ).toBe('300.000');
    await page.getByLabel(/^Lot/).first().fill(`M-${stamp}`);
    await started(8, 'am');
    // the wash: 1,200 L into fermenter 1, 800 L into fermenter 2
    for (const [fermenter, volume] of [
      [names.f1, '1200'],
      [names.f2, '800'],
    ]) {
      const line = await addLine(page, 'fermenters');
      await chooseExact(line, /^Fermenter/, fermenter);
      await line.getByLabel(/^Volume/).fill(volume);
    }
    await save('/production/mashing');
    // wash is not yet alcohol: no strength, no LAA
    expect(await contentsOf('fermenters', ids.f1)).toContain(
      holds(names.bill, `M-${stamp}`, '1,200.000', '0.00', '0.000'),
    );
    expect(await contentsOf('fermenters', ids.f2)).toContain(
      holds(names.bill, `M-${stamp}`, '800.000', '0.00', '0.000'),
    );
  });

  it('distils both fermenters into the spirit tank: 130 LAA of hearts at 65 %', async () => {
    await page.goto(`${BASE_URL}/production/distilling/new?processId=${ids.process}`);
    // the process fills the cut collected: hearts of the new make
    await poll(() =>
      lineOf('outputs', 0)
        .getByRole('combobox', { name: /^Spirit/ })
        .inputValue(),
    ).toBe(names.newMake);
    await page.getByLabel(/^Lot/).first().fill(`D-${stamp}`);
    await started(11, 'am');
    // the charge: all the wash of both fermenters (litres)
    for (const [fermenter, volume] of [
      [names.f1, '1200'],
      [names.f2, '800'],
    ]) {
      const line = await addLine(page, 'inputs');
      await chooseExact(line, /^Type/, 'Non-excise alcohol');
      await chooseExact(line, /^Non-excise alcohol/, names.bill);
      await chooseExact(line, /^From fermenter/, fermenter);
      await line.getByLabel(/^Quantity/).fill(volume);
    }
    // the hearts: 130 LAA at 65 % into the spirit tank, so 130 x 100 / 65 = 200 L
    const hearts = lineOf('outputs', 0);
    await chooseExact(hearts, /^Into tank/, names.t1);
    await hearts.getByLabel(/^Quantity/).fill('130');
    await hearts.getByLabel(/^Strength/).fill('65');
    await save('/production/distilling');
    expect(await contentsOf('fermenters', ids.f1)).toContain('Empty');
    expect(await contentsOf('fermenters', ids.f2)).toContain('Empty');
    expect(await contentsOf('tanks', ids.t1)).toContain(
      holds(names.newMake, `D-${stamp}`, '200.000', '65.00', '130.000'),
    );
  });

  it('blends the formula scaled to 200 L into the blend tank: LAA in equals LAA out', async () => {
    // scaled to 200 L: the new make is 80 % of the blend, 200 x 80 / 100 = 160 L; sugar scales
    // with the blend over the formula's base, 2 kg x 200 / 100 = 4 kg
    await page.goto(`${BASE_URL}/production/blending/new?formulaId=${ids.formula}&volume=200`);
    await poll(() => page.getByLabel(/^Blend to volume/).inputValue()).toBe('200.000');
    await poll(() => page.getByRole('combobox', { name: /^Output spirit/ }).inputValue()).toBe(names.blended);
    const spirit = lineOf('inputs', 0);
    const sugar = lineOf('inputs', 1);
    await poll(() => spirit.getByLabel(/^Quantity/).inputValue()).toBe('160.000');
    await poll(() => sugar.getByLabel(/^Quantity/).inputValue()).toBe('4.000');
    await page.getByLabel(/^Lot/).first().fill(`B-${stamp}`);
    await started(1, 'pm');
    await chooseExact(page, /^Into tank/, names.t2);
    await chooseExact(spirit, /^From tank/, names.t1);
    await save('/production/blending');
    // out of the spirit tank: 160 of its 200 L, 130 x 160 / 200 = 104 LAA; it keeps 40 L, 26 LAA
    expect(await contentsOf('tanks', ids.t1)).toContain(
      holds(names.newMake, `D-${stamp}`, '40.000', '65.00', '26.000'),
    );
    // into the blend tank: the same 104 LAA in 200 L, 104 / 200 = 52 %
    expect(await contentsOf('tanks', ids.t2)).toContain(
      holds(names.blended, `B-${stamp}`, '200.000', '52.00', '104.000'),
    );
    // the water the blend took, from the OIML R 22 tables at 20 °C: 160 L at 65 % (104 L of
    // ethanol, 56 L of water) to 52 % needs 41.682 L more water for 200 L (1.682 L contraction)
    await page.goto(`${BASE_URL}/production/tanks/${ids.t2}/transactions`);
    await page
      .getByRole('row')
      .filter({ hasText: `Blend B-${stamp}: 1 input, 41.682 L of water, 200.000 L at 52.00 %` })
      .first()
      .waitFor();
  });

  it('proofs the blend tank to 40 % from its actions menu: the LAA stays, water from the tables', async () => {
    await page.goto(`${BASE_URL}/production/tanks/${ids.t2}`);
    await page.getByTestId('vessel-contents').getByText('200.000').waitFor();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Proof (reduce strength)' }).click();
    await poll(async () => path()).toBe(`/production/tanks/${ids.t2}/proof`);
    // the same day (the action's date starts at today)
    await page.getByRole('textbox', { name: /^Date/ }).first().fill(day);
    await page.getByLabel(/^Target strength/).fill('40');
    // 104 LAA at 40 % is 104 x 100 / 40 = 260 L; the OIML R 22 tables at 20 °C put the water
    // for 200 L at 52 % to 40 % at 61.371 L (1.371 L of contraction over the 60 L the volume grows)
    await page.getByText(/The tank will hold 260\.000 L at 40\.00 %: add about 61\.371 L of water/).waitFor();
    await save(`/production/tanks/${ids.t2}`);
    expect(await contentsOf('tanks', ids.t2)).toContain(
      holds(names.blended, `B-${stamp}`, '260.000', '40.00', '104.000'),
    );
  });

  /** Bottles `cases` cases of the product from the blend tank, in bond or duty paid. */
  async function bottle(cases: number, lot: string, dutyPaid: boolean, hour: number) {
    await page.goto(`${BASE_URL}/production/bottling/new?productId=${ids.product}&cases=${cases}`);
    // the product fills strength, case size and bottles (cases x 12); its bill of materials
    // scales: a bottle and a cork a bottle (x cases x 12), a carton a case (x cases)
    await poll(() => page.getByRole('combobox', { name: /^Product/ }).inputValue()).toBe(names.product);
    await poll(() => page.getByLabel('Bottles', { exact: true }).inputValue()).toBe(String(cases * 12));
    await poll(() => page.getByLabel(/^Bottles per case/).inputValue()).toBe('12');
    await poll(() => page.getByLabel(/^Strength/).inputValue()).toBe('40.00');
    for (const [n, item, quantity] of [
      [0, names.glass, cases * 12],
      [1, names.cork, cases * 12],
      [2, names.carton, cases],
    ] as const) {
      await poll(() => lineOf('bom', n).getByRole('combobox', { name: /^Item/ }).inputValue()).toBe(item);
      await poll(() =>
        lineOf('bom', n)
          .getByLabel(/^Quantity/)
          .inputValue(),
      ).toBe(`${quantity}.000`);
    }
    await page.getByLabel(/^Lot/).first().fill(lot);
    await started(hour, 'pm');
    await chooseExact(page, /^From tank/, names.t2);
    if (dutyPaid) await page.getByLabel(/^Duty paid/).check();
    await save('/production/bottling');
  }

  it('bottles 10 cases in bond: 120 x 750 ml at 40 % is 90 L, 36 LAA, out of the tank', async () => {
    await bottle(10, `BT-${stamp}-1`, false, 3);
    // the tank gives 90 of its 260 L, 104 x 90 / 260 = 36 LAA: all of it in the bottles, no loss
    expect(await contentsOf('tanks', ids.t2)).toContain(
      holds(names.blended, `B-${stamp}`, '170.000', '40.00', '68.000'),
    );
  });

  it('bottles 5 cases duty paid: 60 bottles, 45 L, 18 LAA', async () => {
    await bottle(5, `BT-${stamp}-2`, true, 4);
    expect(await contentsOf('tanks', ids.t2)).toContain(
      holds(names.blended, `B-${stamp}`, '125.000', '40.00', '50.000'),
    );
  });

  it('prints the in-bond bottling sheet from its edit screen', async () => {
    const lot = `BT-${stamp}-1`;
    await page.goto(`${BASE_URL}/production/bottling?filter=${encodeURIComponent(JSON.stringify({ q: lot }))}`);
    await page.getByRole('cell', { name: lot, exact: true }).first().click();
    await poll(() => page.getByLabel(/^Lot/).first().inputValue()).toBe(lot);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const printed = () => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed);
    await poll(async () => (await printed()).length).toBe(1);
    const [sheet] = await printed();
    expect(sheet).toContain('Bottling record');
    expect(sheet).toContain(names.product);
    expect(sheet).toContain(lot);
    expect(sheet).toContain(names.t2);
    expect(sheet).toMatch(/Strength\s+40\.00/);
    expect(sheet).toMatch(/Bottles\s+120/);
    expect(sheet).toMatch(/Bottles per case\s+12/);
    expect(sheet).toMatch(/Cases\s+10\b/);
    expect(sheet).toMatch(/Duty paid\s+No/);
    // the materials used, 120 bottles and corks and 10 cartons
    expect(sheet).toMatch(new RegExp(`${names.glass}\\s+120\\b`));
    expect(sheet).toMatch(new RegExp(`${names.cork}\\s+120\\b`));
    expect(sheet).toMatch(new RegExp(`${names.carton}\\s+10\\b`));
    // not marked completed: the INCOMPLETE watermark
    expect(sheet).toContain('INCOMPLETE');
  });

  it('ends the day with every vessel, item and product balance right', async () => {
    // vessels, in their lists: both fermenters distilled empty; the spirit tank keeps 40 L of
    // new make (26 LAA); the blend tank 260 - 90 - 45 = 125 L at 40 %, 104 - 36 - 18 = 50 LAA
    const filter = `filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`;
    const rowOf = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await page.goto(`${BASE_URL}/production/tanks?${filter}`);
    for (const [name, alcohol, lot, volume, strength, laa] of [
      [names.t1, names.newMake, `D-${stamp}`, '40.000', '65.00', '26.000'],
      [names.t2, names.blended, `B-${stamp}`, '125.000', '40.00', '50.000'],
    ]) {
      const row = rowOf(name);
      await row.getByRole('cell', { name: alcohol, exact: true }).waitFor();
      await row.getByRole('cell', { name: lot, exact: true }).waitFor();
      await row.getByRole('cell', { name: volume, exact: true }).waitFor();
      await row.getByRole('cell', { name: strength, exact: true }).waitFor();
      await row.getByRole('cell', { name: laa, exact: true }).waitFor();
    }
    expect(await contentsOf('fermenters', ids.f1)).toContain('Empty');
    expect(await contentsOf('fermenters', ids.f2)).toContain('Empty');
    // the blend tank's excise rows with their running balances: the blend in (200 L, 104 LAA),
    // proofed (+60 L), bottled in bond (-90 L, -36 LAA) and duty paid (-45 L, -18 LAA); the
    // bottles hold all the LAA the tank gave, so no bottling loss row
    await page.goto(`${BASE_URL}/production/tanks/${ids.t2}/transactions`);
    await page.getByRole('columnheader', { name: 'Volume balance' }).waitFor();
    const cells = (text: string) =>
      page.getByRole('row').filter({ hasText: text }).first().getByRole('cell').allInnerTexts();
    await page.getByRole('row').filter({ hasText: 'Proofed from 52.00 % to 40.00 %' }).first().waitFor();
    expect(await cells(`Blend B-${stamp}`)).toEqual(expect.arrayContaining(['200.000', '104.000']));
    expect(await cells('Proofed from 52.00 % to 40.00 %')).toEqual(
      expect.arrayContaining(['60.000', '260.000', '104.000']),
    );
    expect(await cells(`bottling BT-${stamp}-1`)).toEqual(
      expect.arrayContaining(['-90.000', '-36.000', '170.000', '68.000']),
    );
    expect(await cells(`bottling BT-${stamp}-2`)).toEqual(
      expect.arrayContaining(['-45.000', '-18.000', '125.000', '50.000']),
    );
    expect(await page.getByRole('row').filter({ hasText: 'Bottling loss' }).count()).toBe(0);
    // LAA: 130 produced = 26 in the spirit tank + 50 in the blend tank + 36 + 18 in bottles

    // items, on their screens: malt 1,000 - 400; rye 500 - 300; sugar 50 - 4; bottles and corks
    // 500 - 120 - 60; cartons 50 - 10 - 5
    const left = { malt: 600, rye: 200, sugar: 46, glass: 320, cork: 320, carton: 35 };
    for (const [key, quantity] of Object.entries(left)) {
      await page.goto(`${BASE_URL}/inventory/items/${ids[key]}`);
      await poll(() => page.getByTestId('stock-on-hand-total').innerText()).toBe(String(quantity));
    }
    // the same through the API
    const { stockOnHand } = await api<{ stockOnHand: { stockId: string; quantity: number }[] }>(
      token,
      companyId,
      'query E2eStock($ids: [ID!]) { stockOnHand(ids: $ids) { stockId quantity } }',
      { ids: Object.keys(left).map((k) => ids[k]) },
    );
    for (const [key, quantity] of Object.entries(left))
      expect(
        stockOnHand.filter((b) => b.stockId === ids[key]).reduce((sum, b) => sum + b.quantity, 0),
        key,
      ).toBe(quantity);

    // the product, on its screen: 180 bottles, 54 LAA; 120 in bond (36 LAA), 60 duty paid (18 LAA)
    await page.goto(`${BASE_URL}/inventory/products/${ids.product}`);
    const onHand = page.getByTestId('stock-on-hand');
    await poll(() => page.getByTestId('stock-on-hand-total').innerText()).toBe('180');
    await onHand.getByText(/· 54\.000 LAA/).waitFor();
    const bucket = (status: string) => onHand.getByTestId('stock-bucket').filter({ hasText: status });
    expect(await bucket('In bond').getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([siteName, `BT-${stamp}-1`, '120', '36.000']),
    );
    expect(await bucket('Duty paid').getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([siteName, `BT-${stamp}-2`, '60', '18.000']),
    );
    const { product } = await api<{
      product: {
        onHand: { quantity: number; laa: number; buckets: { status: string; quantity: number; laa: number }[] };
      };
    }>(
      token,
      companyId,
      'query E2eProduct($id: ID!) { product(id: $id) { onHand { quantity laa buckets { status quantity laa } } } }',
      { id: ids.product },
    );
    expect(product.onHand).toMatchObject({ quantity: 180, laa: 54 });
    expect(product.onHand.buckets).toEqual(
      expect.arrayContaining([
        { status: 'InBond', quantity: 120, laa: 36 },
        { status: 'DutyPaid', quantity: 60, laa: 18 },
      ]),
    );
  });
});
