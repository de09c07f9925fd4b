// The accounting sync: which records wait (integration_sync_log 'queued'), and the job that pushes them.
// A record is pushed at most once: its link (integration_links) is checked first, and the
// create carries a requestid made from the record, so a job retried after the other system
// created the record but before the link was saved gets the same record back, not a second.
// Failures follow the connector's kinds: an expired token is refreshed and the call tried once
// more; a throttled call waits Retry-After; a server error counts an attempt and throws, so the
// queue retries the job with backoff; a refusal is logged as failed with the other system's
// words and the next record goes on.
import { and, asc, eq, sql } from 'drizzle-orm';
import { customerTable, invoiceLinesTable, invoiceTable } from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { INTEGRATION_APPS, accountingApp, type IntegrationApp } from './apps';
import { ConnectorError, type ConnectorTokens, type InvoiceToPush } from './connector';
import { centsOf, requestIdOf, RetryLater, withTokens, type PushSummary } from './calls';
import { connectionOf, linkOf, saveLink, setLog, tokensOf } from './store';

/** A record that failed this many times on server errors is given up as failed. */
export const MAX_ATTEMPTS = 5;
/** Records pushed per run: a long backlog goes on in the next run. */
const BATCH = 200;
/** Invoices issued (not Draft or Void) are what the accounting system books. */
const ISSUED = ['Sent', 'PartiallyPaid', 'Paid'];

/** Queues the company's issued invoices that are not in the other system yet, and the failed
 * ones again (after the data was corrected). Answers how many are now queued. */
export async function queueUnsynced(ctx: DomainContext, appKey: string): Promise<number> {
  const app = accountingApp(appKey);
  if (!ctx.actor.features[app.feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${app.feature})`, {
      feature: app.feature,
    });
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const connection = await connectionOf(tx, companyId, app.key, true);
    if (connection?.status !== 'connected')
      throw new AppError('CONFLICT', `${app.connector.provider} is not connected (or is paused)`, {
        status: connection?.status ?? 'enabled',
      });
    await tx.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      SELECT i.company_id, ${app.key}, 'invoice', i.id, 'queued' FROM invoices i
      WHERE i.company_id = ${companyId} AND i.status IN ('Sent', 'PartiallyPaid', 'Paid')
        AND NOT EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = i.company_id AND l.app = ${app.key}
          AND l.entity_type = 'invoice' AND l.entity_id = i.id)
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()
      WHERE integration_sync_log.status = 'failed'`);
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`SELECT count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'`),
    );
    return count;
  });
}

/** The invoice hook (records layer, inside the invoice's own transaction): an invoice saved as
 * issued is queued for every connected (or paused) accounting app, so it commits with the
 * invoice or not at all. A failed one is queued again when it is saved again (corrected).
 * Answers the apps it was queued for. Records imported as history are not sent. */
