// Duty-paid stock per site to Shopify (issue 18): for each site mapped to a Shopify location on
// the setup page, every product whose SKU matches a Shopify variant gets, as the location's
// available quantity (POST inventory_levels/set.json), the site's duty-paid on-hand
// (inventory/onHand.ts stockTotals) less what Shopify's own orders still hold there.
// Why less: Shopify's available is its on-hand minus what its unfulfilled orders committed, and
// an order from Shopify stays in our on-hand until it ships here. Sending the whole on-hand would
// hand Shopify's committed units back to be sold twice. So the units held are those of open
// sales orders that came from Shopify (not yet shipped), and of orders received from Shopify
// that are not sales orders yet (waiting, or failed on a SKU). Setting on_hand instead would
// take Shopify's GraphQL inventorySetQuantities (REST's set only takes available), and Shopify
// would go on subtracting its committed units after the order shipped here, since the shop's
// orders are never fulfilled in Shopify by this app: available stays right either way.
// Only whole units are offered for sale (an opened case's partial bottle is not); what is
// negative or absent is 0. The call sets an absolute figure, so a rerun after a failure sends the
// same levels again, never adds twice.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { ConnectorTokens } from '../connector';
import { stockTotals } from '../../inventory/onHand';
import { featuresOf } from '../../company/companies';
import { toScaled } from '../../../../shared/money';
import { SYNC_USER, ORDER_ENTITY } from './orders';
import { mappedSites, siteOfOrder } from './sites';
import { currentQuantity } from './discounts';
import type { EcommerceConnector, StoreOrder } from './types';

export const STOCK_ENTITY = 'shopifyStock';

/** Whole units to offer: on-hand (units, up to 6 decimals) less what is held (thousandths). */
export function availableOf(onHand: number, heldMilli = 0n): number {
  const left = toScaled(onHand, 6) - heldMilli * 1000n;
  return left > 0n ? Number(left / 1_000_000n) : 0;
}

/** Thousandths of each product that Shopify's orders still hold at a site: what open sales
 * orders from Shopify have not shipped (at that site, or naming none), and the units of orders
 * received but not yet sales orders that would ship from it. */
export async function heldForShopify(db: Db, companyId: string, siteId: string): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  const add = (productId: string, milli: bigint) => held.set(productId, (held.get(productId) ?? 0n) + milli);
  const open = rowsOf<{ product_id: string; left: string }>(
    await db.execute(sql`SELECT l.product_id::text, sum(greatest(l.quantity - coalesce(l.shipped_quantity, 0), 0))::text AS left
      FROM integration_links k
      JOIN sales_orders o ON o.company_id = k.company_id AND o.id::text = k.external_id
      JOIN sales_orders_lines l ON l.company_id = o.company_id AND l.parent_id = o.id
      WHERE k.company_id = ${companyId} AND k.app = 'shopify' AND k.entity_type = ${ORDER_ENTITY}
        AND o.status IN ('Open', 'PartiallyShipped') AND l.product_id IS NOT NULL
        AND (o.site_id = ${siteId} OR o.site_id IS NULL)
      GROUP BY l.product_id`),
  );
  for (const row of open) add(row.product_id, toScaled(row.left, 3));
  const waiting = rowsOf<{ payload: StoreOrder }>(
    await db.execute(sql`SELECT s.payload FROM shopify_orders s
      WHERE s.company_id = ${companyId} AND s.payload IS NOT NULL
        AND s.payload->>'cancelled_at' IS NULL AND coalesce(s.payload->>'fulfillment_status', '') <> 'fulfilled'
        AND NOT EXISTS (SELECT 1 FROM integration_links k WHERE k.company_id = s.company_id AND k.app = 'shopify'
          AND k.entity_type = ${ORDER_ENTITY} AND k.entity_id = s.id)`),
  );
  if (!waiting.length) return held;
  const mapped = await mappedSites(db, companyId);
  const bySku = new Map(
    rowsOf<{ id: string; sku: string }>(
      await db.execute(sql`SELECT id::text, trim(sku) AS sku FROM products WHERE company_id = ${companyId} AND active
        AND sku IS NOT NULL AND sku <> ''`),
    ).map((p) => [p.sku, p.id]),
  );
  for (const { payload: order } of waiting) {
    const site = siteOfOrder(order, mapped);
    if (site !== null && site !== siteId) continue;
    for (const line of Array.isArray(order.line_items) ? order.line_items : []) {
      const product = bySku.get((line.sku ?? '').trim());
      // what is still ordered: an edit or a refund in Shopify took the rest off
      const units = currentQuantity(line);
      if (product && Number.isInteger(units) && units > 0) add(product, BigInt(units) * 1000n);
    }
  }
  return held;
}

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
  const held = await heldForShopify(db, companyId, siteId);
  const products = rowsOf<{ id: string; sku: string }>(
    await db.execute(sql`SELECT id::text, sku FROM products WHERE company_id = ${companyId} AND active
      AND sku IS NOT NULL AND sku <> '' ORDER BY sku`),
  );
  return products.map((p) => ({ sku: p.sku.trim(), available: availableOf(totals.get(p.id) ?? 0, held.get(p.id)) }));
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
