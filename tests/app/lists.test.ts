// The generic lists' pure parts: the query string of filters, batch-delete failures, line
// totals, lazy loading of every page, and the client lists (spec 2.5, 4, 7, 8).
import { describe, expect, it } from 'vitest';
import {
  buildListSearch,
  clampColumnWidth,
  paramsFromUrl,
  parseListSearch,
  printOrientationFor,
} from '../../src/app/generic/listUrl';
import { deleteOutcome, failuresOf } from '../../src/app/generic/deleteOutcome';
import { lineTotals } from '../../src/app/generic/lines';
import { loadAllPages } from '../../src/app/data/paging';
import {
  ClientList,
  ClientLists,
  applyWrite,
  sortByName,
  type ClientRecord,
} from '../../src/app/clientLists/clientLists';
import { formatDuration } from '../../src/app/widgets/durationRules';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../src/app/generic/GenericList';
import type { FieldMeta } from '../../src/shared/meta';
import type { WriteEvent } from '../../src/app/data/dataProvider';

const defaults = { sort: { field: 'name', order: 'ASC' } };

describe('filters in the query string', () => {
  it('writes filter, sort and page; defaults and blanks left out; spaces as %20', () => {
    expect(buildListSearch({ filter: {}, sort: { field: 'name', order: 'ASC' }, page: 1 }, defaults)).toBe('');
    const s = buildListSearch({ filter: { q: 'gin bar', type: '', active: false }, page: 2 }, defaults);
    expect(s).toBe(`?filter=${encodeURIComponent('{"q":"gin bar","active":false}')}&page=2`);
    expect(s).toContain('%20');
    expect(buildListSearch({ sort: { field: 'email', order: 'DESC' } }, defaults)).toBe('?sort=email&order=DESC');
  });

  it('reads what it writes, and ignores junk', () => {
    const s = buildListSearch({ filter: { q: 'x y' }, sort: { field: 'email', order: 'DESC' }, page: 3 }, defaults);
    expect(parseListSearch(s)).toEqual({ filter: { q: 'x y' }, sort: 'email', order: 'DESC', page: 3 });
    expect(parseListSearch('')).toBeNull();
    expect(parseListSearch('?filter=nope&page=-1')).toBeNull();
    expect(parseListSearch('?filter=%7B%7D')).toEqual({ filter: {} });
  });

  it('loads a URL into the list, keeping the remembered page size', () => {
    const stored = { filter: { q: 'old' }, page: 4, perPage: 50, sort: 'email', order: 'DESC' };
    expect(paramsFromUrl(stored, { filter: { active: true } }, { ...defaults, perPage: 25 })).toEqual({
      filter: { active: true },
      displayedFilters: { active: true },
      sort: 'email',
      order: 'DESC',
      page: 1,
      perPage: 50,
    });
    expect(paramsFromUrl(undefined, { filter: {} }, { ...defaults, perPage: 25 }).perPage).toBe(25);
  });

  it('has the page sizes of spec 9, prints transaction lists landscape, and a width slider up to 50', () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(printOrientationFor('exciseTransaction')).toBe('landscape');
    expect(printOrientationFor('customer')).toBe('portrait');
    expect(clampColumnWidth(80)).toBe(50);
    expect(clampColumnWidth(1)).toBe(5);
    expect(clampColumnWidth('x')).toBe(50);
  });
});

describe('batch delete', () => {
  it("says 'Delete successful', 'Deleted {n} of {total}', or warns with '({k} error(s))'", () => {
    expect(deleteOutcome(1, 1)).toEqual({ message: 'app.delete.success', args: {}, type: 'success' });
    expect(deleteOutcome(2, 2)).toEqual({ message: 'app.delete.result', args: { n: 2, total: 2 }, type: 'success' });
    expect(deleteOutcome(2, 1)).toEqual({
      message: 'app.delete.result',
      args: { n: 1, total: 2 },
      type: 'warning',
      suffix: { message: 'app.delete.errors', args: { k: 1 } },
    });
  });
  it('keeps the error of each failed row for its checkbox', () => {
    const meta = { failures: [{ id: '7', error: "Category 'Gin' cannot be deleted" }] };
    expect([...failuresOf(meta, ['5', '7'], ['5'])]).toEqual([['7', "Category 'Gin' cannot be deleted"]]);
    expect([...failuresOf(undefined, ['5', '7'], ['5'])]).toEqual([['7', 'Not deleted']]);
    expect(failuresOf({ failures: [] }, ['5'], ['5']).size).toBe(0);
  });
});

