// Returns as the API answers them: reads the period's sums from the ledger (excise_transactions
// for bulk alcohol, inventory_transactions for packaged stock in bond), the opening from the
// last filed return of the form and site (its closing, plus any rows between), the company's
// rates, and what was filed; files and reopens periods. Every query filters by company_id.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { formatScaled, parseScaled } from '../excise/quantities';
import { STRENGTH_CLASS } from '../excise/ledger';
import { B262 } from './b262';
import { B263 } from './b263';
import { B265 } from './b265';
import { B266 } from './b266';
import { computeReturn, dutyCategories, type Bucket, type ComputedReturn, type Opening } from './compute';
import { FORMS, type Form, type FormDef, type StrengthClass } from './forms';
import { addDays, dueDate, periodError, type Frequency } from './periods';
import { DEFAULT_RATES, mergeRates, type RateProduct, type RateRow } from './rates';

export const FORM_DEFS: Record<Form, FormDef> = { B266, B262, B265, B263 };

export const isForm = (v: unknown): v is Form => typeof v === 'string' && (FORMS as readonly string[]).includes(v);

export interface Site {
  id: string;
  name: string;
  active: boolean;
  /** authorised to file half-yearly (s.159.1): its returns cover fiscal half-years */
  halfYearly: boolean;
  flags: Record<Form, boolean>;
  licences: Record<Form, string | null>;
}

const SITE_COLUMNS = sql`id::text AS id, name, active, half_yearly, b262, b263, b265, b266, spirits_license, warehouse_license, user_license, wine_license`;

interface SiteRow {
  id: string;
  name: string;
  active: boolean;
  half_yearly: boolean | null;
  b262: boolean;
  b263: boolean;
  b265: boolean;
  b266: boolean;
  spirits_license: string | null;
  warehouse_license: string | null;
  user_license: string | null;
  wine_license: string | null;
}

const siteOf = (r: SiteRow): Site => ({
  id: r.id,
  name: r.name,
  active: r.active,
  halfYearly: Boolean(r.half_yearly),
  flags: { B266: r.b266, B262: r.b262, B265: r.b265, B263: r.b263 },
  licences: {
    B266: r.spirits_license,
    B262: r.warehouse_license,
    B265: r.wine_license,
    B263: r.user_license,
  },
});

export async function readSites(ctx: DomainContext): Promise<Site[]> {
  return rowsOf<SiteRow>(
    await ctx.db.execute(
      sql`SELECT ${SITE_COLUMNS} FROM sites WHERE company_id = ${ctx.actor.companyId} ORDER BY name, id`,
    ),
  ).map(siteOf);
}

export async function readSite(ctx: DomainContext, siteId: string): Promise<Site> {
  const [row] = /^\d{1,18}$/.test(siteId)
    ? rowsOf<SiteRow>(
        await ctx.db.execute(
          sql`SELECT ${SITE_COLUMNS} FROM sites WHERE company_id = ${ctx.actor.companyId} AND id = ${siteId}`,
        ),
      )
    : [];
  if (!row) throw new AppError('NOT_FOUND', `Site ${siteId} not found`, { id: siteId });
  return siteOf(row);
}

/** The forms a site files: those its flags mark or its licences call for (wine only with allowWine). */
export function formsOfSite(site: Site, allowWine: boolean): Form[] {
  return FORMS.filter(
    (f) => (site.flags[f] || Boolean(site.licences[f]?.trim())) && (f !== 'B265' || allowWine || site.flags.B265),
  );
}

export interface CompanyInfo {
  fiscalYearMonth: number;
  excisePeriodEnd: string | null;
  allowWine: boolean;
  accrual: boolean;
  paymentToId: string | null;
  paymentMethodId: string | null;
  paymentAccountRef: string | null;
  paymentItemId: string | null;
}

