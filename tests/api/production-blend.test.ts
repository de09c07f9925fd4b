// A blend saved through GraphQL moves its inputs out of their tanks, casks and bulk containers
// into one tank as transfers (LAA in = LAA out), takes its items out of stock, and makes the
// blend's volume from its targets (a strength or a volume). A stated LAA that differs from the
// inputs' is refused naming the difference. Figures worked by hand (LAA = L x ABV / 100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

type Row = { refId: string; excise: string; volume: number; laa: number; strength: number | null; lot: string | null };
const ROWS = `transactions2(first: 20) { edges { node { refId excise volume laa strength lot description } } }`;

describe.each(backends)('blends on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let blended = '';
  let sugar = '';
  let water = '';
  let formula = '';

  const rowsOf = async (entity: 'tank' | 'cask' | 'bulkContainer', id: string, refId: string) => {
    const r = await co.call<Record<string, { transactions2: { edges: { node: Row }[] } }>>(
      `query($id: ID!) { ${entity}(id: $id) { ${ROWS} } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![entity].transactions2.edges.map((e) => e.node).filter((n) => n.refId === refId);
  };
  const save = async (input: Record<string, unknown>, id?: string, caller = co) => {
    const r = id
      ? await caller.call<Record<string, { id: string } | undefined>>(
          `mutation($id: ID!, $input: BlendInput!) { blendUpdate(id: $id, input: $input) { id } }`,
          { id, input },
        )
      : await caller.call<Record<string, { id: string } | undefined>>(
          `mutation($input: BlendInput!) { blendCreate(input: $input) { id } }`,
          { input },
        );
    return { id: r.data ? (id ? r.data.blendUpdate?.id : r.data.blendCreate?.id) : undefined, errors: r.errors };
  };
  const remove = async (id: string) =>
    (
      await co.call<{ objectsDelete: { id: string; error: string | null }[] }>(
        `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`,
        { ids: [id] },
      )
    ).data!.objectsDelete[0].error;
  const onHand = async (id: string) => {
    const r = await co.call<{ item: { onHand: { quantity: number } } }>(
      `query($id: ID!) { item(id: $id) { onHand { quantity } } }`,
      { id },
    );
    return r.data!.item.onHand.quantity;
  };
  const initial = async (
    vesselId: string,
    alcoholType: string,
    alcoholId: string,
    volume: number,
    strength: number,
  ) => {
    const r = await co.act('exciseInitial', {
      vesselId,
      date: '2026-06-01',
      alcoholType,
      alcoholId,
      lot: 'R-1',
      volume,
      strength,
    });
    expect(r.errors).toBeUndefined();
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, co.companyId));
    blended = await co.create('spirit', { name: 'Blended rye', class: 'Whisky', exciseCategory: 'Spirits' });
    sugar = await co.create('item', { name: 'Sugar', type: 'Inventory', trackUnits: 'kg' });
    water = await co.create('item', { name: 'Water', type: 'NonInventory', trackUnits: 'L' });
    formula = await co.create('formula', {
      name: 'Rye 40',
      outputSpirit: blended,
      scaleBase: 100,
      blendStrength: 40,
      inputs: [{ type: 'Spirit', spirit: co.rye, quantity: 100 }],
    });
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: [], features: {} } },
        { refType: 'test', refId: '999999002' },
        [
          {
            date: '2026-05-01',
            kind: 'Item',
            stockId: sugar,
            siteId: co.site,
            lot: null,
            status: null,
            quantity: 50 * MICRO,
            value: 5000,
            category: 'Received',
            description: 'Sugar received',
          },
        ],
      ),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('draws the inputs into one tank with LAA in = LAA out, to a strength; edits re-post; delete reverses', async () => {
    // tank A: 300 L at 60 % = 180 LAA; cask C-1: 200 L at 65 % = 130 LAA
    const a = await co.tank('Blend A');
    const cask = await co.cask('C-1', 250);
    const into = await co.tank('Blend out');
    await initial(a, 'Spirit', co.rye, 300, 60);
    await initial(cask, 'Spirit', co.rye, 200, 65);
    const input = {
      lot: 'B-001',
      date: '2026-06-02T15:00:00.000Z',
      site: co.site,
      formula,
      outputSpirit: blended,
      tank: into,
      blendStrength: 40,
      completed: false,
      inputs: [
        // 200 of 300 L: 180 x 200 / 300 = 120 LAA
        { type: 'Spirit', spirit: co.rye, tank: a, quantity: 200, lot: 'R-1' },
        // the whole cask: 130 LAA
        { type: 'Spirit', spirit: co.rye, cask, quantity: 200 },
        { type: 'Item', item: water, quantity: 240 },
        { type: 'Item', item: sugar, quantity: 5 },
      ],
    };
    // the blend's LAA stated wrong by 5 LAA is refused, naming the difference
    const wrong = await save({ ...input, volume: 255 });
    expect(wrong.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(wrong.errors?.[0].extensions.info.fields).toEqual({
      volume:
        "LAA in must equal LAA out: the inputs hold 250.000 LAA, the blend states 255.000 LAA (5.000 LAA more). Correct the inputs or the blend's LAA",
    });
    expect(await co.contents('tank', into)).toBeNull();

    const created = await save({ ...input, volume: 250 });
    expect(created.errors).toBeUndefined();
    const id = created.id!;
    // 120 + 130 = 250 LAA at 40 %: 250 x 100 / 40 = 625 L, the blend's lot and spirit
    expect(await co.contents('tank', into)).toMatchObject({
      alcoholId: blended,
      lot: 'B-001',
      volume: 625,
      laa: 250,
      strength: 40,
    });
    expect(await co.contents('tank', a)).toMatchObject({ volume: 100, laa: 60 });
    expect(await co.contents('cask', cask)).toBeNull();
    const outA = await rowsOf('tank', a, id);
    const outCask = await rowsOf('cask', cask, id);
    const inTank = await rowsOf('tank', into, id);
    expect(outA).toEqual([expect.objectContaining({ excise: 'SpiritsTransfer', volume: -200, laa: -120 })]);
    expect(outCask).toEqual([expect.objectContaining({ excise: 'SpiritsTransfer', volume: -200, laa: -130 })]);
    expect(inTank).toEqual([
      expect.objectContaining({ excise: 'SpiritsTransfer', volume: 625, laa: 250, strength: 40, lot: 'B-001' }),
    ]);
    // LAA conserved: -120 - 130 + 250 = 0
    expect([...outA, ...outCask, ...inTank].reduce((s, r) => s + r.laa * 1000, 0)).toBe(0);
    // sugar 50 - 5 = 45 kg; water is not a counted item
    expect(await onHand(sugar)).toBe(45);

    // edit: to a volume of 500 L instead (250 LAA in 500 L = 50 %), and 4 kg of sugar
    const edited = await save(
      {
        blendStrength: null,
        blendToVolume: 500,
        inputs: input.inputs.map((l) => (l.item === sugar ? { ...l, quantity: 4 } : l)),
      },
      id,
    );
    expect(edited.errors).toBeUndefined();
    expect(await co.contents('tank', into)).toMatchObject({ volume: 500, laa: 250, strength: 50 });
    expect(await onHand(sugar)).toBe(46);
    // measured litres win: 250 LAA in 498.5 L = 50.1504… -> 50.15 %
    expect((await save({ litres: 498.5 }, id)).errors).toBeUndefined();
    expect(await co.contents('tank', into)).toMatchObject({ volume: 498.5, laa: 250, strength: 50.15 });

    expect(await remove(id)).toBeNull();
    expect(await co.contents('tank', into)).toBeNull();
    expect(await co.contents('tank', a)).toMatchObject({ volume: 300, laa: 180, lot: 'R-1' });
    expect(await co.contents('cask', cask)).toMatchObject({ volume: 200, laa: 130 });
    expect(await onHand(sugar)).toBe(50);
  });

  it('blends wines from bulk containers as wine transfers; the blend without a target keeps the litres', async () => {
    const red = await co.create('wine', { name: 'Red base', exciseCategory: 'Over7' });
    const house = await co.create('wine', { name: 'House red', exciseCategory: 'Over7' });
    const tote = await co.create('bulkContainer', { name: 'Tote 1', capacity: 1000, site: co.site });
    const tote2 = await co.create('bulkContainer', { name: 'Tote 2', capacity: 1000, site: co.site });
    const into = await co.tank('Wine blend');
    // 400 L at 12 % = 48 LAA; 600 L at 13.5 % = 81 LAA
    await initial(tote, 'Wine', red, 400, 12);
    await initial(tote2, 'Wine', red, 600, 13.5);
    const r = await save({
      lot: 'W-B1',
      date: '2026-06-03T15:00:00.000Z',
      outputWine: house,
      tank: into,
      inputs: [
        { type: 'Wine', bulkContainer: tote, quantity: 400 },
        { type: 'Wine', bulkContainer: tote2, quantity: 300 },
      ],
    });
    expect(r.errors).toBeUndefined();
    // 400 L (48 LAA) + 300 L (81 x 300 / 600 = 40.5 LAA) = 700 L, 88.5 LAA: 12.642857… -> 12.64 %
    expect(await co.contents('tank', into)).toMatchObject({
      alcoholType: 'Wine',
      alcoholId: house,
      volume: 700,
      laa: 88.5,
      strength: 12.64,
    });
    expect(await rowsOf('bulkContainer', tote2, r.id!)).toEqual([
      expect.objectContaining({ excise: 'WineTransfer', volume: -300, laa: -40.5 }),
    ]);
    expect(await rowsOf('tank', into, r.id!)).toEqual([
      expect.objectContaining({ excise: 'WineTransfer', volume: 700, laa: 88.5 }),
    ]);
  });

  it('blends non-excise alcohol as the one non-excise record its inputs name', async () => {
    const feints = await co.create('nonExcise', { name: 'Feints', kind: 'Feints' });
    const t1 = await co.tank('NE 1');
    const t2 = await co.tank('NE 2');
    const into = await co.tank('NE out');
    // 100 L at 20 % = 20 LAA; 50 L at 30 % = 15 LAA
    await initial(t1, 'NonExcise', feints, 100, 20);
    await initial(t2, 'NonExcise', feints, 50, 30);
    const input = {
      lot: 'NE-1',
      date: '2026-06-03T15:00:00.000Z',
      excise: false,
      tank: into,
      inputs: [
        { type: 'NonExcise', nonExcise: feints, tank: t1, quantity: 100 },
        { type: 'NonExcise', tank: t2, quantity: 50 },
      ],
    };
    // the second line names no record: which non-excise alcohol the blend is cannot be told
    expect((await save(input)).errors?.[0].extensions.info.fields).toEqual({
      excise: 'A non-excise blend is posted as the one non-excise alcohol its inputs name: name it on each input',
    });
    input.inputs[1] = { ...input.inputs[1], nonExcise: feints };
    const r = await save(input);
    expect(r.errors).toBeUndefined();
    // 150 L, 35 LAA: 23.333… -> 23.33 %
    expect(await co.contents('tank', into)).toMatchObject({
      alcoholType: 'NonExcise',
      alcoholId: feints,
      volume: 150,
      laa: 35,
      strength: 23.33,
    });
    expect(await rowsOf('tank', into, r.id!)).toEqual([
      expect.objectContaining({ excise: 'NonExciseTransfer', volume: 150, laa: 35 }),
    ]);
  });

  it('refuses what does not blend, naming the field', async () => {
    const a = await co.tank('Refuse A');
    const into = await co.tank('Refuse out');
    await initial(a, 'Spirit', co.rye, 100, 50);
    const noTank = await save({
      lot: 'B-R1',
      date: '2026-06-04T15:00:00.000Z',
      outputSpirit: blended,
      inputs: [
        { type: 'Spirit', tank: a, quantity: 10 },
        { type: 'Wine', quantity: 10 },
      ],
    });
    expect(noTank.errors?.[0].extensions.info.fields).toEqual({
      'inputs.1.tank': 'Choose the tank, cask or bulk container it comes from',
      tank: 'Choose the tank the blend goes into',
    });
    const wineIntoSpirit = await save({
      lot: 'B-R1',
      date: '2026-06-04T15:00:00.000Z',
      outputSpirit: blended,
      tank: into,
      inputs: [{ type: 'Wine', tank: a, quantity: 10 }],
    });
    expect(wineIntoSpirit.errors?.[0].extensions.info.fields).toEqual({
      'inputs.0.type':
        'A spirit blend takes spirits (and items such as water); wine is fortified, not blended into spirits',
    });
    const tooMuch = await save({
      lot: 'B-R1',
      date: '2026-06-04T15:00:00.000Z',
      outputSpirit: blended,
      tank: into,
      inputs: [
        { type: 'Spirit', tank: a, quantity: 60 },
        { type: 'Spirit', tank: a, quantity: 60 },
      ],
    });
    // two lines on one tank: the second finds 40 L left
    expect(tooMuch.errors?.[0].extensions.info.fields).toEqual({
      'inputs.1.quantity': 'Tank Refuse A holds 40.000 L; the line takes 60.000 L',
    });
    const tooStrong = await save({
      lot: 'B-R1',
      date: '2026-06-04T15:00:00.000Z',
      outputSpirit: blended,
      tank: into,
      litres: 4,
      inputs: [{ type: 'Spirit', tank: a, quantity: 10 }],
    });
    // 10 L at 50 % = 5 LAA cannot be in 4 L
    expect(tooStrong.errors?.[0].extensions.info.fields).toEqual({
      litres: '4.000 L holding 5.000 LAA would be stronger than 99 %: the blend needs more litres',
    });
    expect(await co.contents('tank', a)).toMatchObject({ volume: 100, laa: 50 });
    expect(await co.contents('tank', into)).toBeNull();
  });

  it('refuses a lot already used by another blend, and keeps companies apart', async () => {
    const first = await save({ lot: 'B-L1', date: '2026-06-05T15:00:00.000Z' });
    expect(first.errors).toBeUndefined();
    const again = await save({ lot: 'B-L1', date: '2026-06-06T15:00:00.000Z' });
    expect(again.errors?.[0].extensions.info.fields).toEqual({
      lot: `Lot B-L1 is already used by the blend of 2026-06-05 (Blend ${first.id}): choose another lot`,
    });
    const a = await co.tank('Tenancy A');
    await initial(a, 'Spirit', co.rye, 100, 50);
    const stranger = await exciseCompany(api);
    const theirs = await stranger.tank('Theirs');
    const spirit = await stranger.create('spirit', { name: 'Their blend', class: 'Whisky', exciseCategory: 'Spirits' });
    const r = await save(
      {
        lot: 'B-L1',
        date: '2026-06-06T15:00:00.000Z',
        outputSpirit: spirit,
        tank: theirs,
        inputs: [{ type: 'Spirit', tank: a, quantity: 10 }],
      },
      undefined,
      stranger,
    );
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(await co.contents('tank', a)).toMatchObject({ volume: 100, laa: 50 });
    expect(await stranger.contents('tank', theirs)).toBeNull();
    // their lot B-L1 is their own
    expect((await save({ lot: 'B-L1', date: '2026-06-06T15:00:00.000Z' }, undefined, stranger)).errors).toBeUndefined();
  });
});
