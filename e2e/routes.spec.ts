// Issue 4: every list and new-form route of the generated metadata (and the settings pages)
// opened as the demo user (all permissions) in the distillery and in the winery. A route fails
// on a crash (page error, error boundary), a blank main area, or a denial that is wrong: the
// denial must show exactly when the entity's feature flag is off for that company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { entities } from '../src/generated/entities';
import { routeTable, fillPath } from '../src/app/routing/paths';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, openCompany, type DemoCompany } from './session';

const DENIAL = "You don't have permission to";
const CRASH = /Something went wrong|Unexpected Application Error|Minified React error/;

interface Target {
  path: string;
  /** the company flag the screen needs */
  feature?: string;
}

/** List and create paths of the metadata, :params filled (an enum value, a real equipment id). */
function targets(equipmentId: string | undefined): Target[] {
  const out: Target[] = [];
  for (const route of routeTable(entities)) {
    if (route.kind === 'edit') continue;
    const values: Record<string, unknown> = { equipmentId };
    const typeField = route.entity.fields.find((f) => f.name === 'type');
    if (typeField?.values?.length) values.type = typeField.values[0];
    const path = fillPath(route.path, values);
    if (path) out.push({ path, feature: route.entity.feature });
  }
  for (const path of ['/dashboard', '/settings', '/settings/0', '/settings/1', '/settings/4', '/userinfo', '/useredit'])
    out.push({ path });
  return out;
}

interface Problem {
  path: string;
  problem: string;
}

async function visit(page: Page, target: Target, company: DemoCompany, errors: string[]): Promise<string | null> {
  errors.length = 0;
  await page.goto(BASE_URL + target.path);
  const main = page.locator('#main-content');
  await main.waitFor({ timeout: 20_000 }).catch(() => undefined);
  // settle: something shows in the main area, then the data calls end
  await page
    .waitForFunction(() => (document.querySelector('#main-content')?.textContent ?? '').trim().length > 0, undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  const text = (await main.textContent({ timeout: 1000 }).catch(() => null)) ?? '';
  const body = (await page.locator('body').textContent()) ?? '';
  if (errors.length) return `error: ${errors.join(' | ').slice(0, 400)}`;
  if (CRASH.test(body)) return `crash: ${body.match(CRASH)?.[0]}`;
  if (!text.trim()) return 'blank page (no main content)';
  const denied = text.includes(DENIAL);
  const featureOff = !!target.feature && company.flags[target.feature] !== true;
  if (denied && !featureOff) return 'denied although the user has the permission';
  if (!denied && featureOff) return `not denied although ${target.feature} is off`;
  return null;
}

describe('every route, as the demo user', () => {
  let browser: Browser;
  let page: Page;
  let companies: DemoCompany[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    // a failed API call while a screen loads (the screen may show it only as a passing toast)
    page.on('response', (response) => {
      if (!response.url().includes('/graphql')) return;
      void response
        .json()
        .then((body: { errors?: { message: string; extensions?: { code?: string } }[] }) => {
          for (const e of body.errors ?? [])
            errors.push(`API ${e.extensions?.code ?? response.status()}: ${e.message}`);
        })
        .catch(() => {
          if (response.status() >= 400) errors.push(`API HTTP ${response.status()}`);
        });
    });
    await signIn(page);
    const token = await accessToken(page);
    const answer = await api<{ companies: DemoCompany[] }>(
      token,
      null,
      '{ companies { id name allowWine allowPO allowPlanning allowAudit allowMultipleSites allowCSVExport allowRecurringTransactions allowAccounting } }',
    );
    companies = answer.companies.map((c) => ({ ...c, flags: c as unknown as Record<string, unknown> }));
  });
  afterAll(() => browser?.close());

  for (const name of ['Northern Lights Distillery', 'Vignoble de la Vallée']) {
    it(`opens every list and new form in ${name}`, { timeout: 600_000 }, async () => {
      const company = companies.find((c) => c.name === name);
      expect(company, `${name} is a demo company`).toBeTruthy();
      const token = await accessToken(page);
      const equipment = await api<{ otherEquipmentItems2: { edges: { node: { id: string } }[] } }>(
        token,
        company!.id,
        '{ otherEquipmentItems2(first: 1) { edges { node { id } } } }',
      );
      const equipmentId = equipment.otherEquipmentItems2.edges[0]?.node.id;
      expect(equipmentId, 'an other-equipment record for the maintenance routes').toBeTruthy();
      await openCompany(page, company!.id);
      const problems: Problem[] = [];
      for (const target of targets(equipmentId)) {
        const started = Date.now();
        const problem = await visit(page, target, company!, errors);
        console.log(`${name} ${target.path} ${Date.now() - started} ms ${problem ?? 'ok'}`);
        if (problem) problems.push({ path: target.path, problem });
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('the values permission', () => {
  let browser: Browser;
  afterAll(() => browser?.close());

  /** What a user sees of value fields: the sales order form's shipping charge, the sales reps' commission column. */
  async function valueFieldsSeen(email: string) {
    browser ??= await launch();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, email, 'distill-demo', '/sales/salesorders/new');
    await page
      .getByLabel(/^Number/)
      .first()
      .waitFor();
    const shippingCharge = await page.getByLabel(/^Shipping charge/).count();
    await page.goto(`${BASE_URL}/sales/salesreps`);
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    const commission = await page.getByRole('columnheader').filter({ hasText: 'Commission' }).count();
    await context.close();
    return { shippingCharge, commission };
  }

  it('shows value fields and columns to a user holding values', async () => {
    expect(await valueFieldsSeen('demo@example.com')).toEqual({ shippingCharge: 1, commission: 1 });
  });
  it('hides them from a user without it (seller: selling.read and selling.write only)', async () => {
    expect(await valueFieldsSeen('seller@example.com')).toEqual({ shippingCharge: 0, commission: 0 });
  });
});
