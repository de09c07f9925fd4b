import { lazy } from 'react';
import type { CustomPage } from '../registry';
import { userInfoMessages } from './messages';

/** /userinfo (spec 2.3): the signed-in user's own profile; any member. */
export const userInfoPage: CustomPage = {
  name: 'UserInfo',
  paths: ['/userinfo'],
  component: lazy(() => import('./UserInfoPage').then((m) => ({ default: m.UserInfoPage }))),
  messages: userInfoMessages,
};
