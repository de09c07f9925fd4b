-- Hand-written: the Shopify e-commerce integration (issue 18). The shop a company connects is
-- the connection's external_company_id; while connecting, the shop typed on /apps waits in
-- pending_account until Shopify's callback names the same shop. One shop serves one company:
-- a webhook is routed by its shop header, so two companies can never hold the same shop.
ALTER TABLE "integration_connections" ADD COLUMN "pending_account" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_shopify_shop_key" ON "integration_connections" ("app", "external_company_id")
  WHERE "app" = 'shopify' AND "external_company_id" IS NOT NULL;
--> statement-breakpoint
-- The setup page's choices: the web-store customer for orders whose e-mail matches no customer,
-- whether orders are pulled at all, and when the polling fallback last listed the shop's orders.
CREATE TABLE "shopify_settings" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "web_customer_id" bigint,
  "order_sync" boolean DEFAULT true NOT NULL,
  "orders_polled_at" timestamptz,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id"),
  FOREIGN KEY ("company_id", "web_customer_id") REFERENCES "customers" ("company_id", "id")
);
--> statement-breakpoint
-- Which Shopify location shows each site's duty-paid stock.
CREATE TABLE "shopify_site_locations" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "site_id" bigint NOT NULL,
  "location_id" text NOT NULL,
  PRIMARY KEY ("company_id", "site_id"),
  FOREIGN KEY ("company_id", "site_id") REFERENCES "sites" ("company_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
-- Orders received (webhook or polling) waiting to become sales orders. The local id keys the sync
-- log (entity_type 'shopifyOrder') and the link to the sales order; the Shopify id is unique per
-- company, so a second delivery or a poll of the same order updates the row, never adds one.
CREATE TABLE "shopify_orders" (
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "shop" text NOT NULL,
  "shopify_order_id" text NOT NULL,
  "name" text NOT NULL,
  "payload" jsonb NOT NULL,
  "received_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("id"),
  UNIQUE ("company_id", "shopify_order_id")
);
--> statement-breakpoint
-- Webhook deliveries already handled (X-Shopify-Webhook-Id): Shopify delivers at least once, so
-- a repeat is answered 200 and ignored.
CREATE TABLE "shopify_webhook_deliveries" (
  "shop" text NOT NULL,
  "webhook_id" text NOT NULL,
  "topic" text NOT NULL,
  "received_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("shop", "webhook_id")
);
