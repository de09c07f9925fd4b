// The help articles' Markdown, parsed into a small tree the panel renders as React elements:
// never as HTML, so an article cannot inject markup or script. The subset the articles use:
// headings (#, ##, ###), paragraphs, bulleted (- or *) and numbered (1.) lists, **bold**,
// *italic*, `code` and links. A link is kept only to another article (help:key) or to an
// https address; any other target (javascript:, data:…) is shown as plain text.

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'strong'; c: Inline[] }
  | { t: 'em'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] };

export type Block =
  | { t: 'h'; level: 1 | 2 | 3; c: Inline[] }
  | { t: 'p'; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; items: Inline[][] };

/** what a link may point to: another article, or an https page */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^help:[a-z0-9-]+$/.test(h)) return h;
  if (/^https:\/\/[^\s"'<>]+$/i.test(h)) return h;
  return null;
}

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest.startsWith('`')) {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'code', v: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (rest.startsWith('**')) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ t: 'strong', c: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    } else if (rest.startsWith('*') && rest[1] !== ' ') {
      const end = source.indexOf('*', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'em', c: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    } else if (rest.startsWith('[')) {
      const m = /^\[([^\]]+)\]\(([^)\s]*)\)/.exec(rest);
      if (m) {
        flush();
        const href = safeHref(m[2]);
        const label = parseInline(m[1]);
        if (href) out.push({ t: 'link', href, c: label });
        else out.push(...label);
        i += m[0].length;
        continue;
      }
    }
    text += source[i];
    i++;
  }
  flush();
  return out;
}

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { t: 'ul' | 'ol'; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ t: 'p', c: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ t: list.t, items: list.items.map(parseInline) });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line.trim()) {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ t: 'h', level: heading[1].length as 1 | 2 | 3, c: parseInline(heading[2]) });
    } else if (bullet || numbered) {
      endParagraph();
      const kind = bullet ? 'ul' : 'ol';
      if (list && list.t !== kind) endList();
      list ??= { t: kind, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (list && /^\s+\S/.test(raw)) {
      // an indented line continues the list item above it
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      endList();
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** the article's words as plain text (a short preview in search results) */
export function plainText(blocks: Block[]): string {
  const inline = (c: Inline[]): string => c.map((n) => (n.t === 'text' || n.t === 'code' ? n.v : inline(n.c))).join('');
  return blocks.map((b) => (b.t === 'ul' || b.t === 'ol' ? b.items.map(inline).join(' ') : inline(b.c))).join(' ');
}
