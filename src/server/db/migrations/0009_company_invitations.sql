-- Hand-written: invitations to join a company (issue 10, point 7). An administrator invites an
-- e-mail address; the person accepts with the link sent there, signed in with that address.
-- Only a hash of the link's secret is stored. One pending invitation per company and address
-- (a new one replaces it); an accepted or cancelled invitation is deleted (the audit log and
-- the membership keep the fact).
CREATE TABLE "company_invitations" (
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "permissions" text[] NOT NULL,
  "token_hash" text NOT NULL,
  "invited_by" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "expires_at" timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_key" ON "company_invitations" ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_email_key" ON "company_invitations" ("company_id", lower("email"));
