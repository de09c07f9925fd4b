// Issue 14: a person opens last month's B266 from the excise returns page, drills into a line,
// files the period, and a back-dated posting is refused. The period is reopened afterwards so
// the shared demo company is left as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api, companyDay, companyIdNamed, openCompany } from './session';

const pad = (n: number) => String(n).padStart(2, '0');

describe('excise returns, as a person files them', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let token = '';
  let siteId = '';
  let tank = '';
  let filed = false;
  const stamp = Date.now().toString(36);
  // last month on the company's calendar (its zone, not the machine's UTC)
  const [year, month] = companyDay().split('-').map(Number) as [number, number];
  const now = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const periodStart = `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-01`;
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const tankName = `E2E excise ${stamp}`;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    if (filed && token)
      await api(
        token,
        companyId,
        `mutation E2eReopen($s: Date!, $e: Date!) { exciseReturnsReopen(periodStart: $s, periodEnd: $e) { status } }`,
        { s: periodStart, e: periodEnd },
      ).catch(() => undefined);
    await browser?.close();
  });

  it('signs in; a tank filled last month at a site that files the B266', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/reports/excise');
    token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    const { exciseReturnPeriods } = await api<{
      exciseReturnPeriods: {
        excisePeriodEnd: string | null;
        periods: { periodStart: string; returns: { form: string; siteId: string }[] }[];
      };
    }>(
      token,
      companyId,
      `query E2ePeriods($y: Int) { exciseReturnPeriods(fiscalYear: $y) { excisePeriodEnd periods { periodStart returns { form siteId } } } }`,
      { y: null },
    );
    expect(exciseReturnPeriods.excisePeriodEnd === null || exciseReturnPeriods.excisePeriodEnd < periodStart).toBe(
      true,
    );
    const { sites2 } = await api<{ sites2: { edges: { node: { id: string } }[] } }>(
      token,
      companyId,
      'query E2eSites { sites2(first: 50) { edges { node { id } } } }',
    );
    const all = exciseReturnPeriods.periods.flatMap((p) => p.returns);
    siteId = all.find((r) => r.form === 'B266')?.siteId ?? sites2.edges[0].node.id;
    tank = (
      await api<{ tankCreate: { id: string } }>(
        token,
        companyId,
        `mutation E2eTank($input: TankInput!) { tankCreate(input: $input) { id } }`,
        { input: { name: tankName, capacity: 2000, site: siteId } },
      )
    ).tankCreate.id;
    const spirits = await api<{ spirits2: { edges: { node: { id: string } }[] } }>(
      token,
      companyId,
      'query E2eSpirits { spirits2(first: 1) { edges { node { id } } } }',
    );
    await api(
      token,
      companyId,
      `mutation E2eInitial($input: ExciseInitialInput!) { exciseInitial(input: $input) { refId } }`,
      {
        input: {
          vesselId: tank,
          date: `${periodStart.slice(0, 8)}05`,
          alcoholType: 'Spirit',
          alcoholId: spirits.spirits2.edges[0].node.id,
          lot: `E2E-${stamp}`,
          volume: 100,
          strength: 40,
        },
      },
    );
  });

  it('opens last month’s B266 from the period list and drills into a line', async () => {
    await openCompany(page, companyId, '/reports/excise');
    const row = page.locator(`tr[data-period="${periodStart}"]`);
    await page.locator('tr[data-period]').first().waitFor();
    // in the first month of a fiscal year, last month is in the previous one
    if ((await row.count()) === 0) await page.getByRole('button', { name: 'previous fiscal year' }).click();
    await row.waitFor();
    await row.getByRole('link', { name: /^B266/ }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/reports/excisespirits');
    await page.getByTestId('excise-return').getByText('Inventory (B-RD-B266-INP)').waitFor();
    await page.getByTestId('details-add.other').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/reports/excisespiritsdetails');
    await page.getByRole('cell', { name: tankName }).waitFor();
    await page.getByRole('link', { name: 'Back to the return' }).click();
    await page.getByTestId('status').getByText('Draft').waitFor();
  });

  it('files the period after confirming; a back-dated posting is then refused', async () => {
    await page.getByTestId('file').click();
    await page.getByTestId('confirmation').fill(`CRA-${stamp}`);
    await page.getByTestId('confirm-file').click();
    await page.getByTestId('status').getByText('Filed').waitFor();
    filed = true;
    await page.getByText(new RegExp(`confirmation CRA-${stamp}`)).waitFor();
    const refused = api(
      token,
      companyId,
      `mutation E2eReduce($input: ExciseReduceInput!) { exciseReduceInventory(input: $input) { refId } }`,
      {
        input: { vesselId: tank, date: `${periodStart.slice(0, 8)}10`, volume: 1, excise: 'SpiritsReductionDestroyed' },
      },
    );
    await expect(refused).rejects.toThrow(new RegExp(`excise period to ${periodEnd} is filed`));
    await page.goto(`${BASE_URL}/reports/excise`);
    await page.getByText(`Filed up to ${periodEnd}`).waitFor();
  });
});
