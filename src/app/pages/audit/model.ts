// The audit log list's rules, pure for tests: its filters in the query string and as the API
// wants them (spec 2.4: Audit takes the query `entityId`), and the changes of an entry.
import type { ApiFilter } from '../../data/filters';
import { parseListSearch, type ListUrlParams } from '../../generic/listUrl';
import { FROM_KEY, PERIOD_KEY, rangeOfFilter, TO_KEY } from '../../generic/periodFilter';
import { ALL } from '../../widgets/dateRules';

export const AUDIT_EVENTS = ['created', 'updated', 'deleted', 'posted', 'reversed'] as const;

/** Filter values: a date range (period / date_gte / date_lte), entityId, entity, event, userId. */
export const AUDIT_FILTER = {
  period: PERIOD_KEY,
  from: FROM_KEY,
  to: TO_KEY,
  entityId: 'entityId',
  entity: 'entity',
  event: 'event',
  userId: 'userId',
} as const;

/** Newest first (the API's own order; `reverse` gives oldest first). */
export const AUDIT_SORT = { field: 'at', order: 'DESC' } as const;

const text = (v: unknown): string | null =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim();

/** The arguments of `auditEntries2` for a list state. */
export function toAuditQuery(
  filter: Record<string, unknown> | undefined,
  sort: { field?: string; order?: string } | undefined,
  today: Date = new Date(),
): { filters: ApiFilter[]; sortKey: string; reverse: boolean } {
  const filters: ApiFilter[] = [];
  const range = rangeOfFilter(filter, today);
  if (!range.all) {
    // yyyy-MM-dd: the API reads whole days in the company's time zone
    if (range.from) filters.push({ field: 'at', comparator: 'ge', value: range.from });
    if (range.to) filters.push({ field: 'at', comparator: 'le', value: range.to });
  }
  for (const field of [AUDIT_FILTER.entityId, AUDIT_FILTER.entity, AUDIT_FILTER.event, AUDIT_FILTER.userId]) {
    const value = text(filter?.[field]);
    if (value) filters.push({ field, comparator: 'eq', value });
  }
  const order = sort?.field ? sort.order : AUDIT_SORT.order;
  return { filters, sortKey: 'at', reverse: order === 'ASC' };
}

/**
 * The list params a URL opens with: `?entityId=…` (the named route's query, from a
 * transaction's Audit history) preselects that record over all dates; a `?filter=` the list
 * wrote itself wins.
 */
export function auditParamsFromSearch(search: string): ListUrlParams {
  const url = parseListSearch(search) ?? {};
  const entityId = text(new URLSearchParams(search).get('entityId'));
  if (!entityId || url.filter) return url;
  return { ...url, filter: { [AUDIT_FILTER.entityId]: entityId, [PERIOD_KEY]: ALL } };
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** `changes` (JSON text of {field: [before, after]}) as a list; junk gives none. */
export function parseChanges(changes: string | null | undefined): AuditChange[] {
  if (!changes) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>).map(([field, pair]) =>
    Array.isArray(pair)
      ? { field, before: pair[0] ?? null, after: pair[1] ?? null }
      : { field, before: null, after: pair },
  );
}

/** A before or after value as text: '' for nothing, JSON for objects and lists. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
