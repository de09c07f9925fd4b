// The rules of the excise transactions list, kept pure for tests:
//   - its filters as they live in the query string (spec 2.5) and as the API wants them;
//   - when running balances may show (spec 5);
//   - where a row's Details, Trace lot and Audit history lead (spec 2.4);
//   - the refIds a batch delete reverses.
import type { ApiFilter } from '../../data/filters';
import { FROM_KEY, PERIOD_KEY, rangeOfFilter, TO_KEY } from '../../generic/periodFilter';
import { VESSEL_TYPES, type VesselType } from '../../../shared/excise/categories';
import { actionPathForRefType, VESSEL_ACTIONS } from '../vesselActions/actions';

// ---------------------------------------------------------------- filters

/**
 * The list's filter values (react-admin filterValues, `?filter={…}` in the URL):
 *   period    a date preset (`last90`…) or `all`; absent: the default, Last 30 days
 *   date_gte, date_lte   a custom range (yyyy-MM-dd), when no preset matches it
 *   siteId, refType (the activity), excise (the category)
 *   includeReversed   true: also reversed rows and their reversals (Show reversed); absent: off
 */
export const FILTER = {
  period: PERIOD_KEY,
  from: FROM_KEY,
  to: TO_KEY,
  site: 'siteId',
  activity: 'refType',
  excise: 'excise',
  reversed: 'includeReversed',
} as const;

/** The filters that hide running balances (spec 5). */
export const BALANCE_HIDING_FILTERS = [FILTER.activity, FILTER.excise, FILTER.site] as const;

/** The default sort: by date (ties by id, on the server), newest first. */
export const DEFAULT_SORT = { field: 'date', order: 'DESC' } as const;

export type TransactionFilter = Record<string, unknown>;

const text = (v: unknown): string | null =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim();

export { filterWithRange, rangeOfFilter } from '../../generic/periodFilter';

/** Whether Show reversed is on: `true` (or the text 'true' of a hand-written URL). */
export const showsReversed = (filter: TransactionFilter | undefined): boolean => {
  const v = filter?.[FILTER.reversed];
  return v === true || v === 'true';
};

/**
 * The filter with Show reversed switched on or off: on is `includeReversed: true`, off is no
 * key at all (so the default list keeps a clean query string).
 */
export function filterWithReversed(filter: TransactionFilter | undefined, on: boolean): TransactionFilter {
  const { [FILTER.reversed]: _drop, ...rest } = filter ?? {};
  return on ? { ...rest, [FILTER.reversed]: true } : rest;
}

export interface SortState {
  field?: string;
  order?: string;
}

/** Columns the API sorts on (transactions2 sortKey). */
export const SORTABLE = ['date', 'refType', 'excise', 'lot', 'volume', 'litres', 'laa'] as const;

export interface TransactionQuery {
  filters: ApiFilter[];
  sortKey: string;
  reverse: boolean;
  /** `TransactionListParameters`; only when a parameter is set */
  parameters?: { includeReversed: boolean };
}

/** The arguments of `transactions2` (and `transactionsExportCSV`) for a list state. */
export function toTransactionQuery(
  filter: TransactionFilter | undefined,
  sort: SortState | undefined,
  today: Date = new Date(),
): TransactionQuery {
  const filters: ApiFilter[] = [];
  const range = rangeOfFilter(filter, today);
  if (!range.all) {
    if (range.from) filters.push({ field: 'date', comparator: 'ge', value: range.from });
    if (range.to) filters.push({ field: 'date', comparator: 'le', value: range.to });
  }
  for (const field of [FILTER.site, FILTER.activity, FILTER.excise]) {
    const value = text(filter?.[field]);
    if (value) filters.push({ field, comparator: 'eq', value });
  }
  const field = sort?.field || DEFAULT_SORT.field;
  const order = sort?.field ? sort.order : DEFAULT_SORT.order;
  // the API lists by date newest first and any other column ascending; `reverse` flips that
  const reverse = field === 'date' ? order === 'ASC' : order === 'DESC';
  const query: TransactionQuery = { filters, sortKey: field, reverse };
  if (showsReversed(filter)) query.parameters = { includeReversed: true };
  return query;
}

/**
 * Spec 5: 'Transactions list balances show only with no activity, excise or site filter and
 * with date sorting or no sorting.' (The date range does not hide them: a balance is the
 * vessel's after that row, whatever rows the range shows.) With Show reversed the API gives
 * no balances.
 */
