// Sales by customer: per customer, the issued invoices dated in the range (their count and
// subtotals), less the crediting returns dated in the range, and the net taxes and totals. No
// quantity: a customer's bottles, cases and kilograms do not add up (SalesByCustomerItem has
// them per item). Each document's subtotal, taxes and total are converted to the home
// currency at its own rate and rounded once, as the customer summary converts balances
// (sales/balance.ts), so a customer's row agrees with its invoices list and, in the home
// currency, with the subtotals printed on them. Grouped in SQL by customer and month (the
// 100k-line bench, tests/bench/sales.ts).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ReportRun } from '../../../../shared/reports/types';
import type { ReportParams } from '../params';
import { byName, chartNumber, crediting, docFilters, homeOf, inHome, money, notSale, units } from './common';

interface DocRow {
  kind: 'i' | 'r';
  /** set on a customer's row, null on a month's */
  customerId: string | null;
  /** set on a month's row, null on a customer's */
  month: string | null;
  n: number;
  sales: string;
  taxes: string;
  total: string;
}

interface Figures {
  invoices: bigint;
  sales: bigint;
  returns: bigint;
  taxes: bigint;
  total: bigint;
}

const zero = (): Figures => ({ invoices: 0n, sales: 0n, returns: 0n, taxes: 0n, total: 0n });

export async function salesByCustomer(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const home = await homeOf(ctx);
  const company = ctx.actor.companyId;
  const rep = (d: string) => (p.salesRepId ? sql`AND ${sql.raw(d)}.sales_rep_id = ${p.salesRepId}` : sql``);
  const returnsRep = p.salesRepId
    ? sql`JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id AND i.sales_rep_id = ${p.salesRepId}`
    : sql``;
  const invoices = sql`d.company_id = ${company} AND d.status NOT IN ${notSale} AND ${docFilters('d', p)} ${rep('d')}`;
  const returns = sql`d.company_id = ${company} AND d.status IN ${crediting} AND ${docFilters('d', p)}`;
  const amounts = (d: string) => sql`
    sum(${inHome(sql`coalesce(${sql.raw(d)}.subtotal, 0)`, d, home)})::text AS sales,
    sum(${inHome(sql`coalesce(${sql.raw(d)}.tax_total, 0)`, d, home)})::text AS taxes,
    sum(${inHome(sql`coalesce(${sql.raw(d)}.total, 0)`, d, home)})::text AS total`;
  // one aggregate of the documents' stored figures, by customer (the table) and by month (the
  // chart) in one pass (grouping sets): the lines are not read (their amounts add up to the
  // stored subtotal), so a year of 100k lines is 20k rows in and a row per customer out
  const grouped = (d: string) =>
    sql`GROUP BY GROUPING SETS ((${sql.raw(d)}.customer_id), (date_trunc('month', ${sql.raw(d)}.date)))`;
  const docs = rowsOf<DocRow>(
    await ctx.db.execute(sql`
      SELECT 'i' AS kind, d.customer_id::text AS "customerId", to_char(date_trunc('month', d.date), 'YYYY-MM') AS month,
        count(*)::int AS n, ${amounts('d')}
      FROM invoices d WHERE ${invoices} ${grouped('d')}
      UNION ALL
      SELECT 'r', d.customer_id::text, to_char(date_trunc('month', d.date), 'YYYY-MM'), count(*)::int, ${amounts('d')}
      FROM sales_returns d ${returnsRep} WHERE ${returns} ${grouped('d')}`),
  );
  // the names of the customers found only (a company may hold 100k customers)
  const ids = [...new Set(docs.flatMap((d) => (d.customerId === null ? [] : [d.customerId])))];
  const names = new Map(
    ids.length
      ? rowsOf<{ id: string; name: string }>(
          await ctx.db.execute(sql`
            SELECT id::text AS id, name FROM customers
            WHERE company_id = ${company} AND id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`),
        ).map((c) => [c.id, c.name])
      : [],
  );
  const customers = new Map<string, Figures>();
  const months = new Map<string, bigint>();
  const all = zero();
  for (const d of docs) {
    const [sales, taxes, total] = [units(d.sales, home), units(d.taxes, home), units(d.total, home)];
    if (d.month !== null) {
      months.set(d.month, (months.get(d.month) ?? 0n) + (d.kind === 'i' ? sales : -sales));
      continue;
    }
    const f = customers.get(d.customerId!) ?? zero();
    // a return takes its subtotal off the sales, its taxes and total off the customer's
    const part: Partial<Figures> =
      d.kind === 'i'
        ? { invoices: BigInt(d.n), sales, taxes, total }
        : { returns: sales, taxes: -taxes, total: -total };
    for (const [k, v] of Object.entries(part) as [keyof Figures, bigint][]) {
      f[k] += v;
      all[k] += v;
    }
    customers.set(d.customerId!, f);
  }
  const sorted = [...customers.entries()]
    .map(([id, f]) => ({ name: names.get(id) ?? '', f }))
    .sort((a, b) => byName(a.name, b.name));
  const cells = (f: Figures) => [
    String(f.invoices),
    money(f.sales, home),
    money(f.returns, home),
    money(f.sales - f.returns, home),
    money(f.taxes, home),
    money(f.total, home),
  ];
  const top = [...sorted]
    .sort((a, b) => {
      const d = b.f.sales - b.f.returns - (a.f.sales - a.f.returns);
      return d > 0n ? 1 : d < 0n ? -1 : 0;
    })
    .slice(0, 10);
  const monthLabels = monthsBetween(p.from, p.to);
  return {
    rows: sorted.map((c) => [c.name, ...cells(c.f)]),
    totals: ['', ...cells(all)],
    charts: [
      {
        key: 'byMonth',
        labels: monthLabels,
        series: [{ key: 'netSales', data: monthLabels.map((m) => chartNumber(months.get(m) ?? 0n, home.precision)) }],
      },
      {
        key: 'byCustomer',
        labels: top.map((c) => c.name),
        series: [{ key: 'netSales', data: top.map((c) => chartNumber(c.f.sales - c.f.returns, home.precision)) }],
      },
    ],
  };
}

/** Every month (YYYY-MM) the range touches, so a month without sales shows as 0. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}
