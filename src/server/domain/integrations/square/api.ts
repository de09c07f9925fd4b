// The Square calls the point-of-sale sync makes, through the SDK (developer.squareup.com API
// reference): ListLocations, SearchOrders (COMPLETED orders of one location closed in a time
// range, cursor pages), BatchRetrieveCatalogObjects (the variations' SKUs),
// BatchUpsertCatalogObjects (an item per product, a linked one sent whole with its version; an
// idempotency_key makes a retried batch answer the first result) and BatchChangeInventory
// (PHYSICAL_COUNT per variation).
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

/** A tax as the till charged (or gave back) it on the day's lines, named as Square names it. */
export interface TaxPart {
  name: string;
  cents: bigint;
}

/** What a line of the till is: a catalog item sold or handed back (it moves stock); a service
 * charge (a tasting fee, a gratuity: Orders API service_charges, return_service_charges); the
 * cash rounding of an order or a return (rounding_adjustment: Canadian cash totals are rounded to
 * 5 cents); a custom amount (item_type CUSTOM_AMOUNT, no catalog object): keyed in at the till
 * with no item, or money given back with no item. Square's Refunds and Exchanges guide: an
 * itemized refund and a custom (amount-only) refund both make a return order, whose `returns`
 * name what came back; in a custom refund that is a return line item of item_type CUSTOM_AMOUNT
 * with the amount and its return taxes. Only items move stock. */
export type TillKind = 'item' | 'charge' | 'rounding' | 'custom';

/** A line of a completed sale, or of an itemized refund, with the amounts Square computed. */
export interface SoldLine {
  orderId: string;
  /** what marks it taken (integration square_taken): its order's id (a refund's is its return
   * order's) */
  takenId: string;
  /** when it happened: the order's closed_at */
  at: string;
  /** when its order last changed (updated_at): where a later look for changes must start to
   * find it again */
  changedAt: string;
  kind: TillKind;
  name: string;
  variationId: string | null;
  quantity: string;
  /** what the line took before tax, after its own and the order's discounts (Square spreads an
   * order-level discount over the lines' total_discount_money): total_money - total_tax_money,
   * which holds for additive and inclusive taxes alike. A rounding may be below zero. */
  netCents: bigint;
  /** the line's taxes as charged (applied_taxes), what is left of total_tax_money as "Tax" */
  taxes: TaxPart[];
  currency: string;
  /** handed back at the till (a return line of a refund) rather than sold */
  returned: boolean;
}

const cents = (money: Square.Money | undefined) => money?.amount ?? 0n;

type OrderTax = Square.OrderLineItemTax | Square.OrderReturnTax;
/** a line item, a return line item, a service charge or a returned one: what they share */
interface AmountLine {
  name?: string | null;
  variationName?: string | null;
  catalogObjectId?: string | null;
  quantity?: string;
  totalMoney?: Square.Money;
  totalTaxMoney?: Square.Money;
  basePriceMoney?: Square.Money;
  appliedTaxes?: Square.OrderLineItemAppliedTax[] | null;
  itemType?: Square.OrderLineItemItemType;
}

/** a line keyed in with no catalog item (Square: item_type CUSTOM_AMOUNT, no catalog_object_id) */
const isCustom = (line: AmountLine) => line.itemType === 'CUSTOM_AMOUNT' || !line.catalogObjectId;

const taxName = (tax: OrderTax | undefined) =>
  `${tax?.name || 'Tax'}${tax?.percentage ? ` ${tax.percentage.replace(/\.0+$/, '')}%` : ''}`;

function soldLine(
  order: Square.Order,
  line: AmountLine,
  taxes: OrderTax[],
  returned: boolean,
  given: 'item' | 'charge',
): SoldLine {
  const kind: TillKind = given === 'item' && isCustom(line) ? 'custom' : given;
  const unnamed =
    kind === 'charge' ? 'Service charge' : kind === 'custom' ? (returned ? 'Refund' : 'Custom amount') : '';
  const taxTotal = cents(line.totalTaxMoney);
  const parts: TaxPart[] = [];
  let applied = 0n;
  for (const a of line.appliedTaxes ?? []) {
    const amount = cents(a.appliedMoney);
    applied += amount;
    parts.push({ name: taxName(taxes.find((t) => t.uid === a.taxUid)), cents: amount });
  }
  if (taxTotal !== applied) parts.push({ name: taxName(undefined), cents: taxTotal - applied });
  return {
    ...orderPart(order),
    kind,
    name: line.name || line.variationName || unnamed,
    variationId: kind === 'item' ? (line.catalogObjectId ?? null) : null,
    quantity: kind === 'item' ? (line.quantity ?? '1') : '1',
    netCents: cents(line.totalMoney) - taxTotal,
    taxes: parts.filter((p) => p.cents !== 0n),
    currency: line.totalMoney?.currency ?? line.basePriceMoney?.currency ?? 'CAD',
    returned,
  };
}

const orderPart = (order: Square.Order) => ({
  orderId: order.id ?? '',
  takenId: order.id ?? '',
  at: order.closedAt ?? order.updatedAt ?? '',
  changedAt: order.updatedAt ?? order.closedAt ?? '',
});

function rounding(order: Square.Order, adjustment: Square.OrderRoundingAdjustment | undefined, returned: boolean) {
  const amount = cents(adjustment?.amountMoney);
  if (amount === 0n) return [];
  const line: SoldLine = {
    ...orderPart(order),
    kind: 'rounding',
    name: adjustment?.name || 'Cash rounding',
    variationId: null,
    quantity: '1',
    netCents: amount,
    taxes: [],
    currency: adjustment?.amountMoney?.currency ?? 'CAD',
    returned,
  };
  return [line];
}