describe('lines', () => {
  const fields = [
    { name: 'quantity', type: 'decimal', precision: 3 },
    { name: 'units', type: 'integer' },
  ] as FieldMeta[];
  it('totals the marked fields (blank counts as 0)', () => {
    const lines = [{ quantity: 1.1, units: 2 }, { quantity: '2.2' }, { quantity: null, units: 3 }];
    expect(lineTotals(lines, ['quantity', 'units'], fields)).toEqual([
      { field: fields[0], total: 3.3 },
      { field: fields[1], total: 5 },
    ]);
    expect(lineTotals(undefined, ['quantity'], fields)).toEqual([{ field: fields[0], total: 0 }]);
    expect(lineTotals([], ['nope'], fields)).toEqual([]);
  });
});

describe('lazy loading', () => {
  it('loops on hasNextPage and endCursor in pages of 100', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: String(i) }));
    const requests: unknown[] = [];
    const all = await loadAllPages(async (request) => {
      requests.push(request);
      const from = request.after ? Number(request.after) + 1 : 0;
      const nodes = rows.slice(from, from + (request.first ?? 0));
      return { nodes, hasNextPage: from + nodes.length < rows.length, endCursor: nodes.at(-1)?.id ?? null };
    });
    expect(all).toHaveLength(250);
    expect(requests).toEqual([{ first: 100 }, { first: 100, after: '99' }, { first: 100, after: '199' }]);
  });
});

describe('client lists', () => {
  const rec = (id: string, name: string): ClientRecord => ({ id, name });

  it('sorts by name case-insensitively', () => {
    expect(
      sortByName([rec('1', 'beta'), rec('2', 'Alpha'), rec('3', 'alpha 2'), rec('4', 'Gamma')]).map((r) => r.id),
    ).toEqual(['2', '3', '1', '4']);
  });

  it('follows creates, updates and deletes', () => {
    let list = sortByName([rec('1', 'Bar'), rec('2', 'Foo')]);
    list = applyWrite(list, { resource: 'customers', type: 'create', record: { id: '3', name: 'alder' } });
    expect(list.map((r) => r.name)).toEqual(['alder', 'Bar', 'Foo']);
    list = applyWrite(list, { resource: 'customers', type: 'update', record: { id: '1', name: 'zed' } });
    expect(list.map((r) => r.name)).toEqual(['alder', 'Foo', 'zed']);
    list = applyWrite(list, { resource: 'customers', type: 'delete', ids: ['2', '3'] });
    expect(list.map((r) => r.id)).toEqual(['1']);
  });

  it('loads once and keeps writes made while loading', async () => {
    let calls = 0;
    let release!: (rows: ClientRecord[]) => void;
    const list = new ClientList('customers', () => {
      calls++;
      return new Promise<ClientRecord[]>((resolve) => (release = resolve));
    });
    const a = list.ensureLoaded();
    const b = list.ensureLoaded();
    expect(calls).toBe(1);
    expect(list.getState().status).toBe('loading');
    list.apply({ resource: 'customers', type: 'create', record: { id: '9', name: 'New' } });
    list.apply({ resource: 'products', type: 'delete', ids: ['1'] });
    release([rec('1', 'b'), rec('2', 'A')]);
    await Promise.all([a, b]);
    expect(list.getState().records.map((r) => r.id)).toEqual(['2', '1', '9']);
    await list.ensureLoaded();
    expect(calls).toBe(1);
  });

  it('one list per company and entity, fed by the dataProvider writes', async () => {
    const listeners: ((e: WriteEvent) => void)[] = [];
    const loaded: string[] = [];
    const lists = new ClientLists({
      loadAll: async <T>(resource: string) => {
        loaded.push(resource);
        return [{ id: '1', name: 'Only' }] as T[];
      },
      onWrite: (l) => {
        listeners.push(l);
        return () => {};
      },
    });
    const customers = lists.get('c1', 'customer');
    expect(lists.get('c1', 'customer')).toBe(customers);
    expect(lists.get('c2', 'customer')).not.toBe(customers);
    await customers.ensureLoaded();
    expect(loaded).toEqual(['customers']);
    listeners.forEach((l) => l({ resource: 'customers', type: 'delete', ids: ['1'] }));
    expect(customers.getState().records).toEqual([]);
  });
});

describe('expanded row texts', () => {
  it('shows durations as days, hours and minutes', () => {
    expect(formatDuration(1563)).toBe('1d 2h 3m');
    expect(formatDuration(0)).toBe('0m');
  });
});
