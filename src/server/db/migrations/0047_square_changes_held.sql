-- Hand-written: Square orders the late pull has left out for longer than it holds its mark
-- back for them (sync.ts HELD_MS). An order that can never be taken as it stands (a SKU no
-- product has) would otherwise keep `changes_checked_at` at its updated_at for good, and every
-- pull would read again everything changed since. Past the hold each is kept here (its order id,
-- day, reason, when it changed, the ids that mark it taken) so More info still names it and
-- Sync now looks back far enough to take it once it is put right.
ALTER TABLE "square_settings" ADD COLUMN "changes_held" jsonb NOT NULL DEFAULT '[]'::jsonb;
