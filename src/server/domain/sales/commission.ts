// A sales rep's commission (spec: sales reps with a commission rate): the rep's commission %
// of each invoice's subtotal (the goods, before tax and shipping), in the home currency. Each
// invoice's commission is rounded once, to the home currency: subtotal x % / 100 x exchange
// rate is worked exactly, then rounded half away from zero; the invoices' commissions are then
// added, so a statement listing them per invoice adds up. Invoices count once issued (not Draft,
// not Void), by invoice date.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { currencyPrecision, fromScaled, parseDecimal, toHomeUnits } from '../../../shared/money';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { isIsoDate } from '../../../shared/validation';
import { moneySettings } from './settings';

export interface CommissionInvoice {
  subtotal: string | number | null;
  currency: string | null;
  exchangeRate: string | number | null;
}

/** One invoice's commission in home-currency minor units. */
export function invoiceCommissionUnits(invoice: CommissionInvoice, percent: string | number, home: string): bigint {
  const p = currencyPrecision(home);
  const s = parseDecimal(invoice.subtotal ?? 0);
  const c = parseDecimal(percent);
  const foreign = invoice.currency && invoice.currency !== home;
  // subtotal x % / 100, exact, then converted and rounded once
  return toHomeUnits(s.units * c.units, s.scale + c.scale + 2, foreign ? (invoice.exchangeRate ?? 0) : null, p);
}

/** The commission on several invoices: each rounded, then added; decimal text in the home currency. */
export function commissionTotal(invoices: CommissionInvoice[], percent: string | number, home: string): string {
  const sum = invoices.reduce((acc, inv) => acc + invoiceCommissionUnits(inv, percent, home), 0n);
  return fromScaled(sum, currencyPrecision(home));
}

/** What a rep is due on the invoices dated from..to (each end optional, inclusive). */
export async function commissionDue(
  ctx: DomainContext,
  rep: { id: string; commission?: unknown },
  from: string | null,
  to: string | null,
): Promise<string> {
  const problems: Record<string, string> = {};
  if (from && !isIsoDate(from)) problems.from = 'Must be a date (yyyy-MM-dd)';
  if (to && !isIsoDate(to)) problems.to = 'Must be a date (yyyy-MM-dd)';
  if (Object.keys(problems).length) throw validationError(problems);
  const company = ctx.actor.companyId;
  const { homeCurrency } = await moneySettings(ctx);
  const [repRow] = rowsOf<{ commission: string | null }>(
    await ctx.db.execute(
      sql`SELECT commission::text AS commission FROM sales_reps WHERE company_id = ${company} AND id = ${rep.id}`,
    ),
  );
  const percent = repRow?.commission ?? '0';
  const invoices = rowsOf<{ subtotal: string | null; currency: string | null; exchangeRate: string | null }>(
    await ctx.db.execute(sql`
      SELECT subtotal::text AS subtotal, currency, exchange_rate::text AS "exchangeRate" FROM invoices
      WHERE company_id = ${company} AND sales_rep_id = ${rep.id} AND status NOT IN ('Draft', 'Void')
        ${from ? sql`AND date >= ${from}` : sql``} ${to ? sql`AND date <= ${to}` : sql``}`),
  );
  return commissionTotal(invoices, percent, homeCurrency);
}
