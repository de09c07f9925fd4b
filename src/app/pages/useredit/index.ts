import { lazy } from 'react';
import type { CustomPage } from '../registry';
import { userEditMessages } from './messages';

/** /useredit (spec 2.3: config.write): the company's members and their permissions. */
export const userEditPage: CustomPage = {
  paths: ['/useredit'],
  permissions: ['config.write'],
  component: lazy(() => import('./UserEditPage').then((m) => ({ default: m.UserEditPage }))),
  messages: userEditMessages,
};
