-- Hand-written: the excise ledger (DESIGN.md sections 6 and 10). The generator does not know
-- these tables; src/server/domain/excise/tables.ts describes them to drizzle.
-- A vessel action as posted (the source record of its ledger rows, refType = kind).
CREATE TABLE "excise_actions" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "kind" text NOT NULL,
  "vessel_id" bigint NOT NULL,
  "date" date NOT NULL,
  "input" jsonb NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "excise_actions_vessel_idx" ON "excise_actions" ("company_id", "vessel_id", "date");
--> statement-breakpoint
-- The ledger: append only. Quantities are signed (into a vessel positive, out of it negative).
CREATE TABLE "excise_transactions" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "date" date NOT NULL,
  "ref_type" text NOT NULL,
  "ref_id" bigint NOT NULL,
  "excise" text NOT NULL,
  "alcohol_type" text NOT NULL CHECK ("alcohol_type" IN ('Spirit', 'Wine', 'NonExcise')),
  "alcohol_id" bigint NOT NULL,
  "lot" text,
  "vessel_type" text CHECK ("vessel_type" IN ('Tank', 'Fermenter', 'Cask', 'BulkContainer')),
  "vessel_id" bigint,
  "site_id" bigint,
  "licence" text,
  "description" text,
  "comments" text,
  "volume" numeric(15, 3) NOT NULL,
  "litres" numeric(15, 3) NOT NULL,
  "laa" numeric(15, 3) NOT NULL,
  "kg" numeric(15, 3),
  "strength" numeric(5, 2),
  "value" numeric(16, 2),
  "age_date" date,
  "reverses_id" bigint,
  "user_id" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "excise_transactions_vessel_idx" ON "excise_transactions" ("company_id", "vessel_id", "date", "id");
--> statement-breakpoint
CREATE INDEX "excise_transactions_alcohol_idx" ON "excise_transactions" ("company_id", "alcohol_id", "date", "id");
--> statement-breakpoint
CREATE INDEX "excise_transactions_site_idx" ON "excise_transactions" ("company_id", "site_id", "date");
--> statement-breakpoint
CREATE INDEX "excise_transactions_ref_idx" ON "excise_transactions" ("company_id", "ref_id");
--> statement-breakpoint
-- a row is reversed at most once
CREATE UNIQUE INDEX "excise_transactions_reverses_key" ON "excise_transactions" ("company_id", "reverses_id") WHERE "reverses_id" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "excise_transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'excise_transactions is append-only: post a reversing row instead of %', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "excise_transactions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "excise_transactions"
  FOR EACH ROW EXECUTE FUNCTION "excise_transactions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "excise_transactions_no_truncate" BEFORE TRUNCATE ON "excise_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "excise_transactions_append_only"();
--> statement-breakpoint
-- What each vessel holds now: the sum of its rows, kept by the posting module in the same
-- transaction; its row is the lock that serialises actions on one vessel.
CREATE TABLE "vessel_contents" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "vessel_id" bigint NOT NULL,
  "vessel_type" text NOT NULL,
  "alcohol_type" text,
  "alcohol_id" bigint,
  "lot" text,
  "volume" numeric(15, 3) DEFAULT 0 NOT NULL,
  "laa" numeric(15, 3) DEFAULT 0 NOT NULL,
  "kg" numeric(15, 3) DEFAULT 0 NOT NULL,
  "value" numeric(16, 2) DEFAULT 0 NOT NULL,
  "age_date" date,
  PRIMARY KEY ("company_id", "vessel_id")
);
--> statement-breakpoint
CREATE INDEX "vessel_contents_alcohol_idx" ON "vessel_contents" ("company_id", "alcohol_id");
--> statement-breakpoint
-- Movement totals per month of each vessel and each alcohol record (key_id is either): a
-- running balance is the months before plus a bounded sum, and a back-dated row touches one
-- month row per key.
CREATE TABLE "excise_month_totals" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "key_id" bigint NOT NULL,
  "month" date NOT NULL,
  "volume" numeric(18, 3) DEFAULT 0 NOT NULL,
  "litres" numeric(18, 3) DEFAULT 0 NOT NULL,
  "laa" numeric(18, 3) DEFAULT 0 NOT NULL,
  "kg" numeric(18, 3) DEFAULT 0 NOT NULL,
  "value" numeric(18, 2) DEFAULT 0 NOT NULL,
  "row_count" integer DEFAULT 0 NOT NULL,
  -- rows of the month that are reversed or reversals (a pair shares its date, so its month)
  "hidden_count" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("company_id", "key_id", "month")
);
