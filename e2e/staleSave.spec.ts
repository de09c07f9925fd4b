// Issue 10, point 11: two people edit one record. The second save over the first one's change
// is refused; the edit screen shows why with Reload, which reads the record again (the other
// person's change shown), and the change made again then saves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { accessToken, api } from './session';

const STALE =
  'This record was changed by another user after you opened it. Reload it to see their changes, then make yours again.';

describe('a save over another person’s change', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('is refused with Reload, which shows their change so the person can make theirs again', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/sales/customers');
    const token = await accessToken(page);
    const { companies } = await api<{ companies: { id: string; name: string }[] }>(
      token,
      null,
      '{ companies { id name } }',
    );
    const companyId = companies.find((c) => c.name === 'Northern Lights Distillery')!.id;
    await page.evaluate((id) => localStorage.setItem('companyId', id), companyId);
    const name = `Stale Save Bar ${Date.now().toString(36)}`;
    const { customerCreate } = await api<{ customerCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }',
      { input: { name, phone: '705-555-0100' } },
    );
    await page.goto(`${BASE_URL}/sales/customers/${customerCreate.id}`);
    await expect.poll(() => page.getByLabel(/^Phone/).inputValue()).toBe('705-555-0100');

    // someone else saves meanwhile
    await api(
      token,
      companyId,
      'mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { id } }',
      {
        id: customerCreate.id,
        input: { name: `${name} (renamed)` },
      },
    );

    await page.getByLabel(/^Phone/).fill('705-555-0199');
    await page.getByRole('button', { name: /Save/i }).click();
    // on the edit screen, with Reload (the error banner says it too)
    const alert = page.getByTestId('stale-save').filter({ hasText: STALE });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/sales/customers/${customerCreate.id}`);

    await alert.getByRole('button', { name: 'Reload' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe(`${name} (renamed)`);
    await expect.poll(() => page.getByLabel(/^Phone/).inputValue()).toBe('705-555-0100');

    // made again over the reloaded record, the change saves
    await page.getByLabel(/^Phone/).fill('705-555-0199');
    await page.getByRole('button', { name: /Save/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/customers');
    const { customer } = await api<{ customer: { name: string; phone: string } }>(
      token,
      companyId,
      'query($id: ID!) { customer(id: $id) { name phone } }',
      { id: customerCreate.id },
    );
    expect(customer).toEqual({ name: `${name} (renamed)`, phone: '705-555-0199' });
  });
});
