-- Hand-written (issue 18): a document's create was sent to the accounting system at least once.
-- Set, and committed, just before the create call, never reset by queueing again (a save, Sync
-- now): a create sent again after that (an error, a lost answer, a crash during the call) may
-- get back the record as first made, so it is followed at once by an update (sync.ts
-- createRetried). last_error could not tell: queueing again clears it.
ALTER TABLE "integration_sync_log" ADD COLUMN "create_sent" boolean NOT NULL DEFAULT false;
