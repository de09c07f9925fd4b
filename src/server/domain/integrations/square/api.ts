// The Square calls the point-of-sale sync makes, through the SDK (developer.squareup.com API
// reference): ListLocations, SearchOrders (COMPLETED orders of one location closed in a time
// range, cursor pages), BatchRetrieveCatalogObjects (the variations' SKUs),
// BatchUpsertCatalogObjects (items with one variation each; an idempotency_key makes a retried
// batch answer the first result) and BatchChangeInventory (PHYSICAL_COUNT per variation).
import type { Square } from 'square';
import type { ConnectorTokens } from '../connector';
import { squareCall, squareClient } from './client';

/** Square's documented ceilings: 1,000 objects per upsert batch, 100 changes per inventory call. */
export const UPSERT_BATCH = 1000;
export const INVENTORY_BATCH = 100;
const ORDERS_PAGE = 500;
const RETRIEVE_BATCH = 1000;

export interface SquareLocation {
  id: string;
  name: string;
}

export async function listLocations(tokens: ConnectorTokens): Promise<SquareLocation[]> {
  const answer = await squareCall(() => squareClient(tokens.accessToken).locations.list());
  return (answer.locations ?? [])
    .filter((l) => l.id && l.status !== 'INACTIVE')
    .map((l) => ({ id: l.id!, name: l.name ?? l.id! }));
}

/** A line of a completed sale, reduced to what the day's invoice needs. */
export interface SoldLine {
  orderId: string;
  name: string;
  variationId: string | null;
  quantity: string;
  /** the unit price before discounts, in cents, and its currency */
  unitCents: bigint;
  currency: string;
}

/** The location's orders COMPLETED (closed) in [startAt, endAt), every page. */
export async function completedOrders(
  tokens: ConnectorTokens,
  locationId: string,
  startAt: string,
  endAt: string,
): Promise<SoldLine[]> {
  const client = squareClient(tokens.accessToken);
  const lines: SoldLine[] = [];
  let cursor: string | undefined;
  do {
    const answer = await squareCall(() =>
      client.orders.search({
        locationIds: [locationId],
        cursor,
        limit: ORDERS_PAGE,
        query: {
          filter: {
            stateFilter: { states: ['COMPLETED'] },
            dateTimeFilter: { closedAt: { startAt, endAt } },
          },
          // closed_at filtering requires sorting on CLOSED_AT (SearchOrdersDateTimeFilter)
          sort: { sortField: 'CLOSED_AT', sortOrder: 'ASC' },
        },
      }),
    );
    for (const order of answer.orders ?? [])
      for (const line of order.lineItems ?? [])
        lines.push({
          orderId: order.id ?? '',
          name: line.name ?? line.variationName ?? '',
          variationId: line.catalogObjectId ?? null,
          quantity: line.quantity,
          unitCents: line.basePriceMoney?.amount ?? 0n,
          currency: line.basePriceMoney?.currency ?? 'CAD',
        });
    cursor = answer.cursor || undefined;
  } while (cursor);
  return lines;
}

/** The SKU of each catalog item variation asked for (ids Square no longer has are left out). */
export async function variationSkus(tokens: ConnectorTokens, ids: string[]): Promise<Map<string, string>> {
  const client = squareClient(tokens.accessToken);
  const skus = new Map<string, string>();
  for (let i = 0; i < ids.length; i += RETRIEVE_BATCH) {
    const answer = await squareCall(() => client.catalog.batchGet({ objectIds: ids.slice(i, i + RETRIEVE_BATCH) }));
    for (const object of answer.objects ?? [])
      if (object.type === 'ITEM_VARIATION' && object.itemVariationData?.sku)
        skus.set(object.id, object.itemVariationData.sku);
  }
  return skus;
}

const SKU_QUERY_BATCH = 100;

/** The variations already in Square with these SKUs (the seller may have made them in the
 * dashboard): SearchCatalogObjects with a set query on sku. Answers sku -> variation and item. */
