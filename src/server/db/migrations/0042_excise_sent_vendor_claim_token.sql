-- Hand-written (issue 18): the vendor (its id in the accounting system) each excise payable row
-- was sent to, so an amended re-filing sends its difference (a Bill for more, a VendorCredit for
-- less) to the vendor the first Bill went to, not to whoever Settings names by then. NULL for rows
-- sent before this column (and for versions that sent nothing).
ALTER TABLE "accounting_excise_payables_sent" ADD COLUMN "vendor_external_id" text;
--> statement-breakpoint
-- Whose claim it is (claim.ts): a job renews its claim's time before each send, and finds by
-- this token whether the claim is still its own or was taken over after CLAIM_MINUTES.
ALTER TABLE "integration_sync_log" ADD COLUMN "claim_token" text;
