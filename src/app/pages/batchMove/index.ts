// Batch moves of spec 2.3 (InventoryProductsBatchMove; itemsbatchmove): many lines moved between
// sites or to duty paid at once, in one transaction, with a scanner-friendly entry (a scanned
// UPC or SKU then Enter adds a line or adds one to it). Reading needs inventory; posting needs
// inventory.write (the screen and the API check it). Kept tiny: part of the first page load.
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { ITEMS_BATCH_MOVE_PATHS, PRODUCTS_BATCH_MOVE_PATHS } from './paths';

const BatchMoveScreen = lazyScreen(() => import('../reconciliation/screens'), 'BatchMoveScreen');

export const productsBatchMovePage: CustomPage = {
  name: 'InventoryProductsBatchMove',
  paths: PRODUCTS_BATCH_MOVE_PATHS,
  permissions: ['inventory.read'],
  component: BatchMoveScreen,
};

export const itemsBatchMovePage: CustomPage = {
  name: 'InventoryItemsBatchMove',
  paths: ITEMS_BATCH_MOVE_PATHS,
  permissions: ['inventory.read'],
  component: BatchMoveScreen,
};
