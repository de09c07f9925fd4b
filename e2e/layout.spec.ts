// Issue 10, point 16: no page of the route catalogue is wider than the screen, at a common
// laptop size (1280x800) and a phone (390x844). Lists scroll inside their card, their secondary
// columns fold away on a phone, and a form's line grid keeps usable column widths (it scrolls
// inside its own box rather than squashing or widening the page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { entities } from '../src/generated/entities';
import { fillPath, routeTable } from '../src/app/routing/paths';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, openCompany } from './session';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

interface Ids {
  equipment: string;
  tank: string;
  records: Record<string, string>;
}

/** Every list and new form, one edit form per entity that has one (lines grids included), the custom pages. */
function catalogue(ids: Ids): string[] {
  const out = new Set<string>();
  for (const route of routeTable(entities)) {
    const values: Record<string, unknown> = { equipmentId: ids.equipment };
    const typeField = route.entity.fields.find((f) => f.name === 'type');
    if (typeField?.values?.length) values.type = typeField.values[0];
    if (route.kind === 'edit') {
      const id = ids.records[route.entity.plural];
      const idParam = route.path
        .split('/')
        .filter((s) => s.startsWith(':'))
        .pop()
        ?.slice(1)
        .replace(/\?$/, '');
      if (!id || !idParam) continue;
      const path = fillPath(route.path, { ...values, [idParam]: id });
      if (path) out.add(path);
      continue;
    }
    const path = fillPath(route.path, values);
    if (path) out.add(path);
  }
  for (const path of [
    '/dashboard',
    '/settings/0',
    '/settings/1',
    '/settings/4',
    '/userinfo',
    '/useredit',
    '/audit',
    `/production/tanks/${ids.tank}/transactions`,
    `/production/${ids.tank}/transfertotank`,
    // the add-ons and their setup pages (issue 18)
    '/apps',
    '/portalsetup',
    '/accountingsetup',
    '/ecommercesetup',
    '/pointofsalesetup',
  ])
    out.add(path);
  return [...out];
}

/** Opens a path the way the app's links do (no reload), then waits for the screen to settle. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page
    .waitForFunction(() => (document.querySelector('#main-content')?.textContent ?? '').trim().length > 0, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('#main-content [role="progressbar"]:not([aria-valuenow])'),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

/** How far the page scrolls sideways (0 = it fits), and the widest element that sticks out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    if (extra <= 1) return { extra: 0, culprit: '' };
    let culprit = '';
    let widest = window.innerWidth;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('#main-content *, header *'))) {
      const right = el.getBoundingClientRect().right;
      if (right > widest + 1) {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} (right ${Math.round(right)})`;
      }
    }
    return { extra, culprit };
  });

describe('pages fit the screen', () => {
  let browser: Browser;
  let page: Page;
  let paths: string[] = [];
  let companyId = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: VIEWPORTS[0] });
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    const token = await accessToken(page);
    const { companies } = await api<{ companies: { id: string; name: string }[] }>(
      token,
      null,
      '{ companies { id name } }',
    );
    companyId = companies.find((c) => c.name === 'Northern Lights Distillery')!.id;
    const first = async (field: string) =>
      (
        await api<Record<string, { edges: { node: { id: string } }[] }>>(
          token,
          companyId,
          `{ ${field}(first: 1) { edges { node { id } } } }`,
        ).catch(() => ({}) as Record<string, { edges: { node: { id: string } }[] }>)
      )[field]?.edges[0]?.node.id;
    const records: Record<string, string> = {};
    for (const entity of entities) {
      if (!entity.crud) continue;
      const id = await first(`${entity.plural}2`);
      if (id) records[entity.plural] = id;
    }
    paths = catalogue({ equipment: records.otherEquipmentItems ?? '', tank: records.tanks ?? '', records });
    await openCompany(page, companyId);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`no page scrolls sideways at ${viewport.width}x${viewport.height}`, { timeout: 900_000 }, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${BASE_URL}/dashboard`);
      const failures: string[] = [];
      for (const path of paths) {
        await open(page, path);
        let { extra, culprit } = await overflow(page);
        // a screen still laying out (a lazy chunk's styles, a late panel) gets one more look
        if (extra > 0) {
          await page.waitForTimeout(1000);
          ({ extra, culprit } = await overflow(page));
        }
        if (extra > 0) failures.push(`${path}: ${extra}px wider than the screen; ${culprit}`);
      }
      expect(paths.length).toBeGreaterThan(50);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('a wide list scrolls inside its card at 1280 px, and folds its secondary columns on a phone', async () => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`${BASE_URL}/production/tanks`);
    await page.locator('table').first().waitFor();
    const card = await page.evaluate(() => {
      const content = document.querySelector<HTMLElement>('.RaList-content .RaDataTable-tableWrapper');
      return content ? getComputedStyle(content).overflowX : '';
    });
    expect(card).toBe('auto');
    const wide = await page.evaluate(() => document.querySelectorAll('table thead th').length);

    await page.setViewportSize(VIEWPORTS[1]);
    await page.waitForTimeout(300);
    const shown = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('table thead th')).filter((th) => th.offsetParent !== null)
          .length,
    );
    expect(shown).toBeLessThan(wide);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  });

  it('a line grid keeps usable column widths', async () => {
    await page.setViewportSize(VIEWPORTS[0]);
    // a product's bill of materials: a generic form's line grid
    await page.goto(`${BASE_URL}/inventory/products/new`);
    const grid = page.locator('[data-lines-grid]').first();
    await grid.waitFor();
    await grid
      .getByRole('button', { name: /^(Add|Ajouter)$/ })
      .first()
      .click();
    // every input of the first line is at least 9 characters wide (about 72 px at 14 px)
    const widths = await grid.evaluate((el) =>
      Array.from(el.querySelectorAll<HTMLElement>('.MuiInputBase-root')).map((i) => i.getBoundingClientRect().width),
    );
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(72);
  });
});
