-- Hand-written: the lot trace (issue 15) starts from a lot typed in any case and finds every
-- movement of it in both ledgers (reports/lot/flows.ts: lower(lot) = lower($1)); without these
-- it read every row of the company's ledgers.
CREATE INDEX "excise_transactions_lot_idx" ON "excise_transactions" ("company_id", lower("lot"));
--> statement-breakpoint
CREATE INDEX "inventory_transactions_lot_idx" ON "inventory_transactions" ("company_id", lower("lot"));
