// The cask screens of spec 2.3 that the generated ones do not cover: add empty casks, empty a
// cask with its angels' share, set the age start of many casks, and the bulk containers'
// transactions. Part of the first page load: paths and lazy components only.
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { ADD_EMPTY_PATHS, BULK_TRANSACTIONS_PATHS, CASK_EMPTY_PATHS, SET_AGE_PATHS } from './paths';

export const casksAddEmptyPage: CustomPage = {
  name: 'InventoryCasksAddEmpty',
  paths: ADD_EMPTY_PATHS,
  permissions: ['inventory.write'],
  component: lazyScreen(() => import('./AddEmptyPage'), 'AddEmptyPage'),
};

// listed before the vessel actions page in the registry: /inventory/casks/empty is also one of
// its paths (/empty/:transactionId? opens an emptying already posted there)
export const caskEmptyPage: CustomPage = {
  paths: CASK_EMPTY_PATHS,
  permissions: ['production.write', 'inventory.write'],
  component: lazyScreen(() => import('./CaskEmptyPage'), 'CaskEmptyPage'),
};

export const casksSetAgePage: CustomPage = {
  paths: SET_AGE_PATHS,
  permissions: ['inventory.write'],
  component: lazyScreen(() => import('./SetAgePage'), 'SetAgePage'),
};

export const bulkTransactionsPage: CustomPage = {
  paths: BULK_TRANSACTIONS_PATHS,
  permissions: ['production.read', 'inventory.read'],
  component: lazyScreen(() => import('./BulkTransactionsPage'), 'BulkTransactionsPage'),
};
