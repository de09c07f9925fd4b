// How each field type crosses the API/database boundary and how a filter's string value is
// parsed. One registry, so a new FieldType fails to compile until it is handled here.
import type { FieldMeta, FieldType } from '../../../shared/meta';
import { INT_MAX, INT_MIN, messages } from '../../../shared/messages';
import { isIsoDate, isIsoDateTime } from '../../../shared/validation';

interface ValueCodec {
  /** database value (drizzle row) to API value */
  fromDb: (v: unknown) => unknown;
  /** validated API value to database value */
  toDb: (v: unknown) => unknown;
  /** a filter's string to a comparable database value, or an error message */
  parseFilter: (raw: string, f: FieldMeta) => { value: unknown } | { error: string };
}

const same = (v: unknown) => v;
const text: ValueCodec = { fromDb: same, toDb: same, parseFilter: (raw) => ({ value: raw }) };

export const codecs = {
  string: text,
  text,
  enum: {
    ...text,
    parseFilter: (raw, f) => (f.values!.includes(raw) ? { value: raw } : { error: messages.invalidChoice(f.values!) }),
  },
  integer: {
    fromDb: same,
    toDb: same,
    parseFilter: (raw) => {
      if (!/^-?\d+$/.test(raw.trim())) return { error: messages.invalidInteger };
      // the column is a 4-byte integer: a value beyond it would fail in the database
      const n = Number(raw);
      return n >= INT_MIN && n <= INT_MAX ? { value: n } : { error: messages.outOfRange };
    },
  },
  decimal: {
    // numeric arrives as a string so no precision is lost in SQL; the API speaks Float
    fromDb: (v) => (v === null || v === undefined ? v : Number(v)),
    toDb: (v) => (v === null || v === undefined ? v : String(v)),
    parseFilter: (raw) =>
      raw.trim() !== '' && Number.isFinite(Number(raw))
        ? { value: String(Number(raw)) }
        : { error: messages.invalidNumber },
  },
  boolean: {
    fromDb: same,
    toDb: same,
    parseFilter: (raw) =>
      raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: 'Must be true or false' },
  },
  date: {
    fromDb: same,
    toDb: same,
    parseFilter: (raw) => (isIsoDate(raw) ? { value: raw } : { error: messages.invalidDate }),
  },
  datetime: {
    fromDb: (v) =>
      typeof v === 'string' ? new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString() : v,
    toDb: same,
    parseFilter: (raw) => (isIsoDateTime(raw) || isIsoDate(raw) ? { value: raw } : { error: messages.invalidDateTime }),
  },
  ref: {
    fromDb: same,
    toDb: same,
    parseFilter: (raw) => (/^\d{1,18}$/.test(raw) ? { value: raw } : { error: messages.invalidReference }),
  },
  stringList: { fromDb: (v) => v ?? [], toDb: same, parseFilter: () => ({ error: 'Lists cannot be filtered' }) },
  lines: { fromDb: same, toDb: same, parseFilter: () => ({ error: 'Lines cannot be filtered' }) },
} satisfies Record<FieldType, ValueCodec>;
