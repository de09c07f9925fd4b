// Paths of the named routes the shell itself builds (spec 2.4). Code elsewhere navigates by
// name through ./namedRoutes; this file has no imports so page modules can use it freely.
export const SHELL_ROUTES = {
  Dashboard: '/dashboard',
  ProductionOverview: '/production/overview',
} as const;
