// One cell of an imported file as the value the records layer's validator expects: the text
// trimmed, numbers and booleans read, enum values matched without regard to case, dates read by
// the file's format. A cell that cannot be read is passed on as text so the generated validator
// answers with its own message ('Must be a number', 'Must be one of …'); only dates answer here,
// as their message names the file's format.
import type { FieldMeta } from '../../../shared/meta';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'oui', 'o', 'vrai', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', 'non', 'faux']);

export type Cell = { value: unknown } | { error: string };

export const dateError = (format: string) => `Must be a date (${format})`;
export const dateTimeError = (format: string) => `Must be a date (${format}) and an optional time (HH:mm)`;

/** How this file's dates read (its format, the company's time zone). */
export interface DateReader {
  format: string;
  date(cell: string): string | null;
  dateTime(cell: string): string | null;
}

/** `undefined` value: the cell is empty and the field keeps its default. */
export function readCell(field: FieldMeta, raw: string, dates: DateReader): Cell {
  const cell = raw.trim();
  if (cell === '') return { value: undefined };
  switch (field.type) {
    case 'integer':
    case 'decimal': {
      // spreadsheets write thousands with spaces and money with a sign; a comma stays an error,
      // as 1,5 is one and a half in French and fifteen in English
      const plain = cell.replace(/[\s$]/g, '');
      return { value: NUMBER.test(plain) ? Number(plain) : cell };
    }
    case 'boolean': {
      const lower = cell.toLowerCase();
      return { value: TRUE.has(lower) ? true : FALSE.has(lower) ? false : cell };
    }
    case 'enum':
      return { value: field.values?.find((v) => v.toLowerCase() === cell.toLowerCase()) ?? cell };
    case 'date': {
      const date = dates.date(cell);
      return date ? { value: date } : { error: dateError(dates.format) };
    }
    case 'datetime': {
      const instant = dates.dateTime(cell);
      return instant ? { value: instant } : { error: dateTimeError(dates.format) };
    }
    case 'stringList':
      return {
        value: cell
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    default:
      return { value: cell };
  }
}
