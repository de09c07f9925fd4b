// One rule for every CSV cell the server writes (OWASP, CSV injection): a text cell that starts
// with =, +, -, @, a tab or a carriage return would be a live formula in a spreadsheet, so it
// gets a leading single quote. Numbers stay numbers: a negative quantity is written as -12.5,
// and text that is exactly a number ('-12', '+3.5') is no formula either.
import { CSV_FORMULA_CELL } from '../../../shared/text';

/** The text of one cell: '' for no value, numbers as they are, formula-like text neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = String(value);
  return CSV_FORMULA_CELL.test(text) ? `'${text}` : text;
}

/** One CSV line (RFC 4180): each cell by csvCell, quoted when it holds a comma, quote or line break. */
export function csvLine(cells: readonly unknown[]): string {
  return cells
    .map((v) => {
      const text = csvCell(v);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}
