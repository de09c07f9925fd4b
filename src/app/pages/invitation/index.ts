import { lazy } from 'react';
import type { CustomPage } from '../registry';
import { invitationMessages } from './messages';

/**
 * /invitation/:token (issue 10, point 7): the link mailed to an invited address. Outside the
 * shell (noLayout): the person signs in, may have no company yet, and joins this one.
 */
export const invitationPage: CustomPage = {
  paths: ['/invitation/:token'],
  noLayout: true,
  component: lazy(() => import('./InvitationPage').then((m) => ({ default: m.InvitationPage }))),
  messages: invitationMessages,
};
