-- Hand-written (issue 18): which of the customer portal's sections the company's customers see,
-- chosen on the portal setup screen: placing orders, Orders, Shipments, Invoices, Statement.
-- Every one is on by default, so a company that had the portal sees no change until staff turn
-- one off. The statement lists the invoices (their numbers, dates and amounts), so it shows
-- only while invoices do: the CHECK keeps a stored row from saying otherwise.
ALTER TABLE "portal_settings" ADD COLUMN "show_order" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN "show_orders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN "show_shipments" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN "show_invoices" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN "show_statement" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD CONSTRAINT "portal_settings_statement_with_invoices"
  CHECK ("show_invoices" OR NOT "show_statement");
