import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { buildResources, mergeTrees, nestDottedKeys } from '../../src/app/i18n/messages';
import { appEnglish } from '../../src/app/i18n/en';
import { appFrench, raFrench } from '../../src/app/i18n/fr';
import { messages, INT_MAX } from '../../src/shared/messages';

type Tree = { [k: string]: unknown };
const leaves = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((t, k) => (t as Tree)?.[k], tree);
const polyglot = (text: string, args: Record<string, unknown>) =>
  text.replace(/%\{(\w+)\}/g, (_, k) => String(args[k]));

/** every feature's message trees, those its chunk registers when it loads included */
const featureMessages = import.meta.glob<Record<string, { en?: unknown; fr?: unknown }>>(
  '../../src/app/{pages/*,shell/*,widgets,help,scanner}/messages.ts',
  { eager: true },
);

describe('messages', () => {
  it("French covers every feature's keys, pages whose texts load with their chunk included", () => {
    const trees = Object.entries(featureMessages).flatMap(([file, exports]) =>
      Object.entries(exports).map(([name, tree]) => ({ name: `${file} ${name}`, tree })),
    );
    expect(trees.length).toBeGreaterThan(20);
    for (const { name, tree } of trees) {
      if (!tree?.en) continue;
      expect(leaves(tree.fr ?? {}).sort(), name).toEqual(leaves(tree.en).sort());
    }
  });
  it('French covers every react-admin and app key', () => {
    expect(leaves(raFrench).sort()).toEqual(leaves(englishMessages).sort());
    expect(leaves(appFrench).sort()).toEqual(leaves(appEnglish.app, 'app.').sort());
  });
  it('English texts are the spec texts of src/shared/messages', () => {
    const t = (key: string, args: Record<string, unknown> = {}) => polyglot(at(appEnglish, key) as string, args);
    expect(t('app.validation.required')).toBe(messages.required);
    expect(t('app.validation.max_length', { n: 40 })).toBe(messages.maxLength(40));
    expect(t('app.validation.email')).toBe(messages.invalidEmail);
    expect(t('app.validation.min', { min: 0 })).toBe(messages.mustBeAtLeast(0));
    expect(t('app.validation.max', { max: INT_MAX })).toBe(messages.mustBeAtMost(INT_MAX));
    expect(t('app.validation.out_of_range')).toBe(messages.outOfRange);
    expect(t('app.error.invalid_form')).toBe(messages.invalidForm);
    expect(t('app.error.internal_validation')).toBe(messages.internalValidation);
    expect(t('app.error.internal')).toBe(messages.internalError);
    expect(t('app.delete.success')).toBe(messages.deleteSuccessful);
    expect(t('app.permission.denied', { action: 'edit' })).toBe(messages.permissionDenied('edit'));
  });
  it('nests dotted keys so i18next can find them', () => {
    expect(nestDottedKeys({ values: { 'bom.per': { Bottle: 'Bottle' }, type: { A: 'a' } } })).toEqual({
      values: { bom: { per: { Bottle: 'Bottle' } }, type: { A: 'a' } },
    });
  });
  it('merges deeply, later wins', () => {
    expect(mergeTrees({ a: { b: 1, c: 2 } }, { a: { c: 3 } })).toEqual({ a: { b: 1, c: 3 } });
  });
  it('builds i18next resources with plural forms', () => {
    const r = buildResources({
      en: { resources: { customers: { name: 'Customer |||| Customers', values: { 'bom.per': { Case: 'Case' } } } } },
      fr: { resources: { customers: { name: 'Client |||| Clients' } } },
    });
    expect(at(r.en.translation, 'resources.customers.name_other')).toBe('Customers');
    expect(at(r.fr.translation, 'resources.customers.name_one')).toBe('Client');
    expect(at(r.en.translation, 'resources.customers.values.bom.per.Case')).toBe('Case');
    expect(at(r.en.translation, 'app.validation.max_length')).toBe('Max length {{n}}');
    expect(at(r.fr.translation, 'ra.action.save')).toBe('Enregistrer');
  });
});

describe('texts registered by a lazy feature', () => {
  it('interpolate and pick the plural form by each language rule', async () => {
    const { registerMessages, registeredText } = await import('../../src/app/i18n/provider');
    registerMessages({
      en: { lazyTest: { bottles: '%{smart_count} bottle |||| %{smart_count} bottles', hello: 'Hello %{name}' } },
      fr: { lazyTest: { bottles: '%{smart_count} bouteille |||| %{smart_count} bouteilles' } },
    });
    expect(registeredText('en', 'lazyTest.bottles', { smart_count: 1 })).toBe('1 bottle');
    expect(registeredText('en', 'lazyTest.bottles', { smart_count: 0 })).toBe('0 bottles');
    expect(registeredText('fr', 'lazyTest.bottles', { smart_count: 0 })).toBe('0 bouteille');
    expect(registeredText('fr', 'lazyTest.bottles', { smart_count: 2 })).toBe('2 bouteilles');
    expect(registeredText('en', 'lazyTest.hello', { name: 'Dana' })).toBe('Hello Dana');
    // missing in French: the English text, as i18next falls back; not registered: i18next answers
    expect(registeredText('fr', 'lazyTest.hello', { name: 'Dana' })).toBe('Hello Dana');
    expect(registeredText('en', 'app.validation.required')).toBeNull();
  });
});
