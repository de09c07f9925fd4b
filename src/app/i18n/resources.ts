// One language's i18next resources: react-admin's and the app's hand-written texts, the texts
// of feature modules and eagerly listed pages, and the generated entity labels, merged (later
// wins) and converted to i18next's format.
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { customPages } from '../pages/registry';
import { messageModules } from './modules';
import { LOCALES, mergeTrees, nestDottedKeys, type AppLocale, type Tree } from './trees';

/** What a language module (english.ts, french.ts) brings. */
export interface LanguageTexts {
  /** react-admin's texts, then the app's */
  handWritten: object[];
  /** src/generated/i18n.<lang>.ts: `resources.<plural>.name|fields|values` */
  generated: object;
}

/** Languages loaded so far; a language not loaded has only the feature modules' texts. */
export type LoadedLanguages = Partial<Record<AppLocale, LanguageTexts>>;

/** The feature modules' and eager pages' texts: in the entry chunk, in both languages. */
const featureTexts = (locale: AppLocale): Tree[] =>
  [...customPages.map((p) => p.messages ?? { en: {}, fr: {} }), ...messageModules].map((m) => m[locale]);

export function languageResources(locale: AppLocale, texts: LanguageTexts | undefined) {
  const tree = mergeTrees(
    ...(texts?.handWritten ?? []),
    ...featureTexts(locale),
    ...(texts ? [nestDottedKeys(texts.generated)] : []),
  );
  return { translation: convertRaTranslationsToI18next(tree) };
}

/** i18next resources of every language, loaded or not (see LoadedLanguages). */
export function resourcesOf(loaded: LoadedLanguages) {
  return Object.fromEntries(LOCALES.map((locale) => [locale, languageResources(locale, loaded[locale])])) as Record<
    AppLocale,
    ReturnType<typeof languageResources>
  >;
}
