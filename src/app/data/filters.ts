// react-admin filter and sort objects -> the generic list arguments of every connection
// query: `filters: [{field, comparator, value}]`, `sortKey`, `reverse`, `parameters`.
import type { Comparator } from '../../shared/meta';

export interface ApiFilter {
  field: string;
  comparator: Comparator;
  /** parsed by the server according to the field's type */
  value: string | null;
}

export interface ListParameters {
  search?: string;
}

/** The react-admin filter key of the free-text search box. */
export const SEARCH_KEY = 'q';
export const GTE_SUFFIX = '_gte';
export const LTE_SUFFIX = '_lte';

/** A filter value as the API wants it: a string (numbers, true/false, yyyy-MM-dd, ids). */
export function toFilterValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'id' in value) return toFilterValue((value as { id: unknown }).id);
  throw new Error(`Unsupported filter value: ${JSON.stringify(value)}`);
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `{ active: true, type: 'Retail', strength_gte: 40, q: 'gin' }` ->
 * filters `[{active eq 'true'}, {type eq 'Retail'}, {strength ge '40'}]`, parameters `{search: 'gin'}`.
 * Blank values are dropped (an emptied filter input means "no filter").
 */
export function toFilters(filter: Record<string, unknown> | undefined): { filters: ApiFilter[]; parameters?: ListParameters } {
  const filters: ApiFilter[] = [];
  let parameters: ListParameters | undefined;
  for (const [key, raw] of Object.entries(filter ?? {})) {
    if (isBlank(raw)) continue;
    if (key === SEARCH_KEY) {
      parameters = { search: String(raw).trim() };
      continue;
    }
    if (Array.isArray(raw)) {
      // several values for one field would need an "in" comparator, which the API does not have
      throw new Error(`Filter "${key}": list values are not supported`);
    }
    let field = key;
    let comparator: Comparator = 'eq';
    if (key.endsWith(GTE_SUFFIX)) {
      field = key.slice(0, -GTE_SUFFIX.length);
      comparator = 'ge';
    } else if (key.endsWith(LTE_SUFFIX)) {
      field = key.slice(0, -LTE_SUFFIX.length);
      comparator = 'le';
    }
    const value = toFilterValue(raw);
    if (value === null) continue;
    filters.push({ field, comparator, value });
  }
  return parameters ? { filters, parameters } : { filters };
}

export function toSort(sort: { field?: string; order?: string } | undefined): { sortKey?: string; reverse?: boolean } {
  if (!sort?.field) return {};
  return { sortKey: sort.field, reverse: sort.order === 'DESC' };
}
