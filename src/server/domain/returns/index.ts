// The CRA excise returns as a domain module (schema/graphql/returns.graphql): B266, B262, B265
// and B263 computed from the ledgers for a period and a site, their Details, the period list,
// filing (the period lock) and reopening, the B256 refund offset and the dated duty rates.
import { sql } from 'drizzle-orm';
import { resolver, type DomainModule } from '../kernel/module';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import { csvLine } from '../kernel/csv';
import type { Form } from './forms';
import { returnDetails, type DetailsArgs } from './details';
import { filePeriod, reopenPeriod, setRefund, type Confirmation } from './filing';
import { listPeriods } from './list';
import { parseDate } from './periods';
import { RATE_LABELS, RATE_PRODUCTS, parseRate, type RateProduct } from './rates';
import {
  buildReturn,
  filingPeriodOf,
  isForm,
  readCompany,
  readRates,
  readSites,
  returnView,
  type ReturnView,
} from './service';

interface ReturnArgs {
  form: Form;
  siteId: string;
  periodStart: string;
  periodEnd: string;
}

const formOf = (v: unknown): Form => {
  if (!isForm(v)) throw validationError({ form: 'Must be B266, B262, B265 or B263' });
  return v;
};

async function viewOf(ctx: DomainContext, a: ReturnArgs) {
  const company = await readCompany(ctx.db, ctx.actor.companyId);
  const r = await buildReturn(ctx, formOf(a.form), String(a.siteId), a.periodStart, a.periodEnd, company);
  const filing = r.site.halfYearly
    ? filingPeriodOf(r.site, await readSites(ctx), company, r.periodStart, r.periodEnd)
    : undefined;
  return returnView(r, filing);
}

async function ratesView(ctx: DomainContext) {
  return (await readRates(ctx)).map((r) => ({
    product: r.product,
    label: RATE_LABELS[r.product],
    effectiveFrom: r.effectiveFrom,
    rate: r.rate / 1000,
    custom: Boolean(r.custom),
  }));
}

/** A return as CSV, in the webform's order: inventory lines, then duty lines. */
export function returnCsv(v: ReturnView): string {
  const rows: unknown[][] = [
    ['form', 'licence', 'site', 'periodStart', 'periodEnd', 'dueDate', 'status'],
    [v.form, v.licence, v.siteName, v.periodStart, v.periodEnd, v.dueDate, v.status],
    [],
    ['section', 'key', 'label', 'unit', 'quantity', 'rate', 'rateFrom', 'amount'],
    ...v.lines.map((l) => [l.section, l.key, l.label, l.unit, l.quantity.toFixed(3), '', '', '']),
    ...v.duty.map((d) => [
      'duty',
      d.key,
      d.label,
      d.unit ?? '',
      d.quantity === null ? '' : d.quantity.toFixed(3),
      d.rate === null ? '' : d.rate.toFixed(3),
      d.rateFrom ?? '',
      d.amount.toFixed(2),
    ]),
    ['total', 'totalDuty', 'Total payable', 'CAD', '', '', '', v.totalDuty.toFixed(2)],
  ];
  return rows.map(csvLine).join('\r\n') + '\r\n';
}

export const returnsModule: DomainModule = {
  name: 'returns',
  query: {
    exciseReturnPeriods: resolver<{ fiscalYear?: number | null }>(async (_r, a, ctx) =>
      listPeriods(await ctx.domain(), a.fiscalYear),
    ),
    exciseReturn: resolver<ReturnArgs>(async (_r, a, ctx) => viewOf(await ctx.domain(), a)),
    exciseReturnDetails: resolver<DetailsArgs>(async (_r, a, ctx) =>
      returnDetails(await ctx.domain(), { ...a, form: formOf(a.form), siteId: String(a.siteId) }),
    ),
    exciseReturnExportCSV: resolver<ReturnArgs>(async (_r, a, ctx) => {
      const v = await viewOf(await ctx.domain(), a);
      return ctx.files.save(ctx.companyId, ctx.userId, `${v.form}-${v.periodStart}.csv`, returnCsv(v));
    }),
    exciseRates: async (_r, _a, ctx) => ratesView(await ctx.domain()),
  },
  mutation: {
    exciseReturnSetRefund: resolver<ReturnArgs & { amount: number }>(async (_r, a, ctx) =>
      setRefund(await ctx.domain(), formOf(a.form), String(a.siteId), a.periodStart, a.periodEnd, a.amount),
    ),
    exciseReturnsFile: resolver<{
      periodStart: string;
      periodEnd: string;
      filedOn: string;
      confirmations?: Confirmation[] | null;
    }>(async (_r, a, ctx) =>
      filePeriod(await ctx.domain(), a.periodStart, a.periodEnd, a.filedOn, a.confirmations ?? []),
    ),
    exciseReturnsReopen: resolver<{ periodStart: string; periodEnd: string }>(async (_r, a, ctx) =>
      reopenPeriod(await ctx.domain(), a.periodStart, a.periodEnd),
    ),
    exciseRateSet: resolver<{ product: string; effectiveFrom: string; rate: number }>(async (_r, a, ctx) => {
      const domain = await ctx.domain();
      if (!(RATE_PRODUCTS as readonly string[]).includes(a.product))
        throw validationError({ product: `Must be one of ${RATE_PRODUCTS.join(', ')}` });
      const d = parseDate(a.effectiveFrom);
      if (!d) throw validationError({ effectiveFrom: 'Must be a date (YYYY-MM-DD)' });
      if (d[1] !== 4 || d[2] !== 1) throw validationError({ effectiveFrom: 'Rates are indexed on April 1' });
      const rate = parseRate(a.rate);
      if (rate === null) throw validationError({ rate: 'Must be 0 or more with at most 3 decimals' });
      await domain.db.transaction(async (db) => {
        await db.execute(sql`
          INSERT INTO excise_rates (company_id, product, effective_from, rate, user_id)
          VALUES (${domain.actor.companyId}, ${a.product}, ${a.effectiveFrom}, ${(rate / 1000).toFixed(3)}, ${domain.actor.userId})
          ON CONFLICT (company_id, product, effective_from) DO UPDATE SET rate = excluded.rate,
            user_id = excluded.user_id, updated_at = now()`);
        await recordAudit(db, domain.actor, {
          entity: 'ExciseRate',
          entityId: domain.actor.companyId,
          event: 'updated',
          after: { product: a.product as RateProduct, effectiveFrom: a.effectiveFrom, rate: rate / 1000 },
        });
      });
      return ratesView(domain);
    }),
  },
};
