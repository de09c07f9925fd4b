// Links to the top-level routes go through the route guard: a denied one says 'You don't have
// permission to {action}' and does not navigate.
import type { MouseEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useCurrentCompany } from '../services';
import { guardTopLevel } from './routeGuard';
import { routePath } from './namedRoutes';

export function useGuardedRoute(name: string): { path: string | null; onClick: (event: MouseEvent) => void } {
  const company = useCurrentCompany();
  const notify = useNotify();
  const translate = useTranslate();
  const path = routePath(name);
  const onClick = (event: MouseEvent) => {
    const denied = guardTopLevel(name, company?.permissions ?? []);
    if (!denied) return;
    event.preventDefault();
    notify(translate('app.permission.denied', { action: translate(denied) }), { type: 'warning' });
  };
  return { path, onClick };
}
