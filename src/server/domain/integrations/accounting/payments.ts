// Payments: this app records what a customer paid as the invoice's amount paid (sales/invoice.ts),
// not as payment records. Each rise of it is sent as one QuickBooks Payment of the difference,
// applied to the invoice and deposited to the payment method's account (if it has one with a
// ref); accounting_payments_sent (migration 0028) keeps the amount paid each Payment brought
// the invoice to, and the requestid is made from that amount, so a retried job sends nothing
// twice; one job at a time sends an invoice's payments (claim.ts), and a rise recorded while it
// sends goes in the same turn. A Payment is dated the day it was paid, never after today (in the
// company's time zone): an invoice created already paid (a till's day from Square, pulled later)
// on its own date (today for one dated in the future), a rise on the day it was
// recorded (the audit log's day, in the company's time zone), else no later than the invoice's
// last change. An amount paid lowered after it was sent is refused (a refund is made over there).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { AccountingApp } from '../apps';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { centsOf, requestIdOf, withTokens } from '../calls';
import { linkOf } from '../store';
import { whileClaimed } from './claim';

export const PAYMENT_ENTITY = 'payment';

const zoneOf = (companyId: string) => sql`coalesce(
  (SELECT time_zone FROM company_settings_rows WHERE company_id = ${companyId} ORDER BY id LIMIT 1),
  'America/Toronto')`;

/** Today in the company's time zone: the day a payment recorded now was received. */
const companyToday = (companyId: string) => sql`(now() AT TIME ZONE ${zoneOf(companyId)})::date`;

/** The invoice's changes in the audit log (written after the hooks, in the same transaction). */
const auditOf = (companyId: string, invoiceId: SQL) =>
  sql`audit_log a WHERE a.company_id = ${companyId} AND a.entity_id = ${invoiceId} AND a.entity = 'invoice'`;

/** The day the invoice's amount paid last rose, for Sync now (an invoice paid before the app was
 * connected, or while it was not queued): the day the audit log recorded it, or the invoice's own
 * date when it was created already paid; else the day of its last change, and never after today. */
const paidDayOf = (companyId: string, invoiceId: SQL, invoiceDate: SQL) => sql`coalesce(
  (SELECT (max(a.at) AT TIME ZONE ${zoneOf(companyId)})::date FROM ${auditOf(companyId, invoiceId)}
    AND a.event = 'updated' AND a.changes ? 'amountPaid'),
  (SELECT least(${invoiceDate}, ${companyToday(companyId)}) FROM ${auditOf(companyId, invoiceId)}
    AND a.event = 'created' AND a.changes ? 'amountPaid' LIMIT 1),
  least(${companyToday(companyId)},
    (SELECT (max(a.at) AT TIME ZONE ${zoneOf(companyId)})::date FROM ${auditOf(companyId, invoiceId)})))`;

/** A payment still waiting keeps the day of its first unsent rise; after one was sent (or
 * failed and is saved again), or while one is being sent, the new rise's day counts. */
const KEEP_DAY = sql`occurred_on = CASE
  WHEN integration_sync_log.status = 'queued' AND integration_sync_log.claimed_at IS NULL
  THEN coalesce(integration_sync_log.occurred_on, EXCLUDED.occurred_on) ELSE EXCLUDED.occurred_on END`;

/** Queues the invoice's payment for the app (again, whatever it did last time): the push
 * decides whether there is anything new to send. Called by the invoice's save hook, before its
 * audit entry: an invoice with none yet is being created, so it was created already paid. */
export async function queuePayment(db: Db, companyId: string, appKey: string, invoiceId: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, occurred_on)
    SELECT ${companyId}, ${appKey}, ${PAYMENT_ENTITY}, i.id, 'queued',
      CASE WHEN EXISTS (SELECT 1 FROM ${auditOf(companyId, sql`i.id`)}) THEN ${companyToday(companyId)}
        ELSE least(i.date, ${companyToday(companyId)}) END
    FROM invoices i WHERE i.company_id = ${companyId} AND i.id = ${invoiceId}
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now(), ${KEEP_DAY}`);
}

/** Sync now: every issued invoice whose amount paid is more than what was sent. */
export async function queueUnsentPayments(db: Db, companyId: string, appKey: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status, occurred_on)
    SELECT i.company_id, ${appKey}, ${PAYMENT_ENTITY}, i.id, 'queued', ${paidDayOf(companyId, sql`i.id`, sql`i.date`)}
    FROM invoices i
    WHERE i.company_id = ${companyId} AND i.status IN ('Sent', 'PartiallyPaid', 'Paid') AND i.amount_paid > 0
      AND round(i.amount_paid * 100) > coalesce((SELECT max(p.paid_cents) FROM accounting_payments_sent p
        WHERE p.company_id = i.company_id AND p.app = ${appKey} AND p.invoice_id = i.id), 0)
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now(), ${KEEP_DAY}`);
}

