// The customer's statement for a period (issue 18), one per currency the customer was invoiced
// in: the opening balance (what the invoices dated before the period still owed at its start),
// each invoice, payment and credit in the period, and the closing balance.
//
// Payments are recorded on the invoice (amountPaid) without a date of their own, so a payment
// counts on its invoice's date; a credit is a sales return of the invoice once Received or
// Credited (sales/balance.ts CREDITING_RETURN_STATUSES), on the return's date. Hence the closing
// balance at `to` equals the sum of the balances of the invoices dated up to `to` whose returns
// are dated up to `to` as well. Exact decimals at the columns' 3 places, rounded once per figure
// to the currency's precision.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { currencyPrecision, fromScaled, roundDecimal, toScaled } from '../../../shared/money';
import { validationError } from '../kernel/errors';
import { CREDITING_RETURN_STATUSES } from '../sales/balance';
import type { PortalContext } from './context';

/** A statement covers at most this many days: a year and a bit, so one answer stays small. */
export const MAX_STATEMENT_DAYS = 400;

type Kind = 'Invoice' | 'Payment' | 'Credit';

interface Movement {
  date: string;
  kind: Kind;
  number: string;
  currency: string;
  /** at 3 decimals: + owed more (an invoice), - owed less (a payment, a credit) */
  units: bigint;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export async function portalStatement(ctx: PortalContext, from: string, to: string) {
  if (!DATE.test(from) || Number.isNaN(dayNumber(from))) throw validationError({ from: 'Invalid date' });
  if (!DATE.test(to) || Number.isNaN(dayNumber(to))) throw validationError({ to: 'Invalid date' });
  if (to < from) throw validationError({ to: 'Must be on or after the start date' });
  if (dayNumber(to) - dayNumber(from) > MAX_STATEMENT_DAYS)
    throw validationError({ to: `A statement covers at most ${MAX_STATEMENT_DAYS} days` });
  const statuses = sql.join(
    CREDITING_RETURN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // the movements up to `to`, each with its sign; those before `from` make the opening balance
  const rows = rowsOf<{ date: string; kind: Kind; number: string; currency: string; amount: string }>(
    await ctx.db.execute(sql`
      WITH sent AS (
        SELECT id, number, date, coalesce(currency, 'CAD') AS currency, coalesce(total, 0) AS total,
               coalesce(amount_paid, 0) AS paid
        FROM invoices
        WHERE company_id = ${ctx.companyId} AND customer_id = ${ctx.customerId}
          AND status NOT IN ('Draft', 'Void') AND date <= ${to}::date
      )
      SELECT * FROM (
      SELECT to_char(date, 'YYYY-MM-DD') AS date, 'Invoice' AS kind, number, currency, total::text AS amount FROM sent
      UNION ALL
      SELECT to_char(date, 'YYYY-MM-DD'), 'Payment', number, currency, (-paid)::text FROM sent WHERE paid <> 0
      UNION ALL
      SELECT to_char(r.date, 'YYYY-MM-DD'), 'Credit', r.number, s.currency, (-coalesce(r.total, 0))::text
      FROM sales_returns r JOIN sent s ON s.id = r.invoice_id
      WHERE r.company_id = ${ctx.companyId} AND r.status IN (${statuses}) AND r.date <= ${to}::date
      ) m
      -- on one day: the invoice, then its payment, then credits
      ORDER BY date, CASE kind WHEN 'Invoice' THEN 0 WHEN 'Payment' THEN 1 ELSE 2 END, number`),
  );
  const movements: Movement[] = rows.map((r) => ({ ...r, units: toScaled(r.amount, 3) }));
  const currencies = [...new Set(movements.map((m) => m.currency))].sort();
  return currencies.map((currency) => {
    const p = currencyPrecision(currency);
    const show = (units: bigint) => roundDecimal(fromScaled(units, 3), p);
    const mine = movements.filter((m) => m.currency === currency);
    const opening = mine.filter((m) => m.date < from).reduce((sum, m) => sum + m.units, 0n);
    const inPeriod = mine.filter((m) => m.date >= from);
    const sumOf = (kind: Kind) => inPeriod.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.units, 0n);
    let running = opening;
    const lines = inPeriod.map((m) => {
      running += m.units;
      return { date: m.date, kind: m.kind, number: m.number, amount: show(m.units), balance: show(running) };
    });
    return {
      currency,
      from,
      to,
      openingBalance: show(opening),
      invoiced: show(sumOf('Invoice')),
      paid: show(-sumOf('Payment')),
      credited: show(-sumOf('Credit')),
      closingBalance: show(running),
      lines,
    };
  });
}
