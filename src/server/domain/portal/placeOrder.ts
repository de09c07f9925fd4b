// A portal user orders (issue 18): the order becomes a sales order of their customer through the
// sales flow's create path (sales/flow/documents.ts createDocument -> records createRecord: the
// same validation, numbering, totals hooks and audit as an order staff enter), in one
// transaction. Only products the company shows in its portal, at their price; the company
// reviews taxes, site and shipping on the order as for any other.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { MAX_STRING_LENGTH } from '../../../shared/limits';
import { AppError, validationError } from '../kernel/errors';
import { featuresOf } from '../company/companies';
import type { DomainContext } from '../records/actor';
import { createDocument, nextNumber, todayOf } from '../sales/flow/documents';
import { moneySettings } from '../sales/settings';
import type { PortalContext } from './context';
import { sectionHidden } from './sections';

/** Lines one portal order may hold. */
export const MAX_PORTAL_ORDER_LINES = 100;
/** Largest quantity of one line (the column holds 15 digits before the decimals; no wholesale
 * order comes near). */
export const MAX_PORTAL_QUANTITY = 1_000_000;

export interface PortalOrderInput {
  lines: { productId: string; quantity: number }[];
  customerPO?: string | null;
  requiredDate?: string | null;
  notes?: string | null;
}

/** The portal's person acting in the company for this one document: selling.write to create the
 * order (createDocument lends `values` for the prices, which come from the products). */
async function orderingActor(ctx: PortalContext): Promise<DomainContext> {
  return {
    db: ctx.db,
    actor: {
      userId: ctx.userId,
      companyId: ctx.companyId,
      permissions: ['selling.write'],
      features: await featuresOf(ctx.db, ctx.companyId),
    },
  };
}

function checkShape(input: PortalOrderInput) {
  const problems: Record<string, string> = {};
  if (!input.lines.length) problems.lines = 'An order needs at least one line';
  if (input.lines.length > MAX_PORTAL_ORDER_LINES) problems.lines = `At most ${MAX_PORTAL_ORDER_LINES} lines`;
  input.lines.slice(0, MAX_PORTAL_ORDER_LINES).forEach((line, i) => {
    if (!/^\d{1,18}$/.test(String(line.productId))) problems[`lines.${i}.productId`] = 'Not a product you can order';
    if (!Number.isFinite(line.quantity) || line.quantity <= 0) problems[`lines.${i}.quantity`] = 'Must be more than 0';
    else if (line.quantity > MAX_PORTAL_QUANTITY) problems[`lines.${i}.quantity`] = `At most ${MAX_PORTAL_QUANTITY}`;
  });
  if ((input.customerPO ?? '').length > 40) problems.customerPO = 'At most 40 characters';
  if ((input.notes ?? '').length > Math.min(2000, MAX_STRING_LENGTH)) problems.notes = 'At most 2000 characters';
  if (Object.keys(problems).length) throw validationError(problems);
}

/** Places the order; answers the new sales order's id and number. */
export async function placePortalOrder(ctx: PortalContext, input: PortalOrderInput) {
  checkShape(input);
  const domain = await orderingActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const inTx: DomainContext = { ...domain, db: tx };
    // under the row's lock: a save of staff's that closes the portal or hides ordering waits for
    // this order, or this order sees it
    const [portal] = rowsOf<{ enabled: boolean; show_order: boolean }>(
      await tx.execute(
        sql`SELECT enabled, show_order FROM portal_settings WHERE company_id = ${ctx.companyId} FOR SHARE`,
      ),
    );
    if (!portal?.enabled) throw new AppError('FORBIDDEN', 'The portal is closed', {});
    if (!portal.show_order) throw sectionHidden('order');
    const ids = [...new Set(input.lines.map((l) => String(l.productId)))];
    const visible = rowsOf<{ id: string; price: string | null }>(
      await tx.execute(sql`
        SELECT p.id::text AS id, p.price::text AS price
        FROM portal_products v JOIN products p ON p.company_id = v.company_id AND p.id = v.product_id
        WHERE v.company_id = ${ctx.companyId} AND p.active AND p.id IN (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`),
    );
    const priceOf = new Map(visible.map((p) => [p.id, p.price]));
    const problems: Record<string, string> = {};
    input.lines.forEach((line, i) => {
      if (!priceOf.has(String(line.productId))) problems[`lines.${i}.productId`] = 'Not a product you can order';
      else if (priceOf.get(String(line.productId)) === null)
        problems[`lines.${i}.productId`] = 'This product has no price yet: ask the company';
    });
    if (Object.keys(problems).length) throw validationError(problems);
    const [customer] = rowsOf<{
      term: string | null;
      rep: string | null;
      zone: string | null;
    }>(
      await tx.execute(sql`
        SELECT term_id::text AS term, sales_rep_id::text AS rep, shipment_zone_id::text AS zone
        FROM customers WHERE company_id = ${ctx.companyId} AND id = ${ctx.customerId} AND active`),
    );
    if (!customer) throw new AppError('FORBIDDEN', 'Your customer account is no longer open', {});
    const given = (v: string | null | undefined) => (v ? v : undefined);
    const id = await createDocument(inTx, 'salesOrder', {
      number: await nextNumber(inTx, 'salesOrder'),
      customer: ctx.customerId,
      date: await todayOf(inTx),
      status: 'Open',
      requiredDate: given(input.requiredDate),
      customerPO: given(input.customerPO?.trim()),
      notes: given(input.notes?.trim()),
      // the prices are the products' own, in the home currency (portalProducts says so): the
      // order is in it too, whatever the customer's usual currency, so no exchange rate applies
      currency: (await moneySettings(inTx)).homeCurrency,
      term: given(customer.term),
      salesRep: given(customer.rep),
      shipmentZone: given(customer.zone),
      lines: input.lines.map((line) => ({
        product: String(line.productId),
        quantity: line.quantity,
        unitPrice: Number(priceOf.get(String(line.productId))),
      })),
    });
    const [order] = rowsOf<{ number: string }>(
      await tx.execute(sql`SELECT number FROM sales_orders WHERE company_id = ${ctx.companyId} AND id = ${id}`),
    );
    return { id, number: order.number };
  });
}
