// The help articles' file format: a small front matter of `key: value` lines between two `---`
// lines, then the Markdown body. Only flat keys with one-line values: lists (seeAlso) are
// comma-separated. A file that does not follow it is a bug in the repository, reported with the
// file's name when the library loads (and by the tests), never shown to a user.

export interface ParsedFile {
  meta: Record<string, string>;
  body: string;
}

const FENCE = '---';

export function parseFrontMatter(source: string, file = 'article'): ParsedFile {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== FENCE) throw new Error(`${file}: must start with a '---' front matter line`);
  const end = lines.indexOf(FENCE, 1);
  if (end < 0) throw new Error(`${file}: the front matter has no closing '---' line`);
  const meta: Record<string, string> = {};
  for (const [i, line] of lines.slice(1, end).entries()) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const m = /^([A-Za-z][A-Za-z0-9]*):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`${file}: line ${i + 2} is not 'key: value'`);
    if (m[1] in meta) throw new Error(`${file}: '${m[1]}' is given twice`);
    meta[m[1]] = unquote(m[2].trim());
  }
  return {
    meta,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}

/** "a, b" → ['a', 'b']; blank → [] */
export const listValue = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const unquote = (v: string) =>
  v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))
    ? v.slice(1, -1)
    : v;