export async function readCompany(db: Db, companyId: string, lock = false): Promise<CompanyInfo> {
  const [row] = rowsOf<{
    fym: number | null;
    end: string | null;
    allow_wine: boolean;
    accrual: boolean | null;
    pay_to: string | null;
    method: string | null;
    account: string | null;
    item: string | null;
  }>(
    await db.execute(sql`
      SELECT c.fiscal_year_month AS fym, to_char(c.excise_period_end, 'YYYY-MM-DD') AS end, c.allow_wine,
             s.excise_accrual AS accrual, s.excise_payment_to_id AS pay_to, s.excise_payment_method_id AS method,
             s.excise_payment_account_ref AS account, s.excise_payment_item_id AS item
      FROM companies c
      LEFT JOIN LATERAL (SELECT * FROM company_settings_rows s WHERE s.company_id = c.id ORDER BY s.id LIMIT 1) s ON true
      WHERE c.id = ${companyId} ${lock ? sql`FOR UPDATE OF c` : sql``}`),
  );
  return {
    fiscalYearMonth: row?.fym ?? 1,
    excisePeriodEnd: row?.end ?? null,
    allowWine: row?.allow_wine ?? false,
    accrual: row?.accrual ?? false,
    paymentToId: row?.pay_to ?? null,
    paymentMethodId: row?.method ?? null,
    paymentAccountRef: row?.account ?? null,
    paymentItemId: row?.item ?? null,
  };
}

/** The company period a return of `site` ending on `periodEnd` is filed with: the return's own
 * period, or the last fiscal month of a half-yearly site's half when the company files monthly. */
export function filingPeriodOf(
  site: Site,
  sites: Site[],
  company: CompanyInfo,
  periodStart: string,
  periodEnd: string,
): { periodStart: string; periodEnd: string } {
  if (!site.halfYearly || companyFrequency(sites, company.allowWine) === 'halfYearly')
    return { periodStart, periodEnd };
  return { periodStart: `${periodEnd.slice(0, 7)}-01`, periodEnd };
}

/** A site's reporting frequency: half-yearly when it is authorised (its halfYearly flag), else monthly. */
export const frequencyOfSite = (site: Pick<Site, 'halfYearly'>): Frequency =>
  site.halfYearly ? 'halfYearly' : 'monthly';

/** The company's filing periods: half-years when every active site that files is half-yearly,
 * else fiscal months (a half-yearly site's return is then filed with the month its half ends). */
export function companyFrequency(sites: Site[], allowWine: boolean): Frequency {
  const filing = sites.filter((s) => s.active && formsOfSite(s, allowWine).length);
  return filing.length && filing.every((s) => s.halfYearly) ? 'halfYearly' : 'monthly';
}

export function checkPeriod(
  company: CompanyInfo,
  periodStart: unknown,
  periodEnd: unknown,
  frequency: Frequency = 'monthly',
) {
  const error = periodError(periodStart, periodEnd, company.fiscalYearMonth, [frequency]);
  if (error) throw validationError({ periodStart: error });
}

export async function readRates(ctx: DomainContext): Promise<RateRow[]> {
  const custom = rowsOf<{ product: RateProduct; from: string; rate: string }>(
    await ctx.db.execute(sql`
      SELECT product, to_char(effective_from, 'YYYY-MM-DD') AS from, rate::text AS rate
      FROM excise_rates WHERE company_id = ${ctx.actor.companyId}`),
  ).map((r) => ({ product: r.product, effectiveFrom: r.from, rate: parseScaled(r.rate, 3) }));
  return mergeRates(custom, DEFAULT_RATES);
}

// --- the ledger's sums ----------------------------------------------------------------------

/** a stock row's direction: its sign, or the opposite for a reversal (it counts with the row it reverses) */
const STOCK_DIR = sql.raw(
  `CASE WHEN (CASE WHEN t.laa <> 0 THEN t.laa ELSE t.quantity END >= 0) = (t.reverses_id IS NULL) THEN 1 ELSE -1 END`,
);

interface Scope {
  def: FormDef;
  companyId: string;
  siteId: string;
}

/** The WHERE of one form's rows at one site (without dates). */
function scopeOf(s: Scope): { from: SQL; where: SQL } {
  if (s.def.source === 'excise')
    return {
      from: sql`FROM excise_transactions t`,
      where: sql`t.company_id = ${s.companyId} AND t.site_id = ${s.siteId} AND t.alcohol_type = ${s.def.alcoholType!}`,
    };
  return {
    from: sql`FROM inventory_transactions t`,
    where: sql`t.company_id = ${s.companyId} AND t.site_id = ${s.siteId} AND t.stock_kind = 'Product' AND t.status = 'InBond'`,
  };
}

