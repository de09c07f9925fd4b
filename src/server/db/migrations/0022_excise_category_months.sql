-- Hand-written: the excise ledger's totals per month by alcohol record, site, excise category and
-- strength class (issues 14 and 15). The period summaries (reports/inventory/alcohol.ts) and the
-- returns (returns/service.ts) sum a month's rows by category; with this table a whole month is a
-- few rows, and only the days of a partial first or last month read the ledger. Kept by the
-- posting module (excise/ledger.ts addMonthTotals) in the posting's transaction, from the rows it
-- just inserted, so the table always equals a GROUP BY over excise_transactions.
-- "class" is the strength class the returns band by (returns/service.ts): a > 7 %, b > 1.2 %,
-- c > 0.5 %, d the rest, from the stored strength, else LAA / volume. A reversal carries its
-- row's category, site, strength and date, so a pair nets inside one row of this table.
CREATE TABLE "excise_category_months" (
  "company_id" bigint NOT NULL REFERENCES "companies" ("id"),
  "month" date NOT NULL,
  -- NULL when the ledger row has no site
  "site_id" bigint,
  "alcohol_id" bigint NOT NULL,
  "excise" text NOT NULL,
  "class" text NOT NULL CHECK ("class" IN ('a', 'b', 'c', 'd')),
  -- the returns filter on it
  "alcohol_type" text NOT NULL,
  "volume" numeric(18, 3) DEFAULT 0 NOT NULL,
  "litres" numeric(18, 3) DEFAULT 0 NOT NULL,
  "laa" numeric(18, 3) DEFAULT 0 NOT NULL,
  "kg" numeric(18, 3) DEFAULT 0 NOT NULL,
  "value" numeric(18, 2) DEFAULT 0 NOT NULL,
  -- rows posted, reversals included: never falls, so a row here means a ledger row exists
  "row_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- the upsert's key (a row without a site is one key, PostgreSQL 15 NULLS NOT DISTINCT); month
-- first: both readers ask for a range of months of one company
CREATE UNIQUE INDEX "excise_category_months_key" ON "excise_category_months"
  ("company_id", "month", "site_id", "alcohol_id", "excise", "class", "alcohol_type") NULLS NOT DISTINCT;
--> statement-breakpoint
-- the returns' "spirit ever imported" test (B266 special duty) by alcohol record
CREATE INDEX "excise_category_months_alcohol_idx" ON "excise_category_months" ("company_id", "alcohol_id", "excise");
--> statement-breakpoint
INSERT INTO "excise_category_months" AS m ("company_id", "month", "site_id", "alcohol_id", "excise", "class",
  "alcohol_type", "volume", "litres", "laa", "kg", "value", "row_count")
SELECT t.company_id, date_trunc('month', t.date)::date, t.site_id, t.alcohol_id, t.excise,
  CASE WHEN t.strength IS NOT NULL THEN (CASE WHEN t.strength > 7 THEN 'a' WHEN t.strength > 1.2 THEN 'b' WHEN t.strength > 0.5 THEN 'c' ELSE 'd' END)
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 7 THEN 'a'
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 1.2 THEN 'b'
    WHEN t.volume <> 0 AND abs(t.laa) * 100 / abs(t.volume) > 0.5 THEN 'c' ELSE 'd' END,
  t.alcohol_type, sum(t.volume), sum(t.litres), sum(t.laa), coalesce(sum(t.kg), 0), coalesce(sum(t.value), 0),
  count(*)
FROM "excise_transactions" t
GROUP BY 1, 2, 3, 4, 5, 6, 7;
