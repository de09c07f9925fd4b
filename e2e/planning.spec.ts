// Issue 17, planning: in the demo distillery a person schedules a mash from a template on the
// scheduling page (today, at Collingwood, quantities doubled, the Rye 90/10 mash bill), sees
// its steps on the calendar, finds the mash among the outstanding tasks (the top-bar menu links
// to the tasks page; in it the mash starts its production screen prefilled, and an ad hoc task
// completes), its Start link opens the new mash prefilled (mash bill, 2 x 1000 L, the task),
// sets who holds the role (named on the tasks by role), and completes it with a date-time. The forecasting page states its rule and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';

describe('planning: schedule a mash from a template', () => {
  let browser: Browser;
  let page: Page;
  let token = '';
  let companyId = '';
  const stamp = Date.now().toString(36);
  const templateName = `E2E rye ${stamp}`;
  const mash = `Mash rye ${stamp}`;
  const check = `Check gravity ${stamp}`;
  const clean = `Clean the mash tun ${stamp}`;
  const today = companyDay(0);
  let holder = '';

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  });
  afterAll(() => browser?.close());

  it('has a template of a mash and a check two days later', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    const roles = await api<{ planningRoles2: { edges: { node: { id: string; name: string } }[] } }>(
      token,
      companyId,
      '{ planningRoles2(first: 50) { edges { node { id name } } } }',
    );
    const cellar = roles.planningRoles2.edges.find((e) => e.node.name === 'Cellar hand')?.node.id;
    expect(cellar).toBeTruthy();
    await api(
      token,
      companyId,
      'mutation E2eTemplate($input: PlanningTemplateInput!) { planningTemplateCreate(input: $input) { id } }',
      {
        input: {
          name: templateName,
          steps: [
            {
              description: mash,
              primitiveType: 'MashBill',
              role: cellar,
              dayOffset: 0,
              durationDays: 0,
              quantity: 1000,
            },
            { description: check, primitiveType: 'AdHoc', role: cellar, dayOffset: 2, durationDays: 0 },
            { description: clean, primitiveType: 'AdHoc', role: cellar, dayOffset: 0, durationDays: 0 },
          ],
        },
      },
    );
  });

  it('schedules it from the scheduling page and sees it on the calendar', async () => {
    await openCompany(page, companyId, '/planning/scheduling');
    await page.getByTestId('calendar').waitFor();
    await page.getByRole('button', { name: 'Schedule from template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: templateName }).click();
    await dialog.getByText(mash).waitFor();
    await dialog.getByLabel('Start date').fill(today);
    await dialog.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: 'Collingwood distillery' }).click();
    await dialog.getByLabel('Quantity scale').fill('2');
    await dialog.getByRole('combobox', { name: 'Mash bill' }).click();
    await page.getByRole('option', { name: 'Rye 90/10' }).click();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('3 tasks scheduled').waitFor();
    await page.locator(`[data-day="${today}"]`).getByText(mash).waitFor();
    // the check falls two days later, on its own day
    const later = new Date(`${today}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 2);
    const laterDay = later.toISOString().slice(0, 10);
    if (laterDay.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next' }).click();
    await page.locator(`[data-day="${laterDay}"]`).getByText(check).waitFor();
    expect(await page.locator(`[data-day="${today}"]`).getByText(check).count()).toBe(0);
  });

  it('makes the signed-in person the cellar hand', async () => {
    await page.getByRole('button', { name: 'Who holds each role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('role-holders-rule').waitFor();
    await dialog.getByRole('combobox', { name: 'Cellar hand' }).click();
    const option = page.getByRole('option').first();
    holder = ((await option.textContent()) ?? '').trim();
    expect(holder).not.toBe('');
    await option.click();
    await dialog
      .locator('[data-testid^="role-holders-"]')
      .filter({ has: page.getByRole('combobox', { name: 'Cellar hand' }) })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('Holders of Cellar hand saved').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('finds the mash among the outstanding tasks, prefilled for production, and completes it', async () => {
    await page.getByTestId('tasks-indicator').click();
    const menu = page.getByRole('menu');
    // the ad hoc task completes from the menu at the current date-time
    const cleanItem = menu.getByRole('menuitem').filter({ hasText: clean });
    await cleanItem.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => menu.getByRole('menuitem').filter({ hasText: clean }).count()).toBe(0);
    // the mash opens its production screen prefilled, as the tasks page's Start does
    const mashItem = menu.getByRole('menuitem').filter({ hasText: mash });
    const fromMenu = new URL((await mashItem.getAttribute('href')) ?? '', BASE_URL);
    expect(fromMenu.pathname).toMatch(/mash/i);
    expect(fromMenu.searchParams.get('volume')).toBe('2000');
    expect(fromMenu.searchParams.get('mashBillId')).toMatch(/^\d+$/);
    expect(fromMenu.searchParams.get('activityId')).toMatch(/^\d+$/);
    await menu.getByRole('menuitem', { name: 'All tasks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/planning/tasks');
    const row = page.getByRole('row').filter({ hasText: mash });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Cellar hand');
    await expect.poll(() => row.textContent()).toContain('Collingwood distillery');
    // the check is two days ahead: not outstanding yet
    expect(await page.getByRole('row').filter({ hasText: check }).count()).toBe(0);
    const start = await row.getByRole('link', { name: 'Start' }).getAttribute('href');
    const query = new URL(start ?? '', BASE_URL).searchParams;
    expect(query.get('volume')).toBe('2000');
    expect(query.get('mashBillId')).toMatch(/^\d+$/);
    expect(query.get('activityId')).toMatch(/^\d+$/);
    expect(`${new URL(start ?? '', BASE_URL).pathname}?${query.toString()}`).toBe(
      `${fromMenu.pathname}?${fromMenu.searchParams.toString()}`,
    );
    const cleaned = await api<{ activitiesForUser: { description: string; completedAt: string | null }[] }>(
      token,
      companyId,
      '{ activitiesForUser(waiting: true) { description completedAt } }',
    );
    expect(cleaned.activitiesForUser.find((t) => t.description === clean)?.completedAt).toBeTruthy();

    // grouped by role, the mash is under Cellar hand
    await page.getByRole('button', { name: 'By role' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/planning/tasks/1');
    await page.getByRole('row').filter({ hasText: mash }).waitFor();
    // the role's heading names who holds it
    await expect
      .poll(() => page.locator('tbody th').filter({ hasText: 'Cellar hand' }).first().textContent())
      .toContain(holder);

    await page.getByRole('row').filter({ hasText: mash }).getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('complete-at').fill(`${today}T16:45`);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('Task completed').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: mash }).count()).toBe(0);
    const done = await api<{ activitiesForUser: { description: string; completed: boolean; completedAt: string }[] }>(
      token,
      companyId,
      '{ activitiesForUser(waiting: true) { description completed completedAt } }',
    );
    const task = done.activitiesForUser.find((t) => t.description === mash);
    expect(task?.completed).toBe(true);
    expect(task?.completedAt).toBeTruthy();
  });

  it('opens the forecast with its rule stated', async () => {
    await page.goto(`${BASE_URL}/planning`);
    await page.getByTestId('forecast-method').waitFor();
    await expect.poll(() => page.getByTestId('forecast-method').textContent()).toContain('last 12 full months');
    await page.getByTestId('forecast-products').or(page.getByText('nothing to forecast')).first().waitFor();
    if (await page.getByTestId('forecast-products').count())
      await expect
        .poll(() => page.getByTestId('forecast-cascade').textContent())
        .toContain('Hearts LAA of an average past run');
  });
});
