import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { REPORTS_PATH, VIEW_PATH } from './paths';

const catalogue = lazyScreen(() => import('./CataloguePage'), 'CataloguePage');
const viewer = lazyScreen(() => import('./ViewerPage'), 'ViewerPage');

/**
 * The reports (issue 15; spec 2.4, 2.5): the catalogue at /reports and ReportsView, one report
 * with its parameters in the query string. Both are their own chunks, with their texts
 * (./messages) and the charts: nothing here loads with the first page. Each report checks its own
 * permissions and feature besides `reports`, on the screen and on the server.
 */
export const reportsPages: CustomPage[] = [
  { name: 'Reports', paths: [REPORTS_PATH], permissions: ['reports'], component: catalogue },
  { name: 'ReportsView', paths: [VIEW_PATH], permissions: ['reports'], component: viewer },
];
