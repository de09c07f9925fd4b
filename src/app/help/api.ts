// The help calls (spec 7): helpTopics, helpTopic(id, read), helpArticle(id, read), search(text),
// helpTicketCreate(input) and video(key). Reads count only when a person opens the view.
import { gqlCall } from '../shell/gql';

export interface HelpArticleLink {
  id: string;
  name: string;
}
export interface HelpArticle extends HelpArticleLink {
  updated: string;
  text: string;
  seeAlso: HelpArticleLink[];
  readCount: number;
  topicId: string;
  topicName: string;
}
export interface HelpTopic {
  id: string;
  name: string;
  icon: string;
  description: string;
  articleCount: number;
  readCount: number;
  articles: HelpArticle[];
}

const ARTICLE = 'id name updated text seeAlso { id name } readCount topicId topicName';
const TOPIC_SUMMARY = 'id name icon description articleCount readCount';

type Fetch = typeof fetch;

export const fetchTopics = (f: Fetch, locale: string) =>
  gqlCall<{ helpTopics: HelpTopic[] }>(
    f,
    `query HelpTopics($locale: String) { helpTopics(locale: $locale) { ${TOPIC_SUMMARY} articles { id } } }`,
    { locale },
  ).then((d) => d.helpTopics);

export const fetchTopic = (f: Fetch, id: string, locale: string, read: boolean) =>
  gqlCall<{ helpTopic: HelpTopic | null }>(
    f,
    `query HelpTopic($id: ID!, $read: Boolean, $locale: String) { helpTopic(id: $id, read: $read, locale: $locale) { ${TOPIC_SUMMARY} articles { ${ARTICLE} } } }`,
    { id, read, locale },
  ).then((d) => d.helpTopic);

export const fetchArticle = (f: Fetch, id: string, locale: string, read: boolean) =>
  gqlCall<{ helpArticle: HelpArticle | null }>(
    f,
    `query HelpArticle($id: ID!, $read: Boolean, $locale: String) { helpArticle(id: $id, read: $read, locale: $locale) { ${ARTICLE} } }`,
    { id, read, locale },
  ).then((d) => d.helpArticle);

export const searchHelp = (f: Fetch, text: string, locale: string) =>
  gqlCall<{ search: HelpArticle[] }>(
    f,
    `query HelpSearch($text: String!, $locale: String) { search(text: $text, locale: $locale) { ${ARTICLE} } }`,
    { text, locale },
  ).then((d) => d.search);

export const fetchVideo = (f: Fetch, key: string) =>
  gqlCall<{ video: string | null }>(
    f,
    'query HelpVideo($key: String!) { video(key: $key) }',
    { key },
    { silent: true },
  ).then((d) => d.video);

/** where a configured video plays on its own site (the help panel's button, the wizard's link) */
export { videoWatchUrl as videoUrl } from '../../shared/videos';

export const sendTicket = (f: Fetch, input: { subject: string; text: string }) =>
  gqlCall<{ helpTicketCreate: { id: string } }>(
    f,
    'mutation HelpTicketCreate($input: HelpTicketInput!) { helpTicketCreate(input: $input) { id } }',
    { input },
  );

export interface HelpTicket {
  id: string;
  subject: string;
  text: string;
  userName: string;
  userEmail: string;
  createdAt: string;
}

/** the company's Contact us messages, for its administrators (config.write) */
export const fetchTickets = (f: Fetch) =>
  gqlCall<{ helpTickets: HelpTicket[] }>(
    f,
    'query HelpTickets { helpTickets(first: 100) { id subject text userName userEmail createdAt } }',
  ).then((d) => d.helpTickets);
