// What is still owed: an invoice's `balance` (its total, less what was paid, less the totals of
// its sales returns once Received or Credited) and a customer's balance (the open invoices'
// balances in the home currency). Exact decimals throughout (src/shared/money).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { currencyPrecision, divRound, fromScaled, pow10, toHomeUnits, toScaled } from '../../../shared/money';
import type { DomainContext } from '../records/actor';
import { moneySettings } from './settings';

/** A return credits its invoice once the goods are back (Received) or the credit is issued. */
export const CREDITING_RETURN_STATUSES = ['Received', 'Credited'] as const;

/** total - amountPaid - credits, in the currency's precision (figures stored at 3 decimals). */
export function balanceOf(currency: string, total: unknown, amountPaid: unknown, credits: unknown): string {
  const p = currencyPrecision(currency);
  const at3 = (v: unknown) => toScaled(v as string | number | null, 3);
  const units = at3(total) - at3(amountPaid) - at3(credits);
  return fromScaled(divRound(units, pow10(3 - p)), p);
}

/** Recomputes and stores an invoice's balance (the sales flow calls it when a return of the
 * invoice changes); answers the new balance, or null when there is no such invoice. */
export async function refreshInvoiceBalance(ctx: DomainContext, invoiceId: string): Promise<string | null> {
  const company = ctx.actor.companyId;
  const [row] = rowsOf<{ currency: string | null; total: string | null; paid: string | null; credits: string | null }>(
    await ctx.db.execute(sql`
      SELECT i.currency, i.total::text AS total, i.amount_paid::text AS paid,
        (SELECT coalesce(sum(r.total), 0)::text FROM sales_returns r
          WHERE r.company_id = i.company_id AND r.invoice_id = i.id
            AND r.status IN (${sql.join(
              CREDITING_RETURN_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})) AS credits
      FROM invoices i WHERE i.company_id = ${company} AND i.id = ${invoiceId}`),
  );
  if (!row) return null;
  const balance = balanceOf(row.currency || 'CAD', row.total, row.paid, row.credits);
  await ctx.db.execute(sql`UPDATE invoices SET balance = ${balance}::numeric
    WHERE company_id = ${company} AND id = ${invoiceId} AND balance IS DISTINCT FROM ${balance}::numeric`);
  return balance;
}

/** What a customer owes: the balances of its open invoices (Sent or PartiallyPaid), each
 * converted to the home currency at its own exchange rate and rounded there, then added. */
export async function customerBalance(ctx: DomainContext, customerId: string): Promise<string> {
  return (await customerBalances(ctx, [customerId])).get(customerId)!;
}

/** The balances of several customers in one query (a list page's rows ask at once, through the
 * per-request loader of the `Customer.balance` field); a customer owing nothing answers 0. */
export async function customerBalances(ctx: DomainContext, customerIds: string[]): Promise<Map<string, string>> {
  if (!customerIds.length) return new Map();
  const { homeCurrency } = await moneySettings(ctx);
  const p = currencyPrecision(homeCurrency);
  const owed = new Map<string, bigint>(customerIds.map((id) => [id, 0n]));
  const rows = rowsOf<{ customer: string; balance: string | null; rate: string | null; currency: string | null }>(
    await ctx.db.execute(sql`
      SELECT customer_id::text AS customer, balance::text AS balance, exchange_rate::text AS rate, currency
      FROM invoices
      WHERE company_id = ${ctx.actor.companyId}
        AND customer_id IN (${sql.join(
          customerIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})
        AND status IN ('Sent', 'PartiallyPaid') AND balance <> 0`),
  );
  for (const r of rows) {
    // balance (3 decimals) x rate (6 decimals), rounded once to the home currency
    const rate = !r.currency || r.currency === homeCurrency ? null : (r.rate ?? '1');
    owed.set(r.customer, (owed.get(r.customer) ?? 0n) + toHomeUnits(toScaled(r.balance, 3), 3, rate, p));
  }
  return new Map([...owed].map(([id, units]) => [id, fromScaled(units, p)]));
}
