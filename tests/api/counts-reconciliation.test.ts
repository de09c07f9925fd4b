// Reconciliations through the API (spec 2.3: productsreconciliation, itemsreconciliation,
// vesselreconcile/:type): the count sheet reads book quantities at a date from the ledgers; saving
// posts exactly counted - book for each line that differs, nothing for lines that match, in one
// transaction; re-opening shows its rows; editing reverses and re-posts; deleting reverses.
// Figures worked by hand: a 750 mL bottle at 40 % holds 0.3 LAA; a row taking stock out carries
// its share of the bucket's LAA and of the site's value as the bucket stands when it posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

const DOC = `{ id kind vesselType date siteId active lineCount differenceCount
  lines { stockId stockName siteName lot status vesselId vesselName bookQuantity bookLaa bookStrength counted countedStrength difference differenceLaa }
  transactions { id refType category stockName siteName status quantity laa value reversesId reversed }
  exciseTransactions { id excise vesselId volume laa strength alcoholId lot reversesId } }`;

interface Doc {
  id: string;
  active: boolean;
  lineCount: number;
  differenceCount: number;
  lines: Record<string, unknown>[];
  transactions: Record<string, unknown>[];
  exciseTransactions: Record<string, unknown>[];
}

describe.each(backends)('reconciliations on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let rye = '';
  let gin = '';
  let malt = '';

  const failure = (r: { errors?: Answer<unknown>['errors'] }) =>
    r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const save = async (input: Record<string, unknown>, token?: string, vessels = false) => {
    const m = vessels ? 'vesselReconciliationSave' : 'reconciliationSave';
    const r = await co.call<Record<string, Doc>>(
      `mutation($input: ReconciliationInput!) { ${m}(input: $input) ${DOC} }`,
      { input },
      token,
    );
    return { data: r.data?.[m], errors: r.errors };
  };
  const ok = async (input: Record<string, unknown>, vessels = false) => {
    const r = await save(input, undefined, vessels);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const remove = async (id: string, token?: string) => {
    const r = await co.call<{ reconciliationDelete: Doc }>(
      `mutation($id: ID!) { reconciliationDelete(id: $id) ${DOC} }`,
      { id },
      token,
    );
    return { data: r.data?.reconciliationDelete, errors: r.errors };
  };
  const sheet = async (args: Record<string, unknown>) => {
    const r = await co.call<{ countSheet: Record<string, unknown>[] }>(
      `query($kind: CountKind!, $date: String!, $siteId: ID, $vesselType: VesselType) {
        countSheet(kind: $kind, date: $date, siteId: $siteId, vesselType: $vesselType) {
          stockId stockName siteName lot status vesselId vesselName alcoholName bookQuantity bookLaa bookStrength } }`,
      args,
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!.countSheet;
  };
  const onHand = async (type: 'product' | 'item', id: string) => {
    const r = await co.call<Record<string, { onHand: { quantity: number; laa: number; value: number } }>>(
      `query($id: ID!) { ${type}(id: $id) { onHand { quantity laa value } } }`,
      { id },
    );
    return r.data![type].onHand;
  };
  const adjust = async (mutation: string, type: string, input: Record<string, unknown>) => {
    const r = await co.call(`mutation($input: ${type}!) { ${mutation}(input: $input) { refId } }`, { input });
    if (r.errors) throw new Error(JSON.stringify(r.errors));
  };
  const rows = (d: Doc) =>
    d.transactions.filter((t) => !t.reversed && !t.reversesId).map((t) => [t.stockName, t.quantity, t.laa, t.value]);

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    rye = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    gin = await co.create('product', { name: 'Gin 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg', cost: 0.85 });
    // 100 bottles on 1 March ($1,000, 30 LAA), 20 more on 10 March ($200, 6 LAA): 120 bottles, 36 LAA, $1,200 now
    const p = { productId: rye, siteId: co.site };
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      ...p,
      date: '2026-03-01',
      quantity: 100,
      value: 1000,
    });
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      ...p,
      date: '2026-03-10',
      quantity: 20,
      value: 200,
    });
    // 50 kg of malt at $0.85: $42.50
    await adjust('itemAdjustInventory', 'ItemAdjustInput', {
      itemId: malt,
      siteId: co.site,
      date: '2026-03-01',
      quantity: 50,
    });
  });
  afterAll(() => api.close());

  it('prefills the count sheet with the book quantities at its date, from the ledger', async () => {
    const at5 = await sheet({ kind: 'Products', date: '2026-03-05', siteId: co.site });
    // the 20 bottles of 10 March are not in the book of 5 March; gin, holding nothing, has a line at 0
    expect(at5).toEqual([
      expect.objectContaining({
        stockName: 'Gin 750',
        siteName: 'Main',
        status: 'InBond',
        bookQuantity: 0,
        bookLaa: 0,
      }),
      expect.objectContaining({
        stockName: 'Rye 750',
        siteName: 'Main',
        status: 'InBond',
        bookQuantity: 100,
        bookLaa: 30,
      }),
    ]);
    const at10 = await sheet({ kind: 'Products', date: '2026-03-10' });
    expect(at10.find((l) => l.stockId === rye)).toMatchObject({ bookQuantity: 120, bookLaa: 36 });
    // before anything was posted the book is empty
    expect((await sheet({ kind: 'Products', date: '2026-02-28' })).every((l) => l.bookQuantity === 0)).toBe(true);
    expect(await sheet({ kind: 'Items', date: '2026-03-05' })).toEqual([
      expect.objectContaining({ stockName: 'Malted barley', bookQuantity: 50 }),
    ]);
  });

  it('posts exactly counted - book for the lines that differ, nothing for those that match', async () => {
    const d = await ok({
      kind: 'Products',
      date: '2026-03-05',
      siteId: co.site,
      lines: [
        // book 100, counted 97: -3 bottles; their share of the bucket as it stands (120 bottles, 36 LAA,
        // $1,200): 3 x 36 / 120 = 0.9 LAA, 3 x 1200 / 120 = $30
        { stockId: rye, siteId: co.site, status: 'InBond', counted: 97 },
        // book 0, counted 0: nothing
        { stockId: gin, siteId: co.site, status: 'InBond', counted: 0 },
      ],
    });
    expect(d).toMatchObject({ kind: 'Products', date: '2026-03-05', active: true, lineCount: 2, differenceCount: 1 });
    expect(d.lines.map((l) => [l.stockName, l.bookQuantity, l.counted, l.difference])).toEqual([
      ['Rye 750', 100, 97, -3],
      ['Gin 750', 0, 0, 0],
    ]);
    expect(rows(d)).toEqual([['Rye 750', -3, -0.9, -30]]);
    expect(d.transactions[0]).toMatchObject({
      refType: 'ProductsReconciliation',
      category: 'Reconciled',
      status: 'InBond',
    });
    expect(await onHand('product', rye)).toMatchObject({ quantity: 117, laa: 35.1, value: 1170 });

    // a count that matches the book everywhere posts nothing
    const same = await ok({
      kind: 'Products',
      date: '2026-03-05',
      lines: [{ stockId: rye, siteId: co.site, counted: 97 }],
    });
    expect(same.transactions).toEqual([]);
    expect(same.differenceCount).toBe(0);

    // re-opened by its id, or by the id of one of its rows, with its transactions
    const opened = await co.call<{ reconciliation: Doc }>(`query($id: ID!) { reconciliation(id: $id) ${DOC} }`, {
      id: d.transactions[0].id as string,
    });
    expect(opened.data!.reconciliation.id).toBe(d.id);
    expect(rows(opened.data!.reconciliation)).toEqual([['Rye 750', -3, -0.9, -30]]);
    const list = await co.call<{ reconciliations: { totalCount: number; nodes: { id: string }[] } }>(
      `{ reconciliations(kind: Products) { totalCount nodes { id } } }`,
    );
    expect(list.data!.reconciliations.nodes.map((n) => n.id)).toEqual([same.id, d.id].sort().reverse());

    // editing: the earlier rows are reversed, the book is read again (100) and the new difference posted
    const edited = await ok({
      id: d.id,
      kind: 'Products',
      date: '2026-03-05',
      siteId: co.site,
      lines: [
        // 98 counted: -2 bottles of 120 (36 LAA, $1,200 after the reversal): 0.6 LAA, $20
        { stockId: rye, siteId: co.site, counted: 98 },
        // 2 gin bottles found: their nominal LAA, 2 x 0.75 L x 40 % = 0.6; no cost, no value
        { stockId: gin, siteId: co.site, counted: 2 },
      ],
    });
    expect(edited.id).toBe(d.id);
    expect(rows(edited)).toEqual([
      ['Rye 750', -2, -0.6, -20],
      ['Gin 750', 2, 0.6, 0],
    ]);
    expect(edited.transactions.filter((t) => t.reversesId).map((t) => [t.stockName, t.quantity])).toEqual([
      ['Rye 750', 3],
    ]);
    expect(await onHand('product', rye)).toMatchObject({ quantity: 118, laa: 35.4, value: 1180 });
    expect(await onHand('product', gin)).toMatchObject({ quantity: 2, laa: 0.6 });

    // deleting reverses every row
    const deleted = await remove(d.id);
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.active).toBe(false);
    expect(await onHand('product', rye)).toMatchObject({ quantity: 120, laa: 36, value: 1200 });
    expect(await onHand('product', gin)).toMatchObject({ quantity: 0, laa: 0 });
    expect(failure(await remove(d.id))).toEqual({
      code: 'CONFLICT',
      message: `Reconciliation ${d.id} is already deleted`,
    });
    expect(
      failure(await save({ id: d.id, kind: 'Products', date: '2026-03-05', lines: [{ stockId: rye, counted: 1 }] })),
    ).toEqual({ code: 'CONFLICT', message: `Reconciliation ${d.id} was deleted and cannot be edited` });
  });

  it('counts items in their units, at their average cost', async () => {
    // 52.5 kg counted of 50: +2.5 kg at $42.50 / 50 kg = $2.125, rounded half away: $2.13
    const d = await ok({
      kind: 'Items',
      date: '2026-03-05',
      lines: [{ stockId: malt, siteId: co.site, counted: 52.5 }],
    });
    expect(rows(d)).toEqual([['Malted barley', 2.5, 0, 2.13]]);
    expect(d.transactions[0].refType).toBe('ItemsReconciliation');
    expect(await onHand('item', malt)).toMatchObject({ quantity: 52.5, value: 44.63 });
    await remove(d.id);
  });

  it('refuses bad lines by their field, and a count the ledger refuses, keeping nothing of it', async () => {
    expect(
      failure(
        await save({
          kind: 'Products',
          date: '2026-03-05',
          lines: [
            { stockId: rye, counted: 1.5 },
            { stockId: rye, counted: -1 },
            { stockId: malt, counted: 1 },
          ],
        }),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        'lines.0.counted: Must be a whole number; lines.1.counted: Must be 0 or more; lines.1.stockId: This line is counted twice',
    });
    expect(
      failure(await save({ kind: 'Products', date: '2026-03-05', lines: [{ stockId: malt, counted: 1 }] })),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'lines.0.stockId: Choose a product',
    });
    expect(
      failure(await save({ kind: 'Vessels', date: '2026-03-05', lines: [{ stockId: rye, counted: 1 }] })),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    // 0 counted on 5 March takes the 100 bottles of then, but 110 left on 12 March: the ledger refuses
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      productId: rye,
      siteId: co.site,
      date: '2026-03-12',
      quantity: -110,
    });
    const refused = failure(
      await save({ kind: 'Products', date: '2026-03-05', lines: [{ stockId: rye, siteId: co.site, counted: 0 }] }),
    );
    expect(refused).toEqual({
      code: 'CONFLICT',
      message: 'Rye 750 (at Main, in bond) holds 10 bottles; the transaction takes 100 bottles out of it',
    });
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      productId: rye,
      siteId: co.site,
      date: '2026-03-12',
      quantity: 110,
    });
    // nothing of the refused count was kept
    const list = await co.call<{ reconciliations: { nodes: { differenceCount: number }[] } }>(
      `{ reconciliations(kind: Products) { nodes { differenceCount } } }`,
    );
    expect(list.data!.reconciliations.nodes).toHaveLength(1);
  });

  it('reconciles vessels: excise adjustments of counted - book volume and LAA', async () => {
    const t1 = await co.tank('Tank 1');
    const t2 = await co.tank('Tank 2');
    const t3 = await co.tank('Tank 3');
    const initial = async (vesselId: string, volume: number, strength: number) => {
      const r = await co.act('exciseInitial', {
        vesselId,
        date: '2026-03-01',
        alcoholType: 'Spirit',
        alcoholId: co.rye,
        lot: 'R1',
        volume,
        strength,
      });
      if (r.errors) throw new Error(JSON.stringify(r.errors));
    };
    await initial(t1, 500, 40); // 200 LAA
    await initial(t2, 100, 60); // 60 LAA
    const tanks = await sheet({ kind: 'Vessels', vesselType: 'Tank', date: '2026-03-05' });
    expect(tanks.map((l) => [l.vesselName, l.bookQuantity, l.bookLaa, l.bookStrength, l.alcoholName])).toEqual([
      ['Tank 1', 500, 200, 40, 'Rye new make'],
      ['Tank 2', 100, 60, 60, 'Rye new make'],
      ['Tank 3', 0, 0, null, null],
    ]);
    expect(await sheet({ kind: 'Vessels', vesselType: 'Tank', date: '2026-02-28' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ vesselName: 'Tank 1', bookQuantity: 0 })]),
    );
    // an empty tank counted full is not an adjustment
    expect(
      failure(
        await save(
          {
            kind: 'Vessels',
            vesselType: 'Tank',
            date: '2026-03-05',
            lines: [{ vesselId: t3, counted: 10, countedStrength: 40 }],
          },
          undefined,
          true,
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'lines.0.counted: Tank 3 was empty on 2026-03-05: record an initial inventory for what it holds instead',
    });
    const d = await ok(
      {
        kind: 'Vessels',
        vesselType: 'Tank',
        date: '2026-03-05',
        lines: [
          // 495 L at 40 % = 198 LAA: -5 L, -2 LAA
          { vesselId: t1, counted: 495, countedStrength: 40 },
          // the book strength when none is measured: 100 L at 60 %, as booked: nothing
          { vesselId: t2, counted: 100 },
          { vesselId: t3, counted: 0 },
        ],
      },
      true,
    );
    expect(d.exciseTransactions.map((t) => [t.excise, t.vesselId, t.volume, t.laa, t.strength, t.lot])).toEqual([
      ['SpiritsAdjustment', t1, -5, -2, 40, 'R1'],
    ]);
    expect(d.lines.map((l) => [l.vesselName, l.difference, l.differenceLaa])).toEqual([
      ['Tank 1', -5, -2],
      ['Tank 2', 0, 0],
      ['Tank 3', 0, 0],
    ]);
    expect(await co.contents('tank', t1)).toMatchObject({ volume: 495, laa: 198 });
    // edited to 502 L at 39.5 % = 198.29 LAA: +2 L, -1.71 LAA (the first row reversed)
    const edited = await ok(
      {
        id: d.id,
        kind: 'Vessels',
        vesselType: 'Tank',
        date: '2026-03-05',
        lines: [{ vesselId: t1, counted: 502, countedStrength: 39.5 }],
      },
      true,
    );
    const open = edited.exciseTransactions.filter(
      (t) => !t.reversesId && !edited.exciseTransactions.some((r) => r.reversesId === t.id),
    );
    expect(open.map((t) => [t.volume, t.laa])).toEqual([[2, -1.71]]);
    expect(await co.contents('tank', t1)).toMatchObject({ volume: 502, laa: 198.29 });
    expect((await remove(d.id)).errors).toBeUndefined();
    expect(await co.contents('tank', t1)).toMatchObject({ volume: 500, laa: 200 });
  });

  it('keeps to its company and its permissions', async () => {
    const d = await ok({
      kind: 'Products',
      date: '2026-03-05',
      lines: [{ stockId: rye, siteId: co.site, counted: 99 }],
    });
    const other = await exciseCompany(api);
    const read = await other.call<{ reconciliation: unknown }>(`query($id: ID!) { reconciliation(id: $id) { id } }`, {
      id: d.id,
    });
    expect(read.data!.reconciliation).toBeNull();
    const del = await other.call(`mutation($id: ID!) { reconciliationDelete(id: $id) { id } }`, { id: d.id });
    expect(failure(del)).toMatchObject({ code: 'NOT_FOUND' });
    const theirs = await other.call(
      `mutation($input: ReconciliationInput!) { reconciliationSave(input: $input) { id } }`,
      { input: { kind: 'Products', date: '2026-03-05', lines: [{ stockId: rye, counted: 1 }] } },
    );
    expect(failure(theirs)).toEqual({ code: 'VALIDATION_ERROR', message: 'lines.0.stockId: Choose a product' });
    expect(
      (await other.call<{ countSheet: unknown[] }>(`{ countSheet(kind: Products, date: "2026-03-05") { stockId } }`))
        .data!.countSheet,
    ).toEqual([]);

    // a reader cannot save; production.write reconciles vessels but not products
    const reader = await makeMember(api, ['inventory.read']);
    const producer = await makeMember(api, ['production.write']);
    for (const m of [reader, producer]) {
      const r = await api.gql(
        m.companyId,
        `mutation($input: ReconciliationInput!) { reconciliationSave(input: $input) { id } }`,
        { input: { kind: 'Products', date: '2026-03-05', lines: [{ stockId: rye, counted: 1 }] } },
        m.token,
      );
      expect(r.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    }
    const made = await api.gql<{ tankCreate: { id: string } }>(
      producer.companyId,
      `mutation { tankCreate(input: { name: "T", capacity: 100 }) { id } }`,
      {},
      producer.token,
    );
    expect(made.body.errors).toBeUndefined();
    const tank = made.body.data!.tankCreate.id;
    const v = await api.gql(
      producer.companyId,
      `mutation($input: ReconciliationInput!) { vesselReconciliationSave(input: $input) { id } }`,
      { input: { kind: 'Vessels', vesselType: 'Tank', date: '2026-03-05', lines: [{ vesselId: tank, counted: 0 }] } },
      producer.token,
    );
    expect(v.body.errors).toBeUndefined();
    const readSheet = await api.gql(
      reader.companyId,
      `{ countSheet(kind: Items, date: "2026-03-05") { stockId } }`,
      {},
      reader.token,
    );
    expect(readSheet.body.errors).toBeUndefined();
    await remove(d.id);
  });
});
