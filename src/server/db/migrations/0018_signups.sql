-- Hand-written: self-service sign-up (issue 10, point 15). A request holds what the person
-- typed (the password already hashed) until the link mailed to the address is opened; only
-- then are the user, the company, its settings and the membership created. Only a hash of the
-- link's secret is stored. One pending request per address (a new one replaces it); a confirmed
-- request is deleted. No company yet, so the table is not a tenant table.
CREATE TABLE "signup_requests" (
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "email" text NOT NULL,
  "name" text NOT NULL,
  "company_name" text NOT NULL,
  "province" text NOT NULL,
  "locale" text NOT NULL DEFAULT 'en',
  "password_hash" text NOT NULL,
  "token_hash" text NOT NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "expires_at" timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signup_requests_token_key" ON "signup_requests" ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "signup_requests_email_key" ON "signup_requests" (lower("email"));
