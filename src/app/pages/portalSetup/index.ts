import { lazy } from 'react';
import type { CustomPage } from '../registry';

/** /portalsetup (spec 2.3 customer portal setup: config.write, inventory and production). */
export const portalSetupPage: CustomPage = {
  paths: ['/portalsetup'],
  permissions: ['config.write&inventory&production'],
  component: lazy(() => import('./PortalSetupPage').then((m) => ({ default: m.PortalSetupPage }))),
};
