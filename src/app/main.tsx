// Entry: fetch GET /api/config, set up sign-in, data and company services, then render the
// app under a browser (data) router, so paths are real (/sales/customers) and unsaved-changes
// warnings can block navigation.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { entities, entityByName } from '../generated/entities';
import { commonDocuments, documents } from '../generated/operations';
import { introspection } from '../generated/introspection';
import { generatedMessages } from '../generated/i18n';
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
import { STORAGE_KEYS, writeStored } from './storage';
import { App } from './App';

function ConfigError({ error }: { error: unknown }) {
  console.error(error);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 560 }}>
      <h1>Distillery</h1>
      <p role="alert">
        The application could not start: its configuration could not be loaded.
        <br />
        <span lang="fr">L’application n’a pas pu démarrer : sa configuration n’a pas pu être chargée.</span>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again / Réessayer
      </button>
    </main>
  );
}

function start(root: Root, config: AppConfig) {
  const session = new OidcSession(config);
  void session.start().catch((error) => console.warn('Could not load the stored sign-in', error));

  const authFetch = createAuthFetch({
    getAccessToken: () => session.getAccessToken(),
    onUnauthorized: () => {
      void session.clearUser();
    },
    onVersion: (version) => writeStored(STORAGE_KEYS.version, version),
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
          messages={generatedMessages}
        />
      ),
    },
  ]);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
fetchAppConfig().then(
  (config) => start(root, config),
  (error: unknown) => root.render(<ConfigError error={error} />),
);
