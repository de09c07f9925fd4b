// Casks (spec 2.3 /inventory/casks): empty casks added at once, a cask's type giving its size,
// char level and cost, filling (fill date and count), the angels' share of emptying after a
// regauge, the age start, and the cask list's contents and age for a page in one request.
// Every figure is worked by hand: LAA = litres x ABV / 100.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companyTable, membershipTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { ageAt } from '../../src/server/domain/casks/age';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

const ADD = `mutation($input: CasksAddEmptyInput!) { casksAddEmpty(input: $input) { count casks { id number size charLevel cost fillCount location site { id } type { id } } } }`;
const SET_AGE = `mutation($ids: [ID!]!, $ageFrom: String) { casksSetAge(ids: $ids, ageFrom: $ageFrom) { id number ageFrom } }`;
const SHARE = `query($caskId: ID!, $date: String!, $volume: Float!, $strength: Float!) {
  caskAngelsShare(caskId: $caskId, date: $date, volume: $volume, strength: $strength) {
    filledLaa regauledLaa: regaugedLaa shareLaa sharePercent age { from at years months } } }`;
const CASK = `query($id: ID!) { cask(id: $id) { id number dateFilled fillCount ageFrom } }`;

const failure = (r: Answer<unknown>) => ({ code: r.errors?.[0]?.extensions.code, message: r.errors?.[0]?.message });

describe('cask ages (pure rule, dates worked on a calendar)', () => {
  it('counts whole months, an anniversary the month lacks falling on its last day', () => {
    // filled on the leap day 2024-02-29: 2025 has no 29 February, so its first anniversary is the 28th
    expect(ageAt('2024-02-29', '2025-02-27')).toMatchObject({ years: 0, months: 11 });
    expect(ageAt('2024-02-29', '2025-02-28')).toMatchObject({ years: 1, months: 0 });
    // 2024-02-29 to 2026-05-31: 2 years (2026-02-28) and 3 months (2026-05-29)
    expect(ageAt('2024-02-29', '2026-05-31')).toMatchObject({ years: 2, months: 3 });
    // across the leap day: 2023-03-01 to 2024-02-29 is 11 months and 28 days, to 2024-03-01 one year
    expect(ageAt('2023-03-01', '2024-02-29')).toMatchObject({ years: 0, months: 11 });
    expect(ageAt('2023-03-01', '2024-03-01')).toMatchObject({ years: 1, months: 0 });
    // the 31st: a month old on the last day of February
    expect(ageAt('2026-01-31', '2026-02-27')).toMatchObject({ years: 0, months: 0 });
    expect(ageAt('2026-01-31', '2026-02-28')).toMatchObject({ years: 0, months: 1 });
    expect(ageAt('2026-05-01', '2026-04-01')).toMatchObject({ years: 0, months: 0 });
  });
});