const QTY = (def: FormDef) => (def.source === 'excise' ? sql`t.litres` : sql`t.laa`);

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The categories of the duty lines that count only spirits with an imported row (B266). */
const importedCategories = (def: FormDef) => {
  const lines = def.duty.filter((d) => d.importedOnly).map((d) => d.line);
  return def.lines.filter((l) => lines.includes(l.key)).flatMap((l) => l.categories);
};

/** `first` opens a month and `last` closes one (a return's period always does) */
const wholeMonths = (first: string, last: string) => first.endsWith('-01') && addDays(last, 1).endsWith('-01');

/** Whether the period's month totals by category stand for its rows: an excise form of whole
 * months (excise_category_months is kept by the posting module, the ledger's only writer). */
const totalsHold = (s: Scope, periodStart: string, periodEnd: string) =>
  s.def.source === 'excise' && wholeMonths(periodStart, periodEnd);

/** bucketsQuery over whole months from the ledger's month totals by category
 * (excise_category_months, kept by the posting module): the same groups, a few rows a month
 * instead of every row. The duty date is the month (the caller asks only when every rate starts
 * on the first of a month); "imported" asks whether the spirit has any SpiritsAdditionImported
 * row, which the table answers too (a row there means ledger rows exist: its count never falls). */
function monthBucketsQuery(s: Scope, periodStart: string, periodEnd: string): SQL {
  const dutyCats = dutyCategories(s.def);
  const importedCat = importedCategories(s.def);
  const dated = dutyCats.length ? sql`CASE WHEN m.excise IN (${list(dutyCats)}) THEN m.month END` : sql`NULL::date`;
  const imported = importedCat.length
    ? sql`(m.excise IN (${list(importedCat)}) AND EXISTS (SELECT 1 FROM excise_category_months i WHERE i.company_id = m.company_id AND i.alcohol_id = m.alcohol_id AND i.excise = 'SpiritsAdditionImported'))`
    : sql`false`;
  return sql`
      SELECT cat, to_char(date, 'YYYY-MM-DD') AS date, cls, imported, 1 AS dir, sum(qty)::text AS qty, sum(laa)::text AS laa,
             sum(volume)::text AS volume, sum(n)::int AS n
      FROM (SELECT m.excise AS cat, ${dated} AS date, m.class AS cls, ${imported} AS imported, m.litres AS qty, m.laa,
                   m.volume, m.row_count AS n
            FROM excise_category_months m
            WHERE m.company_id = ${s.companyId} AND m.site_id = ${s.siteId} AND m.alcohol_type = ${s.def.alcoholType!}
              AND m.month BETWEEN ${periodStart} AND ${periodEnd}) x
      GROUP BY cat, date, cls, imported`;
}

/** The period's rows summed by category (and date, strength class, direction where they matter).
 * A duty row's date only picks its rate: when every rate starts on the first of a month (the
 * rates are indexed each April 1), the month says as much as the day, and grouping by month
 * keeps a few groups (hashed) instead of one a day (sorted): a month of 100k rows sums in one
 * pass. */
export function bucketsQuery(s: Scope, periodStart: string, periodEnd: string, byMonth = false, totals = false): SQL {
  if (totals) return monthBucketsQuery(s, periodStart, periodEnd);
  const { from, where } = scopeOf(s);
  const dutyCats = dutyCategories(s.def);
  const cat = s.def.source === 'excise' ? sql`t.excise` : sql`t.category`;
  const dated = dutyCats.length
    ? sql`CASE WHEN ${cat} IN (${sql.join(
        dutyCats.map((c) => sql`${c}`),
        sql`, `,
      )}) THEN ${byMonth ? sql`date_trunc('month', t.date)::date` : sql`t.date`} END`
    : sql`NULL::date`;
  const importedCat = importedCategories(s.def);
  const imported =
    s.def.source === 'excise' && importedCat.length
      ? sql`(${cat} IN (${list(importedCat)}) AND EXISTS (SELECT 1 FROM excise_transactions i WHERE i.company_id = t.company_id AND i.alcohol_id = t.alcohol_id AND i.excise = 'SpiritsAdditionImported'))`
      : sql`false`;
  const cls = s.def.source === 'excise' ? STRENGTH_CLASS : sql`'a'`;
  const dir = s.def.source === 'excise' ? sql`1` : STOCK_DIR;
  const volume = s.def.source === 'excise' ? sql`t.volume` : sql`0`;
  return sql`
      SELECT cat, to_char(date, 'YYYY-MM-DD') AS date, cls, imported, dir, sum(qty)::text AS qty, sum(laa)::text AS laa, sum(volume)::text AS volume,
             count(*)::int AS n
      FROM (SELECT ${cat} AS cat, ${dated} AS date, ${cls} AS cls, ${imported} AS imported, ${dir} AS dir,
                   ${QTY(s.def)} AS qty, t.laa AS laa, ${volume} AS volume
            ${from} WHERE ${where} AND t.date >= ${periodStart} AND t.date <= ${periodEnd}) x
      GROUP BY cat, date, cls, imported, dir`;
}

