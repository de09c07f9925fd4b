// The inventory transactions lists of products, items and bundles (spec 2.3, with the list
// features of the excise transaction lists). Reading needs what reading the product needs;
// deleting a row's source needs inventory.write. Kept tiny: part of the first page load.
import type { CustomPage } from '../registry';
import { STOCK_TRANSACTIONS_PATHS } from './paths';
import { InventoryScreen } from '../productActions';

export const stockTransactionsPage: CustomPage = {
  paths: STOCK_TRANSACTIONS_PATHS,
  permissions: ['inventory.read', 'production.read', 'selling.read', 'buying.read'],
  component: InventoryScreen,
};
