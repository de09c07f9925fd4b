// The help centre as a domain module (spec 2.5, 3, 5, 7): topics and articles from the Markdown
// library (library.ts), read counts per company (reads.ts), search (search.ts), Contact us
// tickets (tickets.ts) and the configured videos (video.ts). Every member may read and write
// to us; only administrators (config.write, in the SDL) list the tickets.
import { MAX_SEARCH_LENGTH } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { resolver, type DomainModule } from '../kernel/module';
import { validationError } from '../kernel/errors';
import {
  HELP_LOCALES,
  helpLibrary,
  helpLocale,
  type HelpArticleEntry,
  type HelpLocale,
  type HelpTopicEntry,
} from './library';
import { countRead, readCounts, type ReadCounts as Counts } from './reads';
import { searchArticles } from './search';
import { createTicket, listTickets } from './tickets';
import { videoFor } from './video';

function localeOf(args: { locale?: string | null }): HelpLocale {
  const locale = helpLocale(args.locale);
  if (!locale) throw validationError({ locale: messages.invalidChoice(HELP_LOCALES) });
  return locale;
}

function articleAnswer(locale: HelpLocale, article: HelpArticleEntry, counts: Counts) {
  const library = helpLibrary()[locale];
  return {
    id: article.id,
    name: article.name,
    updated: article.updated,
    text: article.text,
    seeAlso: article.seeAlso.map((id) => ({ id, name: library.articleById.get(id)!.name })),
    readCount: counts.article.get(article.id) ?? 0,
    topicId: article.topicId,
    topicName: library.topicById.get(article.topicId)!.name,
  };
}

function topicAnswer(locale: HelpLocale, topic: HelpTopicEntry, counts: Counts) {
  const library = helpLibrary()[locale];
  const articles = topic.articleIds
    .map((id) => articleAnswer(locale, library.articleById.get(id)!, counts))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return {
    id: topic.id,
    name: topic.name,
    icon: topic.icon,
    description: topic.description,
    articleCount: articles.length,
    readCount: counts.topic.get(topic.id) ?? 0,
    articles,
  };
}

type WithLocale = { locale?: string | null };

export const helpModule: DomainModule = {
  name: 'help',
  query: {
    helpTopics: resolver<WithLocale>(async (_r, args, ctx) => {
      const locale = localeOf(args);
      const counts = await readCounts(await ctx.domain());
      return helpLibrary()[locale].topics.map((t) => topicAnswer(locale, t, counts));
    }),
    helpTopic: resolver<WithLocale & { id: string; read?: boolean | null }>(async (_r, args, ctx) => {
      const locale = localeOf(args);
      const topic = helpLibrary()[locale].topicById.get(args.id);
      if (!topic) return null;
      const domain = await ctx.domain();
      if (args.read) await countRead(domain, 'topic', topic.id);
      return topicAnswer(locale, topic, await readCounts(domain));
    }),
    helpArticle: resolver<WithLocale & { id: string; read?: boolean | null }>(async (_r, args, ctx) => {
      const locale = localeOf(args);
      const article = helpLibrary()[locale].articleById.get(args.id);
      if (!article) return null;
      const domain = await ctx.domain();
      if (args.read) await countRead(domain, 'article', article.id);
      return articleAnswer(locale, article, await readCounts(domain));
    }),
    search: resolver<WithLocale & { text: string }>(async (_r, args, ctx) => {
      const locale = localeOf(args);
      if ([...args.text].length > MAX_SEARCH_LENGTH)
        throw validationError({ text: messages.maxLength(MAX_SEARCH_LENGTH) });
      const found = searchArticles(helpLibrary()[locale], args.text);
      if (!found.length) return [];
      const counts = await readCounts(await ctx.domain());
      return found.map((a) => articleAnswer(locale, a, counts));
    }),
    video: resolver<{ key: string }>((_r, args) => videoFor(args.key)),
    helpTickets: resolver<{ first?: number | null }>(async (_r, args, ctx) =>
      listTickets(await ctx.domain(), args.first ?? 100),
    ),
  },
  mutation: {
    helpTicketCreate: resolver<{ input: { subject?: string | null; text?: string | null } }>(async (_r, args, ctx) =>
      createTicket(await ctx.domain(), args.input),
    ),
  },
};
