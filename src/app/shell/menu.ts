// The left drawer's model (spec 2.4, 2.5, 6): menu groups of list routes, each group shown only
// when the user holds one of the group's permissions (and the feature flag is on), each entry
// only when the user may read its entity (permission and feature flag) and, when a custom page
// replaces its screen (pages/registry.ts), may open that page: no entry the user cannot open.
import type { EntityMeta } from '../../shared/meta';
import { hasAny } from '../../shared/permissions';
import { canRead } from '../access';
import { isFeatureOn, type Company } from '../company/companies';
import { AREA_ORDER, menuGroupOf, isMenuRoute, routeTable, type Preset } from '../routing/paths';
import { viewerPath } from '../pages/reports/paths';
import { routeExists, routePath, type RouteTable } from './namedRoutes';
import { TOP_LEVEL_ROUTES } from './routeGuard';

/** A custom page's access rule (pages/registry.ts CustomPage): any one permission, and its feature flag. */
export interface PageRule {
  paths: readonly string[];
  permissions?: readonly string[];
  feature?: string;
}

/** The rule PageGuard applies: no permissions listed means any member. */
export function pageAllowed(page: Omit<PageRule, 'paths'>, company: Company | null | undefined): boolean {
  if (!company) return false;
  return (
    (!page.permissions?.length || hasAny(company.permissions, [...page.permissions])) &&
    isFeatureOn(company, page.feature)
  );
}

/** A path served by a custom page opens only when that page allows the user. */
export function pathAllowed(path: string, company: Company | null | undefined, pages: readonly PageRule[]): boolean {
  const page = pages.find((p) => p.paths.includes(path));
  return !page || pageAllowed(page, company);
}

export interface GroupRule {
  /** any one of these */
  permissions: string[];
  feature?: string;
}

/** Spec 6: which permission gives which menu. */
export const GROUP_RULES: Record<string, GroupRule> = {
  production: { permissions: ['production'] },
  equipment: { permissions: ['production'] },
  inventory: { permissions: ['inventory', 'production'] },
  alcohol: { permissions: ['inventory', 'production'] },
  sales: { permissions: ['selling'] },
  purchasing: { permissions: ['buying'] },
  planning: { permissions: ['forecasting', 'scheduling'], feature: 'allowPlanning' },
  reports: { permissions: ['reports'] },
  settings: { permissions: ['selling', 'buying'] },
};

/** Named hand-written screens that belong in a menu group once they are built. */
export const EXTRA_ENTRIES: { name: string; group: string; permissions: string[]; feature?: string }[] = [
  { name: 'PlanningForecasting', group: 'planning', permissions: ['forecasting.write'], feature: 'allowPlanning' },
  { name: 'PlanningScheduling', group: 'planning', permissions: ['scheduling.write'], feature: 'allowPlanning' },
  { name: 'Reports', group: 'reports', permissions: ['reports'] },
  // the CRA returns: whoever reads the alcohol records or the reports (the server checks the same)
  { name: 'ReportsExcise', group: 'reports', permissions: ['reports', 'config', 'production', 'inventory'] },
  { name: 'InventoryProductsReconcile', group: 'inventory', permissions: ['inventory'] },
  { name: 'InventoryItemsReconcile', group: 'inventory', permissions: ['inventory'] },
  { name: 'InventoryProductsBatchMove', group: 'inventory', permissions: ['inventory'] },
  { name: 'InventoryItemsBatchMove', group: 'inventory', permissions: ['inventory'] },
  { name: 'InventoryCasksAddEmpty', group: 'inventory', permissions: ['inventory.write'] },
  { name: 'ProductionVesselReconcile', group: 'production', permissions: ['production', 'inventory'] },
];

export interface MenuEntry {
  /** the route name when it has one, else its path: the key bookmarks store */
  key: string;
  path: string;
  name?: string;
  entity?: EntityMeta;
  preset?: Preset;
  /** a starred report (pages/reports): the catalogue name its bookmark opens in ReportsView */
  report?: string;
}

export interface ShellMenuGroup {
  group: string;
  entries: MenuEntry[];
}

