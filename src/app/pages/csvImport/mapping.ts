// The wizard's rules, apart from its screens (tests/unit/csv-import.test.ts): which column fills
// which import field (auto-mapped by header name, spec 5: case-insensitively), when each step may
// move on (spec 4), which fields the defaults step offers, and the rows a batch sends.
import type { EntityMeta, FieldMeta } from '../../../shared/meta';

/** Import field name -> index of the file's column, or null when not imported. */
export type Mapping = Record<string, number | null>;

export interface ImportField {
  field: FieldMeta;
  mandatory: boolean;
  date: boolean;
}

export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
/** The formats offered; the server reads any made of yyyy, MM, M, dd, d and - / . separators. */
export const DATE_FORMATS = [
  'yyyy-MM-dd',
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'yyyy/MM/dd',
  'dd.MM.yyyy',
  'd/M/yyyy',
  'M/d/yyyy',
];
/** Rows per call: at most the server's MAX_IMPORT_ROWS (500). */
export const BATCH_SIZE = 250;

export function importFields(entity: EntityMeta): ImportField[] {
  const csv = entity.csv;
  if (!csv) return [];
  return csv.import.flatMap((name) => {
    const field = entity.fields.find((f) => f.name === name);
    return field ? [{ field, mandatory: csv.mandatory.includes(name), date: csv.dates.includes(name) }] : [];
  });
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * Each field gets the first column whose header is its name or one of its labels (English,
 * French), compared without case or surrounding spaces; a column fills one field at most.
 */
export function autoMap(
  headers: readonly string[],
  fields: readonly ImportField[],
  labels: (f: FieldMeta) => string[],
) {
  const mapping: Mapping = {};
  const used = new Set<number>();
  for (const { field } of fields) {
    const names = new Set([field.name, ...labels(field)].map(key));
    const index = headers.findIndex((h, i) => !used.has(i) && names.has(key(h)));
    mapping[field.name] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  }
  return mapping;
}

/** Mandatory fields with no column: the map step cannot move on while any is left. */
export const unmappedMandatory = (fields: readonly ImportField[], mapping: Mapping) =>
  fields.filter((f) => f.mandatory && mapping[f.field.name] == null).map((f) => f.field.name);

/** Spec 4: Next from upload needs a file and a date format. */
export const canLeaveUpload = (file: File | null, dateFormat: string) => file !== null && dateFormat.trim() !== '';

/** Fields not mapped whose schema gives a default: the defaults step shows them (none, no step). */
export const defaultFields = (fields: readonly ImportField[], mapping: Mapping) =>
  fields.filter((f) => mapping[f.field.name] == null && f.field.default !== undefined);

export const defaultText = (field: FieldMeta) =>
  Array.isArray(field.default) ? field.default.join('; ') : field.default === undefined ? '' : String(field.default);

/** The fields a batch sends, in order: the mapped ones, then those given a default value. */
export function columnsOf(mapping: Mapping, defaults: Record<string, string>): string[] {
  const mapped = Object.keys(mapping).filter((name) => mapping[name] != null);
  return [...mapped, ...Object.keys(defaults).filter((name) => !mapped.includes(name) && defaults[name] !== '')];
}

/** One file row as the cells of `columns` (a short row has empty cells). */
export function rowCells(
  row: readonly string[],
  columns: readonly string[],
  mapping: Mapping,
  defaults: Record<string, string>,
) {
  return columns.map((name) => {
    const index = mapping[name];
    return index == null ? (defaults[name] ?? '') : (row[index] ?? '');
  });
}
