// The document print as HTML (portrait): in reading order the company (name, address, business
// number, licences), the title and number, the parties, the details, the lines (a table with a
// caption and column headers, th scope="col"), the totals (row headers, th scope="row"), the
// notes. Written as HTML text, not React, with its own print CSS: `@media print` hides every
// other child of <body> (the app shell) and sets the page to portrait, as the production print
// sheets do (../printSheets/sheetHtml.ts).
import type { DocumentSheet, Translate } from './documents';

export const DOCUMENT_ROOT_CLASS = 'document-print-root';
const R = `.${DOCUMENT_ROOT_CLASS}`;

export const DOCUMENT_CSS = `
${R} { font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; font-size: 10.5pt; }
${R} .dp-top { display: flex; justify-content: space-between; gap: 8mm; align-items: flex-start; }
${R} .dp-company p { margin: 0; }
${R} .dp-company .dp-name { font-size: 14pt; font-weight: bold; }
${R} .dp-company dl, ${R} .dp-details dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 3mm; margin: 1mm 0 0; }
${R} dt { font-weight: bold; }
${R} dd { margin: 0; }
${R} h1 { font-size: 18pt; margin: 0; text-align: right; }
${R} .dp-number { text-align: right; font-size: 12pt; margin: 1mm 0 0; }
${R} h2 { font-size: 11pt; margin: 5mm 0 1.5mm; }
${R} .dp-parties { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
${R} .dp-parties h3 { font-size: 10.5pt; margin: 0 0 1mm; text-transform: uppercase; }
${R} .dp-parties p { margin: 0; }
${R} .dp-details dl { grid-template-columns: max-content 1fr max-content 1fr; }
${R} table { width: 100%; border-collapse: collapse; page-break-inside: auto; }
${R} caption { text-align: left; font-weight: bold; font-size: 11pt; padding: 4mm 0 1.5mm; }
${R} th, ${R} td { border-bottom: 1px solid #888; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
${R} thead th { border-bottom: 1.5px solid #000; }
${R} tr { page-break-inside: avoid; }
${R} .dp-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
${R} .dp-totals { width: auto; margin: 3mm 0 0 auto; min-width: 45%; }
${R} .dp-totals th { font-weight: normal; }
${R} .dp-totals .dp-strong th, ${R} .dp-totals .dp-strong td { font-weight: bold; border-top: 1.5px solid #000; }
${R} .dp-notes { white-space: pre-wrap; }
${R} .dp-watermark { position: fixed; top: 40%; left: 0; right: 0; text-align: center; font-size: 72pt; font-weight: bold;
  color: rgba(200, 0, 0, 0.16); transform: rotate(-30deg); pointer-events: none; z-index: 1; }
@media screen {
  ${R} { position: fixed; inset: 0; z-index: 2000; overflow: auto; padding: 12mm; box-sizing: border-box; }
}
@media print {
  @page { size: portrait; margin: 12mm; }
  body > *:not(${R}) { display: none !important; }
  html, body { background: #fff !important; }
  ${R} { position: static; padding: 0; }
}
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const dl = (items: { label: string; value: string }[]) =>
  `<dl>${items
    .map((f) => `<div style="display: contents"><dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd></div>`)
    .join('')}</dl>`;

export function documentHtml(sheet: DocumentSheet, t: Translate, printedAt?: string): string {
  const k = (key: string, options?: Record<string, unknown>) => escapeHtml(t(`documentPrints.${key}`, options));
  const label = t('documentPrints.sheet_label', { title: sheet.title, number: sheet.number });
  const cls = (numeric: boolean) => (numeric ? ' class="dp-num"' : '');
  const parts: string[] = [
    `<article class="dp-sheet" data-document-print="${escapeHtml(sheet.kind)}" aria-label="${escapeHtml(label)}">`,
  ];
  if (sheet.watermark)
    parts.push(
      `<div class="dp-watermark" role="note" aria-label="${escapeHtml(sheet.watermarkNote ?? sheet.watermark)}">${escapeHtml(sheet.watermark)}</div>`,
    );
  parts.push(
    `<header class="dp-top"><section class="dp-company" aria-label="${k('section.from')}">` +
      `<p class="dp-name" data-field="company-name">${escapeHtml(sheet.company.name)}</p>` +
      sheet.company.addressLines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      (sheet.company.facts.length ? dl(sheet.company.facts) : '') +
      `</section><div><h1>${escapeHtml(sheet.title)}</h1><p class="dp-number">${escapeHtml(sheet.number)}</p></div></header>`,
  );
  if (sheet.parties.length)
    parts.push(
      `<section class="dp-parties" aria-label="${k('section.parties')}">` +
        sheet.parties
          .map(
            (p) =>
              `<div><h3>${escapeHtml(p.heading)}</h3><p><strong>${escapeHtml(p.name)}</strong></p>` +
              p.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
              '</div>',
          )
          .join('') +
        '</section>',
    );
  parts.push(
    `<section class="dp-details" aria-labelledby="dp-details"><h2 id="dp-details">${k('section.details')}</h2>${dl(sheet.fields)}</section>`,
  );
  const head = sheet.columns.map((c) => `<th scope="col"${cls(c.numeric)}>${escapeHtml(c.label)}</th>`).join('');
  const body = sheet.rows.length
    ? sheet.rows
        .map(
          (r) =>
            `<tr>${r.map((cell, i) => `<td${cls(sheet.columns[i]?.numeric ?? false)}>${escapeHtml(cell)}</td>`).join('')}</tr>`,
        )
        .join('')
    : `<tr><td colspan="${sheet.columns.length}">${k('no_lines')}</td></tr>`;
  parts.push(
    `<table class="dp-lines" data-table="lines"><caption>${k('lines_caption')}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
  );
  if (sheet.totals.length)
    parts.push(
      `<table class="dp-totals" data-table="totals"><caption>${k('section.totals')}</caption><tbody>` +
        sheet.totals
          .map(
            (s) =>
              `<tr${s.strong ? ' class="dp-strong"' : ''}><th scope="row">${escapeHtml(s.label)}</th><td class="dp-num">${escapeHtml(s.value)}</td></tr>`,
          )
          .join('') +
        '</tbody></table>',
    );
  if (sheet.notes)
    parts.push(
      `<section aria-labelledby="dp-notes"><h2 id="dp-notes">${k('section.notes')}</h2><div class="dp-notes">${escapeHtml(sheet.notes)}</div></section>`,
    );
  if (printedAt) parts.push(`<footer><p>${k('printed')}: ${escapeHtml(printedAt)}</p></footer>`);
  parts.push('</article>');
  return parts.join('');
}
