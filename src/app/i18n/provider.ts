// react-admin i18nProvider on i18next (ra-i18n-i18next). The chosen language is kept in
// localStorage `locale` (spec 9).
import { useMemo } from 'react';
import { useI18nextProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'ra-core';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { availableLocales, buildResources, isLocale, type GeneratedMessages } from './messages';

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
    return { ...provider, changeLocale };
  }, [provider]);
}
