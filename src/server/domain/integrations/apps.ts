// The integrations this server can connect, by app key (the GraphQL enum IntegrationApp). Each
// serves one add-on of /apps and is usable only while the company has that add-on on: accounting
// is the company's allowAccounting flag; the others are listed in Company.addOns (addOns.ts).
// An app joins the list with its connector here and its push in pushers.ts.
import type { AccountingConnector, OAuthConnector } from './connector';
import { quickbooksConnector } from './quickbooks';
import { shopifyConnector } from './shopify/connector';
import type { EcommerceConnector } from './shopify/types';
import { addOnFeature, type AddOnKey } from './addOns';
import { squareConnector, type PointOfSaleConnector } from './square/connector';

interface AppOf<Key extends string, AddOn extends AddOnKey, Connector extends OAuthConnector> {
  key: Key;
  /** the /apps add-on it serves (addOnsWithAlerts names these) */
  addOn: AddOn;
  /** the actor's feature without which it cannot be connected (addOnFeature) */
  feature: string;
  connector: Connector;
  /** where the other system sends the browser back, under the app's public origin */
  callbackPath: string;
}

export type AccountingApp = AppOf<'quickbooks', 'accounting', AccountingConnector>;
export type PointOfSaleApp = AppOf<'square', 'pointOfSale', PointOfSaleConnector>;
export type EcommerceApp = AppOf<'shopify', 'ecommerce', EcommerceConnector>;
export type IntegrationApp = AccountingApp | PointOfSaleApp | EcommerceApp;
export type IntegrationKey = IntegrationApp['key'];

export const INTEGRATION_APPS: readonly IntegrationApp[] = [
  {
    key: 'quickbooks',
    addOn: 'accounting',
    feature: addOnFeature('accounting'),
    connector: quickbooksConnector,
    callbackPath: '/api/integrations/quickbooks/callback',
  },
  {
    key: 'square',
    addOn: 'pointOfSale',
    feature: addOnFeature('pointOfSale'),
    connector: squareConnector,
    callbackPath: '/api/integrations/square/callback',
  },
  {
    key: 'shopify',
    addOn: 'ecommerce',
    feature: addOnFeature('ecommerce'),
    connector: shopifyConnector,
    callbackPath: '/api/integrations/shopify/callback',
  },
];

export function integrationApp(key: string): IntegrationApp {
  const app = INTEGRATION_APPS.find((a) => a.key === key);
  // the GraphQL enum admits only known keys; the callback route names its app itself
  if (!app) throw new Error(`unknown integration app ${key}`);
  return app;
}

/** The app serving an accounting add-on (the accounting sync's own calls need its connector). */
export function accountingApp(key: string): AccountingApp {
  const app = integrationApp(key);
  if (app.addOn !== 'accounting') throw new Error(`${key} is not an accounting app`);
  return app;
}
