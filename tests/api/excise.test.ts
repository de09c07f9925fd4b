// The excise ledger through the API: vessel actions post signed rows, vessels hold one
// contents and lot, nothing is overdrawn, edits reverse and re-post, deletes reverse, the
// ledger refuses UPDATE and DELETE, and every figure matches one worked by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const TRANSACTIONS = `query($id: ID!, $filters: [Filter!], $sortKey: String, $reverse: Boolean, $first: Int, $after: String) {
  tank(id: $id) { name transactions2(filters: $filters, sortKey: $sortKey, reverse: $reverse, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id date refType refId excise volume laa strength litres volumeBalance laaBalance reversed vesselName alcoholName siteName licence userName } }
    totals { totalVolume totalLaa totalLitres totalCount } } } }`;

describe.each(backends)('excise ledger on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let a: string, b: string, c: string, d: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    a = await co.tank('A');
    b = await co.tank('B');
    d = await co.tank('D');
    c = await co.cask('C-1');
  });
  afterAll(() => api.close());

  it('records an initial: 1000 L at 65 % is 650 LAA', async () => {
    const r = await co.act('exciseInitial', {
      vesselId: a,
      date: '2026-01-05',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'R-1',
      volume: 1000,
      strength: 65,
    });
    expect(r.errors).toBeUndefined();
    ids.initial = r.data!.refId;
    expect(r.data!.transactions).toMatchObject([
      { excise: 'SpiritsInitial', vesselId: a, volume: 1000, strength: 65, laa: 650, litres: 650, lot: 'R-1' },
    ]);
    expect(await co.contents('tank', a)).toMatchObject({
      alcoholName: 'Rye new make',
      lot: 'R-1',
      volume: 1000,
      strength: 65,
      laa: 650,
      fillPercent: 20,
    });
  });

  it('transfers 400 L: 260 LAA leaves A and reaches B', async () => {
    const r = await co.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date: '2026-01-10', volume: 400 });
    expect(r.errors).toBeUndefined();
    ids.transfer = r.data!.refId;
    expect(r.data!.transactions).toMatchObject([
      { vesselId: a, volume: -400, laa: -260, excise: 'SpiritsTransfer' },
      { vesselId: b, volume: 400, laa: 260, excise: 'SpiritsTransfer', lot: 'R-1' },
    ]);
    expect(await co.contents('tank', a)).toMatchObject({ volume: 600, laa: 390, strength: 65 });
    expect(await co.contents('tank', b)).toMatchObject({ volume: 400, laa: 260, strength: 65, lot: 'R-1' });
  });

  it('proofs B to 40 %: the LAA stays, the volume grows to 650 L, water is more than the growth', async () => {
    const r = await co.act('tankProof', { vesselId: b, date: '2026-01-11', strength: 40 });
    expect(r.errors).toBeUndefined();
    const [row] = r.data!.transactions as { volume: number; laa: number; strength: number; description: string }[];
    expect(row).toMatchObject({ volume: 250, laa: 0, strength: 40 });
    // contraction: the water added is more than the 250 L the volume grew by
    const water = Number(/with ([\d,.]+) L of water/.exec(row.description)![1].replace(/,/g, ''));
    expect(water).toBeGreaterThan(250);
    expect(water).toBeLessThan(275);
    expect(await co.contents('tank', b)).toMatchObject({ volume: 650, laa: 260, strength: 40 });
  });

  it('fills a cask with 200 L at 40 % (80 LAA) and starts its age', async () => {
    const r = await co.act('tankFillCask', { vesselId: b, toVesselId: c, date: '2026-01-12', volume: 200 });
    expect(r.errors).toBeUndefined();
    expect(await co.contents('cask', c)).toMatchObject({
      volume: 200,
      laa: 80,
      strength: 40,
      ageDate: '2026-01-12',
      fillPercent: 100,
    });
    expect(await co.contents('tank', b)).toMatchObject({ volume: 450, laa: 180 });
  });

  it('refuses to overfill a cask', async () => {
    const r = await co.act('tankFillCask', { vesselId: b, toVesselId: c, date: '2026-01-12', volume: 1 });
    expect(r.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(r.errors?.[0].message).toBe('Cask C-1 holds 200.000 L of 200.000 L; 1.000 L more would overflow it');
  });

  it("empties the cask: 190 L at 40.5 % is 76.95 LAA back to A, 3.05 LAA angels' share", async () => {
    const r = await co.act('caskEmpty', {
      vesselId: c,
      toVesselId: a,
      date: '2026-06-30',
      volume: 190,
      strength: 40.5,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.transactions).toMatchObject([
      { vesselId: c, volume: -10, laa: -3.05, excise: 'SpiritsReductionLossesPrescribed' },
      { vesselId: c, volume: -190, laa: -76.95 },
      { vesselId: a, volume: 190, laa: 76.95 },
    ]);
    expect(await co.contents('cask', c)).toBeNull();
    expect(await co.contents('tank', a)).toMatchObject({ volume: 790, laa: 466.95 });
  });

  it('reduces inventory by its share of LAA: 10 L of 790 L holding 466.95 LAA is 5.911 LAA', async () => {
    const r = await co.act('exciseReduceInventory', {
      vesselId: a,
      date: '2026-07-01',
      volume: 10,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(r.errors).toBeUndefined();
    ids.reduce = r.data!.refId;
    expect(r.data!.transactions).toMatchObject([{ volume: -10, laa: -5.911, excise: 'SpiritsReductionDestroyed' }]);
    expect(await co.contents('tank', a)).toMatchObject({ volume: 780, laa: 461.039 });
  });

  it('edits a posted action: reversed and posted again under the same refId', async () => {
    const r = await co.act('exciseReduceInventory', {
      refId: ids.reduce,
      vesselId: a,
      date: '2026-07-01',
      volume: 20,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.refId).toBe(ids.reduce);
    // 20 / 790 x 466.95 = 11.8215… -> 11.822
    expect(await co.contents('tank', a)).toMatchObject({ volume: 770, laa: 455.128 });
    const action = await co.call<{ exciseAction: { kind: string; input: string; active: boolean } }>(
      `query($id: ID!) { exciseAction(id: $id) { kind input active } }`,
      { id: ids.reduce },
    );
    expect(action.data!.exciseAction).toMatchObject({ kind: 'ReduceInventory', active: true });
    expect(JSON.parse(action.data!.exciseAction.input)).toMatchObject({
      volume: 20,
      excise: 'SpiritsReductionDestroyed',
    });
  });

  it('refuses to move more than a tank holds, in words, and writes nothing', async () => {
    const r = await co.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date: '2026-07-02', volume: 2000 });
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect((r.errors?.[0].extensions.info.fields as Record<string, string>).volume).toBe(
      'Tank A holds 770.000 L; you asked to move 2,000.000 L. Move at most 770.000 L, or tick Empty vessel.',
    );
    expect(await co.contents('tank', a)).toMatchObject({ volume: 770, laa: 455.128 });
  });

  it('refuses a second spirit in an occupied tank and points to blending', async () => {
    const init = await co.act('exciseInitial', {
      vesselId: d,
      date: '2026-07-02',
      alcoholType: 'Spirit',
      alcoholId: co.gin,
      volume: 100,
      strength: 80,
    });
    expect(init.errors).toBeUndefined();
    const r = await co.act('exciseTransferToTank', { vesselId: d, toVesselId: b, date: '2026-07-03', volume: 10 });
    expect(r.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(r.errors?.[0].message).toMatch(/Tank B holds Rye new make; it cannot take Gin base as well.*blend/);
    expect(await co.contents('tank', d)).toMatchObject({ volume: 100, laa: 80 });
  });

  it('refuses input in the spec words', async () => {
    const r = await co.act('exciseInitial', {
      vesselId: b,
      date: '2026-13-01',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      volume: -5,
      strength: 120,
      comments: 'x'.repeat(1001),
    });
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(r.errors?.[0].extensions.info.fields).toEqual({
      date: 'Must be a date (yyyy-MM-dd)',
      volume: 'Must be > 0',
      strength: 'Strength must be between 0% and 99%',
      comments: 'Max length 1000',
    });
  });

  it('lists a tank with running balances that end at its contents, and totals', async () => {
    const r = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, { id: a, reverse: true });
    expect(r.errors).toBeUndefined();
    const list = r.data!.tank.transactions2;
    // oldest first: initial, transfer out, cask back in, the edited reduction
    expect(list.edges.map((e: any) => [e.node.volume, e.node.volumeBalance, e.node.laaBalance])).toEqual([
      [1000, 1000, 650],
      [-400, 600, 390],
      [190, 790, 466.95],
      [-20, 770, 455.128],
    ]);
    expect(list.totals).toMatchObject({ totalVolume: 770, totalLaa: 455.128, totalCount: 4 });
    // a date range: the 2026-01-10 transfer (-400 L) and the 2026-06-30 cask (+190 L)
    const ranged = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, {
      id: a,
      filters: [
        { field: 'date', comparator: 'ge', value: '2026-01-06' },
        { field: 'date', comparator: 'le', value: '2026-06-30' },
      ],
    });
    expect(ranged.data!.tank.transactions2.totals).toMatchObject({
      totalVolume: -210,
      totalLaa: -183.05,
      totalCount: 2,
    });
    const january = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, {
      id: a,
      filters: [
        { field: 'date', comparator: 'ge', value: '2026-01-01' },
        { field: 'date', comparator: 'le', value: '2026-01-31' },
      ],
    });
    expect(january.data!.tank.transactions2.totals).toMatchObject({ totalVolume: 600, totalLaa: 390, totalCount: 2 });
    expect(list.edges[0].node).toMatchObject({
      vesselName: 'A',
      alcoholName: 'Rye new make',
      siteName: 'Main',
      licence: 'SL-001',
    });
    // an activity filter hides balances (spec 5)
    const filtered = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, {
      id: a,
      filters: [{ field: 'refType', comparator: 'eq', value: 'TransferToTank' }],
    });
    expect(filtered.data!.tank.transactions2.edges.map((e: any) => [e.node.volume, e.node.volumeBalance])).toEqual([
      [-400, null],
    ]);
    // pages of one, newest first, balances still right
    const first = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, { id: a, first: 1 });
    const second = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, {
      id: a,
      first: 1,
      after: first.data!.tank.transactions2.pageInfo.endCursor,
    });
    expect(first.data!.tank.transactions2.edges[0].node.volumeBalance).toBe(770);
    expect(second.data!.tank.transactions2.edges[0].node.volumeBalance).toBe(790);
  });

  it('a spirit lists its rows across vessels and its total on hand', async () => {
    const r = await co.call<{ spirit: any }>(
      `query($id: ID!) { spirit(id: $id) { onHand { volume laa vesselCount } transactions2(reverse: true, first: 100) { totals { totalLaa totalCount } edges { node { vesselName laaBalance } } } } }`,
      { id: co.rye },
    );
    expect(r.errors).toBeUndefined();
    // A 770 L / 455.128 LAA, B 450 L / 180 LAA
    expect(r.data!.spirit.onHand).toEqual({ volume: 1220, laa: 635.128, vesselCount: 2 });
    expect(r.data!.spirit.transactions2.totals.totalLaa).toBe(635.128);
    const edges = r.data!.spirit.transactions2.edges;
    expect(edges[edges.length - 1].node.laaBalance).toBe(635.128);
  });

  it('refuses a delete that would overdraw a vessel changed since, and reverses one that can be', async () => {
    // B received 400 L / 260 LAA but now holds 450 L / 180 LAA: giving back 260 LAA is impossible
    const refused = await co.call(`mutation($r: ID!) { exciseTransactionDelete(refId: $r) { refId } }`, {
      r: ids.transfer,
    });
    expect(refused.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(refused.errors?.[0].message).toMatch(/^This cannot be undone: Tank B holds 450.000 L/);
    const ok = await co.call<{ exciseTransactionDelete: { transactions: { volume: number; laa: number }[] } }>(
      `mutation($r: ID!) { exciseTransactionDelete(refId: $r) { refId transactions { volume laa } } }`,
      { r: ids.reduce },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.exciseTransactionDelete.transactions).toEqual([{ volume: 20, laa: 11.822 }]);
    expect(await co.contents('tank', a)).toMatchObject({ volume: 790, laa: 466.95 });
    // the reduction and its reversal leave the default list; with includeReversed both show
    const list = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, { id: a });
    expect(list.data!.tank.transactions2.totalCount).toBe(3);
    const audit = await api.database.db.execute(
      sql`SELECT event FROM audit_log WHERE company_id = ${co.companyId} AND entity_id = ${ids.reduce} ORDER BY id`,
    );
    expect((audit as unknown as { rows: { event: string }[] }).rows.map((r) => r.event)).toEqual([
      'posted',
      'reversed',
      'posted',
      'reversed',
    ]);
  });

  it('keeps the ledger append-only: UPDATE and DELETE are refused by the database', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await api.database.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return `${error?.message} ${error?.cause?.message}`;
    };
    expect(await refusal(sql`UPDATE excise_transactions SET volume = 0`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM excise_transactions`)).toMatch(/append-only/);
  });

  it('refuses to delete a tank or a spirit with transactions', async () => {
    const r = await co.call<{ objectsDelete: { id: string; error: string | null }[] }>(
      `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`,
      { ids: [a, co.rye] },
    );
    expect(r.data!.objectsDelete.map((x) => x.error)).toEqual([
      "Tank 'A' has excise transactions and cannot be deleted: mark it inactive instead",
      "Spirit 'Rye new make' has excise transactions and cannot be deleted: mark it inactive instead",
    ]);
  });

  it('keeps companies apart and needs a write permission', async () => {
    const other = await exciseCompany(api);
    const r = await other.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date: '2026-07-04', volume: 1 });
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(await co.contents('tank', a)).toMatchObject({ volume: 790 });
    const seller = await makeMember(api, ['selling.read', 'selling.write']);
    const denied = await api.gql(
      co.companyId,
      `mutation { exciseTransactionDelete(refId: "${ids.initial}") { refId } }`,
      {},
      seller.token,
    );
    expect((denied.body as any).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses postings inside a filed excise period', async () => {
    await api.database.db.execute(
      sql`UPDATE companies SET excise_period_end = '2026-06-30' WHERE id = ${co.companyId}`,
    );
    const r = await co.act('exciseReduceInventory', {
      vesselId: a,
      date: '2026-06-15',
      volume: 1,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(r.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(r.errors?.[0].message).toBe(
      'The excise period to 2026-06-30 is filed: transactions dated 2026-06-15 can no longer change',
    );
    await api.database.db.execute(sql`UPDATE companies SET excise_period_end = NULL WHERE id = ${co.companyId}`);
  });

  it('takes back-dated rows into the balances and refuses one that would go below zero then', async () => {
    const e = await co.tank('E');
    const ok = (r: { errors?: unknown }) => expect(r.errors).toBeUndefined();
    ok(
      await co.act('exciseInitial', {
        vesselId: e,
        date: '2026-07-20',
        alcoholType: 'Spirit',
        alcoholId: co.gin,
        volume: 100,
        strength: 50,
      }),
    );
    ok(
      await co.act('exciseReduceInventory', {
        vesselId: e,
        date: '2026-08-15',
        volume: 10,
        excise: 'SpiritsReductionLossesDutiable',
      }),
    );
    ok(
      await co.act('exciseReduceInventory', {
        vesselId: e,
        date: '2026-08-12',
        volume: 20,
        excise: 'SpiritsReductionLossesDutiable',
      }),
    );
    const list = await co.call<{ tank: { transactions2: any } }>(TRANSACTIONS, { id: e, reverse: true });
    expect(
      list.data!.tank.transactions2.edges.map((x: any) => [x.node.date, x.node.volumeBalance, x.node.laaBalance]),
    ).toEqual([
      ['2026-07-20', 100, 50],
      ['2026-08-12', 80, 40],
      ['2026-08-15', 70, 35],
    ]);
    const early = await co.act('exciseReduceInventory', {
      vesselId: e,
      date: '2026-07-01',
      volume: 30,
      excise: 'SpiritsReductionLossesDutiable',
    });
    expect(early.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(early.errors?.[0].message).toBe(
      'Tank E would hold less than nothing on 2026-07-01 (-30.000 L, -15.000 LAA): the alcohol it takes had not arrived by 2026-07-01',
    );
    expect(await co.contents('tank', e)).toMatchObject({ volume: 70, laa: 35 });
  });

  it('answers forged cursors and impossible dates with VALIDATION_ERROR', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const variables of [
      { id: a, after: forged(['not-a-date', '1']) },
      { id: a, after: forged(['2026-01-01', '99999999999999999999']) },
      { id: a, sortKey: 'volume', after: forged(['1e999', '5']) },
      { id: a, after: 'garbage' },
      { id: a, filters: [{ field: 'date', comparator: 'ge', value: '0000-01-01' }] },
      { id: a, filters: [{ field: 'date', comparator: 'le', value: '2025-13-45' }] },
      { id: a, filters: [{ field: 'refType', comparator: 'ge', value: 'x' }] },
      { id: a, sortKey: 'nope' },
    ]) {
      const r = await co.call(TRANSACTIONS, variables);
      expect({ variables, code: r.errors?.[0].extensions.code }).toEqual({ variables, code: 'VALIDATION_ERROR' });
    }
  });
});
