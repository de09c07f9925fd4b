// Inventory as a domain module: quantities on hand of products and items, kept by the
// posting module (stock.ts) that production, inventory actions, sales and purchasing call;
// the product and item actions (actions.ts, run.ts) and the transaction lists (transactions.ts).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { DomainModule, FieldResolver, Resolver } from '../kernel/module';
import { AppError, validationError } from '../kernel/errors';
import { onHandOf, stockBalances, stockTotals, type OnHandFilter } from './onHand';
import type { StockKind, StockStatus } from './stock';
import type { StockActionKind } from './actions';
import { deleteStockTransactions, getStockAction, runStockAction } from './run';
import { exportStockTransactions, listStockTransactions, type StockKey, type StockListArgs } from './transactions';

const onHand: FieldResolver = async (parent, args, ctx) =>
  onHandOf(await ctx.domain(), String(parent.id), {
    siteId: (args.siteId as string | null) ?? null,
    status: (args.status as StockStatus | null) ?? null,
  });

const action =
  (kind: StockActionKind): Resolver =>
  async (_r, args, ctx) =>
    runStockAction(await ctx.domain(), kind, (args.input ?? {}) as Record<string, unknown>);

/** A bundle's rows are its components' rows. */
async function bundleKey(ctx: DomainContext, bundleId: string): Promise<StockKey> {
  const rows = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      SELECT DISTINCT coalesce(c.product_id, c.item_id)::text AS id
      FROM bundles_components c JOIN bundles b ON b.company_id = c.company_id AND b.id = c.parent_id
      WHERE c.company_id = ${ctx.actor.companyId} AND c.parent_id = ${bundleId}
        AND coalesce(c.product_id, c.item_id) IS NOT NULL`),
  );
  return { kind: null, stockIds: rows.map((r) => r.id) };
}

/** The list a query names: a product, an item, a bundle, or every product or item. */
async function keyOf(ctx: DomainContext, args: Record<string, unknown>): Promise<StockKey> {
  const stockKind = args.stockKind as StockKind | 'Bundle';
  const id = (args.id as string | null | undefined) ?? null;
  if (id !== null && !/^\d{1,18}$/.test(id)) throw new AppError('NOT_FOUND', `No transactions list for ${id}`, { id });
  if (stockKind === 'Bundle') {
    if (!id) throw validationError({ id: 'Choose a bundle' });
    return bundleKey(ctx, id);
  }
  return { kind: stockKind, stockIds: id ? [id] : null };
}

const transactions2 =
  (kind: StockKind | 'Bundle'): FieldResolver =>
  async (parent, args, ctx) => {
    const domain = await ctx.domain();
    const key =
      kind === 'Bundle' ? await bundleKey(domain, String(parent.id)) : { kind, stockIds: [String(parent.id)] };
    return listStockTransactions(domain, key, args as StockListArgs);
  };

export const inventoryModule: DomainModule = {
  name: 'inventory',
  query: {
    stockOnHand: async (_r, args, ctx) => stockBalances(await ctx.domain(), args as OnHandFilter),
    stockTotals: async (_r, args, ctx) =>
      stockTotals(await ctx.domain(), args as unknown as Parameters<typeof stockTotals>[1]),
    stockTransactions: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      return listStockTransactions(domain, await keyOf(domain, args), args as StockListArgs);
    },
    stockTransactionsExportCSV: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const csv = await exportStockTransactions(domain, await keyOf(domain, args), args as StockListArgs);
      return ctx.files.save(ctx.companyId, ctx.userId, 'inventory-transactions.csv', csv);
    },
    inventoryAction: async (_r, args, ctx) => getStockAction(await ctx.domain(), String(args.id)),
  },
  mutation: {
    productMoveToDutyPaid: action('ProductMoveToDutyPaid'),
    productMoveToInBond: action('ProductMoveToInBond'),
    productTransferSite: action('ProductTransferSite'),
    productTransferLot: action('ProductTransferLot'),
    productReduceInventory: action('ProductReduceInventory'),
    productAdjustInventory: action('ProductAdjustInventory'),
    productReturnToTank: action('ProductReturnToTank'),
    productUnpack: action('ProductUnpack'),
    productConvert: action('ProductConvert'),
    itemAdjustInventory: action('ItemAdjustInventory'),
    itemTransferSite: action('ItemTransferSite'),
    itemTransferLot: action('ItemTransferLot'),
    inventoryTransactionDelete: async (_r, args, ctx) =>
      deleteStockTransactions(await ctx.domain(), String(args.refId)),
  },
  types: {
    Product: { onHand, transactions2: transactions2('Product') },
    Item: { onHand, transactions2: transactions2('Item') },
    Bundle: { transactions2: transactions2('Bundle') },
  },
};
