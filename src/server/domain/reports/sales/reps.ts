// The sales reps' reports: each rep's issued invoices (not Draft, not Void) dated in the range,
// the invoice's own rep (not the customer's), and the commission on each worked by the sales
// module's invoiceCommissionUnits (sales/commission.ts), so a rep's total here is exactly what
// SalesRep.commissionDue answers for the same days. Sales are the invoices' subtotals (the goods,
// before tax and shipping: what commission is paid on) in the home currency, each converted at
// its own rate and rounded once. Returns do not reduce a commission (commissionDue does not).
// The summary lists every active rep, and an inactive one with invoices in the range.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ReportRun } from '../../../../shared/reports/types';
import { roundDecimal, toHomeUnits, toScaled } from '../../../../shared/money';
import { invoiceCommissionUnits } from '../../sales/commission';
import type { ReportParams } from '../params';
import { byName, chartNumber, docFilters, homeOf, money, notSale, type Home } from './common';

interface Rep {
  id: string;
  name: string;
  commission: string | null;
  active: boolean | null;
}

interface Invoice {
  repId: string;
  number: string;
  date: string;
  customer: string;
  subtotal: string | null;
  currency: string | null;
  exchangeRate: string | null;
}

/** An invoice's subtotal in home minor units: as the commission converts it (rate to 6 places). */
function salesUnits(inv: Invoice, home: Home): bigint {
  const foreign = inv.currency && inv.currency !== home.currency;
  return toHomeUnits(toScaled(inv.subtotal ?? '0', 3), 3, foreign ? (inv.exchangeRate ?? '0') : null, home.precision);
}

async function repsAndInvoices(ctx: DomainContext, p: ReportParams) {
  const company = ctx.actor.companyId;
  const reps = rowsOf<Rep>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name, commission::text AS commission, active FROM sales_reps
      WHERE company_id = ${company} ${p.salesRepId ? sql`AND id = ${p.salesRepId}` : sql``}`),
  );
  const invoices = rowsOf<Invoice>(
    await ctx.db.execute(sql`
      SELECT d.sales_rep_id::text AS "repId", d.number, to_char(d.date, 'YYYY-MM-DD') AS date,
        coalesce(c.name, '') AS customer, d.subtotal::text AS subtotal, d.currency,
        d.exchange_rate::text AS "exchangeRate"
      FROM invoices d LEFT JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
      WHERE d.company_id = ${company} AND d.status NOT IN ${notSale} AND d.sales_rep_id IS NOT NULL
        AND ${docFilters('d', p)} ${p.salesRepId ? sql`AND d.sales_rep_id = ${p.salesRepId}` : sql``}
      ORDER BY d.date, d.number, d.id`),
  );
  const byRep = new Map<string, Invoice[]>();
  for (const inv of invoices) {
    const list = byRep.get(inv.repId);
    if (list) list.push(inv);
    else byRep.set(inv.repId, [inv]);
  }
  return { reps: reps.sort((a, b) => byName(a.name, b.name)), invoicesOf: (rep: Rep) => byRep.get(rep.id) ?? [] };
}

/** The rate with up to 2 decimals ('7.5', '10'). */
const percent = (rep: Rep) => roundDecimal(rep.commission ?? '0', 2).replace(/\.?0+$/, '');

export async function salesRepsSummary(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const { reps, invoicesOf } = await repsAndInvoices(ctx, p);
  const figures = reps
    .map((rep) => {
      const mine = invoicesOf(rep);
      return {
        rep,
        count: mine.length,
        sales: mine.reduce((a, i) => a + salesUnits(i, home), 0n),
        commission: mine.reduce((a, i) => a + invoiceCommissionUnits(i, rep.commission ?? '0', home.currency), 0n),
      };
    })
    .filter((f) => f.rep.active !== false || f.count > 0);
  const sum = (pick: (f: (typeof figures)[number]) => bigint) => figures.reduce((a, f) => a + pick(f), 0n);
  return {
    rows: figures.map((f) => [
      f.rep.name,
      percent(f.rep),
      String(f.count),
      money(f.sales, home),
      money(f.commission, home),
    ]),
    totals: [
      '',
      '',
      String(sum((f) => BigInt(f.count))),
      money(
        sum((f) => f.sales),
        home,
      ),
      money(
        sum((f) => f.commission),
        home,
      ),
    ],
    charts: [
      {
        key: 'byRep',
        labels: figures.map((f) => f.rep.name),
        series: [
          { key: 'sales', data: figures.map((f) => chartNumber(f.sales, home.precision)) },
          { key: 'commission', data: figures.map((f) => chartNumber(f.commission, home.precision)) },
        ],
      },
    ],
  };
}

export async function salesRepsDetails(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const { reps, invoicesOf } = await repsAndInvoices(ctx, p);
  const rows: string[][] = [];
  let sales = 0n;
  let commission = 0n;
  for (const rep of reps)
    for (const inv of invoicesOf(rep)) {
      const s = salesUnits(inv, home);
      const c = invoiceCommissionUnits(inv, rep.commission ?? '0', home.currency);
      sales += s;
      commission += c;
      rows.push([rep.name, inv.date, inv.number, inv.customer, money(s, home), percent(rep), money(c, home)]);
    }
  return { rows, totals: ['', '', '', '', money(sales, home), '', money(commission, home)] };
}
