// Relay cursor connections: forward, backward, reverse, filters, search and totalCount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerTable, objectsTable } from '../../src/generated/tables';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const LIST = `query($first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $sortKey: String, $reverse: Boolean, $parameters: ListParameters) {
  customers2(first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters) {
    totalCount
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges { cursor node { id name active type } }
  }
}`;

type Conn = {
  customers2: {
    totalCount: number;
    pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
    edges: { cursor: string; node: { id: string; name: string; active: boolean; type: string } }[];
  };
};

describe.each(backends)('customers2 paging on %s', (backend) => {
  let api: TestApi;
  let member: Awaited<ReturnType<typeof makeMember>>;
  const names = Array.from({ length: 53 }, (_, i) => `Customer ${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    api = await startApi(backend);
    member = await makeMember(api, EVERYTHING);
    // two rows share a name so the id tie-break is exercised
    const rows = [...names, 'Customer 10'].map((name, i) => ({
      companyId: member.companyId,
      name,
      active: i % 2 === 0,
      type: i % 3 === 0 ? 'Retail' : 'Wholesale',
      // a third without e-mail: sorting on a nullable column takes the NULL-aware keyset
      email: i % 3 === 1 ? null : `c${String(i % 7)}@example.test`,
    }));
    const inserted = await api.database.db.insert(customerTable).values(rows).returning({ id: customerTable.id });
    await api.database.db
      .insert(objectsTable)
      .values(inserted.map((r) => ({ companyId: member.companyId, id: r.id, entity: 'customer' })));
  });
  afterAll(() => api.close());

  const list = async (variables: Record<string, unknown>) => {
    const res = await api.gql<Conn>(member.companyId, LIST, variables, member.token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.customers2;
  };

  it('walks forward in pages with a stable order and no duplicates', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await list({ first: 10, after, sortKey: 'name' });
      expect(page.totalCount).toBe(54);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      seen.push(...page.edges.map((e) => e.node.id));
      pages++;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(6);
    expect(new Set(seen).size).toBe(54);
    const all = await list({ first: 100, sortKey: 'name' });
    expect(all.edges.map((e) => e.node.id)).toEqual(seen);
    const sortedNames = all.edges.map((e) => e.node.name);
    expect(sortedNames).toEqual([...sortedNames].sort());
  });

  it('walks backward from the end to the same order', async () => {
    const forward = (await list({ first: 100, sortKey: 'name' })).edges.map((e) => e.node.id);
    const seen: string[] = [];
    let before: string | null = null;
    for (;;) {
      const page = await list({ last: 7, before, sortKey: 'name' });
      seen.unshift(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasPreviousPage) break;
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      before = page.pageInfo.startCursor;
    }
    expect(seen).toEqual(forward);
  });

  it('reverses the order', async () => {
    const forward = (await list({ first: 100, sortKey: 'name' })).edges.map((e) => e.node.id);
    const reversed = (await list({ first: 100, sortKey: 'name', reverse: true })).edges.map((e) => e.node.id);
    expect(reversed).toEqual([...forward].reverse());
    const page2 = await list({
      first: 5,
      after: (await list({ first: 5, sortKey: 'name', reverse: true })).pageInfo.endCursor,
      sortKey: 'name',
      reverse: true,
    });
    expect(page2.edges.map((e) => e.node.id)).toEqual(reversed.slice(5, 10));
  });

  it('pages a nullable sort column both ways, NULLs last ascending and first descending', async () => {
    const all = (await list({ first: 100, sortKey: 'email' })).edges.map((e) => e.node.id);
    const walk = async (reverse: boolean) => {
      const ids: string[] = [];
      let after: string | null = null;
      do {
        const page: Conn['customers2'] = await list({ first: 4, after, sortKey: 'email', reverse });
        ids.push(...page.edges.map((e) => e.node.id));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      return ids;
    };
    expect(await walk(false)).toEqual(all);
    expect(await walk(true)).toEqual([...all].reverse());
    const back: string[] = [];
    let before: string | null = null;
    do {
      const page: Conn['customers2'] = await list({ last: 6, before, sortKey: 'email' });
      back.unshift(...page.edges.map((e) => e.node.id));
      before = page.pageInfo.hasPreviousPage ? page.pageInfo.startCursor : null;
    } while (before);
    expect(back).toEqual(all);
  });

  it('counts again after a write', async () => {
    const before = (await list({ first: 1, filters: [{ field: 'type', comparator: 'eq', value: 'Export' }] }))
      .totalCount;
    const created = await api.gql<{ customerCreate: { id: string } }>(
      member.companyId,
      `mutation { customerCreate(input: { name: "Zed", type: "Export" }) { id } }`,
      {},
      member.token,
    );
    expect((await list({ first: 1, filters: [{ field: 'type', comparator: 'eq', value: 'Export' }] })).totalCount).toBe(
      before + 1,
    );
    await api.gql(
      member.companyId,
      `mutation($id: ID!) { objectDelete(id: $id) { id } }`,
      { id: created.body.data!.customerCreate.id },
      member.token,
    );
    expect((await list({ first: 1, filters: [{ field: 'type', comparator: 'eq', value: 'Export' }] })).totalCount).toBe(
      before,
    );
  });

  it('filters with eq, ge and le and counts the filtered rows', async () => {
    const active = await list({ first: 100, filters: [{ field: 'active', comparator: 'eq', value: 'true' }] });
    expect(active.totalCount).toBe(27);
    expect(active.edges.every((e) => e.node.active)).toBe(true);
    const range = await list({
      first: 100,
      filters: [
        { field: 'name', comparator: 'ge', value: 'Customer 10' },
        { field: 'name', comparator: 'le', value: 'Customer 19' },
      ],
    });
    expect(range.totalCount).toBe(11);
    const retail = await list({ first: 3, filters: [{ field: 'type', comparator: 'eq', value: 'Retail' }] });
    expect(retail.totalCount).toBe(18);
    expect(retail.edges).toHaveLength(3);
  });

  it('searches the search fields through parameters', async () => {
    const found = await list({ first: 100, parameters: { search: 'customer 4' } });
    expect(found.totalCount).toBe(10);
    const none = await list({ first: 100, parameters: { search: '%' } });
    expect(none.totalCount).toBe(0);
  });

  it('refuses a page above the cap and bad filters without running them', async () => {
    const big = await api.gql(member.companyId, LIST, { first: 1000 }, member.token);
    expect(big.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(big.body.errors?.[0].extensions.info.fields).toEqual({ first: 'Must be <= 250' });
    const badField = await api.gql(
      member.companyId,
      LIST,
      { filters: [{ field: 'nope', comparator: 'eq', value: 'x' }] },
      member.token,
    );
    expect(badField.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const badValue = await api.gql(
      member.companyId,
      LIST,
      { filters: [{ field: 'active', comparator: 'eq', value: 'maybe' }] },
      member.token,
    );
    expect(badValue.body.errors?.[0].extensions.info.fields).toEqual({ 'filters.0.value': 'Must be true or false' });
    const badCursor = await api.gql(member.companyId, LIST, { after: 'garbage' }, member.token);
    expect(badCursor.body.errors?.[0].extensions.info.fields).toEqual({ after: 'Invalid cursor' });
    const badComparator = await api.gql(
      member.companyId,
      LIST,
      { filters: [{ field: 'name', comparator: 'gt', value: 'x' }] },
      member.token,
    );
    expect(badComparator.status).toBe(400);
    expect(badComparator.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });
});
