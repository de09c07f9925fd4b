// Both languages at once, from the hand-written texts and the generated labels given: for tests
// and tools that compare the languages. The app loads one language at a time (languages.ts) and
// builds its resources with resources.ts; this module is not in the browser bundle.
import englishMessages from 'ra-language-english';
import { appEnglish } from './en';
import { appFrench, raFrench } from './fr';
import { resourcesOf, type LoadedLanguages } from './resources';

export { LOCALES, availableLocales, isLocale, mergeTrees, nestDottedKeys, type AppLocale } from './trees';

/** The languages loaded before the first render, as main.tsx hands them to App. */
export type GeneratedMessages = LoadedLanguages;

/** i18next resources for both languages. */
export function buildResources(generated: { en: object; fr: object }) {
  return resourcesOf({
    en: { handWritten: [englishMessages, appEnglish], generated: generated.en },
    fr: { handWritten: [raFrench, appFrench], generated: generated.fr },
  });
}
