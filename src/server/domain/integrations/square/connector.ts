// The Square connector: OAuth (oauth.ts) and the point-of-sale calls (api.ts), the shape the
// point-of-sale add-on's apps give (a Clover or Lightspeed connector would give the same).
import type { OAuthConnector } from '../connector';
import { authorizeUrl, exchangeCode, refreshTokens, revokeTokens } from './oauth';
import {
  changedOrders,
  completedOrders,
  listLocations,
  retrieveItems,
  setCounts,
  upsertCatalog,
  variationsBySku,
  variationSkus,
} from './api';

export interface PointOfSaleConnector extends OAuthConnector {
  listLocations: typeof listLocations;
  completedOrders: typeof completedOrders;
  changedOrders: typeof changedOrders;
  variationSkus: typeof variationSkus;
  variationsBySku: typeof variationsBySku;
  retrieveItems: typeof retrieveItems;
  upsertCatalog: typeof upsertCatalog;
  setCounts: typeof setCounts;
}

export const squareConnector: PointOfSaleConnector = {
  provider: 'Square',
  authorizeUrl,
  exchangeCode,
  refresh: refreshTokens,
  revoke: revokeTokens,
  listLocations,
  completedOrders,
  changedOrders,
  variationSkus,
  variationsBySku,
  retrieveItems,
  upsertCatalog,
  setCounts,
};
