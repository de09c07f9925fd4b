// What the e-commerce sync needs from a store platform (Shopify now): connect for one shop, list
// orders, find variants by SKU, list locations, set stock levels. Shapes follow Shopify's Admin
// REST reference (Order, Product variants, Location, InventoryLevel), reduced to what is read.
import type { OAuthConnector, ConnectorTokens } from '../connector';

export interface StoreOrderLine {
  id?: number | string;
  sku: string | null;
  title: string;
  /** the units first ordered: an order edit or a refund leaves it as it was */
  quantity: number;
  /** the units still ordered after order edits and refunds (0: removed) */
  current_quantity?: number;
  /** decimal text as sent ("199.00") */
  price: string;
  total_discount?: string;
  /** what each discount took off this line, an order-level one's share included (Shopify
   * spreads those over the lines itself) */
  discount_allocations?: { amount: string; discount_application_index?: number }[];
  tax_lines?: { title: string; price: string; rate: number }[];
}

export interface StoreOrder {
  id: number | string;
  /** "#1001" */
  name: string;
  email: string | null;
  currency: string;
  created_at: string;
  updated_at: string;
  cancelled_at?: string | null;
  total_tax?: string;
  /** what the order comes to now (after edits and refunds), tax and shipping included */
  current_total_price?: string;
  /** the tax the order now carries (Shopify rounds it per line) */
  current_total_tax?: string;
  /** units refunded, with what they came to after discounts (subtotal) and their tax */
  refunds?: {
    refund_line_items?: { line_item_id?: number | string; quantity?: number; subtotal?: string | number }[];
  }[];
  /** where a point-of-sale order was taken; online orders have none */
  location_id?: number | string | null;
  /** "fulfilled" once Shopify no longer holds its units for it */
  fulfillment_status?: string | null;
  total_shipping_price_set?: { shop_money?: { amount: string } };
  line_items: StoreOrderLine[];
  shipping_lines?: {
    title?: string;
    price: string;
    discount_allocations?: { amount: string }[];
    tax_lines?: { title: string; price: string; rate: number }[];
  }[];
  /** the shop's customer account; verified_email: Shopify confirmed the address (a guest has none) */
  customer?: { id?: number | string | null; email?: string | null; verified_email?: boolean | null } | null;
}

export interface StoreVariant {
  sku: string;
  variantId: string;
  inventoryItemId: string;
}

export interface StoreLocation {
  id: string;
  name: string;
  active: boolean;
}

export interface EcommerceConnector extends OAuthConnector {
  /** where to send the person to approve the app for one shop */
  authorizeUrlForShop(shop: string, state: string, redirectUri: string): string;
  /** the callback's query is signed by the platform (a forged one is refused before any call) */
  verifyCallback(callbackUrl: string): Promise<boolean>;
  listOrdersUpdatedSince(tokens: ConnectorTokens, since: string | null): Promise<StoreOrder[]>;
  variantsBySku(tokens: ConnectorTokens): Promise<Map<string, StoreVariant>>;
  listLocations(tokens: ConnectorTokens): Promise<StoreLocation[]>;
  setAvailable(tokens: ConnectorTokens, locationId: string, inventoryItemId: string, available: number): Promise<void>;
}
