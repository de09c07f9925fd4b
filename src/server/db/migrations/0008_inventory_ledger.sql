-- Hand-written: the inventory ledger of products and items (DESIGN.md section 10), the same
-- shape as the excise ledger. src/server/domain/inventory/stock.ts is its only writer.
-- A row is one movement of one stock bucket; quantities are signed (in positive, out negative),
-- in the product's units (bottles, cans, kegs) or the item's tracked units, to 6 decimals.
CREATE TABLE "inventory_transactions" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "date" date NOT NULL,
  "ref_type" text NOT NULL,
  "ref_id" bigint NOT NULL,
  "stock_kind" text NOT NULL CHECK ("stock_kind" IN ('Product', 'Item')),
  "stock_id" bigint NOT NULL,
  "site_id" bigint,
  "lot" text,
  -- products only: held in bond (an excise warehouse) or duty paid
  "status" text CHECK ("status" IN ('InBond', 'DutyPaid')),
  "category" text NOT NULL,
  "description" text,
  "comments" text,
  "quantity" numeric(20, 6) NOT NULL,
  -- the packaged alcohol a product row moves (what B262 and the duty point count)
  "laa" numeric(15, 3) DEFAULT 0 NOT NULL,
  "value" numeric(16, 2) DEFAULT 0 NOT NULL,
  "reverses_id" bigint,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "inventory_transactions_stock_idx" ON "inventory_transactions" ("company_id", "stock_id", "date", "id");
--> statement-breakpoint
CREATE INDEX "inventory_transactions_site_idx" ON "inventory_transactions" ("company_id", "site_id", "date");
--> statement-breakpoint
CREATE INDEX "inventory_transactions_ref_idx" ON "inventory_transactions" ("company_id", "ref_id");
--> statement-breakpoint
CREATE INDEX "inventory_transactions_date_idx" ON "inventory_transactions" ("company_id", "stock_kind", "date", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_transactions_reverses_key" ON "inventory_transactions" ("company_id", "reverses_id") WHERE "reverses_id" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "inventory_transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_transactions is append-only: post a reversing row instead of %', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "inventory_transactions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "inventory_transactions"
  FOR EACH ROW EXECUTE FUNCTION "inventory_transactions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "inventory_transactions_no_truncate" BEFORE TRUNCATE ON "inventory_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "inventory_transactions_append_only"();
--> statement-breakpoint
-- What each stock bucket (product or item, site, lot, status) holds now: the sum of its rows,
-- kept by the posting module in the same transaction; its row is the lock that serialises
-- movements of one bucket. Site 0, lot '' and status '' stand for none (a key cannot be null).
CREATE TABLE "stock_balances" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "stock_id" bigint NOT NULL,
  "site_id" bigint DEFAULT 0 NOT NULL,
  "lot" text DEFAULT '' NOT NULL,
  "status" text DEFAULT '' NOT NULL,
  "stock_kind" text NOT NULL,
  "quantity" numeric(20, 6) DEFAULT 0 NOT NULL,
  "laa" numeric(15, 3) DEFAULT 0 NOT NULL,
  "value" numeric(16, 2) DEFAULT 0 NOT NULL,
  PRIMARY KEY ("company_id", "stock_id", "site_id", "lot", "status")
);
--> statement-breakpoint
CREATE INDEX "stock_balances_kind_idx" ON "stock_balances" ("company_id", "stock_kind", "stock_id");
