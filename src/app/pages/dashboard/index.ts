import { lazy } from 'react';
import type { CustomPage } from '../registry';

export const DASHBOARD_PATH = '/dashboard';

export const dashboardPage: CustomPage = {
  paths: [DASHBOARD_PATH],
  component: lazy(() => import('./Dashboard').then((m) => ({ default: m.Dashboard }))),
};
