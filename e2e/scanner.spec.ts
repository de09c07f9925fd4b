// Issue 17, barcode scanner: a keyboard-wedge scanner is a keyboard that types a whole code in a
// few milliseconds and presses Enter. Played here as such a burst of real key presses: on a new
// invoice it adds the product's line (one unit at its price), the focus on the page or in a
// line's text box (where the code is taken out of the box again; a person's typing stays);
// on the products list it opens the product. The camera: with no camera allowed the menu says the spec's text; with a (fake)
// camera, closing the menu stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BASE_URL, CHROMIUM, launch, signIn } from './browser';
import { accessToken, api, companyIdNamed, openCompany } from './session';

interface Product {
  id: string;
  name: string;
  upc: string | null;
  price: number | null;
  active: boolean | null;
}

/**
 * A wedge scan, synthetic: the scanner's burst of key presses (one keydown and keyup a
 * character, then Enter) dispatched inside the page, where it arrives as fast as a scanner
 * types. Playwright's own key presses cross a process boundary each and, on a loaded machine,
 * come slower than the 30 ms a character that tells a scanner from a person.
 */
async function wedge(page: Page, code: string, fromPage = true) {
  await page.evaluate(
    ({ text, blur }) => {
      // a scanner types into whatever has focus: start from the page, not an input
      if (blur) (document.activeElement as HTMLElement | null)?.blur();
      const target = document.activeElement ?? document.body;
      const press = (key: string, keyCode: number) => {
        for (const type of ['keydown', 'keyup'])
          target.dispatchEvent(
            new KeyboardEvent(type, { key, keyCode, which: keyCode, bubbles: true, cancelable: true }),
          );
      };
      for (const ch of text) press(ch, /[0-9A-Za-z]/.test(ch) ? ch.toUpperCase().charCodeAt(0) : 0);
      press('Enter', 13);
    },
    { text: code, blur: fromPage },
  );
}

/**
 * The same burst typed into the focused text box: each key the page does not keep from the box
 * types its character there (insertText, as a key press does), then Enter.
 */
async function wedgeInBox(page: Page, code: string) {
  await page.evaluate((text) => {
    const box = document.activeElement as HTMLInputElement;
    const press = (key: string, keyCode: number, type: boolean) => {
      const down = new KeyboardEvent('keydown', { key, keyCode, which: keyCode, bubbles: true, cancelable: true });
      if (box.dispatchEvent(down) && type) document.execCommand('insertText', false, key);
      box.dispatchEvent(new KeyboardEvent('keyup', { key, keyCode, which: keyCode, bubbles: true }));
    };
    for (const ch of text) press(ch, /[0-9A-Za-z]/.test(ch) ? ch.toUpperCase().charCodeAt(0) : 0, true);
    press('Enter', 13, false);
  }, code);
}

