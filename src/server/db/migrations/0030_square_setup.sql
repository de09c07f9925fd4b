-- Hand-written: the point-of-sale (Square) setup of issue 18, one row per company. The tasting
-- room's daily sales come in as one invoice per day to `customer_id`, its stock leaving duty-paid
-- stock at `site_id`; `location_id` is the Square location whose orders are that tasting room.
-- `pulled_through` is the last day already queued, so each run looks at the days after it.
-- `set_by` is the person who saved the setup: the job records the day's shipment and invoice
-- (and their stock rows) in that person's name, with that person's permissions.
CREATE TABLE "square_settings" (
  "company_id" bigint PRIMARY KEY REFERENCES "companies" ("id"),
  "site_id" bigint,
  "location_id" text,
  "customer_id" bigint,
  "set_by" bigint,
  "pulled_through" date,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
