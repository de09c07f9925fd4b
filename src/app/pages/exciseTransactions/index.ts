import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { TRANSACTIONS_PATHS } from './owners';

export { TRANSACTIONS_OWNERS, TRANSACTIONS_PATHS, transactionsPathFor } from './owners';

/**
 * The excise transactions list (spec 2.5) of a vessel or an alcohol record, at each
 * `…/:id/transactions` route of spec 2.3. Reading needs what reading the object needs
 * (production or inventory); deleting needs production.write (spec 6).
 */
export const exciseTransactionsPage: CustomPage = {
  paths: TRANSACTIONS_PATHS,
  permissions: ['production.read', 'inventory.read'],
  component: lazyScreen(() => import('./TransactionsPage'), 'TransactionsPage'),
};
