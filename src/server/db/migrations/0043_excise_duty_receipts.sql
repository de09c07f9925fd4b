-- Hand-written (issue 18, settings exciseCreateReceipt): the inventory receipt filing made for a
-- return version's duty (the first filing's duty, or an amended re-filing's rise), from the
-- supplier duty is paid to, with the amount it was made for. The receipt is booked in the
-- accounting system as a Bill through the receipts' own path, so the excise payable push counts
-- these amounts as booked and sends no Bill of its own for them (type 'Receipt').
CREATE TABLE "excise_duty_receipts" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "return_id" bigint NOT NULL,
  "version" integer NOT NULL,
  "receipt_id" bigint NOT NULL,
  "supplier_id" bigint NOT NULL,
  "amount_cents" bigint NOT NULL CHECK ("amount_cents" > 0),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "return_id", "version")
);
--> statement-breakpoint
ALTER TABLE "accounting_excise_payables_sent" DROP CONSTRAINT "accounting_excise_payables_sent_external_type_check";
--> statement-breakpoint
ALTER TABLE "accounting_excise_payables_sent" ADD CONSTRAINT "accounting_excise_payables_sent_external_type_check"
  CHECK ("external_type" IN ('Bill', 'VendorCredit', 'None', 'Receipt'));
