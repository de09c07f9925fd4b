// The inventory reports' runners by catalogue name (src/shared/reports/catalogue/inventory.ts).
import type { ReportRunner } from '../runners';
import { stockActivity, stockSummary } from './stock';
import { alcoholSummary, nonExciseActivity } from './alcohol';
import { stockWorksheet, vesselWorksheet } from './worksheets';
import { inventoryAccounts } from './accounts';

export const inventoryRunners: Record<string, ReportRunner> = {
  ProductsActivity: (ctx, p) => stockActivity(ctx, p, 'Product'),
  ProductsPeriodSummary: (ctx, p) => stockSummary(ctx, p, 'Product'),
  ItemsActivity: (ctx, p) => stockActivity(ctx, p, 'Item'),
  ItemsPeriodSummary: (ctx, p) => stockSummary(ctx, p, 'Item'),
  NonExciseActivity: nonExciseActivity,
  NonExcisesPeriodSummary: (ctx, p) => alcoholSummary(ctx, p, 'NonExcise'),
  SpiritsPeriodSummary: (ctx, p) => alcoholSummary(ctx, p, 'Spirit'),
  WinesPeriodSummary: (ctx, p) => alcoholSummary(ctx, p, 'Wine'),
  ItemsWorksheet: (ctx, p) => stockWorksheet(ctx, p, 'Items'),
  ProductsWorksheet: (ctx, p) => stockWorksheet(ctx, p, 'Products'),
  TanksWorksheet: (ctx, p) => vesselWorksheet(ctx, p, 'Tank'),
  BulkContainersWorksheet: (ctx, p) => vesselWorksheet(ctx, p, 'BulkContainer'),
  CasksWorksheet: (ctx, p) => vesselWorksheet(ctx, p, 'Cask'),
  InventoryAccounts: inventoryAccounts,
};
