-- Hand-written: which accounts of the chart a product or an item books to (issue 18, the
-- accounting setup page): income (sales), asset (inventory) and cogs (cost of goods sold), as
-- QuickBooks Online's Item has IncomeAccountRef, AssetAccountRef and ExpenseAccountRef. Taxes,
-- payment methods and suppliers carry their account on their own record (schema files).
-- A mapped account cannot be deleted (the records layer answers that it is in use); a deleted
-- product or item takes its mapping with it.
CREATE TABLE "accounting_account_mappings" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "entity_type" text NOT NULL CHECK ("entity_type" IN ('product', 'item')),
  "entity_id" bigint NOT NULL,
  "role" text NOT NULL CHECK ("role" IN ('income', 'asset', 'cogs')),
  "account_id" bigint NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "entity_type", "entity_id", "role"),
  FOREIGN KEY ("company_id", "entity_id") REFERENCES "objects" ("company_id", "id") ON DELETE CASCADE,
  FOREIGN KEY ("company_id", "account_id") REFERENCES "accounts" ("company_id", "id")
);
--> statement-breakpoint
-- the inventory accounts report and the delete check read it by account
CREATE INDEX "accounting_account_mappings_account_idx" ON "accounting_account_mappings" ("company_id", "account_id");
--> statement-breakpoint
-- The payments an invoice's amount paid was sent as: one QuickBooks Payment per rise of the
-- amount paid (the difference), keyed by the amount paid it brought the invoice to, so a retried
-- job finds what was sent and the next rise sends only the rest.
CREATE TABLE "accounting_payments_sent" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "app" text NOT NULL,
  "invoice_id" bigint NOT NULL,
  "paid_cents" bigint NOT NULL CHECK ("paid_cents" > 0),
  "external_id" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "app", "invoice_id", "paid_cents")
);
