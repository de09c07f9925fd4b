// Named routes (spec 2.4): the generated entity routes, the shell's own pages and every
// custom page that declares a `name`. A route that is not built is not here: callers hide
// what they cannot link to.
import { routes as generatedRoutes } from '../../generated/routes';
import { customPages, type CustomPage } from '../pages/registry';
import { fillPath } from '../routing/paths';
import { SHELL_ROUTES } from './shellRoutes';

export type RouteTable = Readonly<Record<string, string>>;

export function buildRouteTable(pages: readonly Pick<CustomPage, 'name' | 'paths'>[]): RouteTable {
  const table: Record<string, string> = { ...generatedRoutes, ...SHELL_ROUTES };
  for (const page of pages) if (page.name && page.paths[0]) table[page.name] = page.paths[0];
  return table;
}

let table: RouteTable | undefined;
export const routeTableByName = (): RouteTable => (table ??= buildRouteTable(customPages));

export const routeExists = (name: string, routes: RouteTable = routeTableByName()): boolean => name in routes;

/** The path of a named route with its params filled, or null when the route is not built. */
export function routePath(
  name: string,
  params: Record<string, unknown> = {},
  routes: RouteTable = routeTableByName(),
): string | null {
  const pattern = routes[name];
  return pattern === undefined ? null : fillPath(pattern, params);
}
