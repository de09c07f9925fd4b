// Which article a screen links to (spec 2.2: most routes link to a help article): for the
// generated screens, the `help` key of the entity whose list, create or edit route matches the
// path; for the hand-written screens, the table below (their paths come from their own modules).
import { matchPath } from 'react-router-dom';
import type { EntityMeta } from '../../shared/meta';
import { routeTable } from '../routing/paths';
import { SHELL_ROUTES } from '../shell/shellRoutes';
import { VESSEL_ACTION_PATHS, ACTION_PATHS } from '../pages/vesselActions/paths';
import {
  ITEMS_RECONCILIATION_PATHS,
  PRODUCTS_RECONCILIATION_PATHS,
  VESSEL_RECONCILIATION_PATHS,
} from '../pages/reconciliation/paths';
import { ITEMS_BATCH_MOVE_PATHS, PRODUCTS_BATCH_MOVE_PATHS } from '../pages/batchMove/paths';
import { DETAILS_PATHS, FORM_PATHS, RETURNS_PATH } from '../pages/exciseReturns/paths';
import { REPORTS_PATH, VIEW_PATH } from '../pages/reports/paths';
import { ADD_EMPTY_PATHS } from '../pages/casks/paths';

const CASK_ACTIONS: readonly string[] = [...ACTION_PATHS.caskempty, ...ACTION_PATHS.casksetage];

/** hand-written screens and their article, the more specific paths first */
const PAGE_ARTICLES: [readonly string[], string][] = [
  [[SHELL_ROUTES.ProductionOverview], 'production-overview'],
  [CASK_ACTIONS, 'inventory-casks'],
  [ADD_EMPTY_PATHS, 'inventory-casks'],
  [VESSEL_ACTION_PATHS, 'alcohol-vessel-actions'],
  [[...PRODUCTS_RECONCILIATION_PATHS, ...ITEMS_RECONCILIATION_PATHS], 'inventory-reconciliation'],
  [[...VESSEL_RECONCILIATION_PATHS, '/production/vesselreconcile'], 'inventory-reconciliation'],
  [[...PRODUCTS_BATCH_MOVE_PATHS, ...ITEMS_BATCH_MOVE_PATHS], 'inventory-reconciliation'],
  [[RETURNS_PATH, ...Object.values(FORM_PATHS), ...Object.values(DETAILS_PATHS)], 'excise-returns'],
  [[REPORTS_PATH, VIEW_PATH], 'reports'],
  // tab 4: sites and excise licences (spec 2.4)
  [['/settings/4'], 'settings-sites'],
  [['/settings/:initialTab?'], 'settings-distillery'],
  [['/useredit'], 'settings-users'],
];

const matches = (pattern: string, pathname: string) => !!matchPath({ path: pattern, end: true }, pathname);

export function helpKeyForPath(pathname: string, entities: readonly EntityMeta[]): string | null {
  for (const [patterns, key] of PAGE_ARTICLES) if (patterns.some((p) => matches(p, pathname))) return key;
  for (const route of routeTable(entities))
    if (route.entity.help && matches(route.path, pathname)) return route.entity.help;
  return null;
}
