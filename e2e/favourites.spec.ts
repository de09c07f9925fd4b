// Spec 2.5 'favourites menu (tiles 120 px)': a person chooses two favourites (grouped as the
// spec lists, in the drawer's Manage chooser, reached from the top bar's menu), opens the menu
// and finds them as tiles, follows one, moves between tiles with the arrow keys, removes one,
// and reads the choice back after a reload, in the menu and in the drawer's Bookmarks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, signIn } from './browser';
import { accessToken, companyIdNamed, openCompany } from './session';

describe('favourites menu', () => {
  let browser: Browser;
  let page: Page;
  const path = () => new URL(page.url()).pathname;
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
  const menu = () => page.getByRole('dialog', { name: 'Favourites' });
  const tile = (name: string) => menu().getByRole('link', { name, exact: true });

  async function openMenu() {
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await menu().getByRole('button', { name: 'Manage favourites' }).waitFor();
  }

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    const companyId = await companyIdNamed(await accessToken(page), 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    await openCompany(page, companyId);
    await page.getByTestId('company-name').waitFor();
  });
  afterAll(() => browser?.close());

  it('chooses Tanks and Suppliers in the grouped chooser the menu opens', async () => {
    await openMenu();
    await menu().getByRole('button', { name: 'Manage favourites' }).click();
    const chooser = page.getByRole('dialog', { name: 'Manage bookmarks' });
    await chooser.getByLabel('Tanks', { exact: true }).waitFor();
    // the groups in the spec's order: production … purchasing
    const headings = await chooser.locator('.MuiTypography-subtitle2').allTextContents();
    expect(headings.indexOf('Equipment')).toBeGreaterThan(headings.indexOf('Production'));
    expect(headings.indexOf('Purchasing')).toBeGreaterThan(headings.indexOf('Sales'));
    await chooser.getByLabel('Tanks', { exact: true }).check();
    await chooser.getByLabel('Suppliers', { exact: true }).check();
    await chooser.getByRole('button', { name: 'Save' }).click();
    await chooser.waitFor({ state: 'detached' });
  });

  it('shows them as 120 px tiles with their names, focused and moved with the arrow keys', async () => {
    await openMenu();
    await tile('Tanks').waitFor();
    await tile('Suppliers').waitFor();
    // measured once the menu's opening animation has ended
    await poll(async () => {
      const box = await tile('Tanks').boundingBox();
      return box && [box.width, box.height];
    }).toEqual([120, 120]);
    // the whole menu on the screen: placed again once its tiles have loaded
    await poll(async () => {
      const menuBox = await menu().boundingBox();
      return !!menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 1280;
    }).toBe(true);
    // the menu opens on its first tile; the arrows walk the tiles in the order chosen
    const names = await menu().locator('a[data-tile]').allTextContents();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await poll(focused).toBe(names[0]);
    await page.keyboard.press('End');
    await poll(focused).toBe(names[names.length - 1]);
    await page.keyboard.press('Home');
    await poll(focused).toBe(names[0]);
    if (names.length > 1) {
      await page.keyboard.press('ArrowRight');
      await poll(focused).toBe(names[1]);
    }
    await page.keyboard.press('Escape');
    await menu().waitFor({ state: 'detached' });
  });

  it('follows a tile to its screen and closes the menu', async () => {
    await openMenu();
    await tile('Suppliers').click();
    await poll(path).toBe('/purchasing/suppliers');
    await menu().waitFor({ state: 'detached' });
    await page.getByRole('columnheader', { name: /name/i }).first().waitFor();
  });

  it('removes one; the other stays, after a reload too, in the menu and the drawer', async () => {
    await openMenu();
    await menu().getByRole('button', { name: 'Remove Tanks from favourites' }).click();
    await tile('Tanks').waitFor({ state: 'detached' });
    await tile('Suppliers').waitFor();
    // focus stays in the menu, on a tile
    await poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-tile'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('company-name').waitFor();
    const drawer = page.getByTestId('app-menu').getByRole('menu', { name: 'Bookmarks' });
    await drawer.getByRole('menuitem', { name: 'Suppliers' }).waitFor();
    expect(await drawer.getByRole('menuitem', { name: 'Tanks' }).count()).toBe(0);
    await openMenu();
    await tile('Suppliers').waitFor();
    expect(await tile('Tanks').count()).toBe(0);
    // leave the demo user's favourites as they were
    await menu().getByRole('button', { name: 'Remove Suppliers from favourites' }).click();
    await tile('Suppliers').waitFor({ state: 'detached' });
  });
});
