// What a portal user reads (issue 18): their customer, the products the company shows, and the
// customer's orders, shipments and invoices. Every query is bound to the company AND the
// customer of the authenticated link (context.ts); no argument names a customer. Money is exact
// SQL numeric text rounded to the document's currency (src/shared/money), as customerSummary does.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { currencyPrecision, roundDecimal } from '../../../shared/money';
import { AppError } from '../kernel/errors';
import type { PortalContext } from './context';

/** The most recent documents a list answers: a portal page, not an export. */
export const PORTAL_LIST_LIMIT = 200;

const money = (value: string | null, currency: string) =>
  value === null ? null : roundDecimal(value, currencyPrecision(currency));

export interface PortalCustomerRow {
  id: string;
  name: string;
  email: string | null;
  currency: string;
  billingAddress: string | null;
  companyName: string;
  homeCurrency: string;
}

export async function portalCustomer(ctx: PortalContext): Promise<PortalCustomerRow> {
  const [row] = rowsOf<PortalCustomerRow>(
    await ctx.db.execute(sql`
      SELECT c.id::text AS id, c.name, c.email, coalesce(c.currency, 'CAD') AS currency,
             c.billing_address AS "billingAddress", co.name AS "companyName",
             coalesce((SELECT home_currency FROM company_settings_rows s WHERE s.company_id = c.company_id
                       ORDER BY s.id LIMIT 1), 'CAD') AS "homeCurrency"
      FROM customers c JOIN companies co ON co.id = c.company_id
      WHERE c.company_id = ${ctx.companyId} AND c.id = ${ctx.customerId}`),
  );
  if (!row) throw new AppError('FORBIDDEN', 'Your customer account is no longer open', {});
  return row;
}

/** The active products the company shows in its portal, with their unit price (home currency). */
export async function portalProducts(ctx: PortalContext) {
  const { homeCurrency } = await portalCustomer(ctx);
  const rows = rowsOf<{
    id: string;
    sku: string | null;
    name: string;
    description: string | null;
    price: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT p.id::text AS id, p.sku, p.name, p.description, p.price::text AS price
      FROM portal_products v JOIN products p ON p.company_id = v.company_id AND p.id = v.product_id
      WHERE v.company_id = ${ctx.companyId} AND p.active
      ORDER BY p.name, p.id`),
  );
  return rows.map((r) => ({ ...r, currency: homeCurrency, price: money(r.price, homeCurrency) }));
}

interface DocumentRow {
  id: string;
  number: string;
  date: string;
  status: string;
  currency: string;
  total: string | null;
}

interface LineRow {
  parent: string;
  product: string | null;
  description: string | null;
  quantity: string | null;
  unit_price: string | null;
  amount: string | null;
}

/** The lines of some documents, what each line sells named (product, item or bundle). */
async function linesOf(ctx: PortalContext, table: 'sales_orders' | 'shipments' | 'invoices', ids: string[]) {
  if (!ids.length) return new Map<string, LineRow[]>();
  const lineTable = sql.identifier(`${table}_lines`);
  const rows = rowsOf<LineRow>(
    await ctx.db.execute(sql`
      SELECT l.parent_id::text AS parent, coalesce(p.name, i.name, b.name) AS product, l.description,
             l.quantity::text AS quantity, l.unit_price::text AS unit_price, l.amount::text AS amount
      FROM ${lineTable} l
      LEFT JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
      LEFT JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
      LEFT JOIN bundles b ON b.company_id = l.company_id AND b.id = l.bundle_id
      WHERE l.company_id = ${ctx.companyId} AND l.parent_id IN (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
      ORDER BY l.parent_id, l.position`),
  );
  const byParent = new Map<string, LineRow[]>();
  for (const r of rows) byParent.set(r.parent, [...(byParent.get(r.parent) ?? []), r]);
  return byParent;
}

const lineOut = (l: LineRow, currency: string, withPrices: boolean) => ({
  product: l.product,
  description: l.description,
  quantity: l.quantity === null ? null : Number(l.quantity),
  unitPrice: withPrices ? money(l.unit_price, currency) : null,
  amount: withPrices ? money(l.amount, currency) : null,
});

export async function portalOrders(ctx: PortalContext) {
  const rows = rowsOf<DocumentRow & { required_date: string | null; customer_po: string | null }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, number, to_char(date, 'YYYY-MM-DD') AS date,
             to_char(required_date, 'YYYY-MM-DD') AS required_date, customer_po, status,
             coalesce(currency, 'CAD') AS currency, total::text AS total
      FROM sales_orders WHERE company_id = ${ctx.companyId} AND customer_id = ${ctx.customerId}
      ORDER BY date DESC, id DESC LIMIT ${PORTAL_LIST_LIMIT}`),
  );
  const lines = await linesOf(
    ctx,
    'sales_orders',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    requiredDate: r.required_date,
    customerPO: r.customer_po,
    status: r.status,
    currency: r.currency,
    total: money(r.total, r.currency),
    lines: (lines.get(r.id) ?? []).map((l) => lineOut(l, r.currency, true)),
  }));
}

