// The integrations this server can connect, by app key (the GraphQL enum IntegrationApp). Each
// belongs to one add-on of /apps and needs that add-on's company flag. Shopify (e-commerce) and
// Square (point of sale) are not built yet: they join this list with their connectors.
import type { AccountingConnector } from './connector';
import { quickbooksConnector } from './quickbooks';

export interface IntegrationApp {
  key: 'quickbooks';
  /** the /apps add-on it serves (addOnsWithAlerts names these) */
  addOn: 'accounting';
  /** the company flag without which it cannot be connected */
  feature: 'allowAccounting';
  connector: AccountingConnector;
  /** where the other system sends the browser back, under the app's public origin */
  callbackPath: string;
}

export const INTEGRATION_APPS: readonly IntegrationApp[] = [
  {
    key: 'quickbooks',
    addOn: 'accounting',
    feature: 'allowAccounting',
    connector: quickbooksConnector,
    callbackPath: '/api/integrations/quickbooks/callback',
  },
];

export function integrationApp(key: string): IntegrationApp {
  const app = INTEGRATION_APPS.find((a) => a.key === key);
  // the GraphQL enum admits only known keys; the callback route names its app itself
  if (!app) throw new Error(`unknown integration app ${key}`);
  return app;
}
