-- Hand-written: the integrations of spec 1 (issue 18). One connection per company and app, the
-- links between local records and the other system's ids, and a sync log per record. The
-- generator does not know these tables: they belong to src/server/domain/integrations only.
-- "secrets" holds the OAuth tokens sealed with AES-256-GCM under INTEGRATIONS_KEY
-- (integrations/secrets.ts); the database never sees them in clear.
CREATE TABLE "integration_connections" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "app" text NOT NULL,
  -- enabled: switched on, not connected; connected: tokens held and syncing; paused: tokens held,
  -- nothing is sent until resumed
  "status" text NOT NULL DEFAULT 'enabled' CHECK ("status" IN ('enabled', 'connected', 'paused')),
  -- the other system's company (QuickBooks: realmId)
  "external_company_id" text,
  "secrets" text,
  -- the hash of the one state a Connect handed out: the callback must bring it back, once
  "pending_state" text,
  "connected_at" timestamptz,
  "last_sync_at" timestamptz,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "app")
);
--> statement-breakpoint
-- A local record's copy in the other system. Unique both ways: a retried job finds the link and
-- never creates a second copy, and one external record never stands for two local ones.
CREATE TABLE "integration_links" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "app" text NOT NULL,
  "entity_type" text NOT NULL,
  "entity_id" bigint NOT NULL,
  "external_id" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "app", "entity_type", "entity_id"),
  UNIQUE ("company_id", "app", "entity_type", "external_id")
);
--> statement-breakpoint
-- Where each record's sync stands: queued (waiting for the job), succeeded, or failed with the
-- other system's own message (shown under More info on /apps and lighting the Apps dot).
CREATE TABLE "integration_sync_log" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "app" text NOT NULL,
  "entity_type" text NOT NULL,
  "entity_id" bigint NOT NULL,
  "status" text NOT NULL CHECK ("status" IN ('queued', 'succeeded', 'failed')),
  "attempts" integer NOT NULL DEFAULT 0,
  "last_error" text,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("company_id", "app", "entity_type", "entity_id")
);
--> statement-breakpoint
-- the job's work list and the alert's question: the records of one status, per company and app
CREATE INDEX "integration_sync_log_status_idx" ON "integration_sync_log" ("status", "company_id", "app");
