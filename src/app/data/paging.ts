// Page N of a Relay connection. Cursors cannot jump, so we remember the cursor of every row
// we have seen, by row offset, per list (resource + filters + sort + search; the page size is
// not part of the key, so changing it keeps what we know):
//   - page 1, or the cursor just before the page is known: one request `first: perPage, after`;
//   - the last page with a known total: one request `last: total - offset` (no cursor needed);
//   - otherwise walk forward from the nearest known cursor in steps of WALK_STEP rows (the
//     spec's lazy-load page size), recording cursors, then fetch the page.
// Walking counts the rows actually returned, so a server that clamps `first` is still read
// correctly. Loading page 1 starts the list's memory afresh; a write to a resource forgets
// its lists (rows may have moved).

export const WALK_STEP = 100;

export interface PageRequest {
  first?: number;
  after?: string;
  last?: number;
}

export interface ConnectionPage<T> {
  nodes: T[];
  /** cursor of each node, same order */
  cursors: string[];
  total: number;
  /** false: `total` is only "more than EXACT_COUNT_LIMIT" (the server stopped counting) */
  totalExact?: boolean;
  hasNextPage: boolean;
}

interface ListMemory {
  /** offset n -> cursor of the row at index n-1 (`after` it comes row n) */
  cursors: Map<number, string>;
  total?: number;
}

export type Plan =
  | { kind: 'page'; request: PageRequest }
  | { kind: 'last'; request: PageRequest }
  | { kind: 'walk'; request: PageRequest; from: number };

const SEPARATOR = '\u0000';

export function listKey(resource: string, variables: unknown): string {
  return `${resource}${SEPARATOR}${JSON.stringify(variables)}`;
}

export class CursorCache {
  private readonly lists = new Map<string, ListMemory>();

  get(key: string): ListMemory {
    let memory = this.lists.get(key);
    if (!memory) {
      memory = { cursors: new Map() };
      this.lists.set(key, memory);
    }
    return memory;
  }

  reset(key: string): void {
    this.lists.delete(key);
  }

  /** Forgets every list of a resource. */
  forgetResource(resource: string): void {
    for (const key of [...this.lists.keys()]) if (key.startsWith(resource + SEPARATOR)) this.lists.delete(key);
  }

  /** Remembers that the rows from offset `from` on have these cursors, and the total when it
   * is exact (a "more than" total cannot place the last page). */
  record(key: string, from: number, cursors: readonly string[], total: number, totalExact = true): void {
    const memory = this.get(key);
    cursors.forEach((cursor, i) => memory.cursors.set(from + i + 1, cursor));
    memory.total = totalExact ? total : undefined;
  }
}

export function planFetch(memory: ListMemory, target: number, perPage: number): Plan {
  if (target === 0) return { kind: 'page', request: { first: perPage } };
  const after = memory.cursors.get(target);
  if (after !== undefined) return { kind: 'page', request: { first: perPage, after } };
  const { total } = memory;
  if (total !== undefined && target < total && total - target <= perPage) return { kind: 'last', request: { last: total - target } };
  let from = 0;
  for (const offset of memory.cursors.keys()) if (offset < target && offset > from) from = offset;
  const request: PageRequest = { first: Math.min(WALK_STEP, target - from) };
  if (from > 0) request.after = memory.cursors.get(from);
  return { kind: 'walk', request, from };
}

export interface ListPage<T> {
  data: T[];
  total: number;
  /** the pager reads it from the list's meta: false shows "more than {total - 1}" */
  meta: { totalExact: boolean };
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
}

/** Loads page `page` (1-based) of `perPage` rows through `fetcher`, walking when needed. */
export async function fetchListPage<T>(
  cache: CursorCache,
  key: string,
  page: number,
  perPage: number,
  fetcher: (request: PageRequest) => Promise<ConnectionPage<T>>,
): Promise<ListPage<T>> {
  const target = Math.max(0, (page - 1) * perPage);
  if (target === 0) cache.reset(key);
  // a walk advances at least one row per request, so this bounds the loop
  for (;;) {
    const plan = planFetch(cache.get(key), target, perPage);
    const result = await fetcher(plan.request);
    const from = plan.kind === 'last' ? result.total - result.cursors.length : plan.kind === 'page' ? target : plan.from;
    const meta = { totalExact: result.totalExact !== false };
    cache.record(key, from, result.cursors, result.total, meta.totalExact);
    if (plan.kind !== 'walk') {
      return {
        data: result.nodes,
        total: result.total,
        meta,
        pageInfo: { hasNextPage: plan.kind === 'last' ? false : result.hasNextPage, hasPreviousPage: target > 0 },
      };
    }
    const reached = from + result.cursors.length;
    if (result.cursors.length === 0 || (!result.hasNextPage && reached < target)) {
      // the page lies past the end of the list (rows were deleted meanwhile)
      return { data: [], total: result.total, meta, pageInfo: { hasNextPage: false, hasPreviousPage: target > 0 } };
    }
  }
}

/** One page of a connection as the lazy loader sees it. */
export interface LazyPage<T> {
  nodes: T[];
  hasNextPage: boolean;
  endCursor?: string | null;
}

/**
 * Every row of a connection: `first: pageSize` pages, looping on hasNextPage and endCursor
 * (spec 7: lazy loading, first defaults to 100). Stops on an empty page or a missing cursor.
 */
export async function loadAllPages<T>(
  fetchPage: (request: PageRequest) => Promise<LazyPage<T>>,
  pageSize = WALK_STEP,
): Promise<T[]> {
  const rows: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after ? { first: pageSize, after } : { first: pageSize });
    rows.push(...page.nodes);
    if (!page.hasNextPage || !page.endCursor || page.nodes.length === 0) return rows;
    after = page.endCursor;
  }
}
