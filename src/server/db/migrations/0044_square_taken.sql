-- Hand-written: what the point-of-sale pull has already taken from Square (issue 18). A day is
-- pulled two hours after its midnight, but a till in offline mode uploads its sales when it is
-- back online, later; and a refund of an amount (no item handed back) is added to a sale
-- already pulled. Each Square order id (or "refund:" and the refund's id) a document took is
-- kept here with the day and the document, so the next run takes what came in since (orders
-- changed since `changes_checked_at`) and never takes the same order twice.
-- `taken_from` is the first day whose orders are kept here: days pulled before are left as
-- they were (their orders were never marked, so they are not taken again as late sales).
CREATE TABLE "square_taken" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "square_id" text NOT NULL,
  "day" date NOT NULL,
  "document_id" bigint NOT NULL,
  "taken_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "square_id")
);
--> statement-breakpoint
ALTER TABLE "square_settings" ADD COLUMN "changes_checked_at" timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE "square_settings" ADD COLUMN "taken_from" date;
--> statement-breakpoint
UPDATE "square_settings" SET "taken_from" = "pulled_through" + 1 WHERE "pulled_through" IS NOT NULL;
