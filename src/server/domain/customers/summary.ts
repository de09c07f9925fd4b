// The customer screen's summary (issue 13): the customer's open sales orders (not Closed,
// Cancelled or Invoiced), its open invoices (a balance still owing, sent: not Draft or Void) and
// what it owes: the customer's balance in the home currency (the sales module's
// customerBalance, sales/balance.ts) and per invoice currency, in one request. Money is read as
// exact SQL numeric text and rounded to the currency's precision (src/shared/money), and only
// answered with `values`.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { hasPermission } from '../../../shared/permissions';
import { currencyPrecision, fromScaled, roundDecimal, toScaled } from '../../../shared/money';
import { customerBalance } from '../sales/balance';
import { moneySettings } from '../sales/settings';

/** Sales order statuses that are no longer open. */
export const CLOSED_ORDER_STATUSES = ['Closed', 'Cancelled', 'Invoiced'] as const;
/** Invoice statuses that owe nothing yet (a draft) or ever (void). */
export const NOT_OWING_INVOICE_STATUSES = ['Draft', 'Void'] as const;

interface OrderRow {
  id: string;
  number: string;
  date: string;
  required_date: string | null;
  status: string;
  currency: string;
  total: string | null;
}

interface InvoiceRow {
  id: string;
  number: string;
  date: string;
  due_date: string | null;
  status: string;
  currency: string;
  total: string | null;
  balance: string;
}

const money = (value: string | null, currency: string) =>
  value === null ? null : roundDecimal(value, currencyPrecision(currency));

export async function customerSummary(ctx: DomainContext, customerId: string) {
  const companyId = ctx.actor.companyId;
  const [customer] = /^\d{1,18}$/.test(customerId)
    ? rowsOf<{ id: string; currency: string | null }>(
        await ctx.db.execute(
          sql`SELECT id::text AS id, currency FROM customers WHERE company_id = ${companyId} AND id = ${customerId}`,
        ),
      )
    : [];
  if (!customer) throw new AppError('NOT_FOUND', `Customer ${customerId} not found`, { id: customerId });
  const fallback = customer.currency || 'CAD';
  const values = hasPermission(ctx.actor.permissions, 'values');
  const orders = rowsOf<OrderRow>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, number, to_char(date, 'YYYY-MM-DD') AS date,
             to_char(required_date, 'YYYY-MM-DD') AS required_date, status,
             coalesce(currency, ${fallback}) AS currency, total::text AS total
      FROM sales_orders
      WHERE company_id = ${companyId} AND customer_id = ${customer.id}
        AND status NOT IN (${sql.join(
          CLOSED_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
      ORDER BY date, id`),
  );
  const invoices = rowsOf<InvoiceRow>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, number, to_char(date, 'YYYY-MM-DD') AS date, to_char(due_date, 'YYYY-MM-DD') AS due_date,
             status, coalesce(currency, ${fallback}) AS currency, total::text AS total, balance::text AS balance
      FROM invoices
      WHERE company_id = ${companyId} AND customer_id = ${customer.id} AND balance > 0
        AND status NOT IN (${sql.join(
          NOT_OWING_INVOICE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
      ORDER BY due_date NULLS LAST, date, id`),
  );
  // the balance per currency: the open invoices' balances added exactly at 3 decimals (the
  // column's scale), then rounded once to the currency
  const owed = new Map<string, bigint>();
  for (const i of invoices) owed.set(i.currency, (owed.get(i.currency) ?? 0n) + toScaled(i.balance, 3));
  const balances = values
    ? [...owed.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, units]) => ({
          currency,
          amount: roundDecimal(fromScaled(units, 3), currencyPrecision(currency)),
        }))
    : [];
  const home = values ? (await moneySettings(ctx)).homeCurrency : null;
  return {
    customerId: customer.id,
    homeCurrency: home,
    balance: values ? await customerBalance(ctx, customer.id) : null,
    openOrders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      date: o.date,
      requiredDate: o.required_date,
      status: o.status,
      currency: o.currency,
      total: values ? money(o.total, o.currency) : null,
    })),
    openInvoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      date: i.date,
      dueDate: i.due_date,
      status: i.status,
      currency: i.currency,
      total: values ? money(i.total, i.currency) : null,
      balance: values ? money(i.balance, i.currency) : null,
    })),
    balances,
  };
}
