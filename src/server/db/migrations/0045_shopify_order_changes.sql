-- Hand-written (issue 18): Shopify orders erased before they arrived, and what of an order its
-- sales order last followed.
-- An order a customer had erased (customers/redact, orders_to_redact) before it
-- was kept here leaves no shopify_orders row to mark; its shop and Shopify id (no person's data)
-- are kept instead, so a later orders/create, orders/updated or poll never keeps or imports it.
CREATE TABLE "shopify_redacted_order_ids" (
  "shop" text NOT NULL,
  "shopify_order_id" text NOT NULL,
  "redacted_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("shop", "shopify_order_id")
);
--> statement-breakpoint
-- What of a Shopify order its sales order last followed (its lines and shipping as compared, or
-- "cancelled"): a later orders/updated that changes none of it (a fulfillment, a tag, a payment)
-- leaves the sales order, and what staff edited on it, alone.
ALTER TABLE "shopify_orders" ADD COLUMN "applied" text;
