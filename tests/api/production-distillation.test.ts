// A distillation saved through GraphQL posts to the ledgers: the wash leaves its fermenter,
// low wines returned to production leave their tank, items leave stock, and the cuts kept go
// into tanks as spirits produced. Editing re-posts, deleting reverses, a lot is used once, and
// refusals name the line. Figures worked by hand in the comments (LAA = L x ABV / 100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const ROWS = `transactions2(first: 20) { edges { node { refType refId excise volume laa strength lot reversed reversesId date } } }`;
type Row = {
  refType: string;
  refId: string;
  excise: string;
  volume: number;
  laa: number;
  strength: number | null;
  lot: string | null;
  reversed: boolean;
  reversesId: string | null;
  date: string;
};

describe.each(backends)('distillations on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let wash = '';
  let foreshots = '';
  let lowWines = '';
  let malt = '';
  let still = '';

  const rowsOf = async (entity: 'tank' | 'fermenter' | 'bulkContainer', id: string, refId?: string) => {
    const r = await co.call<Record<string, { transactions2: { edges: { node: Row }[] } }>>(
      `query($id: ID!) { ${entity}(id: $id) { ${ROWS} } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![entity].transactions2.edges.map((e) => e.node).filter((n) => !refId || n.refId === refId);
  };
  const onHand = async (id: string) => {
    const r = await co.call<{ item: { onHand: { quantity: number } } }>(
      `query($id: ID!) { item(id: $id) { onHand { quantity } } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!.item.onHand.quantity;
  };
  const save = async (input: Record<string, unknown>, id?: string) => {
    const r = id
      ? await co.call<Record<string, { id: string } | undefined>>(
          `mutation($id: ID!, $input: DistillationInput!) { distillationUpdate(id: $id, input: $input) { id } }`,
          { id, input },
        )
      : await co.call<Record<string, { id: string } | undefined>>(
          `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
          { input },
        );
    return {
      id: r.data ? (id ? r.data.distillationUpdate?.id : r.data.distillationCreate?.id) : undefined,
      errors: r.errors,
    };
  };
  const remove = async (id: string) =>
    (
      await co.call<{ objectsDelete: { id: string; error: string | null }[] }>(
        `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`,
        { ids: [id] },
      )
    ).data!.objectsDelete[0].error;
  const fermenterWith = async (name: string, volume: number, strength: number) => {
    const id = await co.create('fermenter', { name, capacity: 5000, site: co.site });
    const r = await co.act('exciseInitial', {
      vesselId: id,
      date: '2026-05-01',
      alcoholType: 'NonExcise',
      alcoholId: wash,
      lot: 'M-1',
      volume,
      strength,
    });
    expect(r.errors).toBeUndefined();
    return id;
  };
  const tankWith = async (name: string, spirit: string, volume: number, strength: number) => {
    const id = await co.tank(name);
    const r = await co.act('exciseInitial', {
      vesselId: id,
      date: '2026-05-01',
      alcoholType: 'Spirit',
      alcoholId: spirit,
      lot: null,
      volume,
      strength,
    });
    expect(r.errors).toBeUndefined();
    return id;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    wash = await co.create('nonExcise', { name: 'Rye wash', kind: 'Wash' });
    foreshots = await co.create('nonExcise', { name: 'Foreshots', kind: 'Feints' });
    lowWines = await co.create('spirit', { name: 'Low wines', class: 'Whisky', exciseCategory: 'Spirits' });
    malt = await co.create('item', { name: 'Rye malt', type: 'Inventory', trackUnits: 'kg' });
    still = await co.create('still', { name: 'Pot 1', type: 'Pot', site: co.site });
    // 100 kg of malt in stock at the site
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: [], features: {} } },
        { refType: 'test', refId: '999999001' },
        [
          {
            date: '2026-04-01',
            kind: 'Item',
            stockId: malt,
            siteId: co.site,
            lot: null,
            status: null,
            quantity: 100 * MICRO,
            value: 9000,
            category: 'Received',
            description: 'Malt received',
          },
        ],
      ),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('posts the charge out of its vessels and the cuts into tanks; edits re-post; delete reverses', async () => {
    // fermenter: 2,000 L of wash at 8 % = 160 LAA; low wines tank: 150 L at 40 % = 60 LAA
    const fermenter = await fermenterWith('F1', 2000, 8);
    const lowWinesTank = await tankWith('Low wines 1', lowWines, 150, 40);
    const hearts = await co.tank('Hearts 1');
    const feints = await co.tank('Feints 1');
    const created = await save({
      lot: 'D-001',
      // 10:00 in Toronto: the rows are dated 2026-05-04
      date: '2026-05-04T14:00:00.000Z',
      site: co.site,
      still,
      completed: false,
      inputs: [
        { type: 'NonExcise', nonExcise: wash, fermenter, quantity: 1500 },
        { type: 'Spirit', spirit: lowWines, tank: lowWinesTank, quantity: 30 },
        { type: 'Item', item: malt, quantity: 12.5 },
      ],
      outputs: [
        { cut: 'Foreshots', nonExcise: foreshots, quantity: 2 },
        { cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 90, strength: 72 },
        { cut: 'Tails', spirit: lowWines, tank: feints, quantity: 20, strength: 40 },
      ],
    });
    expect(created.errors).toBeUndefined();
    const id = created.id!;
    // 1,500 of 2,000 L of wash: 160 x 1500 / 2000 = 120 LAA leave; 500 L, 40 LAA stay
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 500, laa: 40, lot: 'M-1' });
    expect(await rowsOf('fermenter', fermenter, id)).toEqual([
      expect.objectContaining({ excise: 'NonExciseReduction', volume: -1500, laa: -120, date: '2026-05-04' }),
    ]);
    // 30 of 60 LAA of low wines: 150 x 30 / 60 = 75 L leave; 75 L, 30 LAA stay
    expect(await co.contents('tank', lowWinesTank)).toMatchObject({ volume: 75, laa: 30 });
    expect(await rowsOf('tank', lowWinesTank, id)).toEqual([
      expect.objectContaining({
        excise: 'SpiritsReductionBulkSpiritsReturnedToSpiritProduction',
        volume: -75,
        laa: -30,
      }),
    ]);
    // hearts: 90 LAA at 72 % = 90 x 100 / 72 = 125 L, the distillation's lot
    expect(await co.contents('tank', hearts)).toMatchObject({
      alcoholId: co.rye,
      lot: 'D-001',
      volume: 125,
      laa: 90,
      strength: 72,
    });
    expect(await rowsOf('tank', hearts, id)).toEqual([
      expect.objectContaining({ excise: 'SpiritsAdditionProduced', volume: 125, laa: 90, strength: 72, lot: 'D-001' }),
    ]);
    // tails: 20 LAA at 40 % = 50 L
    expect(await co.contents('tank', feints)).toMatchObject({ alcoholId: lowWines, volume: 50, laa: 20 });
    // 100 - 12.5 = 87.5 kg of malt left
    expect(await onHand(malt)).toBe(87.5);
    // the ledger moved what the vessels show: 160 + 60 = 220 LAA before, 40 + 30 + 90 + 20 = 180
    // after; the record's rows sum to -120 - 30 + 90 + 20 = -40 LAA (charged 150, collected 110)
    const states = await co.call<{ vesselContents: { contents: { laa: number } | null }[] }>(
      `query($ids: [ID!]!) { vesselContents(ids: $ids) { contents { laa } } }`,
      { ids: [fermenter, lowWinesTank, hearts, feints] },
    );
    const laaAfter = states.data!.vesselContents.reduce((s, v) => s + Math.round((v.contents?.laa ?? 0) * 1000), 0);
    expect(laaAfter).toBe(180_000);
    const recordRows = [
      ...(await rowsOf('fermenter', fermenter, id)),
      ...(await rowsOf('tank', lowWinesTank, id)),
      ...(await rowsOf('tank', hearts, id)),
      ...(await rowsOf('tank', feints, id)),
    ];
    expect(recordRows.reduce((s, r) => s + Math.round(r.laa * 1000), 0)).toBe(180_000 - 220_000);

    // edit: 1,000 L of wash instead, hearts 60 LAA at 75 % (= 80 L), 10 kg of malt
    const edited = await save(
      {
        inputs: [
          { type: 'NonExcise', nonExcise: wash, fermenter, quantity: 1000 },
          { type: 'Spirit', spirit: lowWines, tank: lowWinesTank, quantity: 30 },
          { type: 'Item', item: malt, quantity: 10 },
        ],
        outputs: [
          { cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 60, strength: 75 },
          { cut: 'Tails', spirit: lowWines, tank: feints, quantity: 20, strength: 40 },
        ],
      },
      id,
    );
    expect(edited.errors).toBeUndefined();
    // 1,000 of 2,000 L: 80 LAA leave; 1,000 L and 80 LAA stay
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 1000, laa: 80 });
    expect(await co.contents('tank', hearts)).toMatchObject({ volume: 80, laa: 60, strength: 75 });
    expect(await co.contents('tank', lowWinesTank)).toMatchObject({ volume: 75, laa: 30 });
    expect(await onHand(malt)).toBe(90);
    // the list shows the row standing now; the first posting is reversed, not changed
    expect((await rowsOf('fermenter', fermenter, id)).map((n) => n.volume)).toEqual([-1000]);
    const all = await co.call<{ fermenter: { transactions2: { edges: { node: Row }[] } } }>(
      `query($id: ID!) { fermenter(id: $id) { transactions2(first: 20, parameters: { includeReversed: true }) { edges { node { refId excise volume laa reversed reversesId } } } } }`,
      { id: fermenter },
    );
    const mine = all.data!.fermenter.transactions2.edges.map((e) => e.node).filter((n) => n.refId === id);
    expect(mine.map((n) => [n.volume, n.reversed, Boolean(n.reversesId)]).sort()).toEqual([
      [-1000, false, false],
      [-1500, true, false],
      [1500, false, true],
    ]);

    // delete: everything back where it was
    expect(await remove(id)).toBeNull();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 2000, laa: 160 });
    expect(await co.contents('tank', lowWinesTank)).toMatchObject({ volume: 150, laa: 60 });
    expect(await co.contents('tank', hearts)).toBeNull();
    expect(await co.contents('tank', feints)).toBeNull();
    expect(await onHand(malt)).toBe(100);
  });

  it('keeps posting what an in-progress record says, and refuses a lot already used', async () => {
    const fermenter = await fermenterWith('F2', 1000, 7.5);
    const hearts = await co.tank('Hearts 2');
    const first = await save({
      lot: 'D-002',
      date: '2026-05-05T14:00:00.000Z',
      completed: false,
      inputs: [{ type: 'NonExcise', fermenter, quantity: 1000 }],
      outputs: [],
    });
    expect(first.errors).toBeUndefined();
    // all of the wash left: 1,000 L at 7.5 % = 75 LAA
    expect(await co.contents('fermenter', fermenter)).toBeNull();
    // completing it later with the cut collected posts the hearts as well
    const done = await save(
      { completed: true, outputs: [{ cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 60.5, strength: 70 }] },
      first.id,
    );
    expect(done.errors).toBeUndefined();
    // 60.5 LAA at 70 %: 60.5 x 100 / 70 = 86.428571… -> 86.429 L
    expect(await co.contents('tank', hearts)).toMatchObject({ volume: 86.429, laa: 60.5 });
    const again = await save({ lot: 'd-002', date: '2026-05-06T14:00:00.000Z' });
    expect(again.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(again.errors?.[0].extensions.info.fields).toEqual({
      lot: `Lot d-002 is already used by the distillation of 2026-05-05 (Distillation ${first.id}): choose another lot`,
    });
    // renaming the record's own lot is no clash
    expect((await save({ lot: 'D-002' }, first.id)).errors).toBeUndefined();
  });

  it('lets one of two saves of one lot at once through', async () => {
    const date = '2026-05-05T18:00:00.000Z';
    const both = await Promise.all([save({ lot: 'D-RACE', date }), save({ lot: 'D-RACE', date })]);
    const refused = both.filter((r) => r.errors);
    expect(refused.length).toBe(1);
    const saved = both.find((r) => !r.errors)!;
    expect(refused[0].errors![0].extensions.info.fields).toEqual({
      lot: `Lot D-RACE is already used by the distillation of 2026-05-05 (Distillation ${saved.id}): choose another lot`,
    });
  });

  it('refuses a charge the vessel does not hold, naming the line, and posts nothing', async () => {
    const fermenter = await fermenterWith('F3', 500, 8);
    const lw = await tankWith('Low wines 3', lowWines, 100, 30);
    const hearts = await co.tank('Hearts 3');
    const tooMuch = await save({
      lot: 'D-003',
      date: '2026-05-06T14:00:00.000Z',
      inputs: [
        { type: 'NonExcise', fermenter, quantity: 600 },
        // 100 L at 30 % = 30 LAA; 31 asked
        { type: 'Spirit', tank: lw, quantity: 31 },
      ],
      outputs: [{ cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 10, strength: 70 }],
    });
    expect(tooMuch.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(tooMuch.errors?.[0].extensions.info.fields).toEqual({
      'inputs.0.quantity': 'Fermenter F3 holds 500.000 L; the line takes 600.000 L',
      'inputs.1.quantity': 'Tank Low wines 3 holds 30.000 LAA; the line takes 31.000 LAA',
    });
    const wrongType = await save({
      lot: 'D-003',
      date: '2026-05-06T14:00:00.000Z',
      inputs: [{ type: 'Wine', tank: lw, quantity: 10 }],
      outputs: [
        { cut: 'Hearts', spirit: co.rye, quantity: 10, strength: 70 },
        { cut: 'Heads', spirit: co.rye, tank: hearts, quantity: 10 },
      ],
    });
    expect(wrongType.errors?.[0].extensions.info.fields).toEqual({
      'outputs.0.tank': 'Choose the tank the spirit goes into',
      'outputs.1.strength': 'Required',
    });
    const wrongContents = await save({
      lot: 'D-003',
      date: '2026-05-06T14:00:00.000Z',
      inputs: [{ type: 'Wine', tank: lw, quantity: 10 }],
    });
    expect(wrongContents.errors?.[0].extensions.info.fields).toEqual({
      'inputs.0.type': 'Tank Low wines 3 holds Low wines, a spirit, not a wine',
    });
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 500, laa: 40 });
    expect(await co.contents('tank', lw)).toMatchObject({ volume: 100, laa: 30 });
    expect(await co.contents('tank', hearts)).toBeNull();
    // none of them was saved: the lot is still free
    expect((await save({ lot: 'D-003', date: '2026-05-06T14:00:00.000Z' })).errors).toBeUndefined();
  });

  it('refuses to delete a distillation whose spirit has moved on', async () => {
    const fermenter = await fermenterWith('F4', 1000, 8);
    const hearts = await co.tank('Hearts 4');
    const other = await co.tank('Holding 4');
    const r = await save({
      lot: 'D-004',
      date: '2026-05-07T14:00:00.000Z',
      inputs: [{ type: 'NonExcise', fermenter, quantity: 1000 }],
      outputs: [{ cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 56, strength: 70 }],
    });
    expect(r.errors).toBeUndefined();
    // 56 LAA at 70 % = 80 L; 50 L of it moved on
    const moved = await co.act('exciseTransferToTank', {
      vesselId: hearts,
      toVesselId: other,
      date: '2026-05-08',
      volume: 50,
    });
    expect(moved.errors).toBeUndefined();
    expect(await remove(r.id!)).toBe(
      `This cannot be undone: Tank Hearts 4 holds 30.000 L; the transaction takes 80.000 L out of it: used since by the transfer to tank transaction ${moved.data!.refId} of 2026-05-08. Edit or delete that first`,
    );
    expect(await co.contents('fermenter', fermenter)).toBeNull();
  });

  it('charges spirit bought in bulk out of its bulk container; one source a line', async () => {
    const ibc = await co.create('bulkContainer', { name: 'IBC 9', capacity: 1000, site: co.site });
    const hearts = await co.tank('Hearts 9');
    // 200 L at 50 % = 100 LAA in the bulk container
    const filled = await co.act('exciseInitial', {
      vesselId: ibc,
      date: '2026-05-01',
      alcoholType: 'Spirit',
      alcoholId: co.gin,
      lot: null,
      volume: 200,
      strength: 50,
    });
    expect(filled.errors).toBeUndefined();
    const r = await save({
      lot: 'D-009',
      date: '2026-05-10T14:00:00.000Z',
      // 40 LAA of the 100: 200 x 40 / 100 = 80 L
      inputs: [{ type: 'Spirit', spirit: co.gin, bulkContainer: ibc, quantity: 40 }],
      // 36 LAA collected at 80 %: 45 L
      outputs: [{ cut: 'Hearts', spirit: co.gin, tank: hearts, quantity: 36, strength: 80 }],
    });
    expect(r.errors).toBeUndefined();
    expect(await rowsOf('bulkContainer', ibc, r.id!)).toEqual([
      expect.objectContaining({
        excise: 'SpiritsReductionBulkSpiritsReturnedToSpiritProduction',
        volume: -80,
        laa: -40,
      }),
    ]);
    expect(await co.contents('bulkContainer', ibc)).toMatchObject({ volume: 120, laa: 60, strength: 50 });
    expect(await co.contents('tank', hearts)).toMatchObject({ volume: 45, laa: 36, strength: 80 });

    const fermenter = await fermenterWith('F9', 100, 8);
    const both = await save({
      lot: 'D-010',
      date: '2026-05-10T15:00:00.000Z',
      inputs: [{ type: 'NonExcise', fermenter, bulkContainer: ibc, quantity: 50 }],
    });
    expect(both.errors?.[0].extensions.info.fields).toEqual({
      'inputs.0.bulkContainer': 'Choose one fermenter, tank or bulk container the charge comes from, not several',
    });
    expect(await remove(r.id!)).toBeNull();
    expect(await co.contents('bulkContainer', ibc)).toMatchObject({ volume: 200, laa: 100 });
    expect(await co.contents('tank', hearts)).toBeNull();
  });

  it('keeps companies apart', async () => {
    const fermenter = await fermenterWith('F5', 1000, 8);
    const stranger = await exciseCompany(api);
    const theirTank = await stranger.tank('Theirs');
    // another company's fermenter is not a vessel of theirs
    const r = await stranger.call<{ distillationCreate: { id: string } }>(
      `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
      {
        input: {
          lot: 'D-001',
          date: '2026-05-09T14:00:00.000Z',
          inputs: [{ type: 'NonExcise', fermenter, quantity: 100 }],
          outputs: [{ cut: 'Hearts', spirit: stranger.rye, tank: theirTank, quantity: 5, strength: 70 }],
        },
      },
    );
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 1000, laa: 80 });
    // their own lot D-001 is free in their company
    const own = await stranger.call<{ distillationCreate: { id: string } }>(
      `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
      { input: { lot: 'D-001', date: '2026-05-09T14:00:00.000Z' } },
    );
    expect(own.errors).toBeUndefined();
  });
});