export async function variationsBySku(
  tokens: ConnectorTokens,
  skus: string[],
): Promise<Map<string, { variationId: string; itemId: string }>> {
  const client = squareClient(tokens.accessToken);
  const found = new Map<string, { variationId: string; itemId: string }>();
  for (let i = 0; i < skus.length; i += SKU_QUERY_BATCH) {
    let cursor: string | undefined;
    do {
      const answer = await squareCall(() =>
        client.catalog.search({
          objectTypes: ['ITEM_VARIATION'],
          cursor,
          query: { setQuery: { attributeName: 'sku', attributeValues: skus.slice(i, i + SKU_QUERY_BATCH) } },
        }),
      );
      for (const object of answer.objects ?? [])
        if (object.type === 'ITEM_VARIATION' && object.itemVariationData?.sku && object.itemVariationData.itemId)
          if (!found.has(object.itemVariationData.sku))
            found.set(object.itemVariationData.sku, {
              variationId: object.id,
              itemId: object.itemVariationData.itemId,
            });
      cursor = answer.cursor || undefined;
    } while (cursor);
  }
  return found;
}

export interface CatalogProduct {
  productId: string;
  name: string;
  sku: string;
  priceCents: bigint | null;
  currency: string;
  /** the item and variation already made for it, when linked */
  itemId: string | null;
  variationId: string | null;
}

/** Temporary ids name new objects in a batch; Square answers their real ids in id_mappings. */
export const newItemId = (productId: string) => `#item-${productId}`;
export const newVariationId = (productId: string) => `#variation-${productId}`;

function catalogObjectsOf(product: CatalogProduct): Square.CatalogObject {
  const itemId = product.itemId ?? newItemId(product.productId);
  return {
    type: 'ITEM',
    id: itemId,
    presentAtAllLocations: true,
    itemData: {
      name: product.name,
      variations: [
        {
          type: 'ITEM_VARIATION',
          id: product.variationId ?? newVariationId(product.productId),
          presentAtAllLocations: true,
          itemVariationData: {
            itemId,
            name: 'Regular',
            sku: product.sku,
            trackInventory: true,
            ...(product.priceCents === null
              ? { pricingType: 'VARIABLE_PRICING' }
              : {
                  pricingType: 'FIXED_PRICING',
                  priceMoney: { amount: product.priceCents, currency: product.currency as Square.Currency },
                }),
          },
        },
      ],
    },
  };
}

/** Upserts the products as items; answers each temporary id's real one. */
export async function upsertCatalog(
  tokens: ConnectorTokens,
  products: CatalogProduct[],
  idempotencyKey: string,
): Promise<Map<string, string>> {
  const answer = await squareCall(() =>
    squareClient(tokens.accessToken).catalog.batchUpsert({
      idempotencyKey,
      batches: [{ objects: products.map(catalogObjectsOf) }],
    }),
  );
  return new Map(
    (answer.idMappings ?? [])
      .filter((m) => m.clientObjectId && m.objectId)
      .map((m) => [m.clientObjectId!, m.objectId!] as [string, string]),
  );
}

export interface PhysicalCount {
  variationId: string;
  /** units, decimal text */
  quantity: string;
}

/** Sets the variations' IN_STOCK counts at the location (PHYSICAL_COUNT: the count replaces). */
export async function setCounts(
  tokens: ConnectorTokens,
  locationId: string,
  counts: PhysicalCount[],
  occurredAt: string,
  idempotencyKey: string,
): Promise<void> {
  await squareCall(() =>
    squareClient(tokens.accessToken).inventory.batchCreateChanges({
      idempotencyKey,
      ignoreUnchangedCounts: true,
      changes: counts.map((c) => ({
        type: 'PHYSICAL_COUNT',
        physicalCount: {
          catalogObjectId: c.variationId,
          state: 'IN_STOCK',
          locationId,
          quantity: c.quantity,
          occurredAt,
        },
      })),
    }),
  );
}
