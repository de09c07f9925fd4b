// The help centre through the API, on PGlite and PostgreSQL (spec 2.5, 3, 5, 7; issue 17):
// every schema file's help key has an article in English and French; topics and articles;
// search (every word, accents and case ignored, title first; blank finds nothing; bounded);
// read counts per company; Contact us with the spec's limits and messages, tickets listed for
// the company's administrators only; video(key) from the configuration, null without one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { forgetVideos } from '../../src/server/domain/help/video';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../schema');

/** every `help` key of the entity files, read from the files themselves (not from the code under test) */
function schemaHelpKeys(): { key: string; file: string }[] {
  const keys: { key: string; file: string }[] = [];
  for (const area of readdirSync(SCHEMA_DIR, { withFileTypes: true })) {
    if (!area.isDirectory() || area.name === 'meta' || area.name === 'graphql') continue;
    for (const file of readdirSync(path.join(SCHEMA_DIR, area.name)).filter((f) => f.endsWith('.json'))) {
      const entity = JSON.parse(readFileSync(path.join(SCHEMA_DIR, area.name, file), 'utf8')) as { help?: string };
      if (entity.help) keys.push({ key: entity.help, file: `${area.name}/${file}` });
    }
  }
  return keys;
}

type Errors = { message: string; extensions: { code: string; info: Record<string, unknown> } }[] | undefined;
interface Article {
  id: string;
  name: string;
  updated: string;
  text: string;
  seeAlso: { id: string; name: string }[];
  readCount: number;
  topicId: string;
  topicName: string;
}
interface Topic {
  id: string;
  name: string;
  icon: string;
  description: string;
  articleCount: number;
  readCount: number;
  articles: Article[];
}

const ARTICLE = '{ id name updated text seeAlso { id name } readCount topicId topicName }';
const TOPIC = `{ id name icon description articleCount readCount articles ${ARTICLE} }`;

