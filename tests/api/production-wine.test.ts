// A wine fermentation saved through GraphQL: once it says the strength reached (or the
// gravities it is estimated from), the must in the fermenter becomes wine of the record's wine
// and lot, posted as produced; fruit and yeast leave stock. Editing re-posts, deleting
// reverses. Figures worked by hand (LAA = L x ABV / 100; ABV = (OG - FG) x 131.25).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

type Row = { refId: string; excise: string; volume: number; laa: number; strength: number | null; lot: string | null };

describe.each(backends)('wine fermentations on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let must = '';
  let merlot = '';
  let yeast = '';

  const withWine = async (c: Awaited<ReturnType<typeof exciseCompany>>) =>
    api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, c.companyId));
  const rowsOf = async (id: string, refId: string) => {
    const r = await co.call<{ fermenter: { transactions2: { edges: { node: Row }[] } } }>(
      `query($id: ID!) { fermenter(id: $id) { transactions2(first: 20) { edges { node { refId excise volume laa strength lot } } } } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!.fermenter.transactions2.edges.map((e) => e.node).filter((n) => n.refId === refId);
  };
  const save = async (input: Record<string, unknown>, id?: string, caller = co) => {
    const r = id
      ? await caller.call<Record<string, { id: string } | undefined>>(
          `mutation($id: ID!, $input: WineFermentationInput!) { wineFermentationUpdate(id: $id, input: $input) { id } }`,
          { id, input },
        )
      : await caller.call<Record<string, { id: string } | undefined>>(
          `mutation($input: WineFermentationInput!) { wineFermentationCreate(input: $input) { id } }`,
          { input },
        );
    return {
      id: r.data ? (id ? r.data.wineFermentationUpdate?.id : r.data.wineFermentationCreate?.id) : undefined,
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
  const onHand = async (id: string) =>
    (
      await co.call<{ item: { onHand: { quantity: number } } }>(
        `query($id: ID!) { item(id: $id) { onHand { quantity } } }`,
        { id },
      )
    ).data!.item.onHand.quantity;
  const fermenterWithMust = async (name: string, volume = 1000) => {
    const id = await co.create('fermenter', { name, capacity: 2000, site: co.site });
    const r = await co.act('exciseInitial', {
      vesselId: id,
      date: '2026-07-01',
      alcoholType: 'NonExcise',
      alcoholId: must,
      lot: 'G-1',
      volume,
      strength: 0,
    });
    expect(r.errors).toBeUndefined();
    return id;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    await withWine(co);
    must = await co.create('nonExcise', { name: 'Merlot must', kind: 'Other' });
    merlot = await co.create('wine', { name: 'Merlot 2026', exciseCategory: 'Over7' });
    yeast = await co.create('item', { name: 'Wine yeast', type: 'Inventory', trackUnits: 'kg' });
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: [], features: {} } },
        { refType: 'test', refId: '999999003' },
        [
          {
            date: '2026-06-01',
            kind: 'Item',
            stockId: yeast,
            siteId: co.site,
            lot: null,
            status: null,
            quantity: 2 * MICRO,
            value: 4000,
            category: 'Received',
            description: 'Yeast received',
          },
        ],
      ),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('turns the must into wine when the strength is given; edits re-post; delete reverses', async () => {
    const fermenter = await fermenterWithMust('FW-1');
    const created = await save({
      lot: 'W-001',
      date: '2026-07-02T16:00:00.000Z',
      site: co.site,
      wine: merlot,
      fermenter,
      volume: 950,
      strength: 12.5,
      completed: true,
      inputs: [{ item: yeast, quantity: 0.5 }],
    });
    expect(created.errors).toBeUndefined();
    const id = created.id!;
    // 950 L at 12.5 % = 118.75 LAA, the record's wine and lot
    expect(await co.contents('fermenter', fermenter)).toMatchObject({
      alcoholType: 'Wine',
      alcoholId: merlot,
      lot: 'W-001',
      volume: 950,
      laa: 118.75,
      strength: 12.5,
    });
    expect((await rowsOf(fermenter, id)).sort((a, b) => a.volume - b.volume)).toEqual([
      expect.objectContaining({ excise: 'NonExciseReduction', volume: -1000, laa: 0, lot: 'G-1' }),
      expect.objectContaining({
        excise: 'WineAdditionProduced',
        volume: 950,
        laa: 118.75,
        strength: 12.5,
        lot: 'W-001',
      }),
    ]);
    // 2 - 0.5 = 1.5 kg of yeast
    expect(await onHand(yeast)).toBe(1.5);

    // edit: 940 L at 13 % = 122.2 LAA
    expect((await save({ volume: 940, strength: 13 }, id)).errors).toBeUndefined();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ volume: 940, laa: 122.2, strength: 13 });

    expect(await remove(id)).toBeNull();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({
      alcoholType: 'NonExcise',
      alcoholId: must,
      lot: 'G-1',
      volume: 1000,
      laa: 0,
    });
    expect(await onHand(yeast)).toBe(2);
  });

  it('posts nothing on the fermenter while fermenting; the gravities give the strength', async () => {
    const fermenter = await fermenterWithMust('FW-2', 800);
    const started = await save({
      lot: 'W-002',
      date: '2026-07-03T16:00:00.000Z',
      // items leave the stock of the record's site
      site: co.site,
      wine: merlot,
      fermenter,
      startingGravity: 1.09,
      completed: false,
      inputs: [{ item: yeast, quantity: 0.25 }],
    });
    expect(started.errors).toBeUndefined();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ alcoholType: 'NonExcise', volume: 800 });
    expect(await onHand(yeast)).toBe(1.75);
    // the final gravity: (1.090 - 0.995) x 131.25 = 12.46875 -> 12.47 %; no volume given: the
    // fermenter's 800 L, 800 x 12.47 / 100 = 99.76 LAA
    expect((await save({ finalGravity: 0.995, completed: true }, started.id)).errors).toBeUndefined();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({
      alcoholType: 'Wine',
      volume: 800,
      laa: 99.76,
      strength: 12.47,
    });
    expect(await remove(started.id!)).toBeNull();
    expect(await onHand(yeast)).toBe(2);
  });

  it('transfers the wine to tanks when fermentation ends; delete puts the must back', async () => {
    const fermenter = await fermenterWithMust('FW-6');
    const t1 = await co.tank('Wine 1');
    const t2 = await co.tank('Wine 2');
    const created = await save({
      lot: 'W-010',
      date: '2026-07-06T16:00:00.000Z',
      site: co.site,
      wine: merlot,
      fermenter,
      strength: 12.5,
      completed: true,
      tanks: [
        { tank: t1, volume: 600 },
        { tank: t2, volume: 350 },
      ],
    });
    expect(created.errors).toBeUndefined();
    // the must left the fermenter; 600 L x 12.5 % = 75 LAA and 350 L x 12.5 % = 43.75 LAA
    expect(await co.contents('fermenter', fermenter)).toBeNull();
    expect(await co.contents('tank', t1)).toMatchObject({
      alcoholType: 'Wine',
      alcoholId: merlot,
      lot: 'W-010',
      volume: 600,
      laa: 75,
      strength: 12.5,
    });
    expect(await co.contents('tank', t2)).toMatchObject({ alcoholId: merlot, lot: 'W-010', volume: 350, laa: 43.75 });
    expect(await rowsOf(fermenter, created.id!)).toEqual([
      expect.objectContaining({ excise: 'NonExciseReduction', volume: -1000, lot: 'G-1' }),
    ]);

    // edited to one tank with no volume: it takes the record's 940 L, 940 x 12.5 % = 117.5 LAA
    expect((await save({ volume: 940, tanks: [{ tank: t2 }] }, created.id)).errors).toBeUndefined();
    expect(await co.contents('tank', t1)).toBeNull();
    expect(await co.contents('tank', t2)).toMatchObject({ volume: 940, laa: 117.5 });

    expect(await remove(created.id!)).toBeNull();
    expect(await co.contents('tank', t2)).toBeNull();
    expect(await co.contents('fermenter', fermenter)).toMatchObject({
      alcoholType: 'NonExcise',
      volume: 1000,
      lot: 'G-1',
    });
  });

  it('refuses to delete a fermentation whose wine was distilled, naming the distillation', async () => {
    const fermenter = await fermenterWithMust('FW-8');
    const tank = await co.tank('Wine 5');
    const hearts = await co.tank('Brandy hearts');
    const made = await save({
      lot: 'W-012',
      date: '2026-07-08T16:00:00.000Z',
      wine: merlot,
      fermenter,
      strength: 12,
      tanks: [{ tank, volume: 900 }],
    });
    expect(made.errors).toBeUndefined();
    // the still takes 500 of the 900 L; 50 LAA of brandy into the hearts tank at 70 %
    const run = await co.call<{ distillationCreate: { id: string } }>(
      `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
      {
        input: {
          lot: 'D-W1',
          date: '2026-07-09T14:00:00.000Z',
          inputs: [{ type: 'Wine', wine: merlot, tank, quantity: 500 }],
          outputs: [{ cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 50, strength: 70 }],
        },
      },
    );
    expect(run.errors).toBeUndefined();
    // 900 L in, 500 L charged: 400 L left, and the reversal would take 900 L out
    expect(await remove(made.id!)).toBe(
      'This cannot be undone: Tank Wine 5 holds 400.000 L; the transaction takes 900.000 L out of it: used since by the distillation of 2026-07-09, lot D-W1. Edit or delete that first',
    );
    // an edit that re-posts is refused the same way, and changes nothing
    const edit = await save({ strength: 13 }, made.id);
    expect(edit.errors?.[0].message).toMatch(/used since by the distillation of 2026-07-09, lot D-W1/);
    expect(await co.contents('tank', tank)).toMatchObject({ volume: 400, laa: 48, strength: 12 });
  });

  it('refuses tanks that would take more wine than the must, a tank twice, and a line without a tank', async () => {
    const fermenter = await fermenterWithMust('FW-7');
    const t1 = await co.tank('Wine 3');
    const t2 = await co.tank('Wine 4');
    const base = { date: '2026-07-07T16:00:00.000Z', wine: merlot, fermenter, strength: 12 };
    const tooMuch = await save({
      ...base,
      lot: 'W-011',
      tanks: [
        { tank: t1, volume: 600 },
        { tank: t2, volume: 500 },
      ],
    });
    // 600 + 500 = 1,100 L out of 1,000 L
    expect(tooMuch.errors?.[0].extensions.info.fields).toEqual({
      tanks: 'The tanks take 1,100.000 L of wine; Fermenter FW-7 held 1,000.000 L of must',
    });
    const twice = await save({
      ...base,
      lot: 'W-011',
      tanks: [
        { tank: t1, volume: 300 },
        { tank: t1, volume: 300 },
      ],
    });
    expect(twice.errors?.[0].extensions.info.fields).toEqual({ 'tanks.1.tank': 'This tank is already listed' });
    const twoWithoutVolume = await save({ ...base, lot: 'W-011', tanks: [{ tank: t1 }, { tank: t2, volume: 100 }] });
    expect(twoWithoutVolume.errors?.[0].extensions.info.fields).toEqual({ 'tanks.0.volume': 'Required' });
    const notATank = await save({ ...base, lot: 'W-011', tanks: [{ tank: fermenter, volume: 100 }] });
    expect(notATank.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ alcoholType: 'NonExcise', volume: 1000 });
    expect(await co.contents('tank', t1)).toBeNull();
  });

  it('refuses what cannot ferment into wine, a lot used twice, and another company', async () => {
    const spiritFermenter = await co.create('fermenter', { name: 'FW-3', capacity: 2000, site: co.site });
    expect(
      (
        await co.act('exciseInitial', {
          vesselId: spiritFermenter,
          date: '2026-07-01',
          alcoholType: 'Spirit',
          alcoholId: co.rye,
          volume: 100,
          strength: 40,
        })
      ).errors,
    ).toBeUndefined();
    const wrong = await save({
      lot: 'W-003',
      date: '2026-07-04T16:00:00.000Z',
      wine: merlot,
      fermenter: spiritFermenter,
      strength: 12,
    });
    expect(wrong.errors?.[0].extensions.info.fields).toEqual({
      fermenter: 'Fermenter FW-3 holds 100.000 L of Rye new make: only must or wash ferments into wine. Empty it first',
    });
    const noWine = await save({ lot: 'W-003', date: '2026-07-04T16:00:00.000Z', strength: 12 });
    expect(noWine.errors?.[0].extensions.info.fields).toEqual({ wine: 'Required', fermenter: 'Required' });

    const first = await save({ lot: 'W-004', date: '2026-07-04T16:00:00.000Z' });
    expect(first.errors).toBeUndefined();
    const again = await save({ lot: 'W-004', date: '2026-07-05T16:00:00.000Z' });
    expect(again.errors?.[0].extensions.info.fields).toEqual({
      lot: `Lot W-004 is already used by the wine fermentation of 2026-07-04 (Wine fermentation ${first.id}): choose another lot`,
    });

    const fermenter = await fermenterWithMust('FW-5');
    const stranger = await exciseCompany(api);
    await withWine(stranger);
    const theirWine = await stranger.create('wine', { name: 'Theirs', exciseCategory: 'Over7' });
    const r = await save(
      { lot: 'W-004', date: '2026-07-05T16:00:00.000Z', wine: theirWine, fermenter, strength: 12 },
      undefined,
      stranger,
    );
    expect(r.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(await co.contents('fermenter', fermenter)).toMatchObject({ alcoholType: 'NonExcise', volume: 1000 });
  });
});
