// The inventory posting module (src/server/domain/inventory/stock.ts) on its own: quantities,
// moving average value, refusals below zero (now and back-dated), reversal, the filed excise
// period for packaged alcohol, uncounted items, and the values permission on what it answers.
// Figures worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { postStock, reverseStock, MICRO, type StockPosting } from '../../src/server/domain/inventory/stock';
import type { DomainContext } from '../../src/server/domain/records/actor';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const units = (n: number) => n * MICRO;

describe.each(backends)('inventory postings on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let malt = '';
  let labels = '';
  let rye750 = '';
  let refs = 1_000_000;

  const inTx = <T>(fn: (ctx: DomainContext) => Promise<T>, permissions = EVERYTHING) =>
    api.database.db.transaction((tx) =>
      fn({ db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions, features: {} } }),
    );
  const post = (rows: StockPosting[], refId = String(++refs)) =>
    inTx((ctx) => postStock(ctx, { refType: 'test', refId }, rows)).then(() => refId);
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }),
    );
  const row = (over: Partial<StockPosting>): StockPosting => ({
    date: '2026-05-01',
    kind: 'Item',
    stockId: malt,
    siteId: co.site,
    lot: null,
    status: null,
    quantity: 0,
    category: 'Received',
    description: 'test',
    ...over,
  });
  const onHand = async (type: 'item' | 'product', id: string, token?: string) => {
    const r = await co.call<Record<string, { onHand: Record<string, unknown> }>>(
      `query($id: ID!) { ${type}(id: $id) { onHand { quantity laa value averageCost buckets { siteName lot status quantity laa value } } } }`,
      { id },
      token,
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![type].onHand;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg', cost: 0.85 });
    labels = await co.create('item', { name: 'Label design', type: 'Service' });
    rye750 = await co.create('product', { name: 'Rye 750 mL', strength: 40, containerSize: 0.75, caseSize: 12 });
  });
  afterAll(() => api.close());

  it('keeps quantity and a moving average value per site', async () => {
    // 1000 kg for $850.00, then 500 kg for $500.00: 1500 kg worth $1350.00, $0.90 a kg
    await post([row({ quantity: units(1000), value: 85_000 })]);
    await post([row({ quantity: units(500), value: 50_000 })]);
    expect(await onHand('item', malt)).toMatchObject({ quantity: 1500, value: 1350, averageCost: 0.9 });
    // 300 kg out takes 1350 x 300 / 1500 = $270.00 of value
    const used = await post([row({ quantity: -units(300), category: 'Consumed' })]);
    const [r] = rowsOf<{ value: string }>(
      await api.database.db.execute(
        sql`SELECT value::text AS value FROM inventory_transactions WHERE company_id = ${co.companyId} AND ref_id = ${used}`,
      ),
    );
    expect(r.value).toBe('-270.00');
    expect(await onHand('item', malt)).toMatchObject({ quantity: 1200, value: 1080, averageCost: 0.9 });
    await inTx((ctx) => reverseStock(ctx, { refType: 'test', refId: used }));
    expect(await onHand('item', malt)).toMatchObject({ quantity: 1500, value: 1350 });
  });

  it('refuses to take more than a bucket holds, now or at an earlier date', async () => {
    expect(await failure(post([row({ quantity: -units(1600), category: 'Consumed' })]))).toEqual({
      code: 'CONFLICT',
      message: 'Malted barley (at Main) holds 1,500 kg; the transaction takes 1,600 kg out of it',
    });
    // the malt arrived on 2026-05-01: nothing of it was there on 2026-04-01
    expect(
      await failure(post([row({ date: '2026-04-01', quantity: -units(10), category: 'Consumed' })])),
    ).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Malted barley (at Main) would hold less than nothing on 2026-04-01'),
    });
    expect(await onHand('item', malt)).toMatchObject({ quantity: 1500, value: 1350 });
  });

  it('refuses to undo a receipt whose stock was used since', async () => {
    const receipt = await post([row({ date: '2026-06-01', quantity: units(100), value: 9_000 })]);
    await post([row({ date: '2026-06-02', quantity: -units(1550), category: 'Consumed' })]);
    // 1600 - 1550 = 50 kg left; undoing the 100 kg receipt would take 100 out
    expect(await failure(inTx((ctx) => reverseStock(ctx, { refType: 'test', refId: receipt })))).toEqual({
      code: 'CONFLICT',
      message: 'This cannot be undone: Malted barley (at Main) holds 50 kg; the transaction takes 100 kg out of it',
    });
  });

  it('moves packaged alcohol between in bond and duty paid, carrying LAA and value', async () => {
    // 120 bottles of 0.75 L at 40 %: 120 x 0.75 x 0.40 = 36 LAA
    await post([
      row({ kind: 'Product', stockId: rye750, status: 'InBond', quantity: units(120), laa: 36_000, value: 120_000 }),
    ]);
    // 12 bottles to duty paid take 36 x 12 / 120 = 3.6 LAA and $1200 x 12 / 120 = $120.00
    await post([
      row({ kind: 'Product', stockId: rye750, status: 'InBond', quantity: -units(12), category: 'MovedToDutyPaid' }),
      row({
        kind: 'Product',
        stockId: rye750,
        status: 'DutyPaid',
        quantity: units(12),
        laa: 3_600,
        pairedWith: 0,
        category: 'MovedToDutyPaid',
      }),
    ]);
    // one total per product, whatever its buckets: 108 + 12 bottles, 32.4 + 3.6 LAA
    const totals = await co.call<{ stockTotals: unknown[] }>(
      `{ stockTotals(kind: Product) { stockId quantity laa value } }`,
    );
    expect(totals.data!.stockTotals).toEqual([{ stockId: rye750, quantity: 120, laa: 36, value: 1200 }]);
    const dutyPaid = await co.call<{ stockTotals: unknown[] }>(
      `{ stockTotals(kind: Product, status: DutyPaid) { stockId quantity laa } }`,
    );
    expect(dutyPaid.data!.stockTotals).toEqual([{ stockId: rye750, quantity: 12, laa: 3.6 }]);
    const held = await onHand('product', rye750);
    expect(held).toMatchObject({ quantity: 120, laa: 36, value: 1200 });
    expect(held.buckets).toEqual([
      { siteName: 'Main', lot: null, status: 'DutyPaid', quantity: 12, laa: 3.6, value: 120 },
      { siteName: 'Main', lot: null, status: 'InBond', quantity: 108, laa: 32.4, value: 1080 },
    ]);
  });

  it('refuses packaged alcohol movements inside a filed excise period', async () => {
    await api.database.db.execute(
      sql`UPDATE companies SET excise_period_end = '2026-03-31' WHERE id = ${co.companyId}`,
    );
    expect(
      await failure(
        post([
          row({ date: '2026-03-15', kind: 'Product', stockId: rye750, status: 'InBond', quantity: units(1), laa: 300 }),
        ]),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('The excise period to 2026-03-31 is filed') });
    await api.database.db.execute(sql`UPDATE companies SET excise_period_end = NULL WHERE id = ${co.companyId}`);
  });

  it('leaves services out and hides value without the values permission', async () => {
    expect(
      await inTx((ctx) =>
        postStock(ctx, { refType: 'test', refId: '5' }, [row({ stockId: labels, quantity: units(3) })]),
      ),
    ).toEqual([]);
    const noValues = await api.token(co.userId);
    await api.database.db.execute(
      sql`UPDATE memberships SET permissions = string_to_array(${EVERYTHING.filter((p) => p !== 'values').join(',')}, ',') WHERE company_id = ${co.companyId}`,
    );
    const seen = await onHand('product', rye750, noValues).catch(() => null);
    // restore before asserting, so a failure leaves the other tests their permission
    await api.database.db.execute(
      sql`UPDATE memberships SET permissions = string_to_array(${[...EVERYTHING, 'audit'].join(',')}, ',') WHERE company_id = ${co.companyId}`,
    );
    expect(seen).toMatchObject({ quantity: 120, value: null, averageCost: null });
  });

  it('answers only the company its caller belongs to', async () => {
    const other = await makeMember(api, EVERYTHING);
    const r = await api.gql<{ stockOnHand: unknown[] }>(
      other.companyId,
      `{ stockOnHand { stockId quantity } }`,
      {},
      other.token,
    );
    expect(r.body).toEqual({ data: { stockOnHand: [] } });
    const theirs = await failure(
      api.database.db.transaction((tx) =>
        postStock(
          {
            db: tx,
            actor: { userId: other.userId, companyId: other.companyId, permissions: EVERYTHING, features: {} },
          },
          { refType: 'test', refId: '9' },
          [row({ quantity: units(1) })],
        ),
      ),
    );
    expect(theirs).toEqual({ code: 'NOT_FOUND', message: `No item with id ${malt}` });
  });
});
