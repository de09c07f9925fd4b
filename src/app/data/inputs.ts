// A react-admin record (as the form holds it) -> the GraphQL `<Type>Input` of create/update.
// Only input fields are sent: no id, no read-only or internal fields, no __typename; a ref
// `{id, name}` is sent as its id; lines are sent whole, each with its id when it has one (the
// server updates that line in place, inserts lines without one and deletes the missing ones, so
// a ledger row or an audit entry pointing at a line keeps pointing at it). Fields needing the `values`
// permission are left out for users without it (the server hides them from those users, so
// sending what the form holds would erase them).
import type { FieldMeta, EntityMeta } from '../../shared/meta';

export interface InputOptions {
  /** the user holds the `values` permission */
  holdsValues: boolean;
}

type Data = Record<string, unknown>;

export function isInputField(field: FieldMeta, options: InputOptions): boolean {
  if (field.name === 'id' || field.internal || field.readOnly) return false;
  if (field.needsValues && !options.holdsValues) return false;
  return true;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function toNumber(value: unknown, integer: boolean): number | null {
  if (blank(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return null;
  return integer ? Math.trunc(n) : n;
}

export function toInputValue(field: FieldMeta, value: unknown, options: InputOptions): unknown {
  switch (field.type) {
    case 'ref': {
      if (blank(value)) return null;
      if (typeof value === 'object') {
        const id = (value as { id?: unknown }).id;
        return blank(id) ? null : String(id);
      }
      return String(value);
    }
    case 'lines': {
      if (!Array.isArray(value)) return [];
      const fields = field.lines?.fields ?? [];
      return value.map((line) => {
        const data = (line ?? {}) as Data;
        const input = toObjectInput(fields, data, options);
        return blank(data.id) ? input : { id: String(data.id), ...input };
      });
    }
    case 'integer':
      return toNumber(value, true);
    case 'decimal':
      return toNumber(value, false);
    case 'boolean':
      if (value === undefined || value === null || value === '') return null;
      if (typeof value === 'string') return value === 'true';
      return Boolean(value);
    case 'stringList':
      if (!Array.isArray(value)) return [];
      return value.map((v) => (typeof v === 'string' ? v.trim() : String(v))).filter((v) => v !== '');
    case 'date':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : localDate(value);
      return blank(value) ? null : String(value);
    case 'datetime':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      return blank(value) ? null : String(value);
    case 'string':
    case 'text':
    case 'enum':
      return blank(value) ? null : String(value);
  }
}

function toObjectInput(fields: readonly FieldMeta[], data: Data, options: InputOptions): Data {
  const input: Data = {};
  for (const field of fields) {
    if (!isInputField(field, options)) continue;
    if (!Object.prototype.hasOwnProperty.call(data, field.name)) continue;
    input[field.name] = toInputValue(field, data[field.name], options);
  }
  return input;
}

/** The `input` variable of `<name>Create` / `<name>Update` for this form data. */
export function toInput(entity: EntityMeta, data: Data, options: InputOptions): Data {
  return toObjectInput(entity.fields, data, options);
}
