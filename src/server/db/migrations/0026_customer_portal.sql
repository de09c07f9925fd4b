-- Hand-written: the customer portal (issue 18). A company opens a portal to its wholesale
-- customers: whether it is on and which products they may order (portal_products). A portal
-- user is a person (users) linked to one customer of one company; a person may hold several
-- links (several customers, several companies). A link starts as an invitation mailed to an
-- address (only a hash of the link's secret is stored, as company_invitations does) and holds
-- the user once that person accepts it signed in with the address. Foreign keys to the
-- customer and product carry the company, so a link never names another company's record.
CREATE TABLE "portal_settings" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id") ON DELETE CASCADE,
  "enabled" boolean DEFAULT false NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id")
);
--> statement-breakpoint
CREATE TABLE "portal_products" (
  "company_id" bigint NOT NULL,
  "product_id" bigint NOT NULL,
  PRIMARY KEY ("company_id", "product_id"),
  FOREIGN KEY ("company_id", "product_id") REFERENCES "products" ("company_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE "portal_users" (
  "id" bigint DEFAULT nextval('object_ids') NOT NULL,
  "company_id" bigint NOT NULL,
  "customer_id" bigint NOT NULL,
  "email" text NOT NULL,
  -- null until the invitation is accepted
  "user_id" bigint REFERENCES "users" ("id") ON DELETE CASCADE,
  -- the invitation's secret (hashed); null once accepted
  "token_hash" text,
  "invited_by" bigint,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "expires_at" timestamptz,
  "accepted_at" timestamptz,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("company_id", "customer_id") REFERENCES "customers" ("company_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_users_email_key" ON "portal_users" ("company_id", "customer_id", lower("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_users_token_key" ON "portal_users" ("token_hash");
--> statement-breakpoint
-- each portal request looks its link up by user and company
CREATE INDEX "portal_users_user_idx" ON "portal_users" ("user_id", "company_id");
