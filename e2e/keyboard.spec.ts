// Issue 16: keyboard-only walks. A person who cannot use a mouse signs in, creates a customer,
// adds a line to an invoice in the lines grid, works the alcohol calculator, opens and closes the
// help panel and a confirmation dialog — with Tab, Shift+Tab, Enter, Space, the arrows, Escape
// and typing only: no click, no fill, no focus() on the app's controls. Each step finds its
// control by tabbing, so a control Tab cannot reach fails the walk with what Tab did reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch } from './browser';
import { accessToken, api, companyDay } from './session';

interface Focused {
  tag: string;
  id: string;
  role: string;
  /** the accessible name as a person hears it: aria-label, the label element, or the text */
  name: string;
  text: string;
  inDialog: boolean;
  inHelp: boolean;
  inLines: boolean;
  visible: boolean;
}

describe('keyboard only, as a person without a mouse works', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const customerName = `Keyboard Tasting Room ${stamp}`;

  const focused = () =>
    page.evaluate((): Focused => {
      const el = document.activeElement as HTMLElement | null;
      const labelled = el?.getAttribute('aria-labelledby');
      const byId = labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labelEl = el?.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
      const name = (el?.getAttribute('aria-label') ?? byId) || (labelEl?.textContent ?? '') || (el?.textContent ?? '');
      const box = el?.getBoundingClientRect();
      return {
        tag: el?.tagName ?? '',
        id: el?.id ?? '',
        role: el?.getAttribute('role') ?? '',
        name: name
          .replace(/\s+/g, ' ')
          .replace(/\s*\*$/, '')
          .trim()
          .slice(0, 80),
        text: (el?.textContent ?? '').trim().slice(0, 80),
        inDialog: !!el?.closest('[role="dialog"]'),
        inHelp: !!el?.closest('[data-testid="help-panel"]'),
        inLines: !!el?.closest('[data-lines-grid]'),
        visible: !!box && box.width > 0 && box.height > 0,
      };
    });

  /**
   * Presses Tab (Shift+Tab when `back`) until the focused control matches, at most `max` times;
   * fails naming the stops it passed. Every stop must be visible (no focus on hidden controls).
   */
  async function tabTo(match: (f: Focused) => boolean, what: string, max = 60, back = false): Promise<Focused> {
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      const f = await focused();
      seen.push(`${f.tag}${f.role ? `[${f.role}]` : ''}#${f.id} "${f.name}"`);
      if (f.tag !== 'BODY') expect(f.visible, `Tab stop ${seen.at(-1)} is visible`).toBe(true);
      if (match(f)) return f;
    }
    throw new Error(`Tab never reached ${what}; it passed:\n  ${seen.join('\n  ')}`);
  }
  /** The skip link (the first Tab stop) moves focus past the top bar and the drawer. */
  async function skipToContent() {
    await tabTo(named(/^Skip to content$/), 'the skip link', 3);
    await page.keyboard.press('Enter');
    await expect.poll(async () => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  }
  const named = (re: RegExp) => (f: Focused) => re.test(f.name);
  const path = () => new URL(page.url()).pathname;

  /**
   * An autocomplete (reference) field: types to search (or, with no text, opens the list with
   * the down arrow), highlights an option with the arrows and takes it with Enter.
   */
  async function pick(text: string) {
    if (text) await page.keyboard.type(text, { delay: 20 });
    else await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option').filter({ hasText: text }).first();
    await option.waitFor({ timeout: 10_000 });
    const highlighted = () => page.evaluate(() => document.activeElement?.getAttribute('aria-activedescendant') ?? '');
    if (!(await highlighted())) await page.keyboard.press('ArrowDown');
    await expect.poll(highlighted).not.toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  let restoreHints: (() => Promise<unknown>) | undefined;
  afterAll(async () => {
    await restoreHints?.();
    await browser?.close();
  });

  it('signs in on the sign-in page', async () => {
    await page.goto(`${BASE_URL}/sales/customers`);
    await page.getByLabel(/E-mail|Courriel/).waitFor();
    await tabTo((f) => f.tag === 'INPUT' && /E-mail|Courriel/.test(f.name), 'the e-mail field', 10);
    await page.keyboard.type('demo@example.com');
    await tabTo((f) => f.tag === 'INPUT' && /Password|Mot de passe/.test(f.name), 'the password field', 5);
    await page.keyboard.type('distill-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sales/customers', { timeout: 30_000 });
    await page.evaluate(() => {
      localStorage.setItem('locale', 'en');
      localStorage.setItem('dark', 'false');
    });
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
    // a returning person: the guided hints and the dashboard's welcome popup were dismissed
    // before. Other specs share the demo user, so without this the popup's focus trap would
    // depend on which spec ran first; afterAll puts the user's hint settings back.
    const hintKeys = ['hint_workflow', 'hint_dashboard', 'hint_help', 'hint_filter', 'hint_popup'];
    const setSettings = async (patch: Record<string, unknown>) =>
      JSON.parse(
        (
          await api<{ companySetUserSettings: string }>(
            await accessToken(page),
            await page.evaluate(() => localStorage.getItem('companyId')),
            'mutation($s: String!) { companySetUserSettings(settings: $s) }',
            { s: JSON.stringify(patch) },
          )
        ).companySetUserSettings,
      ) as Record<string, unknown>;
    const before = await setSettings({});
    restoreHints = () => setSettings(Object.fromEntries(hintKeys.map((k) => [k, before[k] ?? false])));
    await setSettings(Object.fromEntries(hintKeys.map((k) => [k, true])));
    await page.reload();
    await page.getByRole('columnheader').filter({ hasText: 'Name' }).first().waitFor();
  });

  it('creates a customer', async () => {
    await skipToContent();
    await tabTo((f) => f.tag === 'A' && /^Create/.test(f.name), 'the Create button');
    await page.keyboard.press('Enter');
    await expect.poll(path).toBe('/sales/customers/new');
    await page.getByLabel(/^Name/).first().waitFor();
    await tabTo((f) => f.tag === 'INPUT' && /^Name/.test(f.name), 'the Name field');
    await page.keyboard.type(customerName);
    await tabTo((f) => f.tag === 'INPUT' && /^E-mail/.test(f.name), 'the E-mail field');
    await page.keyboard.type('hello@keyboard.example');
    await tabTo(named(/^Save$/), 'the Save button');
    await page.keyboard.press('Enter');
    await expect.poll(path, { timeout: 15_000 }).toBe('/sales/customers');
    const token = await accessToken(page);
    const companyId = await page.evaluate(() => localStorage.getItem('companyId'));
    const found = await api<{ customers2: { edges: { node: { name: string; email: string } }[] } }>(
      token,
      companyId,
      `query($q: String) { customers2(first: 5, parameters: { search: $q }) { edges { node { name email } } } }`,
      { q: customerName },
    );
    expect(found.customers2.edges.map((e) => e.node).filter((n) => n.name === customerName)).toEqual([
      { name: customerName, email: 'hello@keyboard.example' },
    ]);
  });

  it('adds a line to a new invoice in the lines grid', async () => {
    await page.goto(`${BASE_URL}/sales/invoices/new`);
    await page.getByRole('combobox', { name: /^Customer/ }).waitFor();
    await skipToContent();
    await tabTo((f) => f.tag === 'INPUT' && /^Number/.test(f.name), 'the Number field');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`KB-${stamp}`);
    await tabTo((f) => /^Customer/.test(f.name), 'the Customer field');
    await pick(customerName);
    await tabTo((f) => f.tag === 'INPUT' && /^Invoice date/.test(f.name), 'the Invoice date field');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(companyDay());
    await tabTo((f) => /^Status/.test(f.name), 'the Status field');
    // a select opens with the arrow keys and takes the highlighted option with Enter
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    const lines = page.locator('[data-lines-grid="lines"]');
    await tabTo((f) => f.inLines && f.tag === 'BUTTON' && /^Add$/.test(f.name), "the lines grid's Add button", 80);
    await page.keyboard.press('Enter');
    await lines.locator('.RaSimpleFormIterator-line').first().waitFor();
    // the new line's first input takes the focus
    await expect.poll(async () => (await focused()).name).toMatch(/^Product/);
    await pick('');
    await tabTo((f) => f.tag === 'INPUT' && /^Quantity/.test(f.name), "the line's Quantity field");
    await page.keyboard.type('6');
    await tabTo((f) => f.tag === 'INPUT' && /^Unit price/.test(f.name), "the line's Unit price field");
    await page.keyboard.type('32.50');
    await page.keyboard.press('Tab');
    await lines.getByTestId('lines-totals').getByText('6.000').waitFor();
    await tabTo(named(/^Save$/), 'the Save button', 80);
    await page.keyboard.press('Enter');
    await expect.poll(path, { timeout: 15_000 }).toBe('/sales/invoices');
    const token = await accessToken(page);
    const companyId = await page.evaluate(() => localStorage.getItem('companyId'));
    const { invoices2 } = await api<{
      invoices2: { edges: { node: { number: string; lines: { quantity: number; unitPrice: number }[] } }[] };
    }>(
      token,
      companyId,
      `query($q: String) { invoices2(first: 5, parameters: { search: $q }) { edges { node { number lines { quantity unitPrice } } } } }`,
      { q: `KB-${stamp}` },
    );
    const saved = invoices2.edges.map((e) => e.node).find((n) => n.number === `KB-${stamp}`);
    expect(saved?.lines.map((l) => [Number(l.quantity), Number(l.unitPrice)])).toEqual([[6, 32.5]]);
  });

  it('works the alcohol calculator and closes it with Escape', async () => {
    await page.goto(`${BASE_URL}/dashboard`);
    await page.locator('#main-content').waitFor();
    await tabTo(named(/^Alcohol calculator$/), 'the calculator button', 30);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Alcohol calculator' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    await tabTo((f) => f.inDialog && /^Density \(kg\/m³\)$/.test(f.name), 'the Density field', 30);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('948.2');
    await tabTo((f) => f.inDialog && /^Gross weight \(kg\)$/.test(f.name), 'the Gross weight field', 30);
    await page.keyboard.type('1120');
    await tabTo((f) => f.inDialog && /^Tare \(kg\)$/.test(f.name), 'the Tare field', 10);
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await dialog.getByText('Net weight: 1,100.000 kg').waitFor();
    await expect.poll(() => dialog.getByTestId('calculator-laa').textContent()).not.toBe('—');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).name).toBe('Alcohol calculator');
  });

  it('opens the help panel, searches it and closes it', async () => {
    await tabTo(named(/^Help$/), 'the help button', 30);
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('help-panel');
    await panel.getByTestId('help-topics').waitFor();
    // the panel sits beside the screen (not modal): the next Tab stops are in it
    await tabTo((f) => f.inHelp && f.tag === 'INPUT', 'the help search', 6);
    await page.keyboard.type("angels' share");
    const results = panel.getByTestId('help-article-list');
    await results.getByText('Casks', { exact: true }).waitFor();
    await tabTo((f) => f.inHelp && /Casks/.test(f.text), 'the Casks result', 20);
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByTestId('help-article').locator('h2').textContent()).toBe('Casks');
    await tabTo((f) => f.inHelp && f.name === 'Close help', 'the Close help button', 20, true);
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.count()).toBe(0);
    // focus goes back to the button that opened the panel, not to the top of the page
    await expect.poll(async () => (await focused()).name).toBe('Help');
    // Escape closes it too
    await page.keyboard.press('Enter');
    await panel.getByTestId('help-topics').waitFor();
    await tabTo((f) => f.inHelp, 'the help panel', 6);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(async () => (await focused()).name).toBe('Help');
  });

  it('opens a confirmation dialog, cancels it with Escape, and deletes with Enter', async () => {
    const number = `KB-${stamp}`;
    const filter = encodeURIComponent(JSON.stringify({ q: number }));
    await page.goto(`${BASE_URL}/sales/invoices?filter=${filter}`);
    await page.getByRole('cell', { name: number }).waitFor();
    await skipToContent();
    // a row that opens its record is a Tab stop; Enter opens it
    await tabTo((f) => f.tag === 'TR' && f.text.startsWith(number), 'the invoice row', 60);
    await page.keyboard.press('Enter');
    await expect.poll(path).toMatch(/^\/sales\/invoices\/\d+$/);
    await page
      .getByLabel(/^Number/)
      .first()
      .waitFor();
    const del = await tabTo(named(/^Delete$/), 'the Delete button', 80);
    expect(del.tag).toBe('BUTTON');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const question = dialog.getByText(/^Are you sure you want to delete/);
    await question.waitFor();
    await expect.poll(async () => (await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // focus is back on the button that opened the dialog; Space opens it again
    await expect.poll(async () => (await focused()).name).toBe('Delete');
    await page.keyboard.press('Space');
    await question.waitFor();
    await tabTo((f) => f.inDialog && /^(Confirm|Delete|Yes)$/.test(f.name), 'the confirm button', 5);
    await page.keyboard.press('Enter');
    await expect.poll(path, { timeout: 15_000 }).toBe('/sales/invoices');
    await page.getByText(/No invoices found/i).waitFor();
  });
});