export async function readBuckets(
  db: Db,
  s: Scope,
  periodStart: string,
  periodEnd: string,
  byMonth = false,
): Promise<Bucket[]> {
  const rows = rowsOf<{
    cat: string;
    date: string | null;
    cls: StrengthClass;
    imported: boolean;
    dir: number;
    qty: string;
    laa: string;
    volume: string;
    n: number;
  }>(
    await db.execute(
      bucketsQuery(s, periodStart, periodEnd, byMonth, byMonth && totalsHold(s, periodStart, periodEnd)),
    ),
  );
  return rows.map((r) => ({
    cat: r.cat,
    date: r.date,
    cls: r.cls,
    imported: r.imported,
    dir: Number(r.dir) < 0 ? -1 : 1,
    qty: parseScaled(r.qty, 3),
    laa: parseScaled(r.laa, 3),
    volume: parseScaled(r.volume, 3),
    n: r.n,
  }));
}

/** Sum of the form's rows at the site dated after `after` (exclusive, or from the beginning) and before `before`. */
async function sumBetween(db: Db, s: Scope, after: string | null, before: string): Promise<Opening> {
  const { from, where } = scopeOf(s);
  const cls = s.def.source === 'excise' && s.def.bands ? STRENGTH_CLASS : sql`'a'`;
  // whole months (a filed period ends a month, a period starts one): the month totals by category
  const months = s.def.source === 'excise' && before.endsWith('-01') && (!after || addDays(after, 1).endsWith('-01'));
  const rows = rowsOf<{ cls: StrengthClass; qty: string }>(
    await db.execute(
      months
        ? sql`
      SELECT ${s.def.bands ? sql`m.class` : sql`'a'`} AS cls, sum(m.litres)::text AS qty FROM excise_category_months m
      WHERE m.company_id = ${s.companyId} AND m.site_id = ${s.siteId} AND m.alcohol_type = ${s.def.alcoholType!}
        AND m.month < ${before} ${after ? sql`AND m.month > ${after}` : sql``}
      GROUP BY 1`
        : sql`
      SELECT ${cls} AS cls, sum(${QTY(s.def)})::text AS qty ${from}
      WHERE ${where} AND t.date < ${before} ${after ? sql`AND t.date > ${after}` : sql``}
      GROUP BY 1`,
    ),
  );
  const byClass: Partial<Record<StrengthClass, number>> = {};
  let total = 0;
  for (const r of rows) {
    const q = parseScaled(r.qty, 3);
    byClass[r.cls] = (byClass[r.cls] ?? 0) + q;
    total += q;
  }
  return { total, byClass };
}

// --- the ledger sums of a return, kept while the ledger has not changed ----------------------
// The excise ledger is append-only and every posting adds to excise_month_totals.row_count in its
// transaction, so the company's total row_count grows with every committed posting (reversals
// included): a return's sums computed at one count are the sums at that count. Reading a return
// again (the page, its CSV, the filing checks) then costs a few small reads, not a pass over the
// period's rows. Per process, at most SUMS_MAX entries (the oldest goes first).
const SUMS_MAX = 200;
const SUMS = new Map<string, { opening: Opening; buckets: Bucket[] }>();

function remember(key: string, sums: { opening: Opening; buckets: Bucket[] }) {
  SUMS.set(key, sums);
  if (SUMS.size > SUMS_MAX) SUMS.delete(SUMS.keys().next().value!);
}

