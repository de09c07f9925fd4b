// Issue 16: WCAG 2.1 AA. axe-core (node_modules, injected into the page: no network) over the
// route catalogue — every list and new form of the generated metadata, one edit form per entity
// area and a few with a lines grid, the custom pages (dashboard, settings, user info, audit,
// excise transactions, vessel action forms), the calculator dialog, the user, tasks and favourites menus —
// in light and dark mode, in English and French: no serious or critical violation (printed
// with their selectors when there are). Then keyboard walks: the skip link, the focus ring,
// the '/' key, page titles, a dialog trapping and returning focus.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { entities } from '../src/generated/entities';
import { routeTable, fillPath } from '../src/app/routing/paths';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyIdNamed, openCompany } from './session';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SERIOUS = new Set(['serious', 'critical']);

interface Combo {
  dark: boolean;
  locale: 'en' | 'fr';
}
/**
 * Every screen in light/English; a representative subset (SUBSET: lists, forms with lines and
 * dates, the custom pages, the calculator and the menus) in dark/French, dark/English and
 * light/French, which keeps the run near three minutes on two cores. A11Y_FULL=1 checks every
 * screen in all four (about four times as long).
 */
const COMBOS: (Combo & { full: boolean })[] = [
  { dark: false, locale: 'en', full: true },
  { dark: true, locale: 'fr', full: false },
  { dark: true, locale: 'en', full: false },
  { dark: false, locale: 'fr', full: false },
];
const SUBSET = [
  /^\/dashboard$/,
  /^\/sales\/customers(\/new)?$/,
  /^\/sales\/invoices(\/new)?$/,
  /^\/production\/blending\/\d+$/,
  /^\/production\/tanks$/,
  /^\/production\/distilling\/new$/,
  /^\/inventory\/products(\/new)?$/,
  /^\/spirits$/,
  /^\/planning\/tasks\/new$/,
  /^\/settings(\/4)?$/,
  /^\/userinfo$/,
  /^\/audit$/,
  /\/transactions$/,
  /\/transfertotank$/,
];
const comboName = (c: Combo) => `${c.dark ? 'dark' : 'light'}/${c.locale}`;

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string; summary: string }[];
}

interface Target {
  path: string;
  /** after the page settles, e.g. open a dialog */
  prepare?: (page: Page) => Promise<void>;
  label?: string;
}

interface Ids {
  tank: string;
  equipment: string;
  /** an id per entity plural, for one edit form per area */
  records: Record<string, string>;
}

