// The help panel's constants and the Contact us rules (spec 5 and 9): subject required, at most
// 50 characters; text required, at most 1000; a form with a problem shows the invalid-form
// warning. The server checks the same limits (src/server/domain/help/tickets.ts). The messages
// are the app's validation keys, so the panel words them as every other form does.
import { VALIDATION_KEYS } from '../generic/validators';

export const HELP_PANEL_WIDTH = 400;
export const CONTACT_SUBJECT_MAX = 50;
export const CONTACT_TEXT_MAX = 1000;

export interface ContactForm {
  subject: string;
  text: string;
}

/** a field's problem: a translation key and its arguments */
export interface ContactProblem {
  message: string;
  args?: Record<string, unknown>;
}

/** Per field, the spec's message ('Required', 'Max length 50'); empty when the form may be sent. */
export function contactProblems(form: ContactForm): Partial<Record<keyof ContactForm, ContactProblem>> {
  const problems: Partial<Record<keyof ContactForm, ContactProblem>> = {};
  const check = (field: keyof ContactForm, max: number) => {
    const value = form[field];
    if (!value.trim()) problems[field] = { message: VALIDATION_KEYS.required };
    else if ([...value].length > max) problems[field] = { message: VALIDATION_KEYS.maxLength, args: { n: max } };
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
