// The item actions of spec 2.3 (adjust inventory, transfer site, transfer lot) at
// /inventory/items/<action>/:itemId?/:transactionId?: the product actions' page serves them
// (../productActions/actions.ts has both tables). Needs inventory.write.
import type { CustomPage } from '../registry';
import { ITEM_ACTION_PATHS } from '../productActions/paths';
import { InventoryScreen } from '../productActions';

export const itemActionsPage: CustomPage = {
  paths: ITEM_ACTION_PATHS,
  permissions: ['inventory.write'],
  component: InventoryScreen,
};
