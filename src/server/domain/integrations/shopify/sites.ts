// Which site an order from Shopify ships from, and so where its units are held: the site mapped
// to the Shopify location that took the order (a point-of-sale order names one), else the one
// site mapped when the shop sells from a single location. Otherwise the order names no site
// (staff choose one) and, for the stock sent to Shopify, it is held at every mapped site, since
// Shopify could have committed it at any of them.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { StoreOrder } from './types';

export interface SiteLocation {
  siteId: string;
  locationId: string;
}

export async function mappedSites(db: Db, companyId: string): Promise<SiteLocation[]> {
  return rowsOf<{ site_id: string; location_id: string }>(
    await db.execute(sql`SELECT site_id::text, location_id FROM shopify_site_locations
      WHERE company_id = ${companyId} ORDER BY site_id`),
  ).map((r) => ({ siteId: r.site_id, locationId: r.location_id }));
}

export function siteOfOrder(order: Pick<StoreOrder, 'location_id'>, mapped: SiteLocation[]): string | null {
  const location = order.location_id === null || order.location_id === undefined ? '' : String(order.location_id);
  const taken = location ? mapped.find((m) => m.locationId === location) : undefined;
  if (taken) return taken.siteId;
  return mapped.length === 1 ? mapped[0].siteId : null;
}
