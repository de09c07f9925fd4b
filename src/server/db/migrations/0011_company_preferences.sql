-- Hand-written: a company's preferences by area (spec 3: the workflow the production overview
-- shows; mashing, bottling, blending and distilling defaults). One JSON object per area,
-- validated by src/server/domain/preferences/areas.ts before it is written.
CREATE TABLE "company_preferences" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "area" text NOT NULL,
  "value" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY ("company_id", "area")
);
