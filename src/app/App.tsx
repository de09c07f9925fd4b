// The react-admin application: generic screens registered from the entity metadata at their
// real paths (no per-entity JSX), /login outside the shell, / -> /dashboard.
import { useMemo, type ComponentType } from 'react';
import { Navigate, Route } from 'react-router-dom';
import {
  Admin,
  CustomRoutes,
  Loading,
  Resource,
  localStorageStore,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { routeTable, type RouteEntry } from './routing/paths';
import { ServicesProvider, type AppServices } from './services';
import { useAppI18nProvider } from './i18n/provider';
import type { GeneratedMessages } from './i18n/messages';
import { AppLayout } from './layout/AppLayout';
import { customPages, overriddenPaths, type CustomPage } from './pages/registry';
import { PageGuard } from './pages/PageGuard';
import { DASHBOARD_PATH } from './pages/dashboard';
import { lazyScreen } from './shell/chunks';
import { ChunkSuspense } from './shell/ShellError';
import { ShellNotification } from './shell/Notification';
import { useDark } from './shell/preferences';
import { routePath } from './shell/namedRoutes';
import { darkTheme, lightTheme } from './theme';

// generic screens are code-split like the custom pages (one chunk per screen module)
const GenericList = lazyScreen(() => import('./generic/GenericList'), 'GenericList');
const GenericCreate = lazyScreen(() => import('./generic/GenericForm'), 'GenericCreate');
const GenericEdit = lazyScreen(() => import('./generic/GenericForm'), 'GenericEdit');
const NotFoundPanel = lazyScreen(() => import('./generic/NotFoundPanel'), 'NotFoundPanel');

// unknown addresses: the app's Not Found panel (react-admin's adds a stray '.' to the message)
const CatchAll = () => (
  <ChunkSuspense>
    <NotFoundPanel />
  </ChunkSuspense>
);

export interface AppProps {
  services: AppServices;
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  loginPage: ComponentType;
  messages: GeneratedMessages;
}

export { DASHBOARD_PATH };

// spec 2.2: / redirects to the Dashboard named route
const RedirectToDashboard = () => <Navigate to={routePath('Dashboard') ?? DASHBOARD_PATH} replace />;

const store = localStorageStore(undefined, 'distillery');

function screenOf(route: RouteEntry) {
  switch (route.kind) {
    case 'list':
      return (
        <ChunkSuspense>
          <GenericList key={route.path} route={route} />
        </ChunkSuspense>
      );
    case 'create':
      return (
        <ChunkSuspense>
          <GenericCreate key={route.path} entity={route.entity} />
        </ChunkSuspense>
      );
    case 'edit':
      return (
        <ChunkSuspense>
          <GenericEdit key={route.path} entity={route.entity} />
        </ChunkSuspense>
      );
  }
}

// a page outside the shell: no layout, no company check (it signs the person in itself)
function outsideShell(page: CustomPage) {
  const Component = page.component;
  return (
    <ChunkSuspense>
      <Component />
    </ChunkSuspense>
  );
}

export function App({ services, dataProvider, authProvider, loginPage, messages }: AppProps) {
  const i18nProvider = useAppI18nProvider(messages);
  const table = useMemo(() => routeTable(services.entities), [services.entities]);
  const resources = useMemo(() => services.entities.filter((e) => e.crud), [services.entities]);
  // react-admin's theme follows localStorage `dark` (read before the first render, main.tsx)
  const dark = useDark();

  if (!i18nProvider) return <Loading />;
  return (
    <ServicesProvider services={services}>
      <Admin
        disableTelemetry
        requireAuth
        title="Distillery"
        store={store}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={loginPage}
        layout={AppLayout}
        theme={dark ? darkTheme : lightTheme}
        notification={ShellNotification}
        dashboard={RedirectToDashboard}
        catchAll={CatchAll}
      >
        {resources.map((e) => (
          <Resource key={e.plural} name={e.plural} recordRepresentation={e.titleField} />
        ))}
        <CustomRoutes noLayout>
          {customPages
            .filter((page) => page.noLayout)
            .flatMap((page) => page.paths.map((path) => <Route key={path} path={path} element={outsideShell(page)} />))}
        </CustomRoutes>
        <CustomRoutes>
          {customPages
            .filter((page) => !page.noLayout)
            .flatMap((page) =>
              page.paths.map((path) => <Route key={path} path={path} element={<PageGuard page={page} />} />),
            )}
          {table
            .filter((route) => !overriddenPaths.has(route.path))
            .map((route) => (
              <Route key={`${route.kind}:${route.path}`} path={route.path} element={screenOf(route)} />
            ))}
        </CustomRoutes>
      </Admin>
    </ServicesProvider>
  );
}
