// The portal setup screen's calls (schema/graphql/portal.graphql): settings, users, invitations.
import { PORTAL_SECTIONS, type PortalSection, type PortalSections } from '../../../shared/portalSections';

export { PORTAL_SECTIONS, type PortalSection, type PortalSections };

export const SETTINGS_QUERY = `query PortalSetup {
  portalSettings { enabled productIds sections { order orders shipments invoices statement } }
  portalUsers { id customerId customerName email status expiresAt }
}`;

/** Products a page at a time: a query's cost limit allows about a hundred a request. */
export const PRODUCTS_PAGE = `query PortalProducts($after: String) {
  products2(first: 100, after: $after, sortKey: "name") {
    pageInfo { hasNextPage endCursor }
    edges { node { id name sku active } }
  }
}`;
/** The portal shows at most 500 products (the server's MAX_PORTAL_PRODUCTS): five pages. */
export const MAX_PRODUCT_PAGES = 5;

export const SET_SETTINGS = `mutation PortalSetSettings($input: PortalSettingsInput!) {
  portalSetSettings(input: $input) { enabled productIds sections { order orders shipments invoices statement } }
}`;

export const CUSTOMER_CHOICES = `query PortalCustomerChoices($search: String) {
  portalCustomerChoices(search: $search) { id name }
}`;

export const INVITE = `mutation PortalInvite($customerId: ID!, $email: String!) {
  portalInviteCustomerUser(customerId: $customerId, email: $email) { id customerId customerName email status expiresAt }
}`;

export const REMOVE = `mutation PortalRemoveUser($id: ID!) { portalRemoveUser(id: $id) { id error } }`;

export interface PortalSettings {
  enabled: boolean;
  productIds: string[];
  sections: PortalSections;
}

export interface PortalUser {
  id: string;
  customerId: string;
  customerName: string;
  email: string;
  status: 'Invited' | 'Active';
  expiresAt: string | null;
}

export interface ProductChoice {
  id: string;
  name: string;
  sku: string | null;
  active: boolean;
}

export interface SetupData {
  portalSettings: PortalSettings;
  portalUsers: PortalUser[];
}

export interface ProductsPage {
  products2: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: ProductChoice }[] };
}
