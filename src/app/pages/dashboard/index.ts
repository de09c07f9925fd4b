import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { SHELL_ROUTES } from '../../shell/shellRoutes';
import { TOP_LEVEL_ROUTES } from '../../shell/routeGuard';

export const DASHBOARD_PATH = SHELL_ROUTES.Dashboard;

export const dashboardPage: CustomPage = {
  name: 'Dashboard',
  paths: [SHELL_ROUTES.Dashboard],
  permissions: TOP_LEVEL_ROUTES.Dashboard.permissions,
  component: lazyScreen(() => import('./Dashboard'), 'Dashboard'),
};

/** The workflow view (spec 2.3 /production/overview). */
export const workflowPage: CustomPage = {
  name: 'ProductionOverview',
  paths: [SHELL_ROUTES.ProductionOverview],
  permissions: TOP_LEVEL_ROUTES.ProductionOverview.permissions,
  component: lazyScreen(() => import('./Workflow'), 'Workflow'),
};
