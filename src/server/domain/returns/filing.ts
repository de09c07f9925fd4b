// Filing: a period's returns are drafts until filed together. Filing checks every return of the
// period (each site, each form it files) reconciles to the ledger, records what was filed (date,
// confirmation number, who), creates the excise payable when the company accrues excise (and,
// with Create excise receipt, the supplier's receipt of the duty: purchasing/exciseDutyReceipt.ts), and
// moves the company's period lock (companies.excise_period_end) to the period's end: the ledger
// then refuses any posting dated inside it. Only the latest filed period can be reopened (for an
// amended return); filing it again records the difference from what was filed before.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import { formatScaled } from '../excise/quantities';
import { queueFiledPayables } from '../integrations/accounting/excisePayable';
import { createDutyReceipt, dutyReceiptSettings } from '../purchasing/exciseDutyReceipt';
import type { Form } from './forms';
import { addDays, dueDate, parseDate, periodOf } from './periods';
import {
  buildReturn,
  checkPeriod,
  companyFrequency,
  filingPeriodOf,
  formsOfSite,
  frequencyOfSite,
  readCompany,
  readSites,
  returnView,
  type CompanyInfo,
  type ReturnResult,
  type ReturnView,
  type Site,
} from './service';

export interface Confirmation {
  form: Form;
  siteId: string;
  confirmation?: string | null;
}

/** Every return filed with a company period ending on `periodEnd`: each site that files, each
 * form it files (active sites, and inactive ones with movement), over the site's own period: the
 * month, or for a half-yearly site its half-year, filed with the month that ends it. */
export async function returnsOfPeriod(
  ctx: DomainContext,
  company: CompanyInfo,
  periodEnd: string,
  sites?: Site[],
): Promise<ReturnResult[]> {
  const out: ReturnResult[] = [];
  for (const site of sites ?? (await readSites(ctx))) {
    const own = periodOf(periodEnd, company.fiscalYearMonth, frequencyOfSite(site));
    if (own.periodEnd !== periodEnd) continue;
    for (const form of formsOfSite(site, company.allowWine)) {
      const r = await buildReturn(ctx, form, site.id, own.periodStart, own.periodEnd, company, site);
      if (site.active || !r.computed.nil) out.push(r);
    }
  }
  return out;
}

/** Checks a filing period: one of the company's periods (fiscal months, or half-years when every site files half-yearly). */
async function checkFilingPeriod(ctx: DomainContext, company: CompanyInfo, periodStart: string, periodEnd: string) {
  const sites = await readSites(ctx);
  checkPeriod(company, periodStart, periodEnd, companyFrequency(sites, company.allowWine));
  return sites;
}

type Figures = Pick<ReturnView, 'lines' | 'duty' | 'totalDuty'>;

/** What an amended return changes, by line and duty key (only what differs). */
function differenceOf(before: Figures, after: Figures) {
  const diff = (a: { key: string; quantity: number | null }[], b: { key: string; quantity: number | null }[]) => {
    const sum = (list: typeof a) => {
      const m = new Map<string, number>();
      for (const x of list) m.set(x.key, (m.get(x.key) ?? 0) + (x.quantity ?? 0));
      return m;
    };
    const [ma, mb] = [sum(a), sum(b)];
    return [...new Set([...ma.keys(), ...mb.keys()])]
      .map((key) => ({ key, difference: Number(((mb.get(key) ?? 0) - (ma.get(key) ?? 0)).toFixed(3)) }))
      .filter((d) => d.difference !== 0);
  };
  const amounts = (list: Figures['duty']) => list.map((d) => ({ key: d.key, quantity: d.amount }));
  return {
    lines: diff(before.lines, after.lines),
    duty: diff(amounts(before.duty), amounts(after.duty)),
    totalDuty: Number((after.totalDuty - before.totalDuty).toFixed(2)),
  };
}

