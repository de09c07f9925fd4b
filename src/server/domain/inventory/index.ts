// Inventory as a domain module: quantities on hand of products and items, kept by the
// posting module (stock.ts) that production, inventory actions, sales and purchasing call.
import type { DomainModule, FieldResolver } from '../kernel/module';
import { onHandOf, stockBalances, type OnHandFilter } from './onHand';
import type { StockStatus } from './stock';

const onHand: FieldResolver = async (parent, args, ctx) =>
  onHandOf(await ctx.domain(), String(parent.id), {
    siteId: (args.siteId as string | null) ?? null,
    status: (args.status as StockStatus | null) ?? null,
  });

export const inventoryModule: DomainModule = {
  name: 'inventory',
  query: {
    stockOnHand: async (_r, args, ctx) => stockBalances(await ctx.domain(), args as OnHandFilter),
  },
  types: {
    Product: { onHand },
    Item: { onHand },
  },
};
