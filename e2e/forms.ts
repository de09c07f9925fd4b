// The react-admin form helpers the e2e specs share (one copy, not one a spec): a field found by
// its English label, typed into, or picked in a select or autocomplete, as a person would.
import type { Locator, Page } from 'playwright-core';
import { generatedMessages } from '../src/generated/i18n';

/** A field's English label (of a line when `line` is given) from the generated messages, as a regex on its start: specs name fields by key, and a required field's label ends in ' *'. */
export function L(resource: string, field: string, line?: string): RegExp {
  const fields = (generatedMessages.en as unknown as { resources: Record<string, { fields: Record<string, unknown> }> })
    .resources[resource].fields;
  const value = line ? (fields[line] as Record<string, string>)[field] : fields[field];
  if (typeof value !== 'string') throw new Error(`no label for ${resource}.${line ? `${line}.` : ''}${field}`);
  return new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** The page a scope is on: the option list opens in a popup outside the scope, and the keyboard is the page's. */
function pageOf(scope: Page | Locator): Page {
  return 'keyboard' in scope ? scope : scope.page();
}

/** Types into the input labelled `label` in the scope, the first one: a scope can show a label twice. */
export async function fill(scope: Page | Locator, label: RegExp, value: string): Promise<void> {
  await scope.getByLabel(label).first().fill(value);
}

/** Picks `option` (or the first option) in an enum (MUI select) or reference (autocomplete) input, typing to narrow an autocomplete, as the two open differently. */
export async function choose(scope: Page | Locator, label: RegExp, option?: string): Promise<void> {
  const page = pageOf(scope);
  const box = scope.getByRole('combobox', { name: label }).first();
  await box.click();
  // an autocomplete keeps the focus in its text box: type to narrow it; a select shows its menu
  const typed = await page.evaluate(() => document.activeElement?.tagName === 'INPUT');
  if (typed && option) await page.keyboard.type(option);
  const options = page.getByRole('option');
  if (
    !(await options
      .first()
      .isVisible({ timeout: 3_000 })
      .catch(() => false))
  )
    await page.keyboard.press('ArrowDown');
  await options.first().waitFor();
  if (option) await options.filter({ hasText: option }).first().click();
  else await options.first().click();
  if (typed) await page.keyboard.press('Tab');
}

/** Picks the option named exactly `option` in a reference (autocomplete) or enum (select) input: for options whose names contain each other (hour 1 and 11). */
export async function chooseExact(scope: Page | Locator, label: RegExp, option: string): Promise<void> {
  const page = pageOf(scope);
  const box = scope.getByRole('combobox', { name: label }).first();
  await box.click();
  const typed = await page.evaluate(() => document.activeElement?.tagName === 'INPUT');
  if (typed) await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** Adds a line to the lines input `field` and answers the new line's scope: the one after the lines there before, not the first. */
export async function addLine(page: Page, field: string): Promise<Locator> {
  const container = page.locator(`.ra-input-${field}`).first();
  const before = await container.locator('.RaSimpleFormIterator-line').count();
  await container.getByRole('button', { name: /^Add$/ }).last().click();
  const line = container.locator('.RaSimpleFormIterator-line').nth(before);
  await line.waitFor();
  return line;
}