export async function filePeriod(
  ctx: DomainContext,
  periodStart: string,
  periodEnd: string,
  filedOn: string,
  confirmations: Confirmation[] = [],
): Promise<ReturnView[]> {
  if (!parseDate(filedOn)) throw validationError({ filedOn: 'Must be a date (YYYY-MM-DD)' });
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const company = await readCompany(db, ctx.actor.companyId, true);
    const sites = await checkFilingPeriod(tx, company, periodStart, periodEnd);
    if (filedOn <= periodEnd)
      throw validationError({ filedOn: `A return for the period to ${periodEnd} is filed after it ends` });
    const lock = company.excisePeriodEnd;
    if (lock && periodEnd <= lock)
      throw new AppError('CONFLICT', `The excise period ${periodStart} to ${periodEnd} is already filed`, {
        excisePeriodEnd: lock,
      });
    if (lock && periodStart > addDays(lock, 1))
      throw new AppError(
        'CONFLICT',
        `File the periods from ${addDays(lock, 1)} first: returns are filed in order, nil returns included`,
        { excisePeriodEnd: lock },
      );
    const returns = await returnsOfPeriod(tx, company, periodEnd, sites);
    if (!returns.length)
      throw new AppError('CONFLICT', 'No site files an excise return: set the sites’ excise licences first');
    const unreconciled = returns.filter((r) => !r.computed.reconciled);
    if (unreconciled.length)
      throw new AppError(
        'CONFLICT',
        `These returns do not reconcile to the ledger and cannot be filed: ${unreconciled
          .map(
            (r) =>
              `${r.form} ${r.site.name} (${formatScaled(r.computed.unmatched, 3)} ${r.form === 'B265' ? 'L' : 'LAA'} in transfers or categories no line counts)`,
          )
          .join('; ')}`,
        { returns: unreconciled.map((r) => ({ form: r.form, siteId: r.site.id })) },
      );
    const withPayable: string[] = [];
    // Create excise receipt books the duty as a supplier's receipt: it is accrued all the same
    const receipts = await dutyReceiptSettings(db, ctx.actor.companyId);
    const accrues = company.accrual || receipts.on;
    for (const r of returns) {
      const due = dueDate(r.periodEnd);
      const view = returnView(r);
      const figures: Figures = { lines: view.lines, duty: view.duty, totalDuty: view.totalDuty };
      const confirmation =
        confirmations.find((c) => c.form === r.form && String(c.siteId) === r.site.id)?.confirmation?.trim() || null;
      const amendment =
        r.stored?.status === 'Amending' && r.stored.filed_figures
          ? differenceOf(r.stored.filed_figures as Figures, figures)
          : null;
      const payable =
        // an amendment to nil duty still has a payable (of 0): what was booked before is credited
        accrues && (r.computed.totalDuty !== 0 || r.stored?.payable)
          ? {
              amount: view.totalDuty,
              payToId: company.paymentToId,
              paymentMethodId: company.paymentMethodId,
              accountRef: company.paymentAccountRef,
              itemId: company.paymentItemId,
              dueDate: due,
              memo: `${r.form} ${r.site.licences[r.form] ?? r.site.name} ${r.periodStart} to ${r.periodEnd}`,
            }
          : null;
      const [stored] = rowsOf<{ id: string; version: number }>(
        await db.execute(sql`
        INSERT INTO excise_returns AS x (company_id, form, site_id, period_start, period_end, status, licence,
          filed_figures, filed_closing, filed_closing_bands, filed_on, confirmation, filed_by, filed_at, version,
          amendment, payable, previous_period_end)
        VALUES (${ctx.actor.companyId}, ${r.form}, ${r.site.id}, ${r.periodStart}, ${r.periodEnd}, 'Filed',
          ${r.site.licences[r.form]}, ${JSON.stringify(figures)}::jsonb, ${r.computed.closing},
          ${JSON.stringify(r.computed.closingByClass)}::jsonb, ${filedOn}, ${confirmation}, ${ctx.actor.userId}, now(), 1,
          NULL, ${payable ? JSON.stringify(payable) : null}::jsonb, ${lock})
        ON CONFLICT (company_id, form, site_id, period_start) DO UPDATE SET
          status = 'Filed', period_end = excluded.period_end, licence = excluded.licence,
          filed_figures = excluded.filed_figures, filed_closing = excluded.filed_closing,
          filed_closing_bands = excluded.filed_closing_bands, filed_on = excluded.filed_on,
          confirmation = excluded.confirmation, filed_by = excluded.filed_by, filed_at = now(),
          version = x.version + 1, amendment = ${amendment ? JSON.stringify(amendment) : null}::jsonb,
          payable = excluded.payable, previous_period_end = excluded.previous_period_end, updated_at = now()
        RETURNING x.id::text AS id, x.version`),
      );
      if (payable) withPayable.push(stored.id);
      if (payable)
        await createDutyReceipt(tx, receipts, {
          returnId: stored.id,
          version: Number(stored.version),
          form: r.form,
          siteId: r.site.id,
          periodEnd: r.periodEnd,
          dueDate: due,
          memo: payable.memo,
          dutyCents: Math.round(view.totalDuty * 100),
          previousCents: Math.round(Number((r.stored?.payable as { amount?: number } | null)?.amount ?? 0) * 100),
        });
    }
    // the payables go to the accounting system with the filing, or not at all
    await queueFiledPayables(tx, withPayable);
    await db.execute(sql`UPDATE companies SET excise_period_end = ${periodEnd} WHERE id = ${ctx.actor.companyId}`);
    await recordAudit(db, ctx.actor, {
      entity: 'ExciseReturn',
      entityId: ctx.actor.companyId,
      event: 'updated',
      before: { excisePeriodEnd: lock, status: 'Draft' },
      after: {
        excisePeriodEnd: periodEnd,
        filedOn,
        returns: returns.map((r) => ({ form: r.form, siteId: r.site.id, totalDuty: r.computed.totalDuty / 100 })),
      },
    });
    const company2 = await readCompany(db, ctx.actor.companyId);
    return (await returnsOfPeriod(tx, company2, periodEnd)).map((r) => returnView(r, { periodStart, periodEnd }));
  });
}

