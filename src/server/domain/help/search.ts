// Help search (spec 5: blank text finds nothing). Every word of the query must appear in the
// article's title or text (accents and case ignored); a word in the title weighs more than one
// in the text, so the article about a thing comes before the articles that mention it.
import { fold } from '../../../shared/text';
import type { HelpArticleEntry, LocaleLibrary } from './library';

/** the most articles one search answers */
export const MAX_HELP_RESULTS = 50;

export const searchWords = (text: string): string[] => [
  ...new Set(
    fold(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  ),
];

const occurrences = (haystack: string, word: string) => {
  let n = 0;
  for (let i = haystack.indexOf(word); i >= 0; i = haystack.indexOf(word, i + word.length)) n++;
  return n;
};

export function searchArticles(library: LocaleLibrary, text: string): HelpArticleEntry[] {
  const words = searchWords(text);
  if (!words.length) return [];
  const scored: { article: HelpArticleEntry; score: number }[] = [];
  for (const article of library.articleById.values()) {
    let score = 0;
    for (const word of words) {
      const inName = occurrences(article.folded.name, word);
      const inText = occurrences(article.folded.text, word);
      if (!inName && !inText) {
        score = -1;
        break;
      }
      score += inName * 10 + Math.min(inText, 10);
    }
    if (score > 0) scored.push({ article, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.article.name.localeCompare(b.article.name))
    .slice(0, MAX_HELP_RESULTS)
    .map((s) => s.article);
}
