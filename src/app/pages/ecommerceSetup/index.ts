import { lazy } from 'react';
import type { CustomPage } from '../registry';

/** /ecommercesetup (spec 2.3 e-commerce integration setup: config.write, inventory.write, selling). */
export const ecommerceSetupPage: CustomPage = {
  paths: ['/ecommercesetup'],
  permissions: ['config.write&inventory.write&selling'],
  component: lazy(() => import('./EcommerceSetupPage').then((m) => ({ default: m.EcommerceSetupPage }))),
};