export function balancesVisible(filter: TransactionFilter | undefined, sort: SortState | undefined): boolean {
  if (BALANCE_HIDING_FILTERS.some((k) => text(filter?.[k]) !== null)) return false;
  if (showsReversed(filter)) return false;
  return !sort?.field || sort.field === 'date';
}

// ---------------------------------------------------------------- where a row leads

/** The fields of a row the links need. */
export interface TransactionRef {
  id: string;
  refType: string;
  refId: string;
  vesselType?: string | null;
  vesselId?: string | null;
  alcoholId?: string | null;
  lot?: string | null;
}

/** The refTypes of the vessel actions (their ExciseAction kinds), in the order of the activity filter. */
export const ACTION_REF_TYPES: readonly string[] = [...new Set(VESSEL_ACTIONS.map((a) => a.kind))];

/**
 * Where Details opens a row's source (spec 2.4: by refType and refId): a vessel action's screen
 * at /:transactionId (the refId; src/app/pages/vesselActions owns those routes), or (through
 * `recordPath`) the edit screen of the record that posted it (a distillation…). null: 'No
 * further details'.
 */
export function detailsPathFor(
  tx: Pick<TransactionRef, 'refType' | 'refId' | 'vesselType'>,
  recordPath?: (refType: string, refId: string) => string | null,
  actionPath: (refType: string, refId: string, vesselType?: VesselType) => string | null = actionPathForRefType,
): string | null {
  if (!tx.refType || !tx.refId) return null;
  const vesselType = (VESSEL_TYPES as readonly string[]).includes(tx.vesselType ?? '')
    ? (tx.vesselType as VesselType)
    : undefined;
  return actionPath(tx.refType, tx.refId, vesselType) ?? recordPath?.(tx.refType, tx.refId) ?? null;
}

/** The entity whose record a refType names (`Distillation` -> `distillation`). */
export const entityNameOfRefType = (refType: string): string =>
  refType ? refType.charAt(0).toLowerCase() + refType.slice(1) : refType;

/**
 * The lot trace report (spec 2.4 ReportsView: to=Lot, id, lot, forward 1) of a row's lot, or
 * null when the row has no lot or the report is not built (`reportsViewPath` null).
 */
export function lotTracePath(
  tx: Pick<TransactionRef, 'alcoholId' | 'lot'>,
  reportsViewPath: string | null,
): string | null {
  if (!reportsViewPath || !tx.lot || !tx.alcoholId) return null;
  const q = new URLSearchParams({ to: 'Lot', id: String(tx.alcoholId), lot: tx.lot, forward: '1' });
  return `${reportsViewPath}?${q.toString()}`;
}

/** The audit log of what posted a row (spec 2.4 Audit, query entityId). */
export function auditPathFor(refId: string, auditPath: string | null): string | null {
  if (!auditPath || !refId) return null;
  return `${auditPath}?${new URLSearchParams({ entityId: refId }).toString()}`;
}

// ---------------------------------------------------------------- reversed rows

/** What a row is with Show reversed: a reversed original, the reversal of one, or neither. */
export interface ReversalState {
  reversed?: boolean | null;
  reversesId?: string | null;
}

export const reversalKind = (row: ReversalState): 'reversed' | 'reversal' | null =>
  row.reversesId ? 'reversal' : row.reversed ? 'reversed' : null;

/** A reversed row or a reversal is history: nothing to delete (its refId may have been posted again). */
export const isDeletable = (row: ReversalState): boolean => reversalKind(row) === null;

// ---------------------------------------------------------------- batch delete

/**
 * The refIds to reverse for the selected rows, each once, in selection order; rows not loaded
 * (selected on a page since dropped) and reversed rows or reversals are skipped. Also answers
 * which rows each refId covers.
 */
export function refIdsOf(
  selectedIds: readonly unknown[],
  rowsById: ReadonlyMap<string, Pick<TransactionRef, 'refId'> & ReversalState>,
): { refIds: string[]; rowsOf: Map<string, string[]> } {
  const rowsOf = new Map<string, string[]>();
  for (const id of selectedIds) {
    const row = rowsById.get(String(id));
    if (!row?.refId || !isDeletable(row)) continue;
    const list = rowsOf.get(row.refId) ?? [];
    list.push(String(id));
    rowsOf.set(row.refId, list);
  }
  return { refIds: [...rowsOf.keys()], rowsOf };
}
