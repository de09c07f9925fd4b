-- Hand-written: Shopify's privacy duties (issue 18). A Shopify order's payload (the customer's
-- name, e-mail, addresses) is kept only while it is needed: customers/redact and shop/redact
-- erase it, and the schedule drops it some weeks after the order became a sales order. The row
-- itself stays (shop, Shopify id, "#1001"): it is what keeps a later orders/updated of the same
-- order from becoming a second sales order.
ALTER TABLE "shopify_orders" ALTER COLUMN "payload" DROP NOT NULL;
--> statement-breakpoint
-- the redact webhooks and the reservation of received orders look orders up by shop
CREATE INDEX "shopify_orders_shop_idx" ON "shopify_orders" ("shop");
--> statement-breakpoint
-- the schedule deletes deliveries older than a month: by age
CREATE INDEX "shopify_webhook_deliveries_received_idx" ON "shopify_webhook_deliveries" ("received_at");
