import { lazy } from 'react';
import type { CustomPage } from '../registry';
import { settingsMessages } from './messages';

/** Settings (spec 2.4: initialTab 0 distillery information, 4 sites and excise licences). */
export const SETTINGS_PATH = '/settings/:initialTab?';

export const settingsPage: CustomPage = {
  name: 'Settings',
  // '/settings/4' is the generated list route of sites: this page replaces it and shows the
  // site list in its tab 4
  paths: [SETTINGS_PATH, '/settings/4'],
  permissions: ['config'],
  component: lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))),
  messages: settingsMessages,
};
