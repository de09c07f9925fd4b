-- Hand-written (issue 18): when a duty receipt was last taken back from Billed (null: it is
-- Billed, or never was taken back). Staff take one back to correct a line and bill it again;
-- for TAKEN_BACK_MINUTES after that the excise payable waits for it (accounting/excisePayable.ts)
-- rather than sending its duty itself, which would make billing it again refused.
ALTER TABLE "excise_duty_receipts" ADD COLUMN "taken_back_at" timestamptz;
