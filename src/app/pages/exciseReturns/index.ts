import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { DETAILS_PATHS, FORM_PATHS, RETURNS_PATH } from './paths';

// reports, or the alcohol records' readers (spec 6): the server enforces the same list
const READ = ['reports', 'config', 'production', 'inventory'];

const periods = lazyScreen(() => import('./ExciseReturnsPage'), 'ExciseReturnsPage');
const form = lazyScreen(() => import('./ReturnPage'), 'ReturnPage');
const details = lazyScreen(() => import('./DetailsPage'), 'DetailsPage');

/**
 * The CRA excise returns (issue 14; spec 2.5 Reports > Excise): the period list, one screen per
 * form under the catalogue's names (ReportsExciseSpirits B266, ReportsExciseWarehouse B262,
 * ReportsExciseWine B265, ReportsExciseUser B263) and the Details reports. Every screen is its
 * own chunk: nothing here loads with the first page.
 */
export const exciseReturnsPages: CustomPage[] = [
  {
    name: 'ReportsExcise',
    paths: [RETURNS_PATH],
    permissions: READ,
    component: periods,
  },
  { name: 'ReportsExciseSpirits', paths: [FORM_PATHS.B266], permissions: READ, component: form },
  { name: 'ReportsExciseWarehouse', paths: [FORM_PATHS.B262], permissions: READ, component: form },
  { name: 'ReportsExciseWine', paths: [FORM_PATHS.B265], permissions: READ, component: form },
  { name: 'ReportsExciseUser', paths: [FORM_PATHS.B263], permissions: READ, component: form },
  { name: 'ReportsExciseSpiritsDetails', paths: [DETAILS_PATHS.spirits], permissions: READ, component: details },
  { name: 'ReportsExciseWarehouseDetails', paths: [DETAILS_PATHS.warehouse], permissions: READ, component: details },
];
