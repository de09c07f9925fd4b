-- Hand-written (issue 18): product changes read back from the accounting system. The
-- connection keeps how far its Items were read (the accounting system's own LastUpdatedTime,
-- its clock, not ours) and for which of its companies, so a reconnect to another company reads
-- from the start. A link keeps the version of the record over there (QuickBooks' SyncToken)
-- that the app last matched, so a second read of the same version changes nothing.
ALTER TABLE "integration_connections" ADD COLUMN "items_read_through" text;
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "items_read_realm" text;
--> statement-breakpoint
ALTER TABLE "integration_links" ADD COLUMN "external_version" text;
