// The catalogue and stock pushed to Square: each active product with a SKU is an item with one
// variation (its name, SKU and price), upserted in batches (BatchUpsertCatalogObjects); the
// ids Square gives new objects are linked at once ('squareItem', 'squareVariation'), so the
// next push updates them rather than making copies. A linked item is read from Square first and
// sent whole, with its version and the seller's other variations (api.ts catalogObjectOf). The
// idempotency key is made from the batch as sent, versions included: a job retried after a
// lost answer sends the same key and Square answers the first result, while a change made
// after Square's last answer (a price put back as it was) carries the version that answer
// gave, so it is a new key and Square applies it rather than replaying a stale result. Then
// each linked variation's duty-paid quantity on hand at the retail site
// is sent as a PHYSICAL_COUNT at the Square location (a count replaces, so a repeat is harmless).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { moneySettings } from '../../sales/settings';
import { centsOf, withTokens } from '../calls';
import type { PointOfSaleApp } from '../apps';
import type { ConnectorTokens } from '../connector';
import { saveLink } from '../store';
import { INVENTORY_BATCH, UPSERT_BATCH, catalogObjectOf, newItemId, newVariationId, type CatalogProduct } from './api';
import type { CompleteSettings } from './settings';

// versions and amounts are bigints in the SDK's objects
const keyOf = (parts: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(parts, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex')
    .slice(0, 45);

async function productsToPush(ctx: DomainContext, app: string, currency: string): Promise<CatalogProduct[]> {
  const rows = rowsOf<{
    id: string;
    name: string;
    sku: string;
    price: string | null;
    item_id: string | null;
    variation_id: string | null;
  }>(
    await ctx.db.execute(sql`SELECT p.id::text, p.name, p.sku, p.price::text,
        li.external_id AS item_id, lv.external_id AS variation_id
      FROM products p
      LEFT JOIN integration_links li ON li.company_id = p.company_id AND li.app = ${app}
        AND li.entity_type = 'squareItem' AND li.entity_id = p.id
      LEFT JOIN integration_links lv ON lv.company_id = p.company_id AND lv.app = ${app}
        AND lv.entity_type = 'squareVariation' AND lv.entity_id = p.id
      WHERE p.company_id = ${ctx.actor.companyId} AND coalesce(p.active, true) AND coalesce(p.sku, '') <> ''
      ORDER BY p.id`),
  );
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    sku: r.sku,
    priceCents: r.price === null ? null : BigInt(centsOf(r.price)),
    currency,
    itemId: r.item_id,
    variationId: r.variation_id,
  }));
}

/** Duty-paid units on hand at the site per linked variation, as decimal text. */
async function countsAtSite(ctx: DomainContext, app: string, siteId: string) {
  return rowsOf<{ variation_id: string; quantity: string }>(
    await ctx.db.execute(sql`SELECT l.external_id AS variation_id,
        coalesce((SELECT sum(b.quantity) FROM stock_balances b WHERE b.company_id = l.company_id
          AND b.stock_kind = 'Product' AND b.stock_id = l.entity_id AND b.site_id = ${siteId}
          AND b.status = 'DutyPaid'), 0)::numeric(18, 3)::text AS quantity
      FROM integration_links l
      WHERE l.company_id = ${ctx.actor.companyId} AND l.app = ${app} AND l.entity_type = 'squareVariation'
      ORDER BY l.entity_id`),
  ).map((r) => ({ variationId: r.variation_id, quantity: r.quantity.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') }));
}

/** Pushes the catalogue, then the counts. Answers how many products went. */
export async function pushCatalog(
  ctx: DomainContext,
  app: PointOfSaleApp,
  session: { tokens: ConnectorTokens },
  settings: CompleteSettings,
): Promise<number> {
  const { companyId } = ctx.actor;
  const { homeCurrency } = await moneySettings(ctx);
  let products = await productsToPush(ctx, app.key, homeCurrency);
  // a product new to this sync whose SKU Square has already is linked to that item, not copied
  const unlinked = products.filter((p) => !p.variationId);
  if (unlinked.length) {
    const existing = await withTokens(ctx.db, companyId, app, session, (tokens) =>
      app.connector.variationsBySku(
        tokens,
        unlinked.map((p) => p.sku),
      ),
    );
    for (const product of unlinked) {
      const found = existing.get(product.sku);
      if (!found) continue;
      await saveLink(ctx.db, companyId, app.key, 'squareItem', product.productId, found.itemId);
      await saveLink(ctx.db, companyId, app.key, 'squareVariation', product.productId, found.variationId);
    }
    if (existing.size) products = await productsToPush(ctx, app.key, homeCurrency);
  }
  for (let i = 0; i < products.length; i += UPSERT_BATCH) {
    const batch = products.slice(i, i + UPSERT_BATCH);
    const linked = batch.map((p) => p.itemId).filter((id): id is string => !!id);
    const current = linked.length
      ? await withTokens(ctx.db, companyId, app, session, (tokens) => app.connector.retrieveItems(tokens, linked))
      : new Map();
    const objects = batch.map((p) => catalogObjectOf(p, p.itemId ? current.get(p.itemId) : undefined));
    const idempotencyKey = keyOf([companyId, 'catalog', objects]);
    const ids = await withTokens(ctx.db, companyId, app, session, (tokens) =>
      app.connector.upsertCatalog(tokens, objects, idempotencyKey),
    );
    for (const product of batch) {
      const item = ids.get(newItemId(product.productId));
      const variation = ids.get(newVariationId(product.productId));
      if (item) await saveLink(ctx.db, companyId, app.key, 'squareItem', product.productId, item);
      if (variation) await saveLink(ctx.db, companyId, app.key, 'squareVariation', product.productId, variation);
    }
  }
  const counts = await countsAtSite(ctx, app.key, settings.siteId);
  const occurredAt = new Date().toISOString();
  for (let i = 0; i < counts.length; i += INVENTORY_BATCH) {
    const batch = counts.slice(i, i + INVENTORY_BATCH);
    const idempotencyKey = keyOf([companyId, 'counts', settings.locationId, occurredAt, batch]);
    await withTokens(ctx.db, companyId, app, session, (tokens) =>
      app.connector.setCounts(tokens, settings.locationId, batch, occurredAt, idempotencyKey),
    );
  }
  return products.length;
}