describe.each(backends)('casks on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let barrelType: string;
  const casks = new Map<string, string>();
  const countCasks = async () =>
    rowsOf<{ n: number }>(
      await api.database.db.execute(sql`SELECT count(*)::int AS n FROM casks WHERE company_id = ${co.companyId}`),
    )[0].n;
  const add = async (input: Record<string, unknown>, token = co.token) =>
    co.call<{ casksAddEmpty: { count: number; casks: Record<string, unknown>[] } }>(ADD, { input }, token);
  const cask = async (id: string) => (await co.call<{ cask: Record<string, unknown> }>(CASK, { id })).data!.cask;

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    barrelType = await co.create('caskType', {
      name: 'Bourbon barrel 200 L',
      spiritIn: co.rye,
      size: 200,
      charLevel: 'Char3',
      cost: 450,
    });
  });
  afterAll(() => api.close());

  it('adds 20 empty casks in one call, taking the type’s size, char level and cost', async () => {
    const before = await countCasks();
    const r = await add({
      type: barrelType,
      site: co.site,
      location: 'Rack A',
      prefix: 'C-',
      firstNumber: '0101',
      count: 20,
    });
    expect(r.errors).toBeUndefined();
    const added = r.data!.casksAddEmpty;
    expect(added.count).toBe(20);
    // 0101 counting up 20: 0101 … 0120, the leading zero kept
    expect(added.casks.map((c) => c.number)).toEqual(Array.from({ length: 20 }, (_, i) => `C-0${101 + i}`));
    expect(added.casks[19]).toMatchObject({
      number: 'C-0120',
      size: 200,
      charLevel: 'Char3',
      cost: 450,
      fillCount: 0,
      location: 'Rack A',
    });
    expect(added.casks[0]).toMatchObject({ site: { id: co.site }, type: { id: barrelType } });
    expect(await countCasks()).toBe(before + 20);
    for (const c of added.casks) casks.set(String(c.number), String(c.id));
  });

  it('refuses a number already used, naming it, and writes nothing', async () => {
    const before = await countCasks();
    const r = await add({ numbers: ['C-0500', 'C-0120', 'C-0501'], size: 225 });
    expect(failure(r)).toEqual({
      code: 'CONFLICT',
      message: 'Cask number C-0120 is already used: no casks were added',
    });
    expect(await countCasks()).toBe(before);
    const twice = await add({ numbers: ['X-1', 'X-2', 'X-1'], size: 225 });
    expect(failure(twice)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'numbers: Cask number X-1 is listed twice',
    });
    // a range running into a used number: C-0119 and C-0120 exist
    const range = await add({ prefix: 'C-', firstNumber: '0115', count: 3, size: 200 });
    expect(failure(range)).toEqual({
      code: 'CONFLICT',
      message: 'Cask numbers C-0115, C-0116, C-0117 are already used: no casks were added',
    });
    expect(await countCasks()).toBe(before);
  });

  it('bounds the count (1 to 500) and needs a size or a type', async () => {
    expect(failure(await add({ prefix: 'Z', firstNumber: '1', count: 501, size: 200 }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'count: Enter a number of casks from 1 to 500',
    });
    expect(failure(await add({ prefix: 'Z', firstNumber: '1', count: 0, size: 200 }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(failure(await add({ prefix: 'Z', firstNumber: '1', count: 2 }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'size: Required (or choose a cask type)',
    });
    expect(failure(await add({ prefix: 'Z', firstNumber: 'A1', count: 2, size: 200 }))).toMatchObject({
      message: 'firstNumber: Enter digits only (e.g. 0101)',
    });
  });

  it('a cask created with a type takes its char level and cost unless given', async () => {
    const r = await co.call<{ caskCreate: Record<string, unknown> }>(
      `mutation($input: CaskInput!) { caskCreate(input: $input) { number size charLevel cost } }`,
      { input: { number: 'T-1', size: 200, type: barrelType } },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.caskCreate).toMatchObject({ charLevel: 'Char3', cost: 450 });
    const own = await co.call<{ caskCreate: Record<string, unknown> }>(
      `mutation($input: CaskInput!) { caskCreate(input: $input) { number charLevel cost } }`,
      { input: { number: 'T-2', size: 200, type: barrelType, charLevel: 'Char1', cost: 300 } },
    );
    expect(own.data!.caskCreate).toMatchObject({ charLevel: 'Char1', cost: 300 });
  });

  it('a cask created without a size takes its type’s; with neither a size nor a type it is refused', async () => {
    const make = (input: Record<string, unknown>) =>
      co.call<{ caskCreate: Record<string, unknown> }>(
        `mutation($input: CaskInput!) { caskCreate(input: $input) { id number size charLevel } }`,
        { input },
      );
    // the type is the 200 L bourbon barrel
    const typed = await make({ number: 'T-3', type: barrelType });
    expect(typed.errors).toBeUndefined();
    expect(typed.data!.caskCreate).toMatchObject({ number: 'T-3', size: 200, charLevel: 'Char3' });
    // a size given wins over the type's
    expect((await make({ number: 'T-4', type: barrelType, size: 180 })).data!.caskCreate).toMatchObject({ size: 180 });
    expect(failure(await make({ number: 'T-5' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'size: Required (or choose a cask type)',
    });
    const cleared = await co.call(
      `mutation($id: ID!, $input: CaskInput!) { caskUpdate(id: $id, input: $input) { id } }`,
      { id: typed.data!.caskCreate.id, input: { size: null } },
    );
    expect(failure(cleared)).toEqual({ code: 'VALIDATION_ERROR', message: 'size: Required' });
  });

  it('fills a cask (date filled, one more fill), regauges and empties it into a tank with the angels’ share', async () => {
    const tank = await co.tank('Still tank');
    // 1000 L at 63.5 % = 635.000 LAA
    expect(
      (
        await co.act('exciseInitial', {
          vesselId: tank,
          date: '2024-02-01',
          alcoholType: 'Spirit',
          alcoholId: co.rye,
          lot: 'R-24',
          volume: 1000,
          strength: 63.5,
        })
      ).errors,
    ).toBeUndefined();
    const c = casks.get('C-0101')!;
    // filled on the leap day: 200 L at 63.5 % = 127.000 LAA
    const fill = await co.act('tankFillCask', { vesselId: tank, toVesselId: c, date: '2024-02-29', volume: 200 });
    expect(fill.errors).toBeUndefined();
    expect(await cask(c)).toMatchObject({ dateFilled: '2024-02-29', fillCount: 1 });
    expect(await co.contents('cask', c)).toMatchObject({ volume: 200, laa: 127, strength: 63.5 });

    // regauged 190 L at 62.0 % = 117.800 LAA; share 127.000 - 117.800 = 9.200 LAA,
    // 9.2 / 127 = 7.24 % -> 7.2 %; 2024-02-29 to 2026-05-31 is 2 years 3 months
    const preview = await co.call<{ caskAngelsShare: Record<string, unknown> }>(SHARE, {
      caskId: c,
      date: '2026-05-31',
      volume: 190,
      strength: 62,
    });
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.caskAngelsShare).toEqual({
      filledLaa: 127,
      regauledLaa: 117.8,
      shareLaa: 9.2,
      sharePercent: 7.2,
      age: { from: '2024-02-29', at: '2026-05-31', years: 2, months: 3 },
    });

    const empty = await co.act('caskEmpty', {
      vesselId: c,
      toVesselId: tank,
      date: '2026-05-31',
      volume: 190,
      strength: 62,
    });
    expect(empty.errors).toBeUndefined();
    expect(empty.data!.transactions.map((t) => [t.excise, t.vesselId, t.volume, t.laa])).toEqual([
      // the angels' share: 10 L holding 9.2 LAA gone from the cask, a loss in prescribed circumstances
      ['SpiritsReductionLossesPrescribed', c, -10, -9.2],
      ['SpiritsTransfer', c, -190, -117.8],
      ['SpiritsTransfer', tank, 190, 117.8],
    ]);
    expect(await co.contents('cask', c)).toBeNull();
    // the tank: 1000 - 200 + 190 = 990 L; 635 - 127 + 117.8 = 625.8 LAA
    expect(await co.contents('tank', tank)).toMatchObject({ volume: 990, laa: 625.8 });
    // emptying keeps the fill date and count (the last fill)
    expect(await cask(c)).toMatchObject({ dateFilled: '2024-02-29', fillCount: 1 });

    // refilled later: a second fill, a new fill date
    const refill = await co.act('tankFillCask', { vesselId: tank, toVesselId: c, date: '2026-06-02', volume: 100 });
    expect(refill.errors).toBeUndefined();
    expect(await cask(c)).toMatchObject({ dateFilled: '2026-06-02', fillCount: 2 });
    // deleting that fill takes the count back, and the fill date back to the fill still standing
    const undo = await co.call<{ exciseTransactionDelete: { refId: string } }>(
      `mutation($refId: ID!) { exciseTransactionDelete(refId: $refId) { refId } }`,
      { refId: refill.data!.refId },
    );
    expect(undo.errors).toBeUndefined();
    expect(await cask(c)).toMatchObject({ dateFilled: '2024-02-29', fillCount: 1 });
    expect(await co.contents('cask', c)).toBeNull();
  });

  it('refuses an angels’ share for an empty cask or a regauge above what it holds', async () => {
    const r = await co.call(SHARE, { caskId: casks.get('C-0110')!, date: '2026-05-31', volume: 190, strength: 62 });
    expect(failure(r)).toEqual({ code: 'VALIDATION_ERROR', message: 'caskId: Cask C-0110 is empty' });
  });

  it('answers a page of casks with contents and age in one request; ages across a leap year', async () => {
    const tank = await co.tank('Age tank');
    await co.act('exciseInitial', {
      vesselId: tank,
      date: '2024-01-10',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'A-1',
      volume: 600,
      strength: 60,
    });
    // C-0102 filled 2024-02-29 with 180 L at 60 % = 108.000 LAA
    await co.act('tankFillCask', { vesselId: tank, toVesselId: casks.get('C-0102')!, date: '2024-02-29', volume: 180 });
    // C-0103 filled 2025-01-15 with 200 L (120.000 LAA), its spirit received aged from 2023-03-01
    await co.act('tankFillCask', { vesselId: tank, toVesselId: casks.get('C-0103')!, date: '2025-01-15', volume: 200 });
    const set = await co.call<{ casksSetAge: Record<string, unknown>[] }>(SET_AGE, {
      ids: [casks.get('C-0103')!, casks.get('C-0104')!],
      ageFrom: '2023-03-01',
    });
    expect(set.errors).toBeUndefined();
    expect(set.data!.casksSetAge.map((x) => [x.number, x.ageFrom])).toEqual([
      ['C-0103', '2023-03-01'],
      ['C-0104', '2023-03-01'],
    ]);
    // C-0103 holds spirit: the ledger's age of its contents says the same
    expect(await co.contents('cask', casks.get('C-0103')!)).toMatchObject({ ageDate: '2023-03-01' });
    const page = async (asOf: string) =>
      (
        await co.call<{ casks2: { edges: { node: { number: string; ageing: Record<string, unknown> } }[] } }>(
          `query($asOf: String) { casks2(first: 6, sortKey: "number") {
            edges { node { number ageing(asOf: $asOf) { alcoholName lot volume laa strength dateFilled ageFrom age { years months } } } } } }`,
          { asOf },
        )
      )
        .data!.casks2.edges.slice(1)
        .map((e) => [e.node.number, e.node.ageing]);
    // 2025-02-28: C-0102 (from the leap day 2024-02-29) is 1 year 0 months; C-0103 from
    // 2023-03-01 is 1 year 11 months (2025-02-28 is before 2025-03-01)
    expect(await page('2025-02-28')).toEqual([
      [
        'C-0102',
        {
          alcoholName: 'Rye new make',
          lot: 'A-1',
          volume: 180,
          laa: 108,
          strength: 60,
          dateFilled: '2024-02-29',
          ageFrom: null,
          age: { years: 1, months: 0 },
        },
      ],
      [
        'C-0103',
        {
          alcoholName: 'Rye new make',
          lot: 'A-1',
          volume: 200,
          laa: 120,
          strength: 60,
          dateFilled: '2025-01-15',
          ageFrom: '2023-03-01',
          age: { years: 1, months: 11 },
        },
      ],
      // empty: no contents and no age, whatever its age start
      [
        'C-0104',
        {
          alcoholName: null,
          lot: null,
          volume: 0,
          laa: 0,
          strength: null,
          dateFilled: null,
          ageFrom: '2023-03-01',
          age: null,
        },
      ],
      [
        'C-0105',
        { alcoholName: null, lot: null, volume: 0, laa: 0, strength: null, dateFilled: null, ageFrom: null, age: null },
      ],
      [
        'C-0106',
        { alcoholName: null, lot: null, volume: 0, laa: 0, strength: null, dateFilled: null, ageFrom: null, age: null },
      ],
    ]);
    // the client's list page asks the same for its ids in one query, in the order asked
    const byIds = await co.call<{ casksAgeing: Record<string, unknown>[] }>(
      `query($ids: [ID!]!) { casksAgeing(ids: $ids, asOf: "2025-02-28") { caskId laa age { years months } } }`,
      { ids: [casks.get('C-0103')!, casks.get('C-0102')!, casks.get('C-0105')!] },
    );
    expect(byIds.data!.casksAgeing).toEqual([
      { caskId: casks.get('C-0103'), laa: 120, age: { years: 1, months: 11 } },
      { caskId: casks.get('C-0102'), laa: 108, age: { years: 1, months: 0 } },
      { caskId: casks.get('C-0105'), laa: 0, age: null },
    ]);
    // the page's ageing is one statement, not one per cask: count the statements that read it
    const db = api.database.db as unknown as { execute: (q: unknown) => Promise<unknown> };
    const execute = db.execute.bind(db);
    let reads = 0;
    db.execute = (q: unknown) => {
      const chunks = (q as { queryChunks?: unknown[] }).queryChunks ?? [];
      if (JSON.stringify(chunks).includes('LEFT JOIN vessel_contents v ON v.company_id = c.company_id')) reads += 1;
      return execute(q);
    };
    try {
      expect(await page('2025-02-28')).toHaveLength(5);
    } finally {
      db.execute = execute;
    }
    expect(reads).toBe(1);
    // a day earlier C-0102 is 11 months old: 2025 has no 29 February, its anniversary is the 28th
    expect((await page('2025-02-27'))[0][1]).toMatchObject({ age: { years: 0, months: 11 } });
    expect(
      failure(await co.call(`{ casks2(first: 1) { edges { node { ageing(asOf: "2025-02-30") { laa } } } } }`)),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('refuses an age start in the future, or no casks', async () => {
    expect(failure(await co.call(SET_AGE, { ids: [casks.get('C-0105')!], ageFrom: '2199-01-01' }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'ageFrom: Must not be after today',
    });
    expect(failure(await co.call(SET_AGE, { ids: [], ageFrom: '2020-01-01' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('keeps companies apart: another company sees none of these casks nor their type', async () => {
    const other = await makeMember(api, ['inventory.read', 'inventory.write', 'production.write', 'values']);
    const call = async (query: string, variables: Record<string, unknown>) =>
      (await api.gql(other.companyId, query, variables, other.token)).body as Answer<unknown>;
    expect(failure(await call(SET_AGE, { ids: [casks.get('C-0105')!], ageFrom: '2020-01-01' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      failure(await call(SHARE, { caskId: casks.get('C-0102')!, date: '2026-01-01', volume: 1, strength: 50 })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      failure(await call(ADD, { input: { type: barrelType, prefix: 'O-', firstNumber: '1', count: 2 } })),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'type: Not found',
    });
    // a page of ids of another company answers nothing of them
    const ageing = await call(`query($ids: [ID!]!) { casksAgeing(ids: $ids) { caskId laa } }`, {
      ids: [casks.get('C-0102')!, casks.get('C-0103')!],
    });
    expect(ageing).toEqual({ data: { casksAgeing: [] } });
    // the same numbers are free in another company
    const own = await call(ADD, { input: { prefix: 'C-', firstNumber: '0101', count: 2, size: 100 } });
    expect(own.errors).toBeUndefined();
    expect(await cask(casks.get('C-0105')!)).toMatchObject({ ageFrom: null });
  });

  it('needs inventory.write to add casks or set ages, and values to give a cost', async () => {
    const reader = await makeMember(api, ['inventory.read']);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: reader.userId, permissions: ['inventory.read', 'production.read'] });
    const readerToken = reader.token;
    expect(failure(await add({ prefix: 'R-', firstNumber: '1', count: 1, size: 200 }, readerToken))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      failure(await co.call(SET_AGE, { ids: [casks.get('C-0105')!], ageFrom: '2020-01-01' }, readerToken)),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      failure(
        await co.call(
          SHARE,
          { caskId: casks.get('C-0102')!, date: '2026-01-01', volume: 1, strength: 50 },
          readerToken,
        ),
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    // reading the list with contents needs only read
    const list = await co.call<{ casks2: { edges: unknown[] } }>(
      `{ casks2(first: 3) { edges { node { number ageing { laa } } } } }`,
      {},
      readerToken,
    );
    expect(list.errors).toBeUndefined();

    const writer = await makeMember(api, ['inventory.read']);
    await api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: writer.userId, permissions: ['inventory.read', 'inventory.write'] });
    expect(failure(await add({ prefix: 'W-', firstNumber: '1', count: 1, size: 200, cost: 10 }, writer.token))).toEqual(
      {
        code: 'FORBIDDEN',
        message: "You don't have permission to set cask costs",
      },
    );
    // without values the type's cost is still copied, but not shown
    const r = await add({ type: barrelType, prefix: 'W-', firstNumber: '1', count: 1 }, writer.token);
    expect(r.errors).toBeUndefined();
    expect(r.data!.casksAddEmpty.casks[0]).toMatchObject({ number: 'W-1', cost: null, size: 200 });
    const [row] = rowsOf<{ cost: string }>(
      await api.database.db.execute(
        sql`SELECT cost::text AS cost FROM casks WHERE company_id = ${co.companyId} AND number = 'W-1'`,
      ),
    );
    expect(row.cost).toBe('450.00');
  });

  it('a wine cask emptied with a loss posts an authorised loss, on the B265’s authorised losses line', async () => {
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, co.companyId));
    await api.database.db.execute(
      sql`UPDATE sites SET b265 = true WHERE company_id = ${co.companyId} AND id = ${co.site}`,
    );
    const chardonnay = await co.create('wine', { name: 'Chardonnay 2025', exciseCategory: 'Over7' });
    const vat = await co.tank('Wine vat');
    const wineCask = await co.cask('WC-1', 225);
    // 225 L at 13 % = 29.250 LAA into the cask
    const filled = await co.act('exciseInitial', {
      vesselId: wineCask,
      date: '2026-03-02',
      alcoholType: 'Wine',
      alcoholId: chardonnay,
      lot: 'CH-25',
      volume: 225,
      strength: 13,
    });
    expect(filled.errors).toBeUndefined();
    // regauged 220 L at 13 % = 28.600 LAA: 5 L holding 0.650 LAA evaporated
    const empty = await co.act('caskEmpty', {
      vesselId: wineCask,
      toVesselId: vat,
      date: '2026-03-20',
      volume: 220,
      strength: 13,
    });
    expect(empty.errors).toBeUndefined();
    expect(empty.data!.transactions.map((t) => [t.excise, t.vesselId, t.volume, t.laa])).toEqual([
      ['WineReductionLossesAuthorised', wineCask, -5, -0.65],
      ['WineTransfer', wineCask, -220, -28.6],
      ['WineTransfer', vat, 220, 28.6],
    ]);
    // the B265 of March, in litres: 225 in (opening inventory entered: other additions), the 5 L
    // on the authorised losses line (not dutiable, no gauging adjustment), 220 L left
    const r = await co.call<{ exciseReturn: { lines: { key: string; quantity: number }[]; totalDuty: number } }>(
      `query($siteId: ID!) { exciseReturn(form: B265, siteId: $siteId, periodStart: "2026-03-01", periodEnd: "2026-03-31") {
        lines { key quantity } totalDuty } }`,
      { siteId: co.site },
    );
    expect(r.errors).toBeUndefined();
    const lines = Object.fromEntries(r.data!.exciseReturn.lines.map((l) => [l.key, l.quantity]));
    expect(lines).toMatchObject({
      opening: 0,
      'add.other': 225,
      'red.lossesAuthorised': 5,
      'red.lossesOther': 0,
      adjustments: 0,
      closing: 220,
    });
    expect(r.data!.exciseReturn.totalDuty).toBe(0);
  });
});
