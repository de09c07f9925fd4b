-- Hand-written: the audit log. One row per change, written by src/server/domain/audit/audit.ts in
-- the transaction of the change. Append-only by convention; `changes` is {field: [before, after]}.
CREATE TABLE "audit_log" (
  "company_id" bigint NOT NULL,
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "at" timestamptz DEFAULT now() NOT NULL,
  "user_id" bigint,
  "entity" text NOT NULL,
  "entity_id" bigint NOT NULL,
  "event" text NOT NULL CHECK ("event" IN ('created', 'updated', 'deleted', 'posted', 'reversed')),
  "changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" ("company_id", "entity_id", "at");
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("company_id", "at");
