import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { TOP_LEVEL_ROUTES } from '../../shell/routeGuard';
import { appsMessages } from './messages';

export const APPS_PATH = '/apps';

/** Apps (spec 2.3 /apps): the company's add-ons; the drawer's Apps entry carries the alert dot. */
export const appsPage: CustomPage = {
  name: 'Apps',
  paths: [APPS_PATH],
  permissions: TOP_LEVEL_ROUTES.Apps.permissions,
  component: lazyScreen(() => import('./AppsPage'), 'AppsPage'),
  messages: appsMessages,
};
