// Batch moves through the API (spec 2.3: productsbatchmove, itemsbatchmove): many lines moved
// between sites or to duty paid in one transaction under one id; a line the ledger refuses
// refuses them all with the ledger's message; editing reverses and re-posts; deleting reverses;
// the scanner's code lookup; tenancy and permissions. Figures by hand: a 750 mL bottle at 40 %
// holds 0.3 LAA; a line takes its share of its bucket's LAA and of its site's value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

const DOC = `{ id kind move date siteName toSiteName active lineCount totalQuantity
  lines { stockId stockName lot status quantity }
  transactions { id refId refType category stockName siteName status quantity laa value reversesId reversed } }`;

interface Doc {
  id: string;
  active: boolean;
  lines: Record<string, unknown>[];
  transactions: Record<string, unknown>[];
}

describe.each(backends)('batch moves on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let warehouse = '';
  let rye = '';
  let gin = '';
  let malt = '';

  const failure = (r: { errors?: Answer<unknown>['errors'] }) =>
    r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const save = async (input: Record<string, unknown>, token?: string) => {
    const r = await co.call<{ batchMoveSave: Doc }>(
      `mutation($input: BatchMoveInput!) { batchMoveSave(input: $input) ${DOC} }`,
      { input },
      token,
    );
    return { data: r.data?.batchMoveSave, errors: r.errors };
  };
  const ok = async (input: Record<string, unknown>) => {
    const r = await save(input);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const open = (d: Doc) =>
    d.transactions
      .filter((t) => !t.reversed && !t.reversesId)
      .map((t) => [t.stockName, t.siteName, t.status, t.quantity, t.laa, t.value]);
  const buckets = async (type: 'product' | 'item', id: string) => {
    const r = await co.call<Record<string, { onHand: { buckets: Record<string, unknown>[] } }>>(
      `query($id: ID!) { ${type}(id: $id) { onHand { buckets { siteName status quantity laa value } } } }`,
      { id },
    );
    return r.data![type].onHand.buckets.map((b) => [b.siteName, b.status, b.quantity, b.laa, b.value]);
  };
  const adjust = async (mutation: string, type: string, input: Record<string, unknown>) => {
    const r = await co.call(`mutation($input: ${type}!) { ${mutation}(input: $input) { refId } }`, { input });
    if (r.errors) throw new Error(JSON.stringify(r.errors));
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    warehouse = await co.create('site', { name: 'Warehouse' });
    rye = await co.create('product', {
      name: 'Rye 750',
      sku: 'RYE-750',
      upc: '0628000000017',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    gin = await co.create('product', {
      name: 'Gin 750',
      sku: 'GIN-750',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    malt = await co.create('item', {
      name: 'Malted barley',
      sku: 'MALT',
      type: 'Inventory',
      trackUnits: 'kg',
      cost: 0.85,
    });
    // 100 rye ($1,000, 30 LAA) and 10 gin ($150, 3 LAA) in bond at Main; 50 kg of malt ($42.50)
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      productId: rye,
      siteId: co.site,
      date: '2026-03-01',
      quantity: 100,
      value: 1000,
    });
    await adjust('productAdjustInventory', 'ProductAdjustInput', {
      productId: gin,
      siteId: co.site,
      date: '2026-03-01',
      quantity: 10,
      value: 150,
    });
    await adjust('itemAdjustInventory', 'ItemAdjustInput', {
      itemId: malt,
      siteId: co.site,
      date: '2026-03-01',
      quantity: 50,
    });
  });
  afterAll(() => api.close());

  it('moves several lines to another site in one transaction, edits and deletes it', async () => {
    const d = await ok({
      kind: 'Products',
      move: 'TransferSite',
      date: '2026-03-02',
      siteId: co.site,
      toSiteId: warehouse,
      lines: [
        // 20 of 100 rye: 6 LAA, $200; 4 of 10 gin: 1.2 LAA, $60
        { stockId: rye, quantity: 20 },
        { stockId: gin, quantity: 4 },
      ],
    });
    expect(d).toMatchObject({ kind: 'Products', move: 'TransferSite', siteName: 'Main', toSiteName: 'Warehouse' });
    expect(open(d)).toEqual([
      ['Rye 750', 'Main', 'InBond', -20, -6, -200],
      ['Rye 750', 'Warehouse', 'InBond', 20, 6, 200],
      ['Gin 750', 'Main', 'InBond', -4, -1.2, -60],
      ['Gin 750', 'Warehouse', 'InBond', 4, 1.2, 60],
    ]);
    // one source: every row under the batch move's id
    expect(new Set(d.transactions.map((t) => t.refId))).toEqual(new Set([d.id]));
    expect(new Set(d.transactions.map((t) => t.refType))).toEqual(new Set(['ProductsBatchMove']));
    expect(await buckets('product', rye)).toEqual([
      ['Main', 'InBond', 80, 24, 800],
      ['Warehouse', 'InBond', 20, 6, 200],
    ]);

    // re-opened by the id of one of its rows
    const opened = await co.call<{ batchMove: Doc }>(`query($id: ID!) { batchMove(id: $id) ${DOC} }`, {
      id: d.transactions[1].id as string,
    });
    expect(opened.data!.batchMove).toMatchObject({ id: d.id, lineCount: 2, totalQuantity: 24 });

    // edited: the rows reversed, 10 rye and no gin moved instead
    const edited = await ok({
      id: d.id,
      kind: 'Products',
      move: 'TransferSite',
      date: '2026-03-02',
      siteId: co.site,
      toSiteId: warehouse,
      lines: [{ stockId: rye, quantity: 10 }],
    });
    expect(open(edited)).toEqual([
      ['Rye 750', 'Main', 'InBond', -10, -3, -100],
      ['Rye 750', 'Warehouse', 'InBond', 10, 3, 100],
    ]);
    expect(await buckets('product', gin)).toEqual([['Main', 'InBond', 10, 3, 150]]);
    expect(await buckets('product', rye)).toEqual([
      ['Main', 'InBond', 90, 27, 900],
      ['Warehouse', 'InBond', 10, 3, 100],
    ]);

    const del = await co.call<{ batchMoveDelete: Doc }>(`mutation($id: ID!) { batchMoveDelete(id: $id) ${DOC} }`, {
      id: d.id,
    });
    expect(del.errors).toBeUndefined();
    expect(del.data!.batchMoveDelete.active).toBe(false);
    expect(await buckets('product', rye)).toEqual([['Main', 'InBond', 100, 30, 1000]]);
    expect(failure(await co.call(`mutation($id: ID!) { batchMoveDelete(id: $id) { id } }`, { id: d.id }))).toEqual({
      code: 'CONFLICT',
      message: `Batch move ${d.id} is already deleted`,
    });
  });

  it('moves lines to duty paid at their site', async () => {
    const d = await ok({
      kind: 'Products',
      move: 'MoveToDutyPaid',
      date: '2026-03-03',
      siteId: co.site,
      lines: [
        { stockId: rye, quantity: 12 },
        { stockId: gin, quantity: 2 },
        // the same bucket again (a second scan): 12 + 6 of 100 rye in all
        { stockId: rye, quantity: 6 },
      ],
    });
    expect(open(d).map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['Rye 750', 'InBond', -12, -3.6],
      ['Rye 750', 'DutyPaid', 12, 3.6],
      ['Gin 750', 'InBond', -2, -0.6],
      ['Gin 750', 'DutyPaid', 2, 0.6],
      ['Rye 750', 'InBond', -6, -1.8],
      ['Rye 750', 'DutyPaid', 6, 1.8],
    ]);
    expect(d.transactions[0].category).toBe('MovedToDutyPaid');
    expect(await buckets('product', rye)).toEqual([
      ['Main', 'DutyPaid', 18, 5.4, 180],
      ['Main', 'InBond', 82, 24.6, 820],
    ]);
    await co.call(`mutation($id: ID!) { batchMoveDelete(id: $id) { id } }`, { id: d.id });
    expect(await buckets('product', rye)).toEqual([['Main', 'InBond', 100, 30, 1000]]);
  });

  it('refuses every line when one is refused, with the ledger message', async () => {
    const r = await save({
      kind: 'Products',
      move: 'TransferSite',
      date: '2026-03-02',
      siteId: co.site,
      toSiteId: warehouse,
      lines: [
        { stockId: rye, quantity: 5 },
        { stockId: gin, quantity: 11 },
      ],
    });
    expect(failure(r)).toEqual({
      code: 'CONFLICT',
      message: 'Gin 750 (at Main, in bond) holds 10 bottles; the transaction takes 11 bottles out of it',
    });
    // two lines of one bucket add up: 60 + 50 of 100
    expect(
      failure(
        await save({
          kind: 'Products',
          move: 'MoveToDutyPaid',
          date: '2026-03-02',
          siteId: co.site,
          lines: [
            { stockId: rye, quantity: 60 },
            { stockId: rye, quantity: 50 },
          ],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Rye 750 (at Main, in bond) holds 40 bottles; the transaction takes 50 bottles out of it',
    });
    // nothing of either was kept
    expect(await buckets('product', rye)).toEqual([['Main', 'InBond', 100, 30, 1000]]);
    expect(await buckets('product', gin)).toEqual([['Main', 'InBond', 10, 3, 150]]);
    const list = await co.call<{ batchMoves: { totalCount: number } }>(`{ batchMoves(kind: Products) { totalCount } }`);
    expect(list.data!.batchMoves.totalCount).toBe(0);

    expect(
      failure(
        await save({
          kind: 'Products',
          move: 'TransferSite',
          date: '2026-03-02',
          siteId: co.site,
          toSiteId: co.site,
          lines: [
            { stockId: rye, quantity: 1.5 },
            { stockId: malt, quantity: 1 },
            { stockId: gin, quantity: 1 },
          ],
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION_ERROR' });
    const fields = (
      await save({
        kind: 'Products',
        move: 'TransferSite',
        date: '2026-03-02',
        siteId: co.site,
        toSiteId: warehouse,
        lines: [
          { stockId: rye, quantity: 1.5 },
          { stockId: malt, quantity: 1 },
        ],
      })
    ).errors![0].extensions.info.fields;
    expect(fields).toEqual({ 'lines.0.quantity': 'Must be a whole number', 'lines.1.stockId': 'Choose a product' });
    expect(
      failure(
        await save({
          kind: 'Items',
          move: 'MoveToDutyPaid',
          date: '2026-03-02',
          lines: [{ stockId: malt, quantity: 1 }],
        }),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', message: 'move: Items have no duty status: move them between sites' });
  });

  it('moves items between sites', async () => {
    // 12.5 kg of 50 ($42.50): $10.625, rounded half away: $10.63
    const d = await ok({
      kind: 'Items',
      move: 'TransferSite',
      date: '2026-03-02',
      siteId: co.site,
      toSiteId: warehouse,
      lines: [{ stockId: malt, quantity: 12.5 }],
    });
    expect(open(d)).toEqual([
      ['Malted barley', 'Main', null, -12.5, 0, -10.63],
      ['Malted barley', 'Warehouse', null, 12.5, 0, 10.63],
    ]);
    expect(d.transactions[0].refType).toBe('ItemsBatchMove');
  });

  it('finds what a scanner reads by UPC or SKU', async () => {
    const find = async (kind: string, code: string) =>
      (
        await co.call<{ stockByCode: { id: string; name: string } | null }>(
          `query($kind: BatchKind!, $code: String!) { stockByCode(kind: $kind, code: $code) { id name } }`,
          { kind, code },
        )
      ).data!.stockByCode;
    expect(await find('Products', '0628000000017')).toEqual({ id: rye, name: 'Rye 750' });
    expect(await find('Products', ' gin-750 ')).toEqual({ id: gin, name: 'Gin 750' });
    expect(await find('Products', 'MALT')).toBeNull();
    expect(await find('Items', 'malt')).toEqual({ id: malt, name: 'Malted barley' });
  });

  it('keeps to its company and its permissions', async () => {
    const d = await ok({
      kind: 'Products',
      move: 'TransferSite',
      date: '2026-03-04',
      siteId: co.site,
      toSiteId: warehouse,
      lines: [{ stockId: rye, quantity: 1 }],
    });
    const other = await exciseCompany(api);
    expect(
      (await other.call<{ batchMove: unknown }>(`query($id: ID!) { batchMove(id: $id) { id } }`, { id: d.id })).data!
        .batchMove,
    ).toBeNull();
    expect(
      failure(await other.call(`mutation($id: ID!) { batchMoveDelete(id: $id) { id } }`, { id: d.id })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    const theirs = await other.call(`mutation($input: BatchMoveInput!) { batchMoveSave(input: $input) { id } }`, {
      input: { kind: 'Products', move: 'MoveToDutyPaid', date: '2026-03-04', lines: [{ stockId: rye, quantity: 1 }] },
    });
    expect(failure(theirs)).toEqual({ code: 'VALIDATION_ERROR', message: 'lines.0.stockId: Choose a product' });
    expect(
      (await other.call<{ stockByCode: unknown }>(`{ stockByCode(kind: Products, code: "RYE-750") { id } }`)).data!
        .stockByCode,
    ).toBeNull();
    const reader = await makeMember(api, ['inventory.read', 'production.write']);
    const denied = await api.gql(
      reader.companyId,
      `mutation($input: BatchMoveInput!) { batchMoveSave(input: $input) { id } }`,
      {
        input: { kind: 'Products', move: 'MoveToDutyPaid', date: '2026-03-04', lines: [{ stockId: rye, quantity: 1 }] },
      },
      reader.token,
    );
    expect(denied.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
