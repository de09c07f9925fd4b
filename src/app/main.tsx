// Entry: fetch GET /api/config and the chosen language's texts, set up sign-in, data and company
// services, then render the app under a browser (data) router, so paths are real
// (/sales/customers) and unsaved-changes warnings can block navigation.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { entities as clientEntities } from '../generated/clientEntities';
import { commonDocuments, documents } from '../generated/operations';
import { introspection } from '../generated/introspection';
import type { EntityMeta } from '../shared/meta';
import { fetchAppConfig, type AppConfig } from './config';
import { OidcSession } from './auth/oidc';
import { createAuthProvider } from './auth/authProvider';
import { createLoginPage } from './auth/LoginPage';
import { createAuthFetch } from './data/authFetch';
import { createApolloClient } from './data/apollo';
import { createDataProvider } from './data/dataProvider';
import { CompanyStore } from './company/companies';
import { createCompaniesLoader } from './company/loadCompanies';
import { holdsValues } from './access';
import { readStored, STORAGE_KEYS, writeStored } from './storage';
import { App } from './App';
import { applyStoredPreferences } from './shell/preferences';
import { announceVersionChange, createVersionMonitor } from './shell/version';
import { observeApi } from './shell/apiObserver';
import { errorBanner } from './shell/errorBanner';
import { installGlobalErrorHandlers, reportClientError, setClientErrorSender } from './shell/reporting';
import { LOG_CLIENT_ERROR_DOCUMENT } from './shell/clientErrors';
import { gqlCall } from './shell/gql';
import { initialLocale } from './i18n/provider';
import { loadLanguage } from './i18n/languages';
import type { LoadedLanguages } from './i18n/resources';

// The browser's metadata leaves out the server's storage names and the labels (ClientEntityMeta in
// src/shared/meta.ts); the screens read labels through translate, never from the metadata
// (tests/generator/clientMeta.test.ts keeps src/app from reading what is left out), so the
// screens' EntityMeta type is a wider promise than the data keeps only in those properties.
const entities = clientEntities as unknown as EntityMeta[];
const entityByName: Record<string, EntityMeta> = Object.fromEntries(entities.map((e) => [e.name, e]));

// dark mode and language apply before anything renders (spec 9: localStorage `dark`, `locale`)
applyStoredPreferences();

function ConfigError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 560 }}>
      <h1>Distillery</h1>
      <p role="alert">
        The application could not start: its configuration or its texts could not be loaded.
        <br />
        <span lang="fr">
          L’application n’a pas pu démarrer : sa configuration ou ses textes n’ont pas pu être chargés.
        </span>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again / Réessayer
      </button>
    </main>
  );
}

function start(root: Root, config: AppConfig, languages: LoadedLanguages) {
  const session = new OidcSession(config);
  void session.start().catch((error) => console.warn('Could not load the stored sign-in', error));

  // the bundle just loaded is the server's current one: later answers compare with it
  if (config.version) writeStored(STORAGE_KEYS.version, config.version);
  const onVersion = createVersionMonitor({
    read: () => readStored(STORAGE_KEYS.version),
    write: (version) => writeStored(STORAGE_KEYS.version, version),
    onChange: announceVersionChange,
  });
  const rawFetch = createAuthFetch({
    getAccessToken: () => session.getAccessToken(),
    onUnauthorized: () => {
      void session.clearUser();
    },
    onVersion,
    clientVersion: config.version,
  });

  // spec 8: 401, 500 or no token clears the user and goes to sign-in; other errors show the
  // error banner; internal validation and syntax errors are reported with the failed query
  const routerRef: { current?: ReturnType<typeof createBrowserRouter> } = {};
  let leaving = false;
  const signOutToLogin = () => {
    if (leaving) return;
    leaving = true;
    void session.clearUser().finally(() => {
      store.reset();
      const { pathname, search } = window.location;
      const go = routerRef.current
        ? routerRef.current.navigate('/login', { replace: true, state: { nextPathname: pathname, nextSearch: search } })
        : Promise.resolve(window.location.assign('/login'));
      void go.finally(() => {
        leaving = false;
      });
    });
  };
  setClientErrorSender(async (input) => {
    if (!(await session.getAccessToken())) return;
    await gqlCall(rawFetch, LOG_CLIENT_ERROR_DOCUMENT, { input }, { silent: true });
  });
  installGlobalErrorHandlers();
  const authFetch = observeApi(rawFetch, {
    onSignOut: () => {
      if (!window.location.pathname.startsWith('/login')) signOutToLogin();
    },
    onError: (outcome) =>
      errorBanner.show({
        message: outcome.message,
        ...(outcome.code ? { code: outcome.code } : {}),
        info: outcome.info,
      }),
    report: reportClientError,
  });
  const client = createApolloClient(authFetch);
  const store = new CompanyStore(createCompaniesLoader(client, commonDocuments.companies));

  const dataProvider = createDataProvider({
    client,
    introspection,
    entities,
    documents,
    commonDocuments,
    holdsValues: () => holdsValues(store.getState().current),
  });
  const authProvider = createAuthProvider(session, store);
  const loginPage = createLoginPage(session);
  const services = { config, session, companies: store, authFetch, entities, entityByName };

  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <App
          services={services}
          dataProvider={dataProvider}
          authProvider={authProvider}
          loginPage={loginPage}
          messages={languages}
        />
      ),
    },
  ]);
  routerRef.current = router;
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// the texts of the language shown load beside the configuration, so the first render has them
const locale = initialLocale();
Promise.all([fetchAppConfig(), loadLanguage(locale)]).then(
  ([config, texts]) => start(root, config, { [locale]: texts }),
  (error: unknown) => root.render(<ConfigError error={error} />),
);