function catalogue(ids: Ids): Target[] {
  const out: Target[] = [];
  const areas = new Set<string>();
  let linesForms = 0;
  for (const route of routeTable(entities)) {
    const values: Record<string, unknown> = { equipmentId: ids.equipment };
    const typeField = route.entity.fields.find((f) => f.name === 'type');
    if (typeField?.values?.length) values.type = typeField.values[0];
    if (route.kind === 'edit') {
      // one edit form per area (the path's first segment: production, inventory, sales…)
      // and a few forms with a lines grid (invoice lines, bill of materials…)
      const area = route.path.split('/')[1];
      const id = ids.records[route.entity.plural];
      const lines = route.entity.fields.some((f) => f.type === 'lines') && linesForms < 4;
      if (!id || (areas.has(area) && !lines)) continue;
      const idParam = route.path
        .split('/')
        .filter((s) => s.startsWith(':'))
        .pop()
        ?.slice(1)
        .replace(/\?$/, '');
      if (!idParam) continue;
      const path = fillPath(route.path, { ...values, [idParam]: id });
      if (!path) continue;
      areas.add(area);
      if (lines) linesForms++;
      out.push({ path });
      continue;
    }
    const path = fillPath(route.path, values);
    if (path) out.push({ path });
  }
  for (const path of [
    '/dashboard',
    '/settings',
    '/settings/0',
    '/settings/1',
    '/settings/4',
    '/userinfo',
    '/useredit',
    '/audit',
    `/production/tanks/${ids.tank}/transactions`,
    `/production/${ids.tank}/transfertotank`,
    `/production/tanks/${ids.tank}/proof`,
    '/reports',
    '/reportsview?to=SalesByCustomer&period=last365',
    // the add-ons and their setup pages (issue 18)
    '/apps',
    '/portalsetup',
    '/accountingsetup',
    '/ecommercesetup',
    '/pointofsalesetup',
  ])
    out.push({ path });
  out.push({
    path: '/dashboard',
    label: '/dashboard + calculator',
    prepare: async (page) => {
      await page.getByRole('button', { name: /Alcohol calculator|Calculateur d'alcool/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  });
  out.push({
    path: '/dashboard',
    label: '/dashboard + user menu',
    prepare: async (page) => {
      await page
        .getByRole('button', { name: /Profile|Profil/ })
        .first()
        .click();
      await page.getByRole('menu').last().waitFor();
      await page.waitForTimeout(300);
    },
  });
  out.push({
    path: '/dashboard',
    label: '/dashboard + tasks menu',
    prepare: async (page) => {
      await page.getByTestId('tasks-indicator').click();
      await page.getByRole('menu').last().waitFor();
      await page.waitForTimeout(600);
    },
  });
  out.push({
    path: '/dashboard',
    label: '/dashboard + favourites menu',
    prepare: async (page) => {
      await page.getByTestId('favourites-button').click();
      await page.getByRole('dialog').getByRole('heading', { level: 2 }).waitFor();
      await page.waitForTimeout(300);
    },
  });
  return out;
}

/** API calls in flight: a screen has settled when none has been for a moment. */
let inFlight = 0;
let lastChange = 0;
function trackRequests(page: Page): void {
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', () => {
    inFlight++;
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Opens a path the way the app's own links do (history + popstate: no reload, so one sign-in
 * and one axe injection serve every screen), then waits for the main area and the data calls.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => (document.querySelector('#main-content')?.textContent ?? '').trim().length > 0, undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  const deadline = Date.now() + 8_000;
  await page.waitForTimeout(50);
  while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 150)) await page.waitForTimeout(30);
  // no loading spinner left in the main area (a tank level is a determinate progress bar: it stays)
  await page
    .waitForFunction(
      () => !document.querySelector('#main-content [role="progressbar"]:not([aria-valuenow])'),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(50);
}

/** Runs axe on the page; `skipDrawer`: the drawer (the same on every screen) was checked already. */
async function axe(page: Page, skipDrawer = false): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ tags, skipDrawer }) => {
      const w = window as unknown as {
        axe: {
          run: (
            context: Document | { exclude: string[][] },
            options: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[]; html: string; failureSummary?: string }[];
            }[];
          }>;
        };
      };
      const context = skipDrawer ? { exclude: [['[data-testid="app-menu"]']] } : document;
      const result = await w.axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target,
          html: n.html.slice(0, 160),
          summary: (n.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
        })),
      }));
    },
    { tags: TAGS, skipDrawer },
  );
}

const report = (where: string, violations: Violation[]) =>
  violations
    .map(
      (v) =>
        `${where} [${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(' ')}  — ${n.summary}\n      ${n.html}`)
          .join('\n') +
        (v.nodes.length > 8 ? `\n    … ${v.nodes.length - 8} more` : ''),
    )
    .join('\n');

