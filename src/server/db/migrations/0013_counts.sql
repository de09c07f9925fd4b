-- Hand-written: reconciliations (count sheets of products, items or vessels at a date, whose
-- differences post as adjustments) and batch moves (many lines moved between sites or to duty
-- paid at once) as source records. Each owns its inventory or excise rows by ref_id = id;
-- editing reverses and re-posts them, deleting reverses them and marks the record inactive.
-- src/server/domain/counts/ is its only writer.
CREATE TABLE "reconciliations" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('Products', 'Items', 'Vessels')),
  -- vessels only: Tank, Cask, BulkContainer, Fermenter
  "vessel_type" text,
  "date" date NOT NULL,
  "site_id" bigint,
  "comments" text,
  -- the count sheet as saved: each line's bucket or vessel, book and counted quantities
  "lines" jsonb NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "reconciliations_kind_idx" ON "reconciliations" ("company_id", "kind", "date");
--> statement-breakpoint
CREATE TABLE "batch_moves" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('Products', 'Items')),
  -- TransferSite (to to_site_id) or MoveToDutyPaid (products, at their site)
  "move" text NOT NULL CHECK ("move" IN ('TransferSite', 'MoveToDutyPaid')),
  "date" date NOT NULL,
  "site_id" bigint,
  "to_site_id" bigint,
  "comments" text,
  "lines" jsonb NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "batch_moves_kind_idx" ON "batch_moves" ("company_id", "kind", "date");
