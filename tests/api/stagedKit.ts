// Helpers for the API tests of bottling, mashing, packing and assembly: a company (exciseKit's),
// stock put in or taken out directly through the stock posting module, the open ledger rows
// of a record, and on-hand quantities as the API answers them.
import { openRowsOf } from '../../src/server/domain/excise/ledger';
import { MICRO, openStockRowsOf, postStock, type StockPosting } from '../../src/server/domain/inventory/stock';
import type { DomainContext } from '../../src/server/domain/records/actor';
import { EVERYTHING, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

export type Company = Awaited<ReturnType<typeof exciseCompany>>;

export async function stagedKit(api: TestApi) {
  const co = await exciseCompany(api);
  let refs = 5_000_000;
  const inTx = <T>(fn: (ctx: DomainContext) => Promise<T>, c: Company = co) =>
    api.database.db.transaction((tx) =>
      fn({ db: tx, actor: { userId: c.userId, companyId: c.companyId, permissions: EVERYTHING, features: {} } }),
    );
  /** posts stock rows under a test source (a receipt, a sale), answering its ref id */
  const stock = async (rows: Partial<StockPosting>[], c: Company = co) => {
    const refId = String(++refs);
    await inTx(
      (ctx) =>
        postStock(
          ctx,
          { refType: 'test', refId },
          rows.map((r) => ({
            date: '2026-05-01',
            kind: 'Item',
            stockId: '0',
            siteId: c.site,
            lot: null,
            status: null,
            quantity: 0,
            category: 'Received',
            description: 'test',
            ...r,
          })),
        ),
      c,
    );
    return refId;
  };
  const units = (n: number) => Math.round(n * MICRO);
  /** the record's open excise rows, oldest first: [category, vessel id, volume, LAA] */
  const ledger = async (refId: string, c: Company = co) =>
    (await openRowsOf(api.database.db, c.companyId, refId))
      .reverse()
      .map((r) => [r.excise, r.vessel_id, r.volume, r.laa]);
  /** the record's open stock rows, oldest first: [category, stock id, lot, status, quantity, LAA, value] */
  const movements = async (refId: string, c: Company = co) =>
    (await inTx((ctx) => openStockRowsOf(ctx, refId), c))
      .reverse()
      .map((r) => [r.category, r.stock_id, r.lot, r.status, r.quantity, r.laa, r.value]);
  const onHand = async (type: 'item' | 'product', id: string, c: Company = co) => {
    const r = await c.call<Record<string, { onHand: Record<string, unknown> }>>(
      `query($id: ID!) { ${type}(id: $id) { onHand { quantity laa value buckets { siteName lot status quantity laa value } } } }`,
      { id },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data![type].onHand;
  };
  /** create / update / delete of a record through the generic mutations */
  const save = async (entity: string, input: Record<string, unknown>, id?: string, c: Company = co) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const r = await c.call<Record<string, { id: string }>>(
      id
        ? `mutation($id: ID!, $input: ${type}Input!) { ${entity}Update(id: $id, input: $input) { id } }`
        : `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      id ? { id, input } : { input },
    );
    return { id: r.data?.[`${entity}${id ? 'Update' : 'Create'}`]?.id ?? '', errors: r.errors };
  };
  const remove = async (id: string, c: Company = co) => {
    const r = await c.call<{ objectsDelete: { id: string; error: string | null }[] }>(
      `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`,
      { ids: [id] },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!.objectsDelete[0].error;
  };
  return { co, inTx, stock, units, ledger, movements, onHand, save, remove };
}