/** The company's excise ledger row count (each row counted once per month-total key it moves). */
async function exciseLedgerVersion(db: Db, companyId: string): Promise<string> {
  const [row] = rowsOf<{ n: string | null }>(
    await db.execute(sql`SELECT sum(row_count)::text AS n FROM excise_month_totals WHERE company_id = ${companyId}`),
  );
  return row?.n ?? '0';
}

/** What the opening starts from: the last filed return's end, closing and version. */
async function lastFiledKey(db: Db, s: Scope, periodStart: string): Promise<string> {
  const [row] = rowsOf<{ k: string }>(
    await db.execute(sql`
      SELECT to_char(period_end, 'YYYY-MM-DD') || ':' || filed_closing::text || ':' || version::text AS k
      FROM excise_returns
      WHERE company_id = ${s.companyId} AND form = ${s.def.form} AND site_id = ${s.siteId} AND status = 'Filed'
        AND period_end < ${periodStart} AND filed_closing IS NOT NULL
      ORDER BY period_end DESC LIMIT 1`),
  );
  return row?.k ?? 'none';
}

/** Opening = the closing of the last filed return of the form and site, plus any rows between. */
export async function readOpening(db: Db, s: Scope, periodStart: string): Promise<Opening> {
  const [filed] = rowsOf<{ end: string; closing: string; bands: Partial<Record<StrengthClass, number>> | null }>(
    await db.execute(sql`
      SELECT to_char(period_end, 'YYYY-MM-DD') AS end, filed_closing::text AS closing, filed_closing_bands AS bands
      FROM excise_returns
      WHERE company_id = ${s.companyId} AND form = ${s.def.form} AND site_id = ${s.siteId} AND status = 'Filed'
        AND period_end < ${periodStart} AND filed_closing IS NOT NULL
      ORDER BY period_end DESC LIMIT 1`),
  );
  const rest = await sumBetween(db, s, filed?.end ?? null, periodStart);
  if (!filed) return rest;
  const byClass: Partial<Record<StrengthClass, number>> = { ...(filed.bands ?? {}) };
  for (const [c, q] of Object.entries(rest.byClass))
    byClass[c as StrengthClass] = (byClass[c as StrengthClass] ?? 0) + q;
  return { total: Number(filed.closing) + rest.total, byClass };
}

// --- the return -----------------------------------------------------------------------------

export interface StoredReturn {
  id: string;
  status: 'Draft' | 'Filed' | 'Amending';
  refund_cents: string;
  filed_figures: unknown;
  filed_on: string | null;
  confirmation: string | null;
  filed_by: string | null;
  filed_by_name: string | null;
  filed_at: string | null;
  version: number;
  amendment: unknown;
  payable: unknown;
  previous_period_end: string | null;
}

async function readStored(
  db: Db,
  companyId: string,
  form: Form,
  siteId: string,
  periodStart: string,
): Promise<StoredReturn | null> {
  const [row] = rowsOf<StoredReturn>(
    await db.execute(sql`
      SELECT r.id::text AS id, r.status, r.refund_cents::text AS refund_cents, r.filed_figures,
             to_char(r.filed_on, 'YYYY-MM-DD') AS filed_on, r.confirmation, r.filed_by::text AS filed_by,
             u.name AS filed_by_name, to_char(r.filed_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS filed_at, r.version,
             r.amendment, r.payable, to_char(r.previous_period_end, 'YYYY-MM-DD') AS previous_period_end
      FROM excise_returns r LEFT JOIN users u ON u.id = r.filed_by
      WHERE r.company_id = ${companyId} AND r.form = ${form} AND r.site_id = ${siteId} AND r.period_start = ${periodStart}`),
  );
  return row ?? null;
}

export interface ReturnResult {
  form: Form;
  site: Site;
  periodStart: string;
  periodEnd: string;
  stored: StoredReturn | null;
  computed: ComputedReturn;
}

