import { lazy } from 'react';
import type { CustomPage } from '../registry';

/** /accountingsetup (spec 2.3 accounting integration setup: config.write, accounting add-on). */
export const accountingSetupPage: CustomPage = {
  paths: ['/accountingsetup'],
  permissions: ['config.write'],
  feature: 'allowAccounting',
  component: lazy(() => import('./AccountingSetupPage').then((m) => ({ default: m.AccountingSetupPage }))),
};
