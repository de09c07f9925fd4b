-- Hand-written (issue 18): the other system's company (QuickBooks: realmId; Shopify: the shop;
-- Square: the merchant) that the app's links, account refs and sent records belong to. Unlike
-- external_company_id it is kept after a disconnect, so a reconnect can tell another company
-- from the same one: QuickBooks' ids are small numbers that repeat across companies, so a
-- reconnect elsewhere (a sandbox, then production) starts clean (integrations/connections.ts).
ALTER TABLE "integration_connections" ADD COLUMN "links_company_id" text;
--> statement-breakpoint
UPDATE "integration_connections" SET "links_company_id" = COALESCE("external_company_id", "items_read_realm");
