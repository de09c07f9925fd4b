// The lot trace screen's model: what the query string asks (spec 2.4 ReportsView to=Lot with
// lot, id, forward 0 or 1 and back), the query the server answers (schema/graphql/reports.graphql
// lotTrace) and the tree's shape from the flat nodes (key / parentKey).

export interface LotTraceNode {
  key: string;
  parentKey: string | null;
  kind: string;
  id: string | null;
  name: string;
  lot: string | null;
  date: string | null;
  quantity: string | null;
  unit: string | null;
  path: string | null;
}

export interface LotTrace {
  lot: string;
  forward: boolean;
  truncated: boolean;
  nodes: LotTraceNode[];
}

export const LOT_TRACE_DOCUMENT = `query LotTrace($lot: String!, $id: ID, $forward: Boolean) {
  lotTrace(lot: $lot, id: $id, forward: $forward) {
    lot forward truncated nodes { key parentKey kind id name lot date quantity unit path }
  }
}`;

export interface LotQuery {
  lot: string;
  id: string | null;
  forward: boolean;
  /** where the person came from (a transaction list): a path of this app only */
  back: string | null;
}

/** The query string read: forward only with forward=1; back only as a path of this app. */
export function readQuery(search: URLSearchParams): LotQuery {
  const back = search.get('back');
  return {
    lot: (search.get('lot') ?? '').trim(),
    id: search.get('id') || null,
    forward: search.get('forward') === '1',
    back: back && back.startsWith('/') && !back.startsWith('//') ? back : null,
  };
}

/** The query string with some of it changed; a new lot drops `id`, which named the old lot's holder. */
export function withQuery(
  search: URLSearchParams,
  change: Partial<Pick<LotQuery, 'lot' | 'forward'>>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('to', 'Lot');
  if (change.lot !== undefined) {
    next.set('lot', change.lot.trim());
    next.delete('id');
  }
  if (change.forward !== undefined) next.set('forward', change.forward ? '1' : '0');
  return next;
}

/** The children of each node, in the server's order; roots under ''. */
export function childrenOf(nodes: readonly LotTraceNode[]): Map<string, LotTraceNode[]> {
  const map = new Map<string, LotTraceNode[]>();
  for (const n of nodes) {
    const parent = n.parentKey ?? '';
    map.set(parent, [...(map.get(parent) ?? []), n]);
  }
  return map;
}

/** Open at first: the roots, so their records show and the rest is one click away. */
export const initiallyExpanded = (nodes: readonly LotTraceNode[]): Set<string> =>
  new Set(nodes.filter((n) => n.parentKey === null).map((n) => n.key));

/** Every node that has children (Expand all). */
export const parentsOf = (nodes: readonly LotTraceNode[]): Set<string> =>
  new Set(nodes.flatMap((n) => (n.parentKey ? [n.parentKey] : [])));