describe('barcode scanner', () => {
  let browser: Browser;
  let page: Page;
  let companyId = '';
  let product: Product;

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => browser?.close());

  it('signs in; a product with a UPC', async () => {
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    const token = await accessToken(page);
    companyId = await companyIdNamed(token, 'Northern Lights Distillery');
    expect(companyId).not.toBe('');
    const { products2 } = await api<{ products2: { edges: { node: Product }[] } }>(
      token,
      companyId,
      'query E2eScanProducts { products2(first: 100) { edges { node { id name upc price active } } } }',
    );
    const found = products2.edges.map((e) => e.node).find((p) => p.upc && p.active !== false && (p.price ?? 0) > 0);
    expect(found).toBeDefined();
    product = found!;
  });

  it("adds a scanned product's line to a new invoice", async () => {
    await openCompany(page, companyId, '/sales/invoices/new');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sales/invoices/new');
    const lines = page.locator('.ra-input-lines').first();
    await lines.waitFor();
    // the scanner menu is in the top bar
    await page.getByRole('button', { name: 'Barcode scanner' }).waitFor();
    const rows = lines.locator('.RaSimpleFormIterator-line');
    const before = await rows.count();
    await wedge(page, product.upc!);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before + 1);
    const line = rows.nth(before);
    const values = () => line.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(values, { timeout: 10_000 }).toContain(product.name);
    const shown = await values();
    // one unit (quantity 1, whatever its decimals) at the product's price
    expect(shown.some((v) => /^1(\.0+)?$/.test(v))).toBe(true);
    expect(shown.some((v) => Number(v.replace(/[^\d.]/g, '')) === product.price)).toBe(true);
    await page.getByText(`Added ${product.name}`).first().waitFor();
  });

  it("adds the line when the code is typed into a line's text box, and takes it out of the box", async () => {
    const lines = page.locator('.ra-input-lines').first();
    const rows = lines.locator('.RaSimpleFormIterator-line');
    const before = await rows.count();
    const field = rows
      .nth(before - 1)
      .locator('input[type=text]:not([role=combobox]), textarea:not([aria-hidden=true])')
      .first();
    await field.click();
    await field.fill('Gift box');
    await wedgeInBox(page, product.upc!);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => field.inputValue()).toBe('Gift box');
    // a person's typing in the same box stays typed, Enter and all, and adds nothing
    await field.press('End');
    await field.pressSequentially('ABC 12', { delay: 60 });
    await page.keyboard.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('Gift boxABC 12');
    expect(await rows.count()).toBe(before + 1);
  });

  it('opens the scanned product from the products list', async () => {
    await page.goto(`${BASE_URL}/inventory/products`);
    await page.getByRole('columnheader').first().waitFor();
    await wedge(page, product.upc!);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toBe(`/inventory/products/${product.id}`);
  });

  it('ignores typing too slow to be a scanner', async () => {
    await page.goto(`${BASE_URL}/inventory/products`);
    await page.getByRole('columnheader').first().waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // a person types 13 digits at 80 ms a key: not a scan (onscan.js allows 30 ms a character)
    await page.keyboard.type(product.upc!, { delay: 80 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(600);
    expect(new URL(page.url()).pathname).toBe('/inventory/products');
  });

  it('leaves a code matching nothing, scanned into a text box, to the box', async () => {
    await page.goto(`${BASE_URL}/inventory/products`);
    await page.getByRole('columnheader').first().waitFor();
    const box = page.getByRole('textbox').first();
    await box.focus();
    await wedgeInBox(page, '99999999999999');
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/inventory/products');
    expect(await box.inputValue()).toBe('99999999999999');
  });

  it('says camera access is not allowed when the browser refuses it', async () => {
    await page.getByRole('button', { name: 'Barcode scanner' }).click();
    await page.getByRole('button', { name: 'Start camera' }).click();
    await page
      .getByText('Camera access is not allowed. You may have to update your browser settings.')
      .waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });

  it('stops the camera when its menu closes', async () => {
    // a browser with a fake camera it may use, recording every stream handed out
    const camera = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    try {
      const p = await camera.newPage({ viewport: { width: 1280, height: 900 } });
      await p.addInitScript(() => {
        const w = window as unknown as { __streams: MediaStream[] };
        w.__streams = [];
        const media = navigator.mediaDevices;
        if (!media) return;
        const original = media.getUserMedia.bind(media);
        media.getUserMedia = async (constraints) => {
          const stream = await original(constraints);
          w.__streams.push(stream);
          return stream;
        };
      });
      await signIn(p, 'demo@example.com', 'distill-demo', '/dashboard');
      await p.getByRole('button', { name: 'Barcode scanner' }).click();
      await p.getByRole('button', { name: 'Start camera' }).click();
      const live = () =>
        p.evaluate(() =>
          (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) =>
            s.getTracks().map((t) => t.readyState),
          ),
        );
      await expect.poll(live, { timeout: 20_000 }).toContain('live');
      await p.getByTestId('scanner-camera').waitFor();
      await p.keyboard.press('Escape');
      await expect.poll(live, { timeout: 10_000 }).not.toContain('live');
      expect((await live()).length).toBeGreaterThan(0);
    } finally {
      await camera.close();
    }
  });
});