export async function queueIssuedInvoice(
  ctx: DomainContext,
  invoice: { id: string; status: string },
): Promise<string[]> {
  if (ctx.history || !ISSUED.includes(invoice.status)) return [];
  const { companyId } = ctx.actor;
  const apps = rowsOf<{ app: string }>(
    await ctx.db.execute(sql`SELECT app FROM integration_connections
      WHERE company_id = ${companyId} AND status IN ('connected', 'paused')`),
  ).filter((row) =>
    INTEGRATION_APPS.some((a) => a.key === row.app && a.addOn === 'accounting' && ctx.actor.features[a.feature]),
  );
  for (const { app } of apps)
    await ctx.db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      SELECT ${companyId}, ${app}, 'invoice', ${invoice.id}, 'queued'
      WHERE NOT EXISTS (SELECT 1 FROM integration_links WHERE company_id = ${companyId} AND app = ${app}
        AND entity_type = 'invoice' AND entity_id = ${invoice.id})
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()
      WHERE integration_sync_log.status = 'failed'`);
  return apps.map((a) => a.app);
}

async function invoiceToPush(db: Db, companyId: string, invoiceId: string) {
  const [invoice] = await db
    .select()
    .from(invoiceTable)
    .where(and(eq(invoiceTable.companyId, companyId), eq(invoiceTable.id, invoiceId)));
  if (!invoice || !ISSUED.includes(invoice.status)) return null;
  const lines = await db
    .select()
    .from(invoiceLinesTable)
    .where(and(eq(invoiceLinesTable.companyId, companyId), eq(invoiceLinesTable.parentId, invoiceId)))
    .orderBy(asc(invoiceLinesTable.position));
  const [customer] = await db
    .select()
    .from(customerTable)
    .where(and(eq(customerTable.companyId, companyId), eq(customerTable.id, invoice.customer)));
  return { invoice, lines, customer };
}

type Outcome = 'succeeded' | 'failed' | 'skipped';

async function pushInvoice(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  session: { tokens: ConnectorTokens },
  invoiceId: string,
): Promise<Outcome> {
  if (await linkOf(db, companyId, app.key, 'invoice', invoiceId)) {
    await setLog(db, companyId, app.key, 'invoice', invoiceId, { status: 'succeeded' });
    return 'skipped';
  }
  const found = await invoiceToPush(db, companyId, invoiceId);
  if (!found) {
    // deleted, voided or back to draft since it was queued: nothing to book
    await db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app.key}
      AND entity_type = 'invoice' AND entity_id = ${invoiceId} AND status = 'queued'`);
    return 'skipped';
  }
  const { invoice, lines, customer } = found;
  let customerExternalId = await linkOf(db, companyId, app.key, 'customer', invoice.customer);
  if (!customerExternalId) {
    customerExternalId = await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.pushCustomer(
        tokens,
        {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          currency: customer.currency,
        },
        requestIdOf(companyId, app.key, 'customer', customer.id),
      ),
    );
    await saveLink(db, companyId, app.key, 'customer', customer.id, customerExternalId);
  }
  const toPush: InvoiceToPush = {
    id: invoice.id,
    number: invoice.number,
    date: invoice.date,
    dueDate: invoice.dueDate,
    customerExternalId,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amountCents: centsOf(line.amount ?? '0'),
    })),
  };
  const externalId = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.pushInvoice(tokens, toPush, requestIdOf(companyId, app.key, 'invoice', invoice.id)),
  );
  await db.transaction(async (tx) => {
    await saveLink(tx, companyId, app.key, 'invoice', invoice.id, externalId);
    await setLog(tx, companyId, app.key, 'invoice', invoice.id, { status: 'succeeded', addAttempt: true });
    await tx.execute(sql`UPDATE integration_connections SET last_sync_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key}`);
  });
  return 'succeeded';
}

/** Pushes one company's queued records for one app. Throws RetryLater when the other system
 * failed or kept throttling, after logging the attempt: the queue runs the job again later. */
export async function pushQueued(db: Db, companyId: string, appKey: string): Promise<PushSummary> {
  const app = accountingApp(appKey);
  const connection = await connectionOf(db, companyId, app.key);
  const summary: PushSummary = { succeeded: 0, failed: 0 };
  // paused or disconnected: the queue keeps what waits (disconnect clears it)
  if (connection?.status !== 'connected') return summary;
  const tokens = tokensOf(connection);
  if (!tokens) return summary;
  const session = { tokens };
  const queued = rowsOf<{ entity_type: string; entity_id: string }>(
    await db.execute(sql`SELECT entity_type, entity_id::text FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'
      ORDER BY entity_id LIMIT ${BATCH}`),
  );
  for (const record of queued.filter((r) => r.entity_type === 'invoice')) {
    try {
      const outcome = await pushInvoice(db, companyId, app, session, record.entity_id);
      if (outcome === 'succeeded') summary.succeeded++;
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      const failure = error.failure;
      if (failure.kind === 'rejected' || failure.kind === 'unauthorized') {
        // the other system's own words, for More info; not retried until queued again
        await setLog(db, companyId, app.key, 'invoice', record.entity_id, {
          status: 'failed',
          addAttempt: true,
          error: failure.message,
        });
        summary.failed++;
        continue;
      }
      const [row] = rowsOf<{ attempts: number }>(
        await db.execute(sql`SELECT attempts FROM integration_sync_log WHERE company_id = ${companyId}
          AND app = ${app.key} AND entity_type = 'invoice' AND entity_id = ${record.entity_id}`),
      );
      const giveUp = (row?.attempts ?? 0) + 1 >= MAX_ATTEMPTS;
      await setLog(db, companyId, app.key, 'invoice', record.entity_id, {
        status: giveUp ? 'failed' : 'queued',
        addAttempt: true,
        error: failure.message,
      });
      if (giveUp) {
        summary.failed++;
        continue;
      }
      throw new RetryLater(failure.message);
    }
  }
  return summary;
}
