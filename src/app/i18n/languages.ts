// Each language's texts are a chunk of their own: the first page load fetches only the language
// it shows (stored `locale`, else the browser's, else English), before the first render; the
// other one is fetched when a person switches to it.
//
// English is i18next's fallback language, but a French page does not need it: French has every
// react-admin and app key (tests/app/i18n.test.ts) and every generated label (a schema file
// must give `fr`; a value without one reads as the value itself). The only texts that may lack
// French are feature modules' and pages', and those are in the entry chunk in both languages
// (resources.ts), so the fallback still finds their English.
import type { AppLocale } from './trees';
import type { LanguageTexts } from './resources';

const importers: Record<AppLocale, () => Promise<{ texts: LanguageTexts }>> = {
  en: () => import('./english'),
  fr: () => import('./french'),
};

const loading = new Map<AppLocale, Promise<LanguageTexts>>();

/** The language's texts; fetched once (a failed fetch may be tried again). */
export function loadLanguage(locale: AppLocale): Promise<LanguageTexts> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = importers[locale]().then(
      (module) => module.texts,
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}