export async function buildReturn(
  ctx: DomainContext,
  form: Form,
  siteId: string,
  periodStart: string,
  periodEnd: string,
  company?: CompanyInfo,
  site?: Site,
): Promise<ReturnResult> {
  const co = company ?? (await readCompany(ctx.db, ctx.actor.companyId));
  const st = site ?? (await readSite(ctx, siteId));
  checkPeriod(co, periodStart, periodEnd, frequencyOfSite(st));
  const def = FORM_DEFS[form];
  const scope = { def, companyId: ctx.actor.companyId, siteId: st.id };
  // one snapshot for every read; no JIT: these are short index-range aggregates, and compiling
  // them (PostgreSQL's cost estimate of the grouped expressions) took seconds, not milliseconds
  const [opening, buckets, rates, stored] = await ctx.db.transaction(async (db) => {
    await db.execute(sql`SET LOCAL jit = off`);
    await db.execute(sql`SET LOCAL work_mem = '32MB'`);
    const rates = await readRates({ ...ctx, db });
    const monthly = rates.every((r) => r.effectiveFrom.endsWith('-01'));
    const stored = await readStored(db, ctx.actor.companyId, form, st.id, periodStart);
    const version = def.source === 'excise' ? await exciseLedgerVersion(db, ctx.actor.companyId) : null;
    const key =
      version === null
        ? null
        : [
            ctx.actor.companyId,
            form,
            st.id,
            periodStart,
            periodEnd,
            monthly,
            version,
            await lastFiledKey(db, scope, periodStart),
          ].join('|');
    const cached = key ? SUMS.get(key) : undefined;
    if (cached) return [cached.opening, cached.buckets, rates, stored] as const;
    const sums = {
      opening: await readOpening(db, scope, periodStart),
      buckets: await readBuckets(db, scope, periodStart, periodEnd, monthly),
    };
    if (key) remember(key, sums);
    return [sums.opening, sums.buckets, rates, stored] as const;
  });
  const computed = computeReturn(def, opening, buckets, rates, periodEnd, Number(stored?.refund_cents ?? 0));
  return { form, site: st, periodStart, periodEnd, stored, computed };
}

const num3 = (m: number) => Number(formatScaled(m, 3));
const money = (c: number) => Number(formatScaled(c, 2));

/** The API's shape (schema/graphql/returns.graphql ExciseReturn). `filing` is the company
 * period the return is filed with (its own unless a half-yearly site's return is filed with the
 * month that ends its half-year). */
export function returnView(r: ReturnResult, filing?: { periodStart: string; periodEnd: string }) {
  const { computed: c, stored } = r;
  return {
    form: r.form,
    siteId: r.site.id,
    siteName: r.site.name,
    licence: r.site.licences[r.form],
    halfYearly: r.site.halfYearly,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    filingPeriodStart: filing?.periodStart ?? r.periodStart,
    filingPeriodEnd: filing?.periodEnd ?? r.periodEnd,
    dueDate: dueDate(r.periodEnd),
    status: stored?.status ?? 'Draft',
    nil: c.nil,
    rowCount: c.rowCount,
    reconciled: c.reconciled,
    ledgerClosing: num3(c.ledgerClosing),
    unmatched: num3(c.unmatched),
    unit: FORM_DEFS[r.form].unit,
    lines: c.lines.map((l) => ({
      key: l.key,
      label: l.label,
      labelFr: l.labelFr,
      section: l.section,
      unit: l.unit,
      quantity: num3(l.quantity),
      categories: [...l.categories],
      bands: l.bands?.map((b) => ({ band: b.band, quantity: num3(b.quantity) })) ?? null,
    })),
    duty: c.duty.map((d) => ({
      key: d.key,
      label: d.label,
      labelFr: d.labelFr,
      line: d.line,
      quantity: d.quantity === null ? null : num3(d.quantity),
      unit: d.unit,
      rate: d.rate === null ? null : num3(d.rate),
      rateFrom: d.rateFrom,
      amount: money(d.amount),
    })),
    refund: money(Number(stored?.refund_cents ?? 0)),
    totalDuty: money(c.totalDuty),
    filing:
      stored && stored.filed_on
        ? {
            filedOn: stored.filed_on,
            confirmation: stored.confirmation,
            filedBy: stored.filed_by_name,
            filedAt: stored.filed_at,
            version: stored.version,
          }
        : null,
    amendment: stored?.amendment ? JSON.stringify(stored.amendment) : null,
    payable: stored?.payable ? JSON.stringify(stored.payable) : null,
  };
}
export type ReturnView = ReturnType<typeof returnView>;
