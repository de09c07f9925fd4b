// Payments: this app records what a customer paid as the invoice's amount paid (sales/invoice.ts),
// not as payment records. Each rise of it is sent as one QuickBooks Payment of the difference,
// applied to the invoice and deposited to the payment method's account (if it has one with a
// ref); accounting_payments_sent (migration 0028) keeps the amount paid each Payment brought
// the invoice to, and the requestid is made from that amount, so a retried job sends nothing
// twice; two jobs at once take turns (underLock), so the second sends only what the first did
// not. A Payment is dated the day its amount paid rose (the queue keeps it, in the company's
// time zone), not the invoice's date. An amount paid lowered after it was sent is refused (a
// refund is made over there).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { AccountingApp } from '../apps';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { centsOf, requestIdOf, withTokens } from '../calls';
import { linkOf } from '../store';
import { underLock } from './locked';

export const PAYMENT_ENTITY = 'payment';

/** Today in the company's time zone: the day a payment recorded now was received. */
const companyToday = (companyId: string) => sql`(now() AT TIME ZONE coalesce(
  (SELECT time_zone FROM company_settings_rows WHERE company_id = ${companyId} ORDER BY id LIMIT 1),
  'America/Toronto'))::date`;

/** A payment still waiting keeps the day of its first unsent rise; after one was sent (or
 * failed and is saved again) the new rise's day counts. */
const KEEP_DAY = sql`occurred_on = CASE WHEN integration_sync_log.status = 'queued'
  THEN coalesce(integration_sync_log.occurred_on, EXCLUDED.occurred_on) ELSE EXCLUDED.occurred_on END`;

/** Queues the invoice's payment for the app (again, whatever it did last time): the push
 * decides whether there is anything new to send. */
export async function queuePayment(db: Db, companyId: string, appKey: string, invoiceId: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, occurred_on)
    VALUES (${companyId}, ${appKey}, ${PAYMENT_ENTITY}, ${invoiceId}, 'queued', ${companyToday(companyId)})
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now(), ${KEEP_DAY}`);
}

/** Sync now: every issued invoice whose amount paid is more than what was sent. */
export async function queueUnsentPayments(db: Db, companyId: string, appKey: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, occurred_on)
    SELECT i.company_id, ${appKey}, ${PAYMENT_ENTITY}, i.id, 'queued', ${companyToday(companyId)} FROM invoices i
    WHERE i.company_id = ${companyId} AND i.status IN ('Sent', 'PartiallyPaid', 'Paid') AND i.amount_paid > 0
      AND round(i.amount_paid * 100) > coalesce((SELECT max(p.paid_cents) FROM accounting_payments_sent p
        WHERE p.company_id = i.company_id AND p.app = ${appKey} AND p.invoice_id = i.id), 0)
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now(), ${KEEP_DAY}`);
}

/** Sends the rise of the invoice's amount paid; 'skipped' when nothing new was paid. The
 * invoice (and its customer) must be over there first: `pushInvoice` makes sure of that. */
export async function pushPayment(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  invoiceId: string,
  pushInvoice: (tx: Db) => Promise<unknown>,
): Promise<'succeeded' | 'skipped'> {
  return underLock(db, `payment:${companyId}:${app.key}:${invoiceId}`, async (tx) => {
    const [invoice] = rowsOf<{
      amount_paid: string | null;
      customer_id: string;
      deposit_ref: string | null;
      paid_on: string;
    }>(
      await tx.execute(sql`SELECT i.amount_paid::text, i.customer_id::text, a.ref AS deposit_ref,
          coalesce((SELECT q.occurred_on FROM integration_sync_log q WHERE q.company_id = i.company_id
            AND q.app = ${app.key} AND q.entity_type = ${PAYMENT_ENTITY} AND q.entity_id = i.id),
            ${companyToday(companyId)})::text AS paid_on
        FROM invoices i
        LEFT JOIN payment_methods pm ON pm.company_id = i.company_id AND pm.id = i.payment_method_id
        LEFT JOIN accounts a ON a.company_id = pm.company_id AND a.id = pm.account_id
        WHERE i.company_id = ${companyId} AND i.id = ${invoiceId} AND i.status IN ('Sent', 'PartiallyPaid', 'Paid')`),
    );
    const paidCents = invoice?.amount_paid ? centsOf(invoice.amount_paid) : 0;
    const [sent] = rowsOf<{ cents: string | null }>(
      await tx.execute(sql`SELECT max(paid_cents)::text AS cents FROM accounting_payments_sent
        WHERE company_id = ${companyId} AND app = ${app.key} AND invoice_id = ${invoiceId}`),
    );
    const sentCents = Number(sent?.cents ?? 0);
    if (paidCents === sentCents || (!invoice && sentCents === 0)) return 'skipped';
    if (paidCents < sentCents)
      throw new ConnectorError({
        kind: 'rejected',
        message: `The amount paid went down to ${(paidCents / 100).toFixed(2)} after ${(sentCents / 100).toFixed(2)} was sent: record the refund in ${app.connector.provider}`,
      });
    await pushInvoice(tx);
    const invoiceExternalId = await linkOf(tx, companyId, app.key, 'invoice', invoiceId);
    const customerExternalId = await linkOf(tx, companyId, app.key, 'customer', invoice!.customer_id);
    // the invoice push failed and logged why: the payment waits for the next Sync
    if (!invoiceExternalId || !customerExternalId) return 'skipped';
    const externalId = await withTokens(tx, companyId, app, session, (tokens) =>
      app.connector.pushPayment(
        tokens,
        {
          customerExternalId,
          invoiceExternalId,
          date: invoice!.paid_on,
          amountCents: paidCents - sentCents,
          depositAccountExternalId: invoice!.deposit_ref,
        },
        requestIdOf(companyId, app.key, PAYMENT_ENTITY, `${invoiceId}:${paidCents}`),
      ),
    );
    await tx.execute(sql`INSERT INTO accounting_payments_sent (company_id, app, invoice_id, paid_cents, external_id)
      VALUES (${companyId}, ${app.key}, ${invoiceId}, ${paidCents}, ${externalId})
      ON CONFLICT (company_id, app, invoice_id, paid_cents) DO NOTHING`);
    return 'succeeded';
  });
}