/** Rises sent in one turn at most: more would be an amount paid changing all the while. */
const ROUNDS = 5;

/** Sends the rise of the invoice's amount paid, and any rise recorded meanwhile; 'skipped' when
 * nothing new was paid, 'busy' when another job is sending this invoice's payments, 'requeued'
 * (left queued) when another job is sending the invoice itself and it is not over there yet. The invoice
 * (and its customer) must be over there first: `pushInvoice` makes sure of that. */
export async function pushPayment(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  invoiceId: string,
  pushInvoice: () => Promise<string>,
): Promise<'succeeded' | 'skipped' | 'busy' | 'requeued'> {
  const key = { companyId, app: app.key, entityType: PAYMENT_ENTITY, entityId: invoiceId };
  let waiting = false;
  const outcome = await whileClaimed(db, key, async (renew) => {
    let outcome: 'succeeded' | 'skipped' = 'skipped';
    for (let round = 0; round < ROUNDS; round++) {
      // a long wait on the invoice's push must not let another job take this claim unseen
      await renew();
      const rise = await sendRise(db, companyId, app, session, invoiceId, pushInvoice);
      if (rise === 'waiting') waiting = true;
      if (rise !== 'succeeded') break;
      outcome = 'succeeded';
    }
    return outcome;
  });
  if (waiting && outcome !== 'busy' && outcome !== 'requeued') {
    // another job holds the invoice (not over there yet): the payment stays queued, never settled
    await db.execute(sql`UPDATE integration_sync_log SET status = 'queued', updated_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type = ${PAYMENT_ENTITY}
        AND entity_id = ${invoiceId} AND claim_token IS NULL`);
    return 'requeued';
  }
  return outcome;
}

async function sendRise(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  invoiceId: string,
  pushInvoice: () => Promise<string>,
): Promise<'succeeded' | 'skipped' | 'waiting'> {
  const [invoice] = rowsOf<{
    amount_paid: string | null;
    customer_id: string;
    deposit_ref: string | null;
    paid_on: string;
  }>(
    await db.execute(sql`SELECT i.amount_paid::text, i.customer_id::text, a.ref AS deposit_ref,
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
    await db.execute(sql`SELECT max(paid_cents)::text AS cents FROM accounting_payments_sent
      WHERE company_id = ${companyId} AND app = ${app.key} AND invoice_id = ${invoiceId}`),
  );
  const sentCents = Number(sent?.cents ?? 0);
  if (paidCents === sentCents || (!invoice && sentCents === 0)) return 'skipped';
  if (paidCents < sentCents)
    throw new ConnectorError({
      kind: 'rejected',
      message: `The amount paid went down to ${(paidCents / 100).toFixed(2)} after ${(sentCents / 100).toFixed(2)} was sent: record the refund in ${app.connector.provider}`,
    });
  const invoiceOutcome = await pushInvoice();
  const invoiceExternalId = await linkOf(db, companyId, app.key, 'invoice', invoiceId);
  const customerExternalId = await linkOf(db, companyId, app.key, 'customer', invoice!.customer_id);
  // another job is sending the invoice: the payment stays queued for the next run
  if (!invoiceExternalId && invoiceOutcome === 'busy') return 'waiting';
  // the invoice push failed and logged why: the payment waits for the next Sync
  if (!invoiceExternalId || !customerExternalId) return 'skipped';
  // no transaction open here: a refreshed token is kept whatever happens next
  const externalId = await withTokens(db, companyId, app, session, (tokens) =>
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
  await db.execute(sql`INSERT INTO accounting_payments_sent (company_id, app, invoice_id, paid_cents, external_id)
    VALUES (${companyId}, ${app.key}, ${invoiceId}, ${paidCents}, ${externalId})
    ON CONFLICT (company_id, app, invoice_id, paid_cents) DO NOTHING`);
  return 'succeeded';
}