/** Shipments on their way or delivered (a draft is the company's work in progress). The order
 * each ships is named only while the company shows orders (`orderNumbers`): otherwise the number
 * would name a document the portal hides. */
export async function portalShipments(ctx: PortalContext, { orderNumbers }: { orderNumbers: boolean }) {
  const rows = rowsOf<DocumentRow & { order_number: string | null; carrier: string | null; tracking: string | null }>(
    await ctx.db.execute(sql`
      SELECT s.id::text AS id, s.number, to_char(s.date, 'YYYY-MM-DD') AS date, s.status,
             coalesce(s.currency, 'CAD') AS currency, s.total::text AS total, o.number AS order_number,
             s.carrier, s.tracking_number AS tracking
      FROM shipments s
      LEFT JOIN sales_orders o ON o.company_id = s.company_id AND o.id = s.sales_order_id
      WHERE s.company_id = ${ctx.companyId} AND s.customer_id = ${ctx.customerId} AND s.status <> 'Draft'
      ORDER BY s.date DESC, s.id DESC LIMIT ${PORTAL_LIST_LIMIT}`),
  );
  const lines = await linesOf(
    ctx,
    'shipments',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    status: r.status,
    salesOrderNumber: orderNumbers ? r.order_number : null,
    carrier: r.carrier,
    trackingNumber: r.tracking,
    lines: (lines.get(r.id) ?? []).map((l) => lineOut(l, r.currency, false)),
  }));
}

/** Invoices sent to the customer (not Draft or Void). */
export async function portalInvoices(ctx: PortalContext) {
  const rows = rowsOf<DocumentRow & { due_date: string | null; paid: string | null; balance: string | null }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, number, to_char(date, 'YYYY-MM-DD') AS date, to_char(due_date, 'YYYY-MM-DD') AS due_date,
             status, coalesce(currency, 'CAD') AS currency, total::text AS total,
             amount_paid::text AS paid, balance::text AS balance
      FROM invoices
      WHERE company_id = ${ctx.companyId} AND customer_id = ${ctx.customerId} AND status NOT IN ('Draft', 'Void')
      ORDER BY date DESC, id DESC LIMIT ${PORTAL_LIST_LIMIT}`),
  );
  const lines = await linesOf(
    ctx,
    'invoices',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    dueDate: r.due_date,
    status: r.status,
    currency: r.currency,
    total: money(r.total ?? '0', r.currency),
    amountPaid: money(r.paid ?? '0', r.currency),
    balance: money(r.balance ?? r.total ?? '0', r.currency),
    lines: (lines.get(r.id) ?? []).map((l) => lineOut(l, r.currency, true)),
  }));
}
