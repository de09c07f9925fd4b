-- Hand-written: the help centre (issue 17). The articles themselves are Markdown files in help/
-- (read at start); the database only keeps what users do with them. Read counts are per company
-- (a distillery sees what its own staff read most), one row per topic or article, counted up in
-- place. Tickets are the Contact us form: kept with the company, the sender and the date so the
-- company's administrators can list them.
CREATE TABLE "help_reads" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "kind" text NOT NULL CHECK ("kind" IN ('topic', 'article')),
  "key" text NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("company_id", "kind", "key")
);
--> statement-breakpoint
CREATE TABLE "help_tickets" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "user_id" bigint NOT NULL REFERENCES "users" ("id"),
  "subject" text NOT NULL CHECK (char_length("subject") <= 50),
  "text" text NOT NULL CHECK (char_length("text") <= 1000),
  "created_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "id")
);
--> statement-breakpoint
CREATE INDEX "help_tickets_company_created" ON "help_tickets" ("company_id", "created_at");
