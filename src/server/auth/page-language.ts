import { readCookie } from '../http/cookies';

export type Language = 'en' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** Cookie remembering the language picked on the sign-in pages (scoped to the issuer path). */
export const LANGUAGE_COOKIE = 'lang';

const asLanguage = (value: unknown): Language | undefined => {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
};

/** First supported language of an Accept-Language header, by quality then order. */
function fromAcceptLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = asLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

export interface LanguageSources {
  /** ?lang= on the page's own URL: an explicit choice (the switch link). */
  query?: unknown;
  cookieHeader?: string;
  /** OIDC ui_locales sent by the client app (space-separated, in preference order). */
  uiLocales?: unknown;
  acceptLanguage?: string;
}

/** lang query, else lang cookie, else the app's ui_locales, else Accept-Language, else English. */
export function pickLanguage(sources: LanguageSources): Language {
  const fromUiLocales =
    typeof sources.uiLocales === 'string' ? sources.uiLocales.split(' ').map(asLanguage).find(Boolean) : undefined;
  return (
    asLanguage(sources.query) ??
    asLanguage(readCookie(sources.cookieHeader, LANGUAGE_COOKIE)) ??
    fromUiLocales ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    'en'
  );
}

export function explicitLanguage(query: unknown): Language | undefined {
  return asLanguage(query);
}