export async function reopenPeriod(ctx: DomainContext, periodStart: string, periodEnd: string): Promise<ReturnView[]> {
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const company = await readCompany(db, ctx.actor.companyId, true);
    await checkFilingPeriod(tx, company, periodStart, periodEnd);
    if (company.excisePeriodEnd !== periodEnd)
      throw new AppError(
        'CONFLICT',
        company.excisePeriodEnd
          ? `Only the latest filed period (to ${company.excisePeriodEnd}) can be reopened`
          : 'No excise period is filed',
        { excisePeriodEnd: company.excisePeriodEnd },
      );
    const [row] = rowsOf<{ previous: string | null; n: number }>(
      await db.execute(sql`
        SELECT max(to_char(previous_period_end, 'YYYY-MM-DD')) AS previous, count(*)::int AS n FROM excise_returns
        WHERE company_id = ${ctx.actor.companyId} AND period_end = ${periodEnd} AND status = 'Filed'`),
    );
    // a lock set some other way than by filing here goes back to the day before the period
    const previous = row.n ? row.previous : addDays(periodStart, -1);
    await db.execute(sql`
      UPDATE excise_returns SET status = 'Amending', updated_at = now()
      WHERE company_id = ${ctx.actor.companyId} AND period_end = ${periodEnd} AND status = 'Filed'`);
    await db.execute(sql`UPDATE companies SET excise_period_end = ${previous} WHERE id = ${ctx.actor.companyId}`);
    await recordAudit(db, ctx.actor, {
      entity: 'ExciseReturn',
      entityId: ctx.actor.companyId,
      event: 'updated',
      before: { excisePeriodEnd: periodEnd },
      after: { excisePeriodEnd: previous },
    });
    const company2 = await readCompany(db, ctx.actor.companyId);
    return (await returnsOfPeriod(tx, company2, periodEnd)).map((r) => returnView(r, { periodStart, periodEnd }));
  });
}

/** The B256 refund claims to offset against a return's duty (a draft or a return being amended). */
export async function setRefund(
  ctx: DomainContext,
  form: Form,
  siteId: string,
  periodStart: string,
  periodEnd: string,
  amount: number,
): Promise<ReturnView> {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || amount < 0 || Math.abs(cents - amount * 100) > 1e-6 || cents > 1e13)
    throw validationError({ amount: 'Must be an amount of 0 or more with at most 2 decimals' });
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const company = await readCompany(db, ctx.actor.companyId, true);
    const r = await buildReturn(tx, form, siteId, periodStart, periodEnd, company);
    if (!FORM_HAS_DUTY(form)) throw validationError({ form: `${form} has no duty section` });
    if (r.stored?.status === 'Filed' || (company.excisePeriodEnd && periodEnd <= company.excisePeriodEnd))
      throw new AppError('CONFLICT', `The ${form} for ${periodStart} to ${periodEnd} is filed: reopen it to amend`);
    await db.execute(sql`
      INSERT INTO excise_returns AS x (company_id, form, site_id, period_start, period_end, refund_cents, licence)
      VALUES (${ctx.actor.companyId}, ${form}, ${r.site.id}, ${periodStart}, ${periodEnd}, ${cents}, ${r.site.licences[form]})
      ON CONFLICT (company_id, form, site_id, period_start) DO UPDATE SET refund_cents = excluded.refund_cents, updated_at = now()`);
    const after = await buildReturn(tx, form, siteId, periodStart, periodEnd, company, r.site);
    return returnView(after, filingPeriodOf(r.site, await readSites(tx), company, periodStart, periodEnd));
  });
}

const FORM_HAS_DUTY = (form: Form) => form !== 'B263';
