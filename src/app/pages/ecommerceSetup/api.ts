// The e-commerce setup's calls (schema/graphql/ecommerce.graphql).
import { gqlCall } from '../../shell/gql';

export interface SiteLocation {
  siteId: string;
  locationId: string;
}

export interface EcommerceSettings {
  webCustomerId: string | null;
  orderSync: boolean;
  ordersPolledAt: string | null;
  siteLocations: SiteLocation[];
}

export const SETTINGS_FIELDS = `webCustomerId orderSync ordersPolledAt siteLocations { siteId locationId }`;

// on the e-commerce service's endpoint (spec 7), as every call of this page but the sites
export const SETUP_QUERY = `query EcommerceSetup { ecommerceSettings { ${SETTINGS_FIELDS} } }`;

export const LOCATIONS_QUERY = `query ShopifyLocations { shopifyLocations { id name active } }`;

export const SAVE = `mutation EcommerceSettingsSave($input: EcommerceSettingsInput!) {
  ecommerceSettingsSave(input: $input) { ${SETTINGS_FIELDS} }
}`;

/** Shopify's authorize URL for the shop typed on /apps, with our signed state. */
export const shopifyConnectUrl = async (authFetch: typeof fetch, shop: string) =>
  (
    await gqlCall<{ shopifyConnect: string }>(
      authFetch,
      `mutation ShopifyConnect($shop: String!) { shopifyConnect(shop: $shop) }`,
      { shop },
      { silent: true, service: 'ecommerce' },
    )
  ).shopifyConnect;
