-- Hand-written: an order Shopify asked us to redact stays redacted. Without a mark, a later
-- orders/updated webhook or a poll would store the customer's data again (and queue an import
-- that puts it on a sales order); with it, the order's later payloads are not kept.
ALTER TABLE "shopify_orders" ADD COLUMN "redacted_at" timestamptz;
