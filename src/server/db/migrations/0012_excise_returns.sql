-- Hand-written: the excise returns (issue 14; src/server/domain/returns). A return is computed
-- from the ledger on demand; a row here holds what a person adds to it (the B256 refund offset)
-- and, once filed, what was filed: the figures, the confirmation number, who filed it and the
-- period lock it replaced (restored when the latest period is reopened for an amended return).
CREATE TABLE "excise_returns" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "form" text NOT NULL CHECK ("form" IN ('B266', 'B262', 'B265', 'B263')),
  "site_id" bigint NOT NULL,
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "status" text DEFAULT 'Draft' NOT NULL CHECK ("status" IN ('Draft', 'Filed', 'Amending')),
  "licence" text,
  "refund_cents" bigint DEFAULT 0 NOT NULL,
  -- the return as last filed: lines, bands, duty, totals (JSON of the API's shape)
  "filed_figures" jsonb,
  -- closing of the return as last filed, thousandths (the next period's opening starts from it)
  "filed_closing" bigint,
  "filed_closing_bands" jsonb,
  "filed_on" date,
  "confirmation" text,
  "filed_by" bigint,
  "filed_at" timestamptz,
  "version" integer DEFAULT 0 NOT NULL,
  -- the difference an amended filing made to the one before it (lines and duty by key)
  "amendment" jsonb,
  -- the excise payable filing created (settings exciseAccrual): amount, pay to, method, account, item, due
  "payable" jsonb,
  "previous_period_end" date,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "excise_returns_key" ON "excise_returns" ("company_id", "form", "site_id", "period_start");
--> statement-breakpoint
CREATE INDEX "excise_returns_period_idx" ON "excise_returns" ("company_id", "period_end");
--> statement-breakpoint
-- Duty rates a company administrator added or corrected; they win over the reference's table
-- (src/server/domain/returns/rates.ts) for the same product and date.
CREATE TABLE "excise_rates" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "product" text NOT NULL,
  "effective_from" date NOT NULL,
  "rate" numeric(12, 3) NOT NULL CHECK ("rate" >= 0),
  "user_id" bigint,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "product", "effective_from")
);
--> statement-breakpoint
-- The B266's special duty falls on imported spirits delivered to licensed users: which spirits
-- came in imported is looked up per delivery, on the few rows of that category.
CREATE INDEX "excise_transactions_imported_idx" ON "excise_transactions" ("company_id", "alcohol_id")
  WHERE "excise" = 'SpiritsAdditionImported';
