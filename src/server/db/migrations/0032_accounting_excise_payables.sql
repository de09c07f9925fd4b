-- Hand-written (issue 18): the excise duty payable of each filed return as sent to the
-- accounting system, one row per filing version: a Bill for the first filing, and for an amended
-- re-filing a Bill of the rise or a VendorCredit of the fall (amount_cents negative), so what was
-- sent for a return always adds up to its latest payable and a retried job sends no version twice.
CREATE TABLE "accounting_excise_payables_sent" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "app" text NOT NULL,
  "return_id" bigint NOT NULL,
  "version" integer NOT NULL,
  "amount_cents" bigint NOT NULL,
  "external_type" text NOT NULL CHECK ("external_type" IN ('Bill', 'VendorCredit', 'None')),
  "external_id" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "app", "return_id", "version")
);
--> statement-breakpoint
-- The day the change a queued record sends happened, when that is not the record's own date:
-- a payment is dated the day its amount paid rose, not the invoice's date.
ALTER TABLE "integration_sync_log" ADD COLUMN "occurred_on" date;
