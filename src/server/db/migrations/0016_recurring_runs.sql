-- Hand-written: one row per run of a recurring transaction (src/server/domain/recurring/ is its
-- only writer). The unique key (company, schedule, run date) is the idempotency key: however
-- many servers run the check, or however often a job re-runs, a due date creates at most one
-- document. A run that failed keeps its row with the error (retried on the next check, the row
-- then updated in place) so the schedule's history shows why nothing was created.
CREATE TABLE "recurring_runs" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "schedule_id" bigint NOT NULL,
  "run_date" date NOT NULL,
  "status" text NOT NULL CHECK ("status" IN ('Created', 'Failed')),
  -- the document created: its entity (salesOrder, invoice, purchaseOrder), id and number
  "document_entity" text,
  "document_id" bigint,
  "document_number" text,
  "error" text,
  "attempts" integer DEFAULT 1 NOT NULL,
  "at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id"),
  CONSTRAINT "recurring_runs_schedule_date_key" UNIQUE ("company_id", "schedule_id", "run_date")
);