export function groupAllowed(group: string, company: Company | null | undefined): boolean {
  if (!company) return false;
  const rule = GROUP_RULES[group];
  if (!rule) return true;
  return isFeatureOn(company, rule.feature) && hasAny(company.permissions, rule.permissions);
}

const rank = (g: string) => (AREA_ORDER.includes(g) ? AREA_ORDER.indexOf(g) : AREA_ORDER.length);

/** The drawer's groups for this user in this company, in the spec's order. */
export function shellMenu(
  entities: readonly EntityMeta[],
  company: Company | null | undefined,
  routes?: RouteTable,
  pages: readonly PageRule[] = [],
): ShellMenuGroup[] {
  if (!company) return [];
  const groups = new Map<string, MenuEntry[]>();
  const add = (group: string, entry: MenuEntry) => {
    if (!groupAllowed(group, company)) return;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(entry);
  };
  for (const route of routeTable(entities)) {
    if (route.kind !== 'list' || !isMenuRoute(route) || !canRead(route.entity, company)) continue;
    if (!pathAllowed(route.path, company, pages)) continue;
    // a named route is reached by its name, so its path comes from the named-route table
    const path = (route.name && routePath(route.name, {}, routes)) || route.path;
    add(menuGroupOf(route), {
      key: route.name ?? route.path,
      path,
      ...(route.name ? { name: route.name } : {}),
      entity: route.entity,
      ...(route.preset ? { preset: route.preset } : {}),
    });
  }
  for (const extra of EXTRA_ENTRIES) {
    if (!routeExists(extra.name, routes)) continue;
    if (!isFeatureOn(company, extra.feature) || !hasAny(company.permissions, extra.permissions)) continue;
    add(extra.group, { key: extra.name, name: extra.name, path: routePath(extra.name, {}, routes)! });
  }
  return [...groups].map(([group, entries]) => ({ group, entries })).sort((a, b) => rank(a.group) - rank(b.group));
}

/** Bookmarked entries the user can still open, in the order they were bookmarked. */
export function bookmarkedEntries(groups: readonly ShellMenuGroup[], bookmarks: readonly string[]): MenuEntry[] {
  const byKey = new Map(groups.flatMap((g) => g.entries.map((e) => [e.key, e] as const)));
  return bookmarks.flatMap((k) => {
    const entry = byKey.get(k);
    if (!entry && k.startsWith(REPORT_BOOKMARK) && byKey.has('Reports')) return [reportEntry(k)];
    return entry ? [entry] : [];
  });
}

/** A starred report is a bookmark `ReportsView?to=<Name>`, shown with the reports (spec 2.5). */
export const REPORT_BOOKMARK = 'ReportsView?to=';

function reportEntry(key: string): MenuEntry {
  const report = key.slice(REPORT_BOOKMARK.length);
  return { key, path: viewerPath(report), name: 'ReportsView', report };
}

/** Settings (config), Audit log (audit + allowAudit), Recurring transactions (allowRecurringTransactions + buying or selling). */
export function toolAllowed(
  tool: 'Settings' | 'Audit' | 'RecurringTransactions' | 'Apps',
  company: Company | null | undefined,
  routes?: RouteTable,
): boolean {
  if (!company || !routeExists(tool, routes)) return false;
  const p = company.permissions;
  switch (tool) {
    case 'Settings':
      return hasAny(p, ['config']);
    case 'Audit':
      return isFeatureOn(company, 'allowAudit') && hasAny(p, ['audit']);
    case 'RecurringTransactions':
      return isFeatureOn(company, 'allowRecurringTransactions') && hasAny(p, ['buying', 'selling']);
    case 'Apps':
      // the route guard's rule (spec 2.3): shown only to who may open it
      return hasAny(p, TOP_LEVEL_ROUTES.Apps.permissions);
  }
}

/** The planning tasks indicator and the dashboard's tasks: allowPlanning and forecasting or scheduling. */
export function tasksAllowed(company: Company | null | undefined): boolean {
  return (
    !!company && isFeatureOn(company, 'allowPlanning') && hasAny(company.permissions, ['forecasting', 'scheduling'])
  );
}
