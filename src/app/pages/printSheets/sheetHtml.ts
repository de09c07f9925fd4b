// The print sheet laid out (spec 2.5: portrait): a heading, the header fields as a
// description list, each group of lines as a table with a caption and a header row (for screen
// readers), comments, signature lines, the audit trail, and an INCOMPLETE watermark on a
// record not completed. Plain HTML and its own print CSS: `@media print` hides everything in
// <body> but the sheet's element (SHEET_ROOT_CLASS, the app shell included) and sets the page
// to portrait. ./PrintRunner.tsx puts it on the page.
// Written as HTML text, not React: the chunk it loads with imports nothing the first page load
// has, so adding it does not split the shell's chunks (npm run bench bundle).
import type { Sheet, SheetTable } from './sheets';
import type { Translate } from './messages';

export const SHEET_ROOT_CLASS = 'print-sheet-root';

export const PRINT_CSS = `
.${SHEET_ROOT_CLASS} { font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; font-size: 11pt; }
.${SHEET_ROOT_CLASS} h1 { font-size: 16pt; margin: 0 0 2mm; }
.${SHEET_ROOT_CLASS} h2 { font-size: 12pt; margin: 5mm 0 2mm; }
.${SHEET_ROOT_CLASS} .ps-subject { font-size: 12pt; margin: 0 0 4mm; }
.${SHEET_ROOT_CLASS} dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 1.5mm 4mm; margin: 0; }
.${SHEET_ROOT_CLASS} dt { font-weight: bold; }
.${SHEET_ROOT_CLASS} dd { margin: 0; border-bottom: 1px solid #999; min-height: 1.2em; }
.${SHEET_ROOT_CLASS} table { width: 100%; border-collapse: collapse; margin-top: 1mm; page-break-inside: auto; }
.${SHEET_ROOT_CLASS} caption { text-align: left; font-weight: bold; font-size: 12pt; padding: 3mm 0 1mm; }
.${SHEET_ROOT_CLASS} th, .${SHEET_ROOT_CLASS} td { border: 1px solid #666; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
.${SHEET_ROOT_CLASS} th { background: #eee; }
.${SHEET_ROOT_CLASS} .ps-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.${SHEET_ROOT_CLASS} tr { page-break-inside: avoid; }
.${SHEET_ROOT_CLASS} .ps-blank td { height: 7mm; }
.${SHEET_ROOT_CLASS} .ps-comments { white-space: pre-wrap; border: 1px solid #666; padding: 2mm; }
.${SHEET_ROOT_CLASS} .ps-watermark { position: fixed; top: 40%; left: 0; right: 0; text-align: center; font-size: 72pt;
  font-weight: bold; color: rgba(200, 0, 0, 0.18); transform: rotate(-30deg); pointer-events: none; z-index: 1; }
.${SHEET_ROOT_CLASS} .ps-signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 8mm; margin-top: 8mm; }
.${SHEET_ROOT_CLASS} .ps-signatures div { border-top: 1px solid #000; padding-top: 1mm; }
@media screen {
  .${SHEET_ROOT_CLASS} { position: fixed; inset: 0; z-index: 2000; overflow: auto; padding: 12mm; box-sizing: border-box; }
}
@media print {
  @page { size: portrait; margin: 12mm; }
  body > *:not(.${SHEET_ROOT_CLASS}) { display: none !important; }
  html, body { background: #fff !important; }
  .${SHEET_ROOT_CLASS} { position: static; padding: 0; }
}
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside HTML text and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;

function tableHtml(table: SheetTable, noLines: string): string {
  const captionId = `ps-${table.id}`;
  const numeric = (i: number) => (table.columns[i]?.numeric ? 'ps-num' : undefined);
  const head = table.columns
    .map((c, i) => `<th scope="col"${attr('class', numeric(i))}>${escapeHtml(c.label)}</th>`)
    .join('');
  const rows = table.rows
    .map(
      (row) => `<tr>${row.map((cell, i) => `<td${attr('class', numeric(i))}>${escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  const blank = Array.from(
    { length: table.blankRows ?? 0 },
    () => `<tr class="ps-blank">${table.columns.map(() => '<td></td>').join('')}</tr>`,
  ).join('');
  const empty =
    table.rows.length === 0 && !table.blankRows
      ? `<tr><td colspan="${table.columns.length}">${escapeHtml(noLines)}</td></tr>`
      : '';
  return (
    `<section aria-labelledby="${captionId}"><table data-table="${escapeHtml(table.id)}">` +
    `<caption id="${captionId}">${escapeHtml(table.caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${rows}${blank}${empty}</tbody></table></section>`
  );
}

/** The sheet as HTML (without the style): what PrintRunner puts on the page and the tests read. */
export function sheetHtml(sheet: Sheet, translate: Translate, printedAt?: string): string {
  const p = (key: string, options?: Record<string, unknown>) => escapeHtml(translate(`print:${key}`, options));
  const label = translate('print:sheet_label', { title: `${sheet.title} ${sheet.subject}`.trim() });
  const parts: string[] = [
    `<article class="ps-sheet"${attr('data-print-sheet', sheet.kind)}${attr('aria-label', label)}>`,
  ];
  if (sheet.incomplete)
    parts.push(
      `<div class="ps-watermark" data-watermark="incomplete" role="note"${attr(
        'aria-label',
        translate('print:incomplete_note'),
      )}>${p('incomplete')}</div>`,
    );
  parts.push(
    `<header><h1>${escapeHtml(sheet.title)}</h1>` +
      (sheet.subject ? `<p class="ps-subject">${escapeHtml(sheet.subject)}</p>` : '') +
      '</header>',
  );
  parts.push(
    `<section aria-labelledby="ps-details"><h2 id="ps-details">${p('section.details')}</h2><dl>` +
      sheet.fields
        .map(
          (f) => `<div style="display: contents"><dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd></div>`,
        )
        .join('') +
      '</dl></section>',
  );
  for (const table of sheet.tables) parts.push(tableHtml(table, translate('print:no_lines')));
  if (sheet.comments)
    parts.push(
      `<section aria-labelledby="ps-comments"><h2 id="ps-comments">${escapeHtml(
        translate('resources.bottlings.fields.comments'),
      )}</h2><div class="ps-comments">${escapeHtml(sheet.comments)}</div></section>`,
    );
  parts.push(
    `<section aria-labelledby="ps-signatures"><h2 id="ps-signatures">${p('section.signature')}</h2>` +
      `<div class="ps-signatures"><div>${p('field.operator')}</div><div>${p('field.checked_by')}</div></div></section>`,
  );
  if (sheet.audit) parts.push(tableHtml(sheet.audit, translate('print:no_lines')));
  if (printedAt) parts.push(`<footer><p>${p('field.printed')}: ${escapeHtml(printedAt)}</p></footer>`);
  parts.push('</article>');
  return parts.join('');
}
