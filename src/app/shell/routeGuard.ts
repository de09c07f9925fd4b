// The route guard of spec 6: only the top-level routes (Production overview, Dashboard, Apps)
// are checked here; each allows when the company holds any one listed permission, otherwise
// 'You don't have permission to {action}' and the navigation is cancelled. Other routes show
// their own denial text (generic screens, PageGuard).
import { hasAny } from '../../shared/permissions';

export interface TopLevelRoute {
  permissions: string[];
  /** i18n key of the {action} */
  action: string;
}

const EVERY_PERMISSION = [
  'selling',
  'buying',
  'production',
  'inventory',
  'config',
  'audit',
  'forecasting',
  'scheduling',
  'reports',
  'values',
];

export const TOP_LEVEL_ROUTES: Record<'ProductionOverview' | 'Dashboard' | 'Apps', TopLevelRoute> = {
  // spec 2.3: the workflow view needs any of production, inventory, buying, selling
  ProductionOverview: { permissions: ['production', 'inventory', 'buying', 'selling'], action: 'app.guard.overview' },
  // not given by the spec: any permission in the company
  Dashboard: { permissions: EVERY_PERMISSION, action: 'app.guard.dashboard' },
  Apps: { permissions: ['config'], action: 'app.guard.apps' },
};

export type TopLevelName = keyof typeof TOP_LEVEL_ROUTES;

export const isTopLevel = (name: string): name is TopLevelName => name in TOP_LEVEL_ROUTES;

/** null when allowed, else the i18n key of the denied action. */
export function guardTopLevel(name: string, permissions: readonly string[]): string | null {
  if (!isTopLevel(name)) return null;
  const route = TOP_LEVEL_ROUTES[name];
  return hasAny(permissions, route.permissions) ? null : route.action;
}