/** An order's lines as the day needs them: what it sold (items, service charges, its cash
 * rounding), and what it took back (a refund of items is an order of its own whose `returns`
 * name the lines and service charges handed back, with their own rounding). */
export function linesOfOrder(order: Square.Order): SoldLine[] {
  const taxes = order.taxes ?? [];
  const sold = [
    ...(order.lineItems ?? []).map((line) => soldLine(order, line, taxes, false, 'item')),
    ...(order.serviceCharges ?? []).map((line) => soldLine(order, line, taxes, false, 'charge')),
    ...rounding(order, order.roundingAdjustment, false),
  ];
  const back = (order.returns ?? []).flatMap((r) => [
    ...(r.returnLineItems ?? []).map((line) => soldLine(order, line, r.returnTaxes ?? [], true, 'item')),
    ...(r.returnServiceCharges ?? []).map((line) => soldLine(order, line, r.returnTaxes ?? [], true, 'charge')),
    ...rounding(order, r.roundingAdjustment, true),
  ]);
  return [...sold, ...back];
}

async function searchOrders(
  tokens: ConnectorTokens,
  locationId: string,
  field: 'closedAt' | 'updatedAt',
  startAt: string,
  endAt: string,
): Promise<Square.Order[]> {
  const client = squareClient(tokens.accessToken);
  const orders: Square.Order[] = [];
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
            dateTimeFilter: { [field]: { startAt, endAt } },
          },
          // a date_time_filter requires sorting on the same field (SearchOrdersDateTimeFilter)
          sort: { sortField: field === 'closedAt' ? 'CLOSED_AT' : 'UPDATED_AT', sortOrder: 'ASC' },
        },
      }),
    );
    orders.push(...(answer.orders ?? []));
    cursor = answer.cursor || undefined;
  } while (cursor);
  return orders;
}

/** The location's orders COMPLETED (closed) in [startAt, endAt), every page, as lines. */
export async function completedOrders(
  tokens: ConnectorTokens,
  locationId: string,
  startAt: string,
  endAt: string,
): Promise<SoldLine[]> {
  return (await searchOrders(tokens, locationId, 'closedAt', startAt, endAt)).flatMap(linesOfOrder);
}

/** The location's COMPLETED orders changed (updated_at) in [startAt, endAt): sales a till
 * uploaded late (offline mode) and return orders (refunds) closed late, as lines; the caller
 * keeps what is not yet taken. A sale order's own `refunds` are never read: the money they give
 * back is a return order's, which this or the day's search finds (counted once). */
export async function changedOrders(
  tokens: ConnectorTokens,
  locationId: string,
  startAt: string,
  endAt: string,
): Promise<SoldLine[]> {
  return (await searchOrders(tokens, locationId, 'updatedAt', startAt, endAt)).flatMap(linesOfOrder);
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

function variationData(product: CatalogProduct, itemId: string): Square.CatalogItemVariation {
  return {
    itemId,
    sku: product.sku,
    trackInventory: true,
    ...(product.priceCents === null
      ? { pricingType: 'VARIABLE_PRICING' }
      : {
          pricingType: 'FIXED_PRICING',
          priceMoney: { amount: product.priceCents, currency: product.currency as Square.Currency },
        }),
  };
}

/** The product as the item to upsert. A linked item (`existing`, as Square answered it just
 * now) is sent whole, with its `version` and every variation: Square deletes the variations an
 * update leaves out, and the seller may have added sizes of their own; only the product's own
 * variation changes (its SKU and price), and the item's name. */
export function catalogObjectOf(product: CatalogProduct, existing?: Square.CatalogObject): Square.CatalogObject {
  const itemId = product.itemId ?? newItemId(product.productId);
  const variationId = product.variationId ?? newVariationId(product.productId);
  const ours: Square.CatalogObject = {
    type: 'ITEM_VARIATION',
    id: variationId,
    presentAtAllLocations: true,
    itemVariationData: { name: 'Regular', ...variationData(product, itemId) },
  };
  if (existing?.type !== 'ITEM')
    return {
      type: 'ITEM',
      id: itemId,
      presentAtAllLocations: true,
      itemData: { name: product.name, variations: [ours] },
    };
  const variations = existing.itemData?.variations ?? [];
  const mine = variations.find((v) => v.id === variationId);
  return {
    ...existing,
    itemData: {
      ...existing.itemData,
      name: product.name,
      variations: mine
        ? variations.map((v) =>
            v === mine && v.type === 'ITEM_VARIATION'
              ? { ...v, itemVariationData: { ...v.itemVariationData, ...variationData(product, itemId) } }
              : v,
          )
        : [...variations, ours],
    },
  };
}

/** The items as Square holds them now (their versions and all their variations); ids Square no
 * longer has are left out. */
export async function retrieveItems(
  tokens: ConnectorTokens,
  ids: string[],
): Promise<Map<string, Square.CatalogObject>> {
  const client = squareClient(tokens.accessToken);
  const items = new Map<string, Square.CatalogObject>();
  for (let i = 0; i < ids.length; i += RETRIEVE_BATCH) {
    const answer = await squareCall(() => client.catalog.batchGet({ objectIds: ids.slice(i, i + RETRIEVE_BATCH) }));
    for (const object of answer.objects ?? []) if (object.type === 'ITEM' && object.id) items.set(object.id, object);
  }
  return items;
}

/** Upserts the items; answers each temporary id's real one. */
export async function upsertCatalog(
  tokens: ConnectorTokens,
  objects: Square.CatalogObject[],
  idempotencyKey: string,
): Promise<Map<string, string>> {
  const answer = await squareCall(() =>
    squareClient(tokens.accessToken).catalog.batchUpsert({
      idempotencyKey,
      batches: [{ objects }],
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
