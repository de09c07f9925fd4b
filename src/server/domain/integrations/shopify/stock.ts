// Duty-paid stock per site to Shopify (issue 18): for each site mapped to a Shopify location on
// the setup page, every product whose SKU matches a Shopify variant gets the site's duty-paid
// on-hand (inventory/onHand.ts stockTotals) as the location's available quantity, through
// POST inventory_levels/set.json. Only whole units are offered for sale (an opened case's
// partial bottle is not); what is negative or absent is 0. The call sets an absolute figure,
// so a rerun after a failure sends the same levels again, never adds twice.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { ConnectorTokens } from '../connector';
import { stockTotals } from '../../inventory/onHand';
import { featuresOf } from '../../company/companies';
import { SYNC_USER } from './orders';
import type { EcommerceConnector } from './types';

export const STOCK_ENTITY = 'shopifyStock';

/** Whole units to offer from an on-hand quantity (units, up to 6 decimals). */
export const availableOf = (quantity: number) => (quantity > 0 ? Math.floor(quantity + 1e-9) : 0);

export async function siteLocationOf(db: Db, companyId: string, siteId: string) {
  const [row] = rowsOf<{ location_id: string }>(
    await db.execute(sql`SELECT location_id FROM shopify_site_locations
      WHERE company_id = ${companyId} AND site_id = ${siteId}`),
  );
  return row?.location_id ?? null;
}

/** The levels to set for one site: product SKU -> whole duty-paid units. */
export async function levelsForSite(db: Db, companyId: string, siteId: string) {
  const ctx = {
    db,
    actor: { userId: SYNC_USER, companyId, permissions: ['inventory.read'], features: await featuresOf(db, companyId) },
  };
  const totals = new Map(
    (await stockTotals(ctx, { kind: 'Product', siteId, status: 'DutyPaid' })).map((t) => [t.stockId, t.quantity]),
  );
  const products = rowsOf<{ id: string; sku: string }>(
    await db.execute(sql`SELECT id::text, sku FROM products WHERE company_id = ${companyId} AND active
      AND sku IS NOT NULL AND sku <> '' ORDER BY sku`),
  );
  return products.map((p) => ({ sku: p.sku.trim(), available: availableOf(totals.get(p.id) ?? 0) }));
}

/** Sends one site's levels; `call` wraps each request in the sync's token and throttle rules. */
export async function pushSiteStock(
  db: Db,
  companyId: string,
  siteId: string,
  connector: EcommerceConnector,
  call: <T>(fn: (tokens: ConnectorTokens) => Promise<T>) => Promise<T>,
): Promise<number> {
  const locationId = await siteLocationOf(db, companyId, siteId);
  if (!locationId) return 0;
  const levels = await levelsForSite(db, companyId, siteId);
  const variants = await call((tokens) => connector.variantsBySku(tokens));
  let sent = 0;
  for (const level of levels) {
    const variant = variants.get(level.sku);
    if (!variant) continue; // not sold on the shop
    await call((tokens) => connector.setAvailable(tokens, locationId, variant.inventoryItemId, level.available));
    sent++;
  }
  return sent;
}