describe.each(backends)('help centre on %s', (backend) => {
  let api: TestApi;
  let admin: { companyId: string; token: string; userId: string };
  let seller: { token: string; userId: string };
  let other: { companyId: string; token: string; userId: string };

  const call = async <T = Record<string, unknown>>(
    co: { companyId: string },
    token: string,
    query: string,
    variables?: Record<string, unknown>,
  ) => {
    const r = await api.gql<T>(co.companyId, query, variables, token);
    return { data: r.body.data, errors: r.body.errors as Errors };
  };
  const ok = async <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ) => {
    const r = await call<T>(admin, token ?? admin.token, query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const article = async (id: string, locale = 'en', read = false, token?: string) =>
    (
      await ok<{ helpArticle: Article | null }>(
        `query($id: ID!, $read: Boolean, $locale: String) { helpArticle(id: $id, read: $read, locale: $locale) ${ARTICLE} }`,
        { id, read, locale },
        token,
      )
    ).helpArticle;
  const search = (text: string, locale = 'en') =>
    call<{ search: Article[] }>(
      admin,
      admin.token,
      'query($text: String!, $locale: String) { search(text: $text, locale: $locale) { id name } }',
      { text, locale },
    );
  const sendTicket = (input: Record<string, unknown>, token = admin.token) =>
    call<{ helpTicketCreate: Record<string, unknown> }>(
      admin,
      token,
      'mutation($input: HelpTicketInput!) { helpTicketCreate(input: $input) { id subject text userId createdAt } }',
      { input },
    );

  beforeAll(async () => {
    api = await startApi(backend);
    admin = await makeMember(api, ['config.read', 'config.write', 'selling.read']);
    const sellerMember = await makeMember(api, ['selling.read']);
    // the seller joins the admin's company with selling only
    const { membershipTable } = await import('../../src/generated/tables');
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: admin.companyId, user: sellerMember.userId, permissions: ['selling.read'] });
    seller = sellerMember;
    other = await makeMember(api, ['config.read', 'config.write']);
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(() => {
    delete process.env.HELP_VIDEOS;
    forgetVideos();
  });

  it('has an English and a French article for every help key of the schema files', async () => {
    const keys = schemaHelpKeys();
    // about fifty screens link to help (issue 17); a drop to none would make this test empty
    expect(keys.length).toBeGreaterThanOrEqual(45);
    const missing: string[] = [];
    for (const { key, file } of keys)
      for (const locale of ['en', 'fr']) {
        const a = await article(key, locale);
        if (!a || !a.name || a.text.length < 200) missing.push(`${file}: ${key} (${locale})`);
      }
    expect(missing).toEqual([]);
  });

  it('answers the topics with their articles, in both languages', async () => {
    const en = (await ok<{ helpTopics: Topic[] }>(`{ helpTopics ${TOPIC} }`)).helpTopics;
    const fr = (await ok<{ helpTopics: Topic[] }>(`{ helpTopics(locale: "fr") ${TOPIC} }`)).helpTopics;
    // the topics the brief asks for, getting started first
    expect(en.map((t) => t.id)).toEqual([
      'getting-started',
      'production',
      'equipment',
      'inventory',
      'alcohol',
      'sales',
      'purchasing',
      'planning',
      'reports',
      'settings',
    ]);
    expect(fr.map((t) => t.id)).toEqual(en.map((t) => t.id));
    expect(en[0].name).toBe('Getting started');
    expect(fr[0].name).toBe('Premiers pas');
    for (const t of en) {
      expect(t.articleCount).toBe(t.articles.length);
      expect(t.articleCount).toBeGreaterThan(0);
      expect(t.icon).toMatch(/^[A-Z][A-Za-z]+$/);
      for (const a of t.articles) expect(a.topicName).toBe(t.name);
    }
    // an article's See also names articles that exist, with their titles
    const bottling = await article('production-bottling');
    expect(bottling!.seeAlso.map((s) => s.id)).toEqual(['inventory-products', 'production-packing', 'excise-returns']);
    expect(bottling!.seeAlso[0].name).toBe('Products');
    expect(bottling!.topicName).toBe('Production');
    expect(bottling!.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await article('production-bottling', 'fr'))!.name).toBe('Embouteillage');
    // an unknown id is null, not an error
    expect(await article('no-such-article')).toBeNull();
    expect(await article('x'.repeat(5000))).toBeNull();
  });

  it('searches every word, ignoring accents and case, titles first; blank text finds nothing', async () => {
    // "Maintenance log" is one article's title; the schedules article mentions it in its text
    const log = await search('maintenance LOG');
    expect(log.errors).toBeUndefined();
    expect(log.data!.search[0].id).toBe('equipment-maintenance-log');
    expect(log.data!.search.map((a) => a.id)).toContain('equipment-maintenance');
    // "angels' share" is written once, in the casks article
    expect((await search("angels' share")).data!.search.map((a) => a.id)).toEqual(['inventory-casks']);
    // French: "Entrepot" finds the texts that write "entrepôt"
    const fr = (await search('Entrepot', 'fr')).data!.search.map((a) => a.id);
    expect(fr).toContain('excise-licences');
    expect(fr).toContain('production-bottling');
    // every word must match
    expect((await search('angels zzzqqq')).data!.search).toEqual([]);
    for (const blank of ['', '   ', ' \t ', '!?…'])
      expect((await search(blank)).data!.search, JSON.stringify(blank)).toEqual([]);
    const long = await search('a'.repeat(201));
    expect(long.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(long.errors?.[0].extensions.info.fields).toEqual({ text: 'Max length 200' });
    expect((await search('a'.repeat(200))).errors).toBeUndefined();
    const badLocale = await search('tank', 'de');
    expect(badLocale.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('counts reads per company, only when read is true', async () => {
    expect((await article('sales-invoices'))!.readCount).toBe(0);
    expect((await article('sales-invoices', 'en', true))!.readCount).toBe(1);
    // French and English readings count together: one article
    expect((await article('sales-invoices', 'fr', true))!.readCount).toBe(2);
    // looking without reading does not count
    expect((await article('sales-invoices'))!.readCount).toBe(2);
    // the seller of the same company counts for the company
    expect((await article('sales-invoices', 'en', true, seller.token))!.readCount).toBe(3);
    // another company has its own counts
    const elsewhere = await call<{ helpArticle: Article }>(
      other,
      other.token,
      '{ helpArticle(id: "sales-invoices") { readCount } }',
    );
    expect(elsewhere.data!.helpArticle.readCount).toBe(0);
    // a topic counts its own openings; its article list carries the articles' counts
    const topicQuery =
      'query($read: Boolean) { helpTopic(id: "sales", read: $read) { readCount articles { id readCount } } }';
    const first = (await ok<{ helpTopic: Topic }>(topicQuery, { read: true })).helpTopic;
    expect(first.readCount).toBe(1);
    expect(first.articles.find((a) => a.id === 'sales-invoices')!.readCount).toBe(3);
    expect((await ok<{ helpTopic: Topic }>(topicQuery, { read: true })).helpTopic.readCount).toBe(2);
    expect((await ok<{ helpTopic: Topic }>(topicQuery, { read: false })).helpTopic.readCount).toBe(2);
    expect(
      (await ok<{ helpTopic: Topic | null }>('{ helpTopic(id: "nope", read: true) { id } }')).helpTopic,
    ).toBeNull();
  });

  it('refuses a ticket with the spec messages (subject 50, text 1000) and keeps a good one', async () => {
    const fields = async (input: Record<string, unknown>) => {
      const r = await sendTicket(input);
      expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
      return r.errors?.[0].extensions.info.fields;
    };
    expect(await fields({ subject: '', text: '' })).toEqual({ subject: 'Required', text: 'Required' });
    expect(await fields({ subject: '   ', text: 'Help' })).toEqual({ subject: 'Required' });
    expect(await fields({ text: 'Help' })).toEqual({ subject: 'Required' });
    expect(await fields({ subject: 's'.repeat(51), text: 'Help' })).toEqual({ subject: 'Max length 50' });
    expect(await fields({ subject: 'Hi', text: 't'.repeat(1001) })).toEqual({ text: 'Max length 1000' });
    // the limits themselves pass; accented letters count as one character each
    const good = await sendTicket({ subject: 'é'.repeat(50), text: 't'.repeat(1000) });
    expect(good.errors).toBeUndefined();
    expect(good.data!.helpTicketCreate).toMatchObject({ subject: 'é'.repeat(50), userId: admin.userId });
    const bySeller = await sendTicket({ subject: 'Bottling question', text: 'How do I bottle in bond?' }, seller.token);
    expect(bySeller.errors).toBeUndefined();

    // administrators of the company list them, newest first, with the sender
    const list = await ok<{ helpTickets: { subject: string; userId: string; userName: string; createdAt: string }[] }>(
      '{ helpTickets { subject text userId userName userEmail createdAt } }',
    );
    expect(list.helpTickets.map((t) => t.subject)).toEqual(['Bottling question', 'é'.repeat(50)]);
    expect(list.helpTickets[0].userId).toBe(seller.userId);
    expect(list.helpTickets[0].userName).toBe('Test user');
    expect(Date.parse(list.helpTickets[0].createdAt)).not.toBeNaN();
    // not the seller (no config.write), and not another company's administrator
    const denied = await call(admin, seller.token, '{ helpTickets { id } }');
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const elsewhere = await call<{ helpTickets: unknown[] }>(other, other.token, '{ helpTickets { id } }');
    expect(elsewhere.data!.helpTickets).toEqual([]);
  });

  it('answers the configured video id, or null', async () => {
    expect((await ok<{ video: string | null }>('{ video(key: "setup") }')).video).toBeNull();
    process.env.HELP_VIDEOS = '{"setup":"a1B2c3D4e5F"}';
    forgetVideos();
    expect((await ok<{ video: string | null }>('{ video(key: "setup") }')).video).toBe('a1B2c3D4e5F');
    expect((await ok<{ video: string | null }>('{ video(key: "workflow") }')).video).toBeNull();
  });

  it('needs a member of the company', async () => {
    const r = await call(admin, other.token, '{ helpTopics { id } }');
    expect(r.errors?.[0].extensions.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
  });
});
