// The help panel's constants and the Contact us rules (spec 5 and 9): subject required, at most
// 50 characters; text required, at most 1000; a form with a problem shows the invalid-form
// warning. The server checks the same limits (src/server/domain/help/tickets.ts).
import { messages } from '../../shared/messages';

export const HELP_PANEL_WIDTH = 400;
export const CONTACT_SUBJECT_MAX = 50;
export const CONTACT_TEXT_MAX = 1000;
/** spec 9: the search waits this long after the last key */
export const HELP_SEARCH_DEBOUNCE_MS = 500;

export interface ContactForm {
  subject: string;
  text: string;
}

/** Per field, the spec's message; empty when the form may be sent. */
export function contactProblems(form: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const problems: Partial<Record<keyof ContactForm, string>> = {};
  const check = (field: keyof ContactForm, max: number) => {
    const value = form[field];
    if (!value.trim()) problems[field] = messages.required;
    else if ([...value].length > max) problems[field] = messages.maxLength(max);
  };
  check('subject', CONTACT_SUBJECT_MAX);
  check('text', CONTACT_TEXT_MAX);
  return problems;
}

export type ArticleSort = 'mostViewed' | 'mostRecent';

interface Sortable {
  name: string;
  readCount: number;
  updated: string;
}

/** Most viewed: highest read count first; Most recent: last revised first; then by name. */
export function sortArticles<T extends Sortable>(articles: readonly T[], sort: ArticleSort, locale = 'en'): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, locale);
  return [...articles].sort((a, b) =>
    sort === 'mostViewed'
      ? b.readCount - a.readCount || byName(a, b)
      : b.updated.localeCompare(a.updated) || byName(a, b),
  );
}
