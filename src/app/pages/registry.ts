// Hand-written screens, each in its own folder under src/app/pages/<feature>/, exporting a
// `CustomPage` (its route, permission, feature flag, code-split component and messages).
// App.tsx registers every page here; a page whose path equals a generated route replaces
// that generated screen — the explicit override map of DESIGN.md, never an edit of generated
// code.
import type { ComponentType, LazyExoticComponent } from 'react';
import { dashboardPage, workflowPage } from './dashboard';
import { appsPage } from './apps';
import { settingsPage } from './settings';
import { userEditPage } from './useredit';
import { userInfoPage } from './userinfo';
import { vesselActionsPage } from './vesselActions';
import { bulkTransactionsPage, caskEmptyPage, casksAddEmptyPage, casksSetAgePage } from './casks';
import { exciseTransactionsPage } from './exciseTransactions';
import { auditPage } from './audit';
import { productActionsPage } from './productActions';
import { itemActionsPage } from './itemActions';
import { stockTransactionsPage } from './stockTransactions';
import {
  itemsReconciliationPage,
  productsReconciliationPage,
  vesselReconciliationMenuPage,
  vesselReconciliationPage,
} from './reconciliation';
import { itemsBatchMovePage, productsBatchMovePage } from './batchMove';
import { invitationPage } from './invitation';
import { signupPage } from './signup';
import { exciseReturnsPages } from './exciseReturns';
import { reportsPages } from './reports';
import { forecastingPage, schedulingPage, tasksPage } from './planning';
import { portalSetupPage } from './portalSetup';
import { accountingSetupPage } from './accountingSetup';
import { ecommerceSetupPage } from './ecommerceSetup';
import { pointOfSaleSetupPage } from './pointOfSaleSetup';

export interface PageMessages {
  en: Record<string, unknown>;
  fr: Record<string, unknown>;
}

export interface CustomPage {
  /** the named route of spec 2.4 (Settings, UserInfo, Apps…): menus and links find the page by it */
  name?: string;
  /** react-router paths, e.g. ['/settings/:initialTab?'] */
  paths: string[];
  /** the user needs any one of these (spec 6 semantics); empty or absent: any member */
  permissions?: string[];
  /** the company feature flag that must be on (allowPlanning, …) */
  feature?: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** message trees merged into the app's i18n resources, under the page's own keys */
  messages?: PageMessages;
  /**
   * outside the shell and its company check (react-admin's noLayout route): the page handles
   * sign-in itself and works for a signed-in person with no company yet (/invitation/:token)
   */
  noLayout?: boolean;
}

export const customPages: CustomPage[] = [
  dashboardPage,
  workflowPage,
  appsPage,
  settingsPage,
  userInfoPage,
  userEditPage,
  // before vesselActionsPage: /inventory/casks/empty and /setage are the cask pages' (casks/index.ts)
  caskEmptyPage,
  casksSetAgePage,
  casksAddEmptyPage,
  bulkTransactionsPage,
  vesselActionsPage,
  exciseTransactionsPage,
  auditPage,
  invitationPage,
  signupPage,
  productActionsPage,
  itemActionsPage,
  stockTransactionsPage,
  productsReconciliationPage,
  itemsReconciliationPage,
  vesselReconciliationPage,
  vesselReconciliationMenuPage,
  productsBatchMovePage,
  itemsBatchMovePage,
  ...exciseReturnsPages,
  ...reportsPages,
  forecastingPage,
  schedulingPage,
  tasksPage,
  portalSetupPage,
  accountingSetupPage,
  ecommerceSetupPage,
  pointOfSaleSetupPage,
];

/** Paths of generated routes that a custom page replaces. */
export const overriddenPaths = new Set(customPages.flatMap((p) => p.paths));
