// The help panel's Markdown subset (src/app/help/markdown.ts): blocks, inline marks, and links
// kept only to another article (help:key) or an https page; raw HTML stays text.
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, plainText, safeHref } from '../../src/app/help/markdown';

describe('help markdown', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const blocks = parseMarkdown(
      'Intro line one\nline two.\n\n## Fields\n- **Name**: the name\n- Site\n\n1. First\n2. Second\n',
    );
    expect(blocks).toEqual([
      { t: 'p', c: [{ t: 'text', v: 'Intro line one line two.' }] },
      { t: 'h', level: 2, c: [{ t: 'text', v: 'Fields' }] },
      {
        t: 'ul',
        items: [
          [
            { t: 'strong', c: [{ t: 'text', v: 'Name' }] },
            { t: 'text', v: ': the name' },
          ],
          [{ t: 'text', v: 'Site' }],
        ],
      },
      { t: 'ol', items: [[{ t: 'text', v: 'First' }], [{ t: 'text', v: 'Second' }]] },
    ]);
  });

  it('ends a list at a paragraph line and continues an item on an indented line', () => {
    const blocks = parseMarkdown('- one\n  more\nAfter');
    expect(blocks).toEqual([
      { t: 'ul', items: [[{ t: 'text', v: 'one more' }]] },
      { t: 'p', c: [{ t: 'text', v: 'After' }] },
    ]);
  });

  it('reads bold, italic, code and nested marks; an unclosed mark is text', () => {
    expect(parseInline('a *b* `c` **d *e* f**')).toEqual([
      { t: 'text', v: 'a ' },
      { t: 'em', c: [{ t: 'text', v: 'b' }] },
      { t: 'text', v: ' ' },
      { t: 'code', v: 'c' },
      { t: 'text', v: ' ' },
      {
        t: 'strong',
        c: [
          { t: 'text', v: 'd ' },
          { t: 'em', c: [{ t: 'text', v: 'e' }] },
          { t: 'text', v: ' f' },
        ],
      },
    ]);
    expect(parseInline('2 * 3 and **open')).toEqual([{ t: 'text', v: '2 * 3 and **open' }]);
  });

  it('keeps links to articles and https pages only', () => {
    expect(parseInline('[Tanks](help:equipment-tanks)')).toEqual([
      { t: 'link', href: 'help:equipment-tanks', c: [{ t: 'text', v: 'Tanks' }] },
    ]);
    expect(parseInline('[CRA](https://www.canada.ca/en/revenue-agency.html)')[0]).toMatchObject({ t: 'link' });
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'http://example.com', 'help:Bad Key'])
      expect(safeHref(bad), bad).toBeNull();
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { t: 'text', v: 'click' },
      { t: 'text', v: ')' },
    ]);
  });

  it('leaves HTML as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script> <b>x</b>');
    expect(blocks).toEqual([{ t: 'p', c: [{ t: 'text', v: '<script>alert(1)</script> <b>x</b>' }] }]);
    expect(plainText(blocks)).toBe('<script>alert(1)</script> <b>x</b>');
  });
});
