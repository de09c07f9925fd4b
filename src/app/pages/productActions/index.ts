// The product actions of spec 2.3 (move to duty paid and back, transfer site and lot, reduce
// and adjust inventory, return to tank, unpack, convert): one page serving every action route,
// the form chosen by the path (actions.ts). Needs inventory.write. The actions menu and the
// quantity on hand of the product and item screens come through ../extensions.ts.
// Kept tiny: this module is part of the first page load; texts live in the page's chunk.
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { PRODUCT_ACTION_PATHS } from './paths';

/** The inventory screens' chunk, shared with ../itemActions and ../stockTransactions. */
export const InventoryScreen = lazyScreen(() => import('./loader'), 'InventoryScreen');

export const productActionsPage: CustomPage = {
  paths: PRODUCT_ACTION_PATHS,
  permissions: ['inventory.write'],
  component: InventoryScreen,
};
