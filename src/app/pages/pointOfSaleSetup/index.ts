import { lazy } from 'react';
import type { CustomPage } from '../registry';

/** /pointofsalesetup (spec 2.3 point-of-sale integration setup: config.write, inventory.write, selling). */
export const pointOfSaleSetupPage: CustomPage = {
  paths: ['/pointofsalesetup'],
  permissions: ['config.write&inventory.write&selling'],
  component: lazy(() => import('./PointOfSaleSetupPage').then((m) => ({ default: m.PointOfSaleSetupPage }))),
};
