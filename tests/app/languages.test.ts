// One language at a time: the app starts with the texts of the language it shows, and switching
// fetches the other's before i18next changes language. Expected texts are the schema's labels
// (schema/sales/customer.json: fr "Client"/"Clients", en derived "Customer"/"Customers") and
// react-admin's (ra-language-english: "1 item selected |||| %{smart_count} items selected";
// its French in src/app/i18n/fr.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../src/app/i18n/languages';
import { appI18nProvider } from '../../src/app/i18n/provider';
import { resourcesOf } from '../../src/app/i18n/resources';

type Tree = { [k: string]: unknown };
const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((t, k) => (t as Tree)?.[k], tree);

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('languages', () => {
  beforeAll(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterAll(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('each language chunk holds only its own texts', async () => {
    const fr = await loadLanguage('fr');
    const resources = resourcesOf({ fr });
    expect(at(resources.fr.translation, 'resources.customers.name_one')).toBe('Client');
    expect(at(resources.fr.translation, 'ra.action.save')).toBe('Enregistrer');
    // English not loaded: only the feature modules' texts (in the entry chunk) are there
    expect(at(resources.en.translation, 'ra.action.save')).toBeUndefined();
    expect(at(resources.en.translation, 'resources.customers')).toBeUndefined();
    expect(at(resources.en.translation, 'app.calculator.title')).toBe('Alcohol calculator');
  });

  it('starts in the stored language and fetches the other on switch', async () => {
    localStorage.setItem('locale', 'fr');
    const provider = appI18nProvider({ fr: await loadLanguage('fr') });
    expect(provider.getLocale()).toBe('fr');
    expect(provider.translate('resources.customers.name', { smart_count: 2 })).toBe('Clients');
    // fr.ts: '%{smart_count} élément sélectionné |||| %{smart_count} éléments sélectionnés'
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('2 éléments sélectionnés');
    // French counts 0 in the singular ("0 tâche"), so the singular form says its number too: a
    // badge showing 0 must not be named "1 tâche en attente" (axe: label-content-name-mismatch)
    expect(provider.translate('app.tasks.outstanding', { smart_count: 0 })).toBe('0 tâche en attente');
    expect(provider.translate('no.such.key', { _: 'As given' })).toBe('As given');
    await provider.changeLocale('en');
    expect(provider.getLocale()).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(provider.translate('resources.customers.name', { smart_count: 1 })).toBe('Customer');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
    await provider.changeLocale('fr');
    expect(provider.translate('ra.action.save')).toBe('Enregistrer');
  });
});
