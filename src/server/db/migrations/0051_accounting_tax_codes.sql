-- Hand-written (issue 18): the accounting system's sales tax model, for a company over there that
-- charges sales tax (QuickBooks Online outside the US: every taxable line names a TaxCode, and a
-- TaxCode names the TaxRates it charges on sales and on purchases). Read with the chart: the
-- codes, and whether the company uses sales tax at all (Preferences.TaxPrefs.UsingSalesTax).
-- The accounting setup page's Taxes tab keeps which code each of the app's taxes is sent with
-- ('none': lines with no tax). Refs are the other company's ids: forgotten with the chart's refs
-- on a reconnect to another company (connections.ts forgetLinks).
ALTER TABLE "integration_connections" ADD COLUMN "uses_sales_tax" boolean;
--> statement-breakpoint
CREATE TABLE "accounting_tax_codes" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "app" text NOT NULL,
  "ref" text NOT NULL,
  "name" text NOT NULL,
  -- [{"ref","name","percent"}] in the order the code applies them; percent is decimal text
  "sales_rates" jsonb NOT NULL,
  "purchase_rates" jsonb NOT NULL,
  PRIMARY KEY ("company_id", "app", "ref")
);
--> statement-breakpoint
CREATE TABLE "accounting_tax_code_choices" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "app" text NOT NULL,
  -- a tax's id, or 'none' for document lines with no tax
  "tax_key" text NOT NULL,
  "ref" text NOT NULL,
  PRIMARY KEY ("company_id", "app", "tax_key")
);
