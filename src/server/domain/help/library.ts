// The help library: the Markdown files under help/<locale>/<topic>/ read once, checked, and kept
// in memory (about a hundred small files). `_topic.md` in a topic folder names the topic; every
// other file is an article whose key is its file name. Both languages must hold the same topics
// and articles, and every See also must name an article that exists, so a broken link or a
// missing translation fails at load (and in the tests), not in front of a user.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '../../../shared/text';
import { listValue, parseFrontMatter } from './frontMatter';

export const HELP_LOCALES = ['en', 'fr'] as const;
export type HelpLocale = (typeof HELP_LOCALES)[number];

export const HELP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../help');

export interface HelpTopicEntry {
  id: string;
  name: string;
  icon: string;
  description: string;
  order: number;
  articleIds: string[];
}

export interface HelpArticleEntry {
  id: string;
  topicId: string;
  name: string;
  updated: string;
  seeAlso: string[];
  text: string;
  /** title and text folded (lower case, no accents) for search */
  folded: { name: string; text: string };
}

export interface LocaleLibrary {
  topics: HelpTopicEntry[];
  topicById: Map<string, HelpTopicEntry>;
  articleById: Map<string, HelpArticleEntry>;
}

export type HelpLibrary = Record<HelpLocale, LocaleLibrary>;

const KEY = /^[a-z0-9-]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function loadLocale(dir: string, locale: string): LocaleLibrary {
  const topics: HelpTopicEntry[] = [];
  const articleById = new Map<string, HelpArticleEntry>();
  const root = path.join(dir, locale);
  for (const topicId of readdirSync(root).sort()) {
    const folder = path.join(root, topicId);
    if (!KEY.test(topicId)) throw new Error(`help/${locale}/${topicId}: a topic folder name is lower-case-with-dashes`);
    const files = readdirSync(folder).sort();
    if (!files.includes('_topic.md')) throw new Error(`help/${locale}/${topicId}: _topic.md is missing`);
    const { meta } = parseFrontMatter(
      readFileSync(path.join(folder, '_topic.md'), 'utf8'),
      `help/${locale}/${topicId}/_topic.md`,
    );
    for (const k of ['name', 'icon', 'description'])
      if (!meta[k]) throw new Error(`help/${locale}/${topicId}/_topic.md: '${k}' is missing`);
    const topic: HelpTopicEntry = {
      id: topicId,
      name: meta.name,
      icon: meta.icon,
      description: meta.description,
      order: Number(meta.order ?? 100),
      articleIds: [],
    };
    for (const file of files.filter((f) => f.endsWith('.md') && f !== '_topic.md')) {
      const where = `help/${locale}/${topicId}/${file}`;
      const id = file.replace(/\.md$/, '');
      if (!KEY.test(id)) throw new Error(`${where}: an article file name is lower-case-with-dashes`);
      if (articleById.has(id)) throw new Error(`${where}: article '${id}' also exists in another topic`);
      const { meta: a, body } = parseFrontMatter(readFileSync(path.join(folder, file), 'utf8'), where);
      if (!a.title) throw new Error(`${where}: 'title' is missing`);
      if (!DAY.test(a.updated ?? '')) throw new Error(`${where}: 'updated' must be a yyyy-MM-dd day`);
      if (a.topic && a.topic !== topicId)
        throw new Error(`${where}: 'topic' says ${a.topic} but the file is in ${topicId}`);
      if (!body) throw new Error(`${where}: the article has no text`);
      articleById.set(id, {
        id,
        topicId,
        name: a.title,
        updated: a.updated,
        seeAlso: listValue(a.seeAlso),
        text: body,
        folded: { name: fold(a.title), text: fold(body) },
      });
      topic.articleIds.push(id);
    }
    topics.push(topic);
  }
  topics.sort((x, y) => x.order - y.order || x.id.localeCompare(y.id));
  for (const article of articleById.values())
    for (const other of article.seeAlso)
      if (!articleById.has(other))
        throw new Error(
          `help/${locale}/${article.topicId}/${article.id}.md: See also names '${other}', which does not exist`,
        );
  return { topics, topicById: new Map(topics.map((t) => [t.id, t])), articleById };
}

export function loadLibrary(dir = HELP_DIR): HelpLibrary {
  const [en, fr] = HELP_LOCALES.map((l) => loadLocale(dir, l));
  const keys = (l: LocaleLibrary) => [...l.articleById.keys()].sort().join(',');
  const topicKeys = (l: LocaleLibrary) => l.topics.map((t) => t.id).join(',');
  if (topicKeys(en) !== topicKeys(fr)) throw new Error('help/: en and fr must have the same topics');
  for (const [id, a] of en.articleById)
    if (fr.articleById.get(id)?.topicId !== a.topicId)
      throw new Error(`help/fr: article '${id}' is missing from ${a.topicId}`);
  if (keys(en) !== keys(fr)) throw new Error('help/en: en and fr must have the same articles');
  return { en, fr };
}

let cached: HelpLibrary | undefined;
/** The repository's library, read on first use. */
export const helpLibrary = (): HelpLibrary => (cached ??= loadLibrary());

export const helpLocale = (locale: unknown): HelpLocale | null =>
  locale === undefined || locale === null || locale === '' ? 'en' : (HELP_LOCALES.find((l) => l === locale) ?? null);
