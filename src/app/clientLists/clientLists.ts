// Client lists (spec 4): customers, products and items load once, in pages of 100 (the
// generated connection queries, looping on hasNextPage and endCursor), stay in sync with
// every create, update and delete made through the dataProvider, and are sorted by name
// case-insensitively. One list per company and entity; pure parts exported for tests.
import type { Identifier } from 'ra-core';
import type { AppDataProvider, WriteEvent } from '../data/dataProvider';

export const CLIENT_LISTS = { customer: 'customers', product: 'products', item: 'items' } as const;
export type ClientListName = keyof typeof CLIENT_LISTS;

export interface ClientRecord {
  id: Identifier;
  name?: string | null;
  [key: string]: unknown;
}

export interface ClientListState<T extends ClientRecord = ClientRecord> {
  records: readonly T[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: unknown;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** By name, case-insensitively (ties by id, so the order is stable). */
export function compareByName(a: ClientRecord, b: ClientRecord): number {
  return collator.compare(String(a.name ?? ''), String(b.name ?? '')) || String(a.id).localeCompare(String(b.id));
}

export const sortByName = <T extends ClientRecord>(records: readonly T[]): T[] => [...records].sort(compareByName);

/** The list after a write: a created or updated record is (re)placed in name order; deleted ones leave. */
export function applyWrite<T extends ClientRecord>(records: readonly T[], event: WriteEvent): T[] {
  if (event.type === 'delete') {
    const gone = new Set(event.ids.map(String));
    return records.filter((r) => !gone.has(String(r.id)));
  }
  const id = String(event.record.id);
  const existing = records.find((r) => String(r.id) === id);
  const merged = { ...(existing ?? {}), ...event.record } as T;
  return sortByName([...records.filter((r) => String(r.id) !== id), merged]);
}

export class ClientList<T extends ClientRecord = ClientRecord> {
  private state: ClientListState<T> = { records: [], status: 'idle' };
  private readonly listeners = new Set<() => void>();
  private loading?: Promise<void>;
  /** writes seen while the first load runs, replayed on its result */
  private pending: WriteEvent[] = [];

  constructor(
    readonly resource: string,
    private readonly load: (resource: string) => Promise<T[]>,
  ) {}

  getState = (): ClientListState<T> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(state: ClientListState<T>) {
    this.state = state;
    for (const l of [...this.listeners]) l();
  }

  /** Loads once; later calls answer the same load (or nothing when done). */
  ensureLoaded(): Promise<void> {
    if (this.state.status === 'ready') return Promise.resolve();
    if (this.loading) return this.loading;
    this.set({ ...this.state, status: 'loading' });
    this.pending = [];
    this.loading = this.load(this.resource).then(
      (rows) => {
        let records = sortByName(rows);
        for (const e of this.pending) records = applyWrite(records, e);
        this.pending = [];
        this.loading = undefined;
        this.set({ records, status: 'ready' });
      },
      (error: unknown) => {
        this.loading = undefined;
        this.set({ records: this.state.records, status: 'error', error });
      },
    );
    return this.loading;
  }

  /** Mirrors a write made through the dataProvider. */
  apply(event: WriteEvent): void {
    if (event.resource !== this.resource) return;
    if (this.state.status === 'loading') this.pending.push(event);
    if (this.state.status !== 'ready') return;
    this.set({ ...this.state, records: applyWrite(this.state.records, event) });
  }
}

/** The client lists of one dataProvider, per company. */
export class ClientLists {
  private readonly lists = new Map<string, ClientList>();
  private readonly unsubscribe: () => void;

  constructor(private readonly dataProvider: Pick<AppDataProvider, 'loadAll' | 'onWrite'>) {
    this.unsubscribe = dataProvider.onWrite((event) => {
      for (const list of this.lists.values()) list.apply(event);
    });
  }

  get(companyId: string, name: ClientListName): ClientList {
    const key = `${companyId}\u0000${name}`;
    let list = this.lists.get(key);
    if (!list) {
      list = new ClientList(CLIENT_LISTS[name], (resource) =>
        this.dataProvider.loadAll<ClientRecord>(resource, { sort: { field: 'name', order: 'ASC' } }),
      );
      this.lists.set(key, list);
    }
    return list;
  }

  /** Drops the lists of other companies (their rows are of no use after a switch). */
  keepOnly(companyId: string): void {
    for (const key of [...this.lists.keys()]) if (!key.startsWith(`${companyId}\u0000`)) this.lists.delete(key);
  }

  dispose(): void {
    this.unsubscribe();
    this.lists.clear();
  }
}
