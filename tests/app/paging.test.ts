import { describe, expect, it } from 'vitest';
import { CursorCache, fetchListPage, listKey, planFetch, WALK_STEP, type PageRequest } from '../../src/app/data/paging';

/** A Relay connection over `total` rows whose cursors are their indexes; `max` clamps `first`/`last`. */
function fakeConnection(total: number, max = Infinity) {
  const requests: PageRequest[] = [];
  const fetcher = async (r: PageRequest) => {
    requests.push(r);
    let start = r.after !== undefined ? Number(r.after) + 1 : 0;
    let end = total;
    if (r.first !== undefined) end = Math.min(end, start + Math.min(r.first, max));
    if (r.last !== undefined) start = Math.max(start, end - Math.min(r.last, max));
    const idx = Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
    return { nodes: idx.map((i) => ({ id: i })), cursors: idx.map(String), total, hasNextPage: end < total };
  };
  return { fetcher, requests };
}

const ids = (r: { data: { id: number }[] }) => r.data.map((d) => d.id);

describe('planFetch', () => {
  it('fetches page 1 with first only', () => {
    expect(planFetch({ cursors: new Map() }, 0, 25)).toEqual({ kind: 'page', request: { first: 25 } });
  });
  it('uses a known cursor', () => {
    expect(planFetch({ cursors: new Map([[25, 'c']]) }, 25, 25)).toEqual({
      kind: 'page',
      request: { first: 25, after: 'c' },
    });
  });
  it('uses last for the last page when the total is known', () => {
    expect(planFetch({ cursors: new Map(), total: 60 }, 50, 25)).toEqual({ kind: 'last', request: { last: 10 } });
  });
  it('walks from the nearest known cursor', () => {
    const plan = planFetch(
      {
        cursors: new Map([
          [10, 'a'],
          [30, 'b'],
        ]),
        total: 1000,
      },
      75,
      25,
    );
    expect(plan).toEqual({ kind: 'walk', request: { first: 45, after: 'b' }, from: 30 });
    expect(planFetch({ cursors: new Map() }, 500, 25)).toEqual({
      kind: 'walk',
      request: { first: WALK_STEP },
      from: 0,
    });
  });
});

describe('fetchListPage', () => {
  it('pages forward with the previous endCursor', async () => {
    const cache = new CursorCache();
    const { fetcher, requests } = fakeConnection(120);
    expect(ids(await fetchListPage(cache, 'k', 1, 25, fetcher))).toEqual([...Array(25).keys()]);
    const p2 = await fetchListPage(cache, 'k', 2, 25, fetcher);
    expect(ids(p2)[0]).toBe(25);
    expect(p2.total).toBe(120);
    expect(requests).toEqual([{ first: 25 }, { first: 25, after: '24' }]);
  });

  it('jumps to page N by walking forward, then remembers the way back', async () => {
    const cache = new CursorCache();
    const { fetcher, requests } = fakeConnection(1000);
    const p7 = await fetchListPage(cache, 'k', 7, 25, fetcher);
    expect(ids(p7)).toEqual(Array.from({ length: 25 }, (_, i) => 150 + i));
    expect(requests).toEqual([{ first: 100 }, { first: 50, after: '99' }, { first: 25, after: '149' }]);
    requests.length = 0;
    const p4 = await fetchListPage(cache, 'k', 4, 25, fetcher);
    expect(ids(p4)[0]).toBe(75);
    expect(requests).toEqual([{ first: 25, after: '74' }]);
  });

  it('reads the last page with `last` once the total is known', async () => {
    const cache = new CursorCache();
    const { fetcher, requests } = fakeConnection(60);
    await fetchListPage(cache, 'k', 1, 25, fetcher);
    const p3 = await fetchListPage(cache, 'k', 3, 25, fetcher);
    expect(ids(p3)).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    expect(p3.pageInfo.hasNextPage).toBe(false);
    expect(requests.at(-1)).toEqual({ last: 10 });
  });

  it('walks to a page past a "more than" total instead of reading it with `last`', async () => {
    // 200 rows; the server stopped counting at 100 and says "more than 100" (101, not exact)
    const cache = new CursorCache();
    const { fetcher: rows, requests } = fakeConnection(200);
    const fetcher = async (r: PageRequest) => ({ ...(await rows(r)), total: 101, totalExact: false });
    const p1 = await fetchListPage(cache, 'k', 1, 25, fetcher);
    expect(p1.meta).toEqual({ totalExact: false });
    const p5 = await fetchListPage(cache, 'k', 5, 25, fetcher);
    expect(ids(p5)).toEqual(Array.from({ length: 25 }, (_, i) => 100 + i));
    expect(p5.pageInfo.hasNextPage).toBe(true);
    expect(requests.some((r) => r.last !== undefined)).toBe(false);
  });

  it('is not fooled by a server that clamps first', async () => {
    const cache = new CursorCache();
    const { fetcher } = fakeConnection(500, 30);
    const p5 = await fetchListPage(cache, 'k', 5, 25, fetcher);
    expect(ids(p5)).toEqual(Array.from({ length: 25 }, (_, i) => 100 + i));
  });

  it('answers an empty page past the end', async () => {
    const cache = new CursorCache();
    const { fetcher } = fakeConnection(30);
    const p9 = await fetchListPage(cache, 'k', 9, 25, fetcher);
    expect(p9.data).toEqual([]);
    expect(p9.total).toBe(30);
  });

  it('keeps lists apart by key and forgets a resource after writes', async () => {
    const cache = new CursorCache();
    const a = listKey('customers', { filters: [] });
    const b = listKey('customers', { filters: [{ field: 'active', comparator: 'eq', value: 'true' }] });
    cache.record(a, 0, ['x', 'y'], 2);
    cache.record(b, 0, ['z'], 1);
    cache.record(listKey('items', {}), 0, ['i'], 1);
    expect(cache.get(a).cursors.get(2)).toBe('y');
    cache.forgetResource('customers');
    expect(cache.get(a).cursors.size).toBe(0);
    expect(cache.get(b).cursors.size).toBe(0);
    expect(cache.get(listKey('items', {})).cursors.get(1)).toBe('i');
  });
});
