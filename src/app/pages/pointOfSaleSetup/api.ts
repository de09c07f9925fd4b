// The point-of-sale setup's calls (schema/graphql/pointOfSale.graphql).
export interface PointOfSaleSetup {
  siteId: string | null;
  locationId: string | null;
  customerId: string | null;
  pulledThrough: string | null;
}

const FIELDS = `siteId locationId customerId pulledThrough`;

// on the point-of-sale service's endpoint (spec 7), as every call of this page but the sites
export const SETUP_QUERY = `query PointOfSaleSetup { pointOfSaleSetup { ${FIELDS} } }`;

export const LOCATIONS_QUERY = `query SquareLocations { squareLocations { id name } }`;

export const SAVE = `mutation PointOfSaleSetupSave($siteId: ID!, $locationId: String!, $customerId: ID!) {
  pointOfSaleSetupSave(siteId: $siteId, locationId: $locationId, customerId: $customerId) { ${FIELDS} }
}`;
