import { lazy } from 'react';
import type { CustomPage } from '../registry';

/**
 * /signup (spec 2.1; issue 10, point 15): a person creates their company and its first user,
 * and /signup/confirm/:token opens the link mailed to them. Outside the shell (noLayout) and
 * before any sign-in: the person has no account yet. Texts register from the page's own chunk.
 */
export const signupPage: CustomPage = {
  paths: ['/signup', '/signup/confirm/:token'],
  noLayout: true,
  component: lazy(() => import('./SignupPage').then((m) => ({ default: m.SignupPage }))),
};
