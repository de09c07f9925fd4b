// The help library's file format and rules (src/server/domain/help): front matter, the checks
// made when the library loads (missing fields, broken See also, a language missing an article),
// search, the contact form's limits (server and panel alike), the article sort, and videos.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listValue, parseFrontMatter } from '../../src/server/domain/help/frontMatter';
import { loadLibrary } from '../../src/server/domain/help/library';
import { searchArticles, searchWords } from '../../src/server/domain/help/search';
import { ticketProblems } from '../../src/server/domain/help/tickets';
import { parseVideos } from '../../src/server/domain/help/video';
import { contactProblems, sortArticles } from '../../src/app/help/rules';
import { VALIDATION_KEYS } from '../../src/app/generic/validators';

const article = (title: string, body: string, seeAlso = '') =>
  `---\ntitle: ${title}\nupdated: 2026-01-15\nseeAlso: ${seeAlso}\n---\n\n${body}\n`;
const topic = (name: string) => `---\nname: ${name}\nicon: Factory\ndescription: About ${name}\norder: 1\n---\n`;

/** a library folder: files by path under it */
function library(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'help-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const good = {
  'en/production/_topic.md': topic('Production'),
  'en/production/tanks.md': article('Tanks', 'Tanks hold **bulk** spirit.', 'stills'),
  'en/production/stills.md': article('Stills', 'A still makes spirit from wash in tanks.'),
  'fr/production/_topic.md': topic('Production'),
  'fr/production/tanks.md': article('Cuves', "Les cuves contiennent l'alcool en vrac. Entrepôt.", 'stills'),
  'fr/production/stills.md': article('Alambics', 'Un alambic.'),
};

describe('help front matter', () => {
  it('reads key: value lines and the body', () => {
    expect(parseFrontMatter('---\ntitle: A: b\nseeAlso: x, y\n# note\n---\n\nBody\n')).toEqual({
      meta: { title: 'A: b', seeAlso: 'x, y' },
      body: 'Body',
    });
    expect(listValue(' x , y,, ')).toEqual(['x', 'y']);
    expect(listValue('')).toEqual([]);
    expect(parseFrontMatter("---\ntitle: 'Quoted'\n---\nB").meta.title).toBe('Quoted');
  });
  it('refuses a file without front matter, unclosed, or with a bad line', () => {
    expect(() => parseFrontMatter('# Title', 'a.md')).toThrow("a.md: must start with a '---' front matter line");
    expect(() => parseFrontMatter('---\ntitle: x\n', 'a.md')).toThrow('no closing');
    expect(() => parseFrontMatter('---\njust words\n---\n', 'a.md')).toThrow("line 2 is not 'key: value'");
    expect(() => parseFrontMatter('---\na: 1\na: 2\n---\n', 'a.md')).toThrow("'a' is given twice");
  });
});

describe('help library', () => {
  it('loads topics and articles in both languages', () => {
    const lib = loadLibrary(library(good));
    expect(lib.en.topics.map((t) => [t.id, t.name, t.articleIds])).toEqual([
      ['production', 'Production', ['stills', 'tanks']],
    ]);
    expect(lib.fr.articleById.get('tanks')).toMatchObject({
      name: 'Cuves',
      seeAlso: ['stills'],
      updated: '2026-01-15',
    });
  });
  it('fails on a broken See also, a missing translation, a missing title or date', () => {
    expect(() =>
      loadLibrary(library({ ...good, 'en/production/tanks.md': article('Tanks', 'Text', 'casks') })),
    ).toThrow("See also names 'casks', which does not exist");
    const { ['fr/production/stills.md']: _gone, ...noFrench } = good;
    void _gone;
    expect(() => loadLibrary(library({ ...noFrench, 'fr/production/tanks.md': article('Cuves', 'x') }))).toThrow(
      "help/fr: article 'stills' is missing from production",
    );
    expect(() =>
      loadLibrary(library({ ...good, 'en/production/x.md': '---\nupdated: 2026-01-01\n---\nText' })),
    ).toThrow("'title' is missing");
    expect(() => loadLibrary(library({ ...good, 'en/production/x.md': '---\ntitle: X\n---\nText' }))).toThrow(
      "'updated' must be a yyyy-MM-dd day",
    );
  });
  it('searches every word, accents and case ignored, title matches first', () => {
    const lib = loadLibrary(library(good));
    // "tanks" is the title of one and in the text of the other: the titled one comes first
    expect(searchArticles(lib.en, 'TANKS').map((a) => a.id)).toEqual(['tanks', 'stills']);
    expect(searchArticles(lib.en, 'tanks wash').map((a) => a.id)).toEqual(['stills']);
    expect(searchArticles(lib.fr, 'entrepot').map((a) => a.id)).toEqual(['tanks']);
    expect(searchArticles(lib.en, '  ')).toEqual([]);
    expect(searchWords("Angel's share, ANGEL'S")).toEqual(['angel', 's', 'share']);
  });
});

describe('contact form limits (server and panel)', () => {
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ['both empty', { subject: '', text: '' }, { subject: 'Required', text: 'Required' }],
    ['blank subject', { subject: ' ', text: 'x' }, { subject: 'Required' }],
    ['subject of 51', { subject: 'x'.repeat(51), text: 'x' }, { subject: 'Max length 50' }],
    ['text of 1001', { subject: 'x'.repeat(50), text: 'x'.repeat(1001) }, { text: 'Max length 1000' }],
    ['50 accented letters and 1000', { subject: 'é'.repeat(50), text: 'x'.repeat(1000) }, {}],
  ];
  // the panel gives the app's validation keys, which the app's texts word as the spec's
  // messages ('Required' <- app.validation.required, 'Max length 50' <- app.validation.max_length
  // with n 50): each expected message mapped by hand to its key
  const asKey = (message: string) =>
    message === 'Required'
      ? { message: VALIDATION_KEYS.required }
      : { message: VALIDATION_KEYS.maxLength, args: { n: Number(/^Max length (\d+)$/.exec(message)![1]) } };
  it.each(cases)('%s', (_name, form, problems) => {
    expect(ticketProblems(form)).toEqual(problems);
    expect(contactProblems(form as { subject: string; text: string })).toEqual(
      Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, asKey(message)])),
    );
  });
});

describe('article sort', () => {
  const list = [
    { name: 'B', readCount: 2, updated: '2026-01-01' },
    { name: 'A', readCount: 2, updated: '2025-06-01' },
    { name: 'C', readCount: 9, updated: '2024-01-01' },
  ];
  it('Most viewed: reads then name; Most recent: updated then name', () => {
    expect(sortArticles(list, 'mostViewed').map((a) => a.name)).toEqual(['C', 'A', 'B']);
    expect(sortArticles(list, 'mostRecent').map((a) => a.name)).toEqual(['B', 'A', 'C']);
  });
});

describe('videos', () => {
  it('reads a JSON object of key to video id, refusing anything else', () => {
    expect([...parseVideos('{"setup":"a1B2c3D4e5F"}', 'HELP_VIDEOS')]).toEqual([['setup', 'a1B2c3D4e5F']]);
    expect(() => parseVideos('[1]', 'HELP_VIDEOS')).toThrow('must be a JSON object');
    expect(() => parseVideos('{"setup":"x\\"><script>"}', 'HELP_VIDEOS')).toThrow(
      "the video id of 'setup' is not valid",
    );
    expect(() => parseVideos('nope', 'HELP_VIDEOS')).toThrow('not JSON');
  });
});
