// The /apps page's calls: the integrations list and the connection's actions (config.write on
// the server; the page only hides what the person cannot do). Tokens never come here.
import { gqlCall } from '../../shell/gql';
import type { IntegrationFailure } from '../../../shared/integrationFailures';

export type { IntegrationFailure };

export interface Integration {
  /** the GraphQL enum IntegrationApp: quickbooks, and the e-commerce and point-of-sale apps */
  app: string;
  addOn: string;
  provider: string;
  enabled: boolean;
  status: 'enabled' | 'connected' | 'paused';
  lastSyncAt: string | null;
  connectedAt: string | null;
  failures: IntegrationFailure[];
}

export type IntegrationAction = 'Disconnect' | 'Pause' | 'Resume';

const FIELDS = `app addOn provider enabled status lastSyncAt connectedAt failures { entityType entityId attempts error at label
  record { entity id form siteId periodStart periodEnd } }`;

export const loadIntegrations = async (authFetch: typeof fetch) =>
  (
    await gqlCall<{ integrations: Integration[] }>(
      authFetch,
      `query Integrations { integrations { ${FIELDS} } }`,
      {},
      { silent: true },
    )
  ).integrations;

/** Intuit's authorize URL with our signed state: the browser goes there next. */
export const connectUrl = async (authFetch: typeof fetch, app: string) =>
  (
    await gqlCall<{ integrationConnect: string }>(
      authFetch,
      `mutation IntegrationConnect($app: IntegrationApp!) { integrationConnect(app: $app) }`,
      { app },
      { silent: true },
    )
  ).integrationConnect;

export const changeIntegration = async (authFetch: typeof fetch, app: string, action: IntegrationAction) =>
  (
    await gqlCall<Record<string, Integration>>(
      authFetch,
      `mutation Integration${action}($app: IntegrationApp!) { integration${action}(app: $app) { ${FIELDS} } }`,
      { app },
      { silent: true },
    )
  )[`integration${action}`];

export const syncIntegration = async (authFetch: typeof fetch, app: string) =>
  (
    await gqlCall<{ integrationSync: number }>(
      authFetch,
      `mutation IntegrationSync($app: IntegrationApp!) { integrationSync(app: $app) }`,
      { app },
      { silent: true },
    )
  ).integrationSync;

/** Switches an add-on of the company on or off (config.write); answers the add-ons now on. */
export const setAddOn = async (authFetch: typeof fetch, addOn: string, enabled: boolean) =>
  (
    await gqlCall<{ addOnSet: string[] }>(
      authFetch,
      `mutation AddOnSet($addOn: String!, $enabled: Boolean!) { addOnSet(addOn: $addOn, enabled: $enabled) }`,
      { addOn, enabled },
      { silent: true },
    )
  ).addOnSet;
