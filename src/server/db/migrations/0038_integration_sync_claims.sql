-- Hand-written: a push job claims a record before it calls the other system, instead of holding
-- a transaction open across the call. The claim is a time, so one left by a crashed job is taken
-- again after a while (the requestid keeps that retry from making a second record over there).
ALTER TABLE "integration_sync_log" ADD COLUMN "claimed_at" timestamptz;
