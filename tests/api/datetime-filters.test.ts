// A date-time filtered by days (a list's date range) means those days in the company's time
// zone (America/Toronto by default): a record started late in the afternoon of the range's last
// day is in it; one started after midnight Toronto time is on the next day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';

describe.each(backends)('date-time filters by day on %s', (backend) => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  const lots = async (filters: { field: string; comparator: string; value: string }[]) => {
    const r = await api.gql<{ distillations2: { edges: { node: { lot: string } }[] } }>(
      m.companyId,
      `query($f: [Filter!]) { distillations2(first: 50, filters: $f, sortKey: "lot") { edges { node { lot } } } }`,
      { f: filters },
      m.token,
    );
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data!.distillations2.edges.map((e) => e.node.lot);
  };

  beforeAll(async () => {
    api = await startApi(backend);
    m = await makeMember(api, EVERYTHING);
    for (const [lot, date] of [
      // 2026-05-04 09:00 in Toronto (UTC-4 in May)
      ['A', '2026-05-04T13:00:00.000Z'],
      // 2026-05-04 23:30 in Toronto: still the 4th there, the 5th in UTC
      ['B', '2026-05-05T03:30:00.000Z'],
      // 2026-05-05 00:30 in Toronto
      ['C', '2026-05-05T04:30:00.000Z'],
    ]) {
      const r = await api.gql(
        m.companyId,
        `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
        { input: { lot, date } },
        m.token,
      );
      expect(r.body.errors).toBeUndefined();
    }
  });
  afterAll(() => api.close());

  it('takes a range of days as whole days in the company time zone', async () => {
    expect(
      await lots([
        { field: 'date', comparator: 'ge', value: '2026-05-04' },
        { field: 'date', comparator: 'le', value: '2026-05-04' },
      ]),
    ).toEqual(['A', 'B']);
    expect(await lots([{ field: 'date', comparator: 'ge', value: '2026-05-05' }])).toEqual(['C']);
    expect(await lots([{ field: 'date', comparator: 'eq', value: '2026-05-05' }])).toEqual(['C']);
    // a full date-time still compares as an instant
    expect(await lots([{ field: 'date', comparator: 'le', value: '2026-05-05T03:30:00.000Z' }])).toEqual(['A', 'B']);
  });
});
