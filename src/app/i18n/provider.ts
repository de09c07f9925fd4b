// react-admin i18nProvider on i18next (ra-i18n-i18next). The chosen language is kept in
// localStorage `locale` (spec 9).
import { useMemo } from 'react';
import { useI18nextProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'ra-core';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import {
  LOCALES,
  availableLocales,
  buildResources,
  isLocale,
  mergeTrees,
  type AppLocale,
  type GeneratedMessages,
} from './messages';
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

let options: object | undefined;
const optionsFor = (generated: GeneratedMessages) => {
  // built once: the hook initializes i18next on first use only
  options ??= {
    lng: initialLocale(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    resources: buildResources(generated),
    interpolation: { escapeValue: false },
    // server messages may contain ':'; they are shown as given when no key matches
    nsSeparator: false,
    returnObjects: false,
  };
  return options;
};

/** null until i18next is ready. */
export function useAppI18nProvider(generated: GeneratedMessages): I18nProvider | null {
  const provider = useI18nextProvider({ options: optionsFor(generated), availableLocales });
  return useMemo(() => {
    if (!provider) return null;
    const changeLocale = async (locale: string) => {
      await provider.changeLocale(locale);
      writeStored(STORAGE_KEYS.locale, locale);
      document.documentElement.lang = locale;
    };
    if (typeof document !== 'undefined') document.documentElement.lang = provider.getLocale();
    const translate: I18nProvider['translate'] = (key, options) =>
      registeredText(provider.getLocale(), key, options) ?? provider.translate(key, options);
    return { ...provider, translate, changeLocale };
  }, [provider]);
}
