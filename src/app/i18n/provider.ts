// react-admin i18nProvider on i18next (texts converted by ra-i18n-i18next). The chosen language
// is kept in localStorage `locale` (spec 9). Only the languages loaded before the first render are in
// i18next at start (main.tsx loads the chosen one); switching language fetches the other's
// texts first (languages.ts), so nothing shows untranslated keys meanwhile.
import { useMemo } from 'react';
import { createInstance } from 'i18next';
import type { I18nProvider } from 'ra-core';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { LOCALES, availableLocales, isLocale, mergeTrees, type AppLocale } from './trees';
import { languageResources, resourcesOf, type LoadedLanguages } from './resources';
import { loadLanguage } from './languages';
import type { PageMessages } from '../pages/registry';

type Tree = { [key: string]: unknown };
const registered: Record<AppLocale, Tree> = { en: {}, fr: {} };

/**
 * Adds a feature's texts (both languages) once its code loads: a page folder whose screens
 * are lazy keeps its messages out of the first page load by calling this from a module its
 * screens import (`./register.ts`), instead of listing them on its `CustomPage`. They are
 * read before i18next's resources, in react-admin's syntax (%{name}, smart_count forms
 * separated by ||||).
 */
export function registerMessages(messages: PageMessages): void {
  for (const locale of LOCALES) registered[locale] = mergeTrees(registered[locale], messages[locale]);
}

export function registeredText(locale: string, key: string, options: Record<string, unknown> = {}): string | null {
  const find = (tree: Tree) => key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
  // a text missing in French falls back to English, as i18next's fallbackLng does
  const found = find(registered[isLocale(locale) ? locale : 'en']) ?? find(registered.en);
  if (typeof found !== 'string') return null;
  let text = found;
  if (text.includes('||||') && options.smart_count !== undefined) {
    const forms = text.split('||||').map((f) => f.trim());
    const n = Number(options.smart_count);
    // polyglot's rules: French counts 0 and 1 as one, English only 1
    text = forms[Math.min(forms.length - 1, (locale === 'fr' ? n < 2 : n === 1) ? 0 : 1)];
  }
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    options[name] === undefined ? whole : String(options[name]),
  );
}

export function initialLocale(): 'en' | 'fr' {
  const stored = readStored(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language?.slice(0, 2) : undefined;
  return isLocale(browser) ? browser : 'en';
}

// Our own provider on i18next rather than ra-i18n-i18next's hook: a language fetched after
// start must be added to the i18next instance, which the hook keeps to itself (and its nested
// i18next copy does not match the app's). Same translate rules as the hook: `_` is the default
// text, `smart_count` picks the plural form.
const i18nextInstance = createInstance();
const complete = new Set<AppLocale>();
let provider: I18nProvider | undefined;

/** Fetches a language's texts into i18next unless they are there. */
async function ensureLanguage(locale: AppLocale): Promise<void> {
  if (complete.has(locale)) return;
  const { translation } = languageResources(locale, await loadLanguage(locale));
  i18nextInstance.addResourceBundle(locale, 'translation', translation, true, true);
  complete.add(locale);
}

const setDocumentLanguage = (locale: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

/** Built once: i18next starts synchronously with the languages loaded before the first render. */
export function appI18nProvider(loaded: LoadedLanguages): I18nProvider {
  if (provider) return provider;
  for (const locale of LOCALES) if (loaded[locale]) complete.add(locale);
  void i18nextInstance.init({
    lng: initialLocale(),
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    resources: resourcesOf(loaded),
    initAsync: false,
    interpolation: { escapeValue: false },
    // server messages may contain ':'; they are shown as given when no key matches
    nsSeparator: false,
    returnObjects: false,
  });
  const getLocale = () => i18nextInstance.language;
  provider = {
    translate: (key, options = {}) => {
      const registeredHit = registeredText(getLocale(), key, options);
      if (registeredHit !== null) return registeredHit;
      const { _: defaultValue, ...rest } = options;
      return String(i18nextInstance.t(key, { defaultValue, count: options.smart_count, ...rest }));
    },
    changeLocale: async (locale: string) => {
      if (isLocale(locale)) await ensureLanguage(locale);
      await i18nextInstance.changeLanguage(locale);
      writeStored(STORAGE_KEYS.locale, locale);
      setDocumentLanguage(locale);
    },
    getLocale,
    getLocales: () => availableLocales,
  };
  setDocumentLanguage(getLocale());
  return provider;
}

/** `loaded`: the languages fetched before the first render (main.tsx). */
export function useAppI18nProvider(loaded: LoadedLanguages): I18nProvider {
  return useMemo(() => appI18nProvider(loaded), [loaded]);
}
