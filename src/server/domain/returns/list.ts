// The period list of the Excise returns page: the fiscal year's periods (from the company's
// fiscalYearMonth) up to the current one: fiscal months, or fiscal half-years when every site that
// files is authorised half-yearly. Each has its due date, whether it is filed (the company's period
// lock covers it) and the returns of every site that files, nil or not: a half-yearly site's
// return, over its half-year and due the month after it, sits on the period that ends the half.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { FORM_DEFS, companyFrequency, formsOfSite, frequencyOfSite, readCompany, readSites } from './service';
import { dueDate, fiscalYearOf, periodOf, periodsOfFiscalYear } from './periods';

export async function listPeriods(ctx: DomainContext, fiscalYear?: number | null, today = new Date()) {
  const company = await readCompany(ctx.db, ctx.actor.companyId);
  const todayIso = today.toISOString().slice(0, 10);
  const fy = fiscalYear ?? fiscalYearOf(todayIso, company.fiscalYearMonth);
  if (!Number.isInteger(fy) || fy < 1900 || fy > 2999) throw validationError({ fiscalYear: 'Must be a year' });
  const sites = await readSites(ctx);
  const frequency = companyFrequency(sites, company.allowWine);
  const periods = periodsOfFiscalYear(fy, company.fiscalYearMonth, frequency).filter((p) => p.periodStart <= todayIso);
  const from = periods[0]?.periodStart ?? `${fy}-01-01`;
  const to = periods.at(-1)?.periodEnd ?? from;
  // rows per site, alcohol type and month (bulk) and per site and month (packaged in bond)
  const moved = new Set(
    rowsOf<{ k: string }>(
      await ctx.db.execute(sql`
        SELECT DISTINCT site_id::text || ':' || alcohol_type || ':' || to_char(date, 'YYYY-MM') AS k
        FROM excise_transactions WHERE company_id = ${ctx.actor.companyId} AND date >= ${from} AND date <= ${to}
        UNION
        SELECT DISTINCT site_id::text || ':Stock:' || to_char(date, 'YYYY-MM') AS k
        FROM inventory_transactions WHERE company_id = ${ctx.actor.companyId} AND stock_kind = 'Product'
          AND status = 'InBond' AND date >= ${from} AND date <= ${to}`),
    ).map((r) => r.k),
  );
  const stored = new Map(
    rowsOf<{ k: string; status: string }>(
      await ctx.db.execute(sql`
        SELECT form || ':' || site_id::text || ':' || to_char(period_start, 'YYYY-MM-DD') AS k, status
        FROM excise_returns WHERE company_id = ${ctx.actor.companyId} AND period_start >= ${from} AND period_start <= ${to}`),
    ).map((r) => [r.k, r.status]),
  );
  return {
    fiscalYear: fy,
    fiscalYearMonth: company.fiscalYearMonth,
    excisePeriodEnd: company.excisePeriodEnd,
    frequency,
    periods: periods
      .map((p) => {
        const returns = sites.flatMap((s) => {
          const own = periodOf(p.periodEnd, company.fiscalYearMonth, frequencyOfSite(s));
          if (own.periodEnd !== p.periodEnd) return [];
          const months = monthsOf(own.periodStart, own.periodEnd);
          return formsOfSite(s, company.allowWine).flatMap((form) => {
            const def = FORM_DEFS[form];
            const kind = def.source === 'excise' ? def.alcoholType : 'Stock';
            const nil = !months.some((month) => moved.has(`${s.id}:${kind}:${month}`));
            if (!s.active && nil) return [];
            return [
              {
                form,
                siteId: s.id,
                siteName: s.name,
                licence: s.licences[form],
                halfYearly: s.halfYearly,
                periodStart: own.periodStart,
                periodEnd: own.periodEnd,
                dueDate: dueDate(own.periodEnd),
                nil,
                status: stored.get(`${form}:${s.id}:${own.periodStart}`) ?? 'Draft',
              },
            ];
          });
        });
        return {
          ...p,
          dueDate: dueDate(p.periodEnd),
          filed: Boolean(company.excisePeriodEnd && p.periodEnd <= company.excisePeriodEnd),
          returns,
        };
      })
      .reverse(),
  };
}

/** The months ('YYYY-MM') from one period start to its end. */
function monthsOf(periodStart: string, periodEnd: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(periodStart.slice(0, 4)), Number(periodStart.slice(5, 7))];
  while (`${y}-${String(m).padStart(2, '0')}` <= periodEnd.slice(0, 7)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}