describe('axe-core over the route catalogue', () => {
  let browser: Browser;
  let page: Page;
  let targets: Target[] = [];
  const totals = new Map<string, number>();

  beforeAll(async () => {
    browser = await launch();
    // the app's CSP (script-src 'self') would refuse the injected axe script
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page.on('dialog', (dialog) => void dialog.accept());
    trackRequests(page);
    await signIn(page);
    const token = await accessToken(page);
    const { companies } = await api<{ companies: { id: string; name: string }[] }>(
      token,
      null,
      '{ companies { id name } }',
    );
    const company = companies.find((c) => c.name === 'Northern Lights Distillery');
    expect(company).toBeTruthy();
    const first = async (field: string) =>
      (
        await api<Record<string, { edges: { node: { id: string } }[] }>>(
          token,
          company!.id,
          `{ ${field}(first: 1) { edges { node { id } } } }`,
        ).catch(() => ({}) as Record<string, { edges: { node: { id: string } }[] }>)
      )[field]?.edges[0]?.node.id;
    const records: Record<string, string> = {};
    for (const entity of entities) {
      if (!entity.crud) continue;
      const id = await first(`${entity.plural}2`);
      if (id) records[entity.plural] = id;
    }
    const tank = records.tanks ?? (await first('tanks2'));
    const equipment = records.otherEquipmentItems ?? (await first('otherEquipmentItems2'));
    expect(tank, 'a demo tank').toBeTruthy();
    targets = catalogue({ tank: tank!, equipment: equipment ?? '', records });
    await openCompany(page, company!.id);
  });
  afterAll(async () => {
    console.log('a11y totals:', JSON.stringify(Object.fromEntries([...totals.entries()].sort((a, b) => b[1] - a[1]))));
    await browser?.close();
  });

  const only = process.env.A11Y_COMBOS?.split(',');
  for (const combo of COMBOS.filter((c) => !only || only.includes(comboName(c)))) {
    it(`has no serious or critical violation in ${comboName(combo)}`, { timeout: 900_000 }, async () => {
      await page.evaluate(
        ({ dark, locale }) => {
          localStorage.setItem('dark', dark ? 'true' : 'false');
          localStorage.setItem('locale', locale);
        },
        { dark: combo.dark, locale: combo.locale },
      );
      await page.goto(`${BASE_URL}/dashboard`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(combo.locale);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(combo.dark ? 'dark' : 'light');
      const failures: string[] = [];
      const filter = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
      const full = combo.full || process.env.A11Y_FULL === '1';
      let drawerChecked = false;
      for (const target of targets) {
        if (filter && !filter.test(target.path)) continue;
        if (!full && !target.prepare && !SUBSET.some((r) => r.test(target.path))) continue;
        const started = Date.now();
        await open(page, target.path);
        await target.prepare?.(page);
        const checked = Date.now();
        const violations = (await axe(page, drawerChecked)).filter((v) => SERIOUS.has(v.impact));
        drawerChecked = true;
        const where = `${comboName(combo)} ${target.label ?? target.path}`;
        for (const v of violations) totals.set(v.id, (totals.get(v.id) ?? 0) + v.nodes.length);
        console.log(
          `${where} ${Date.now() - started} ms (axe ${Date.now() - checked}) ${violations.length ? violations.map((v) => `${v.id}×${v.nodes.length}`).join(' ') : 'ok'}`,
        );
        if (violations.length) failures.push(report(where, violations));
        if (target.prepare) await page.keyboard.press('Escape');
      }
      if (failures.length) console.log(failures.join('\n'));
      expect(failures.length, failures.join('\n').slice(0, 20_000)).toBe(0);
    });
  }
});

describe('keyboard only', () => {
  let browser: Browser;
  let page: Page;
  const active = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName ?? '',
        id: el?.id ?? '',
        text: (el?.textContent ?? '').trim().slice(0, 60),
        label: el?.getAttribute('aria-label') ?? '',
        name: el?.getAttribute('name') ?? '',
        inMain: !!el?.closest('#main-content'),
        inDialog: !!el?.closest('[role="dialog"]'),
        outline: el ? getComputedStyle(el).outlineStyle : '',
      };
    });

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
    trackRequests(page);
    await signIn(page);
    await page.evaluate(() => {
      localStorage.setItem('dark', 'false');
      localStorage.setItem('locale', 'en');
    });
  });
  afterAll(() => browser?.close());

  it('reaches the skip link first; it moves focus to the main content', async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = await active();
    expect(skip.text).toBe('Skip to content');
    // the link slides into view when focused (react-admin's transition): on screen once it settles
    await expect
      .poll(async () => (await page.locator('.skip-nav-button').boundingBox())?.y ?? -1, {
        message: 'the focused skip link is on screen',
      })
      .toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await active()).id).toBe('main-content');
    // the next Tab stop is in the main area, not the top bar or the drawer
    await page.keyboard.press('Tab');
    expect((await active()).inMain).toBe(true);
  });

  it('shows a focus ring on the control Tab reaches', async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await settle(page);
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // the drawer toggle
    const focused = await active();
    expect(focused.tag).toBe('BUTTON');
    expect(focused.outline).not.toBe('none');
  });

  it("focuses the list's search with '/'", async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await settle(page);
    await page
      .locator('body')
      .click({ position: { x: 640, y: 5 } })
      .catch(() => undefined);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    expect((await active()).name).toBe('q');
  });

  it('names each screen in the document title', async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await settle(page);
    await expect.poll(() => page.title()).toBe('Customers – Distillery');
    await open(page, '/production/tanks');
    await expect.poll(() => page.title()).toBe('Tanks – Distillery');
  });

  it('traps focus in a dialog and returns it to the button that opened it', async () => {
    await page.goto(`${BASE_URL}/dashboard`);
    await settle(page);
    const opener = page.getByRole('button', { name: 'Alcohol calculator' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Alcohol calculator' });
    await dialog.waitFor();
    await expect.poll(async () => (await active()).inDialog).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect((await active()).inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await active()).inDialog, `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await active()).label).toBe('Alcohol calculator');
  });
});

describe('screen readers, colour and zoom', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
    trackRequests(page);
    await signIn(page);
    await page.evaluate(() => {
      localStorage.setItem('dark', 'false');
      localStorage.setItem('locale', 'en');
    });
  });
  afterAll(() => browser?.close());

  /** Each column header's text and aria-sort (null: none). */
  const headers = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#main-content thead th')]
        .map((th) => ({ text: (th.textContent ?? '').trim(), sort: th.getAttribute('aria-sort') }))
        .filter((h) => h.text),
    );

  it('announces the sort state on the sorted column header only', async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await settle(page);
    // customers sort by name, A to Z, until someone picks another column
    await expect.poll(headers).toContainEqual({ text: 'Name', sort: 'ascending' });
    expect((await headers()).filter((h) => h.sort !== null)).toHaveLength(1);
    // body cells never carry it (aria-sort belongs to headers)
    expect(await page.locator('#main-content tbody [aria-sort]').count()).toBe(0);
    // sorting by phone with the keyboard moves the state there; again: Z to A
    const phone = page.getByRole('button', { name: 'Sort by phone ascending' });
    await phone.focus();
    await page.keyboard.press('Enter');
    await expect.poll(headers).toContainEqual({ text: 'Phone', sort: 'ascending' });
    expect((await headers()).find((h) => h.text === 'Name')?.sort).toBeNull();
    await page.getByRole('button', { name: 'Sort by phone descending' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(headers).toContainEqual({ text: 'Phone', sort: 'descending' });
    expect((await headers()).filter((h) => h.sort !== null)).toHaveLength(1);
  });

  it("announces the sort state in the audit log and a tank's excise transactions too", async () => {
    await page.goto(`${BASE_URL}/audit`);
    await settle(page);
    // the audit log: newest first
    await expect.poll(headers).toContainEqual({ text: 'Time', sort: 'descending' });
    expect((await headers()).filter((h) => h.sort !== null)).toHaveLength(1);
    const token = await accessToken(page);
    const companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    const { tanks2 } = await api<{ tanks2: { edges: { node: { id: string } }[] } }>(
      token,
      companyId,
      '{ tanks2(first: 1) { edges { node { id } } } }',
    );
    await page.goto(`${BASE_URL}/production/tanks/${tanks2.edges[0].node.id}/transactions`);
    await settle(page);
    // a vessel's transactions: latest date first
    await expect.poll(headers).toContainEqual({ text: 'Date', sort: 'descending' });
    expect((await headers()).filter((h) => h.sort !== null)).toHaveLength(1);
    expect(await page.locator('#main-content tbody [aria-sort]').count()).toBe(0);
  });

  it('gives each tank level on the dashboard in words, not only as a coloured bar', async () => {
    await page.goto(`${BASE_URL}/dashboard`);
    await settle(page);
    const levels = page.getByTestId('tank-level');
    await expect.poll(() => levels.count()).toBeGreaterThan(0);
    for (const level of await levels.all()) {
      // the percentage is printed beside the bar and is the bar's name, plus empty or the contents
      const text = (await level.textContent()) ?? '';
      expect(text).toMatch(/\d[\d.,]*\s?%|—/);
      const bar = level.getByRole('progressbar');
      expect(await bar.getAttribute('aria-label')).toMatch(/\d[\d.,]*\s?%|—/);
      expect(text).toMatch(/Empty|L\b|litres?/i);
    }
  });

  it('says success politely and errors assertively', async () => {
    await page.goto(`${BASE_URL}/sales/customers/new`);
    await settle(page);
    const name = `Live Region Bar ${Date.now().toString(36)}`;
    await page.getByLabel(/^Name/).first().fill(name);
    await page.getByRole('button', { name: /^Save$/ }).click();
    // react-admin's success snackbar: a polite status region, never an alert
    const status = page.getByRole('status').filter({ hasText: /created/i });
    await status.first().waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /created/i })
        .count(),
    ).toBe(0);
    // the server refusing a save (answered here with the GraphQL error it would send) shows in
    // the error banner, an assertive alert
    await page.getByRole('cell', { name }).first().waitFor();
    await page.getByRole('cell', { name }).first().click();
    await page
      .getByLabel(/^Phone/)
      .first()
      .waitFor();
    await page.route('**/graphql/**', async (route) => {
      const body = route.request().postData() ?? '';
      if (!/customerUpdate/.test(body)) return route.fallback();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          errors: [{ message: 'The service is unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
        }),
      });
    });
    await page
      .getByLabel(/^Phone/)
      .first()
      .fill('705-555-0142');
    await page.getByRole('button', { name: /^Save$/ }).click();
    const alert = page.getByTestId('error-banner');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /unavailable/i })
        .count(),
    ).toBe(0);
    await page.unroute('**/graphql/**');
  });
});

describe('text at 200 %', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    // 1280 × 900 at 200 % zoom lays out like a 640 × 450 CSS-pixel window drawn at scale 2
    page = await browser.newPage({ viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 });
    page.on('dialog', (dialog) => void dialog.accept());
    trackRequests(page);
    await signIn(page);
    await page.evaluate(() => {
      localStorage.setItem('dark', 'false');
      localStorage.setItem('locale', 'en');
    });
  });
  afterAll(() => browser?.close());

  for (const path of [
    '/dashboard',
    '/sales/customers',
    '/sales/customers/new',
    '/sales/invoices/new',
    '/production/tanks',
  ]) {
    it(`${path}: no horizontal page scroll and every control within reach`, async () => {
      await page.goto(`${BASE_URL}${path}`);
      await settle(page);
      const result = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        /** inside a box that scrolls sideways on its own (a data table, the lines grid): allowed */
        const inScroller = (el: Element) => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const style = getComputedStyle(p);
            if (/(auto|scroll)/.test(style.overflowX) && p.scrollWidth > p.clientWidth + 1) return true;
          }
          return false;
        };
        const controls = [
          ...document.querySelectorAll<HTMLElement>(
            'header button, header a, #main-content button, #main-content a[href], #main-content input:not([type=hidden]), #main-content [role=combobox]',
          ),
        ];
        const outside = controls
          .filter((el) => {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
            if (el.closest('[aria-hidden="true"]') || inScroller(el)) return false;
            return box.left < -1 || box.right > width + 1;
          })
          .map(
            (el) => `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
          );
        return { scrollWidth: document.documentElement.scrollWidth, width, outside, checked: controls.length };
      });
      expect(result.checked, 'controls looked at').toBeGreaterThan(5);
      expect(result.outside, 'controls cut off at the sides').toEqual([]);
      expect(result.scrollWidth, 'page width').toBeLessThanOrEqual(result.width);
    });
  }
});
