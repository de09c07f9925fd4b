-- Hand-written: the product and item actions of spec 2.3 (move to duty paid, transfer site,
-- unpack, convert…) as source records. Each owns its inventory rows (and, for a return to tank,
-- its excise rows) by ref_id = id; editing reverses and re-posts them, deleting reverses them
-- and marks the action inactive. src/server/domain/inventory/run.ts is its only writer.
CREATE TABLE "inventory_actions" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "kind" text NOT NULL,
  "stock_kind" text NOT NULL CHECK ("stock_kind" IN ('Product', 'Item')),
  "stock_id" bigint NOT NULL,
  "date" date NOT NULL,
  "input" jsonb NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "inventory_actions_stock_idx" ON "inventory_actions" ("company_id", "stock_id", "date");
