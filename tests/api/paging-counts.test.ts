// Issue 10, point 22: a list's count is exact up to EXACT_COUNT_LIMIT (1,000) matching rows; above
// it the first page says "more than 1,000" (totalCount 1,001, totalCountExact false) without
// counting every row, and `exactCount: true` answers the exact figure. 1,250 customers numbered
// 0 to 1,249: every fifth (i % 5 = 0) is Retail, 1,250 / 5 = 250 of them, and the other
// 1,000 Wholesale, exactly the limit, which is still counted exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const LIST = `query($filters: [Filter!], $exactCount: Boolean, $parameters: ListParameters) {
  customers2(first: 5, filters: $filters, exactCount: $exactCount, parameters: $parameters) {
    totalCount totalCountExact
    pageInfo { hasNextPage }
    edges { node { id } }
  }
}`;

type Conn = {
  customers2: { totalCount: number; totalCountExact: boolean; pageInfo: { hasNextPage: boolean }; edges: unknown[] };
};

describe.each(backends)('list counts above the exact limit on %s', (backend) => {
  let api: TestApi;
  let member: Awaited<ReturnType<typeof makeMember>>;

  beforeAll(async () => {
    api = await startApi(backend);
    member = await makeMember(api, EVERYTHING);
    const company = member.companyId;
    await api.database.db.execute(sql`
      WITH made AS (
        INSERT INTO customers (company_id, name, active, type)
        SELECT ${company}, 'Bulk customer ' || lpad(i::text, 5, '0'), true,
               CASE WHEN i % 5 = 0 THEN 'Retail' ELSE 'Wholesale' END
        FROM generate_series(0, 1249) AS i
        RETURNING id
      )
      INSERT INTO objects (company_id, id, entity) SELECT ${company}, id, 'customer' FROM made`);
  }, 120_000);
  afterAll(() => api.close());

  const list = async (variables: Record<string, unknown>) => {
    const res = await api.gql<Conn>(member.companyId, LIST, variables, member.token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.customers2;
  };

  it('answers "more than 1,000" for the whole list, with its first page', async () => {
    const page = await list({});
    expect(page).toMatchObject({ totalCount: 1_001, totalCountExact: false, pageInfo: { hasNextPage: true } });
    expect(page.edges).toHaveLength(5);
  });

  it('counts every row when asked', async () => {
    expect(await list({ exactCount: true })).toMatchObject({ totalCount: 1_250, totalCountExact: true });
  });

  it('counts a filter under the limit exactly without being asked', async () => {
    const retail = [{ field: 'type', comparator: 'eq', value: 'Retail' }];
    expect(await list({ filters: retail })).toMatchObject({ totalCount: 250, totalCountExact: true });
    const wholesale = [{ field: 'type', comparator: 'eq', value: 'Wholesale' }];
    expect(await list({ filters: wholesale })).toMatchObject({ totalCount: 1_000, totalCountExact: true });
  });
});
