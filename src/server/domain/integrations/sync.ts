// The accounting sync: which records wait (integration_sync_log 'queued'), and the job that pushes them.
// A record is created over there at most once: its link (integration_links) is checked first,
// and the create carries a requestid made from the record, so a job retried after the other
// system created the record but before the link was saved gets the same record back, not a
// second (made from the document as it was then, so an invoice, credit memo or bill so
// retried is updated at once: createRetried). An invoice changed after it was sent is queued again by its save and sent as an
// update of the same record (voided here, or deleted here: voided there); its link keeps a hash of what was
// sent, so a save that changes nothing the other system sees costs no call.
// Failures follow the connector's kinds: an expired token is refreshed and the call tried once
// more; a throttled call waits Retry-After, and one still throttled leaves the record queued
// with no attempt counted (throttling is not the record's fault) and throws; a server error
// counts an attempt and throws, so the queue retries the job with backoff; a refusal is logged
// as failed with the other system's words and the next record goes on, and so is a fault of
// ours on one record (an id naming it in the server's log). A job checks before each record
// that the connection is still the one it started with, connected: Pause or Disconnect stops it.
import { failedForNow } from './retries';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  customerTable,
  invoiceLinesTable,
  invoiceTable,
  inventoryReceiptLinesTable,
  inventoryReceiptTable,
  salesReturnLinesTable,
  salesReturnTable,
} from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { accountingApp, type AccountingApp } from './apps';
import {
  ConnectorError,
  type BillToPush,
  type ConnectorTokens,
  type CustomerToPush,
  type InvoiceToPush,
} from './connector';
import {
  centsOf,
  fieldsSentIn,
  sameSent,
  linkedOrPushed,
  requestIdOf,
  sentHashNaming,
  sentHashOf,
  withTokens,
  type PushSummary,
} from './calls';
import {
  connectionOf,
  failedInternally,
  linkRowOf,
  markSent,
  saveLink,
  setLog,
  stillConnected,
  tokensOf,
} from './store';
import { accountingAppsOf, queueRowsSql } from './accounting/queueDocument';
import { whileClaimed } from './accounting/claim';
import { chargesSalesTax, statedTaxCodingOf, taxCodingOf } from './accounting/taxCodes';
import { toScaled } from '../../../shared/money';
import { documentTaxOf, type StoredDocument } from './accounting/documentTax';
import { splitCharge } from './accounting/chargeSplit';
import { itemExternalIdOf } from './accounting/items';
import { CREDITED, CREDIT_NOTE_ENTITY, queueCreditNotes } from './accounting/creditNotes';
import { BILLED, BILL_ENTITY, queueBills } from './accounting/bills';
import { mappedAccountRef } from './accounting/mappings';
import { PAYMENT_ENTITY, pushPayment, queuePayment, queueUnsentPayments } from './accounting/payments';
import {
  EXCISE_PAYABLE_ENTITY,
  dutyReceiptSettingsRef,
  exciseAccountRef,
  pushExcisePayable,
  queueExcisePayables,
} from './accounting/excisePayable';
import { supplierOf, vendorExternalIdOf } from './accounting/vendors';
import { ACCOUNT_ENTITY, CHART, pushLocalAccount, queueChart, readChart } from './accounting/chart';

export { MAX_ATTEMPTS } from './retries';
/** Records pushed per run: a long backlog goes on in the next run. */
const BATCH = 200;
/** Invoices issued (not Draft or Void) are what the accounting system books. */
const ISSUED = ['Sent', 'PartiallyPaid', 'Paid'];
const VOID = 'Void';
/** A link's sent_hash once the record was voided, or deleted, over there. */
const VOIDED = 'void';
const DELETED = 'deleted';

/** Queues a read of the other system's chart of accounts, the local accounts not there yet,
 * the company's issued invoices, payments, credit notes, bills and excise payables that are not
 * in the other system yet, and the failed ones again (after the data was corrected). Answers
 * how many are now queued. */
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
    await queueChart(tx, companyId, app.key);
    await queueUnsentPayments(tx, companyId, app.key);
    await queueCreditNotes(tx, companyId, app.key);
    await queueBills(tx, companyId, app.key);
    await queueExcisePayables(tx, companyId, app.key);
    await tx.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
      SELECT i.company_id, ${app.key}, 'invoice', i.id, 'queued' FROM invoices i
      WHERE i.company_id = ${companyId} AND i.status IN ('Sent', 'PartiallyPaid', 'Paid')
        AND NOT EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = i.company_id AND l.app = ${app.key}
          AND l.entity_type = 'invoice' AND l.entity_id = i.id)
      ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
        last_error = NULL, updated_at = now()
      WHERE integration_sync_log.status = 'failed'`);
    // an update or a void that failed (its invoice linked already) goes again too
    await tx.execute(sql`UPDATE integration_sync_log SET status = 'queued', attempts = 0, last_error = NULL,
        updated_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type = 'invoice' AND status = 'failed'`);
    const [{ count }] = rowsOf<{ count: number }>(
      // records, not the chart read that comes with every Sync now
      await tx.execute(sql`SELECT count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'
          AND entity_type <> ${CHART.entityType}`),
    );
    return count;
  });
}

/** The invoice hook (records layer, inside the invoice's own transaction): an invoice saved as
 * issued is queued for every connected (or paused) accounting app, so it commits with the
 * invoice or not at all; one saved again after it was sent (an edit, a void) is queued again,
 * and so is a failed one (corrected). A void one never sent is not sent. Answers the apps it was
 * queued for. Records imported as history are not sent. */
export async function queueIssuedInvoice(
  ctx: DomainContext,
  invoice: { id: string; status: string; amountPaid?: unknown },
): Promise<string[]> {
  if (ctx.history || (!ISSUED.includes(invoice.status) && invoice.status !== VOID)) return [];
  const { companyId } = ctx.actor;
  const apps = await accountingAppsOf(ctx);
  for (const app of apps)
    await ctx.db.execute(
      queueRowsSql(
        app,
        'invoice',
        sql`SELECT i.company_id, i.id FROM invoices i WHERE i.company_id = ${companyId} AND i.id = ${invoice.id}
          AND (i.status IN ('Sent', 'PartiallyPaid', 'Paid') OR EXISTS (SELECT 1 FROM integration_links l
            WHERE l.company_id = i.company_id AND l.app = ${app} AND l.entity_type = 'invoice' AND l.entity_id = i.id))`,
        sql`'failed', 'succeeded'`,
      ),
    );
  // what was paid goes as a Payment (the push sends only a rise of the amount paid)
  if (ISSUED.includes(invoice.status) && Number(invoice.amountPaid ?? 0) > 0)
    for (const app of apps) await queuePayment(ctx.db, companyId, app, invoice.id);
  return apps;
}

/** The invoice hook's beforeDelete (inside the delete's transaction): an invoice sent already is
 * queued, so the job voids it over there once it is gone here (one never sent, or voided there
 * already, needs nothing). Answers the apps it was queued for. */
export async function queueDeletedInvoice(ctx: DomainContext, invoice: { id: string }): Promise<string[]> {
  if (ctx.history) return [];
  const { companyId } = ctx.actor;
  const queued: string[] = [];
  for (const app of await accountingAppsOf(ctx)) {
    const link = await linkRowOf(ctx.db, companyId, app, 'invoice', invoice.id);
    if (link?.sent_hash === VOIDED) continue;
    if (!link) {
      const [row] = rowsOf<{ claimed: boolean; create_sent: boolean }>(
        await ctx.db.execute(sql`SELECT claimed_at IS NOT NULL AS claimed, create_sent FROM integration_sync_log
          WHERE company_id = ${companyId} AND app = ${app} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`),
      );
      // being created over there this very moment: once linked, its delete voids it
      if (row?.claimed)
        throw new AppError(
          'CONFLICT',
          `This invoice is being sent to ${accountingApp(app).connector.provider} right now: delete it again in a minute, and it is voided there too`,
          { id: invoice.id },
        );
      // a create that did not finish may have made it there: the job says so under More info
      if (!row || String(row.create_sent) !== 'true') continue;
    }
    await ctx.db.execute(
      queueRowsSql(
        app,
        'invoice',
        sql`SELECT ${companyId}::bigint AS company_id, ${invoice.id}::bigint AS id`,
        sql`'failed', 'succeeded'`,
      ),
    );
    queued.push(app);
  }
  return queued;
}

/** The invoice with its lines and customer, whatever its status; null when it is gone. */
async function invoiceToPush(db: Db, companyId: string, invoiceId: string) {
  const [invoice] = await db
    .select()
    .from(invoiceTable)
    .where(and(eq(invoiceTable.companyId, companyId), eq(invoiceTable.id, invoiceId)));
  if (!invoice) return null;
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

type Session = { tokens: ConnectorTokens };

/** The customer's id over there: linked once, found by name or created. A customer whose name,
 * email or phone changed since it was sent (its link's hash) is updated there first; a link
 * made before hashes were kept takes the customer as it is now as its baseline. */
export async function customerExternalIdOf(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  row: { id: string; name: string; email: string | null; phone: string | null; currency: string | null },
  ownRow = false,
): Promise<string> {
  const customer: CustomerToPush = {
    id: row.id,
    name: row.name,
    email: row.email || null,
    phone: row.phone || null,
    currency: row.currency,
  };
  const fields = [customer.name, customer.email ?? '', customer.phone ?? ''];
  const hash = sentHashNaming(fields, { email: customer.email, phone: customer.phone });
  const { externalId, pushed } = await linkedOrPushed(
    db,
    companyId,
    app,
    session,
    { entityType: 'customer', entityId: customer.id, hash },
    async (tokens, requestId) => {
      const made = await app.connector.pushCustomer(tokens, customer, requestId);
      // one found there by name keeps the accountant's email and phone: only those equal to ours
      // count as sent, so one removed here later clears only what this app put there
      const held = {
        email: made.holds.email ? customer.email : null,
        phone: made.holds.phone ? customer.phone : null,
      };
      return { externalId: made.id, hash: sentHashNaming(fields, held) };
    },
  );
  if (pushed) return externalId;
  const link = (await linkRowOf(db, companyId, app.key, 'customer', customer.id))!;
  if (sameSent(link.sent_hash, hash)) return externalId;
  let version: string | null = null;
  // A document's push sends the change without the customer's claim: if the customer's own push
  // sends it at the same moment, both send the same fields, with the same requestid while the
  // SyncToken read is the same (Intuit answers the first), or else the later one reads the new
  // SyncToken and sends the same values once more; nothing differs either way.
  // removed here since it was sent: '' clears it there (null leaves QuickBooks' own)
  const sent = fieldsSentIn(link.sent_hash);
  const update: CustomerToPush = {
    ...customer,
    email: customer.email ?? (sent.has('email') ? '' : null),
    phone: customer.phone ?? (sent.has('phone') ? '' : null),
  };
  if (link.sent_hash !== null)
    try {
      version = await withTokens(db, companyId, app, session, (tokens) =>
        app.connector.updateCustomer(tokens, externalId, update, (v) =>
          requestIdOf(companyId, app.key, 'customer', `${customer.id}:${hash}:${v}`),
        ),
      );
    } catch (error) {
      // refused over there (a name another customer uses, 6240): logged on the customer's own
      // row, and its documents go on to the customer as it is there
      if (ownRow || !(error instanceof ConnectorError) || error.failure.kind !== 'rejected') throw error;
      await setLog(db, companyId, app.key, 'customer', customer.id, {
        status: 'failed',
        addAttempt: true,
        error: `The customer's name, email or phone was not changed in ${app.connector.provider} (its documents still go to the customer as it is there). ${error.failure.message}`,
      });
      return externalId;
    }
  await markSent(db, companyId, app.key, 'customer', customer.id, { version, hash });
  return externalId;
}

/** A document's lines as the connector sends them, one after another: two lines of one
 * product make one Item, and a refreshed token is the one the next call uses. */
export async function linesToPushOf(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  lines: {
    product: string | null;
    item: string | null;
    description: string | null;
    quantity: string;
    unitPrice: string | null;
    amount: string | null;
  }[],
): Promise<InvoiceToPush['lines']> {
  const linesToPush: InvoiceToPush['lines'] = [];
  for (const line of lines)
    linesToPush.push({
      itemExternalId: line.product
        ? await itemExternalIdOf(db, companyId, app, session, 'product', line.product)
        : line.item
          ? await itemExternalIdOf(db, companyId, app, session, 'item', line.item)
          : null,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amountCents: centsOf(line.amount ?? '0'),
    });
  return linesToPush;
}

type Outcome = 'succeeded' | 'failed' | 'skipped';
/** Renews the document's claim before a send (claim.ts): a push of several calls in a row, or
 * one that waited out throttling, is still this job's turn, or it stops (ClaimLost). */
type Renew = () => Promise<void>;

/** A document's lines with their tax codes, and its tax by rate, when the company over there
 * charges sales tax (taxCodes.ts); as it was (its tax as a total) when it does not. A document
 * whose tax is a till's tax as charged names none of our taxes: it goes with the code chosen for
 * such tax (statedTaxCodingOf). */
async function withTaxCoding<
  T extends { lines: { taxCodeExternalId?: string | null; amountCents: number }[]; taxCoding?: unknown },
>(
  db: Db,
  companyId: string,
  app: AccountingApp,
  side: 'sales' | 'purchase',
  doc: StoredDocument & { taxAsCharged?: string | null },
  toPush: T,
): Promise<T> {
  const ownLines = toPush.lines.slice(0, doc.lines.length).map((l) => l.amountCents);
  const coded =
    doc.taxAsCharged !== null && doc.taxAsCharged !== undefined
      ? (await chargesSalesTax(db, companyId, app.key))
        ? await statedTaxCodingOf(db, companyId, app, side, {
            label: doc.label,
            lineCount: doc.lines.length,
            taxCents: Number(toScaled(doc.taxAsCharged, 2)),
            baseCents:
              ownLines.reduce((sum, c) => sum + c, 0) + doc.charges.reduce((sum, c) => sum + Number(toScaled(c, 2)), 0),
          })
        : null
      : await taxCodingOf(db, companyId, app, side, {
          lineTaxIds: doc.lines.map((l) => l.tax),
          lineAmountsCents: ownLines,
          taxes: () => documentTaxOf(db, companyId, doc),
        });
  if (!coded) return toPush;
  return {
    ...toPush,
    // a bill's freight line, after the receipt's lines, is a charge: split over the goods' codes
    lines: toPush.lines.flatMap((line, i) =>
      i < doc.lines.length
        ? [{ ...line, taxCodeExternalId: coded.lineCodes[i] }]
        : splitCharge(line.amountCents, coded.coding).map((part) => ({
            ...line,
            amountCents: part.amountCents,
            taxCodeExternalId: part.codeExternalId,
          })),
    ),
    taxCoding: coded.coding,
  };
}

/** The invoice as the connector sends it (its customer and Items over there first). */
async function invoicePayloadOf(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  found: NonNullable<Awaited<ReturnType<typeof invoiceToPush>>>,
): Promise<InvoiceToPush> {
  const { invoice, lines, customer } = found;
  const customerExternalId = await customerExternalIdOf(db, companyId, app, session, customer);
  return withTaxCoding(
    db,
    companyId,
    app,
    'sales',
    {
      label: `invoice ${invoice.number}`,
      currency: invoice.currency,
      lines,
      charges: [invoice.shippingCharge ?? '0'],
      taxTotal: invoice.taxTotal,
      taxAsCharged: invoice.taxAsCharged,
    },
    {
      id: invoice.id,
      number: invoice.number,
      date: invoice.date,
      dueDate: invoice.dueDate,
      customerExternalId,
      lines: await linesToPushOf(db, companyId, app, session, lines),
      // QuickBooks' total must be ours to the cent, or a full payment over-applies there
      taxCents: centsOf(invoice.taxTotal ?? '0'),
      shippingCents: centsOf(invoice.shippingCharge ?? '0'),
    },
  );
}

/** What an invoice sent looked like, naming the due date if it had one (calls.ts). */
const invoiceHashOf = (toPush: InvoiceToPush) => sentHashNaming(toPush, { dueDate: toPush.dueDate });

/** A document's push holding its sync-log row's claim (claim.ts), the row made if the document
 * was never queued as such (a payment's push sends its invoice first): one job at a time sends
 * it, and a save while it sends leaves it queued for the next run. */
async function claimDocument(
  db: Db,
  companyId: string,
  app: AccountingApp,
  entityType: string,
  entityId: string,
  work: (renew: Renew) => Promise<Outcome>,
): Promise<Outcome> {
  const outcome = await claimedDocument(db, companyId, app, entityType, entityId, work);
  return settledOutcome(db, companyId, app, outcome === 'failed' ? 'skipped' : outcome);
}

/** The same, answering 'busy' when another job holds the document (a payment waits for it). */
async function claimedDocument(
  db: Db,
  companyId: string,
  app: AccountingApp,
  entityType: string,
  entityId: string,
  work: (renew: Renew) => Promise<Outcome>,
) {
  // only while connected: a row Disconnect cleared is not made again by a job still running
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
    SELECT ${companyId}::bigint, ${app.key}::text, ${entityType}::text, ${entityId}::bigint, 'queued'
    FROM integration_connections
    WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'connected'
    ON CONFLICT DO NOTHING`);
  const outcome = await whileClaimed(db, { companyId, app: app.key, entityType, entityId }, work);
  await settledOutcome(db, companyId, app, outcome === 'failed' ? 'skipped' : outcome);
  return outcome;
}

/** Whether a document's create was sent before (integration_sync_log.create_sent, migration
 * 0048: set just before each create call and never reset by queueing again): the other system
 * may have made the record then and lost only its answer, and a requestid sent again answers
 * that record as first made, not what is sent now (an edit in between). Such a create is linked
 * with no hash and followed at once by an update, so what the other system keeps is the
 * document as it is now. Marks this try, committed before the call goes. */
async function createRetried(
  db: Db,
  companyId: string,
  app: AccountingApp,
  entityType: string,
  entityId: string,
): Promise<boolean> {
  const [row] = rowsOf<{ retried: boolean }>(
    await db.execute(sql`UPDATE integration_sync_log n SET create_sent = true
      FROM integration_sync_log o
      WHERE n.company_id = ${companyId} AND n.app = ${app.key} AND n.entity_type = ${entityType}
        AND n.entity_id = ${entityId}
        AND o.company_id = n.company_id AND o.app = n.app AND o.entity_type = n.entity_type AND o.entity_id = n.entity_id
      RETURNING o.create_sent AS retried`),
  );
  return row?.retried === true;
}

/** The invoice over there as it is here: created once; sent again as an update when what the
 * other system sees changed since the last send; voided there when voided or deleted here. One job at a
 * time sends an invoice (its claim), and a save while it sends leaves it queued for the next
 * run (claim.ts). */
function pushInvoice(db: Db, companyId: string, app: AccountingApp, session: Session, invoiceId: string) {
  return claimDocument(db, companyId, app, 'invoice', invoiceId, (renew) =>
    sendInvoice(db, companyId, app, session, invoiceId, renew),
  );
}

async function sendInvoice(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  invoiceId: string,
  renew: Renew,
): Promise<Outcome> {
  const link = await linkRowOf(db, companyId, app.key, 'invoice', invoiceId);
  const found = await invoiceToPush(db, companyId, invoiceId);
  const status = found?.invoice.status ?? 'gone';
  if (!link) {
    if (!found || !ISSUED.includes(status)) {
      // deleted after a create that did not finish: it may be there, and has no id here to void
      if (!found && (await createSentBefore(db, companyId, app.key, 'invoice', invoiceId)))
        throw new ConnectorError({
          kind: 'rejected',
          message: `This invoice was deleted here while its send to ${app.connector.provider} had not finished: if ${app.connector.provider} has it (an invoice with its number), void it there`,
        });
      // deleted, voided or back to draft before it was ever sent: nothing to book
      await db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app.key}
        AND entity_type = 'invoice' AND entity_id = ${invoiceId} AND status = 'queued' AND NOT create_sent`);
      return 'skipped';
    }
    await renew();
    const toPush = await invoicePayloadOf(db, companyId, app, session, found);
    const retried = await createRetried(db, companyId, app, 'invoice', invoiceId);
    await renew();
    const externalId = await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.pushInvoice(tokens, toPush, requestIdOf(companyId, app.key, 'invoice', invoiceId)),
    );
    await db.transaction(async (tx) => {
      await saveLink(tx, companyId, app.key, 'invoice', invoiceId, externalId);
      if (!retried)
        await markSent(tx, companyId, app.key, 'invoice', invoiceId, { version: null, hash: invoiceHashOf(toPush) });
    });
    // linked with no hash: the update path sends it as it is now
    if (retried) return sendInvoice(db, companyId, app, session, invoiceId, renew);
    return 'succeeded';
  }
  if (link.sent_hash === VOIDED) return 'skipped';
  // deleted here after it was sent: the books follow, as for a void (its sync-log row, queued by
  // the delete's own transaction, outlives the invoice and keeps the outcome)
  if (status === VOID || !found) {
    await renew();
    const version = await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.voidInvoice(tokens, link.external_id, (v) =>
        requestIdOf(companyId, app.key, 'invoice', `${invoiceId}:void:${v}`),
      ),
    );
    await markSent(db, companyId, app.key, 'invoice', invoiceId, { version: version || null, hash: VOIDED });
    return 'succeeded';
  }
  // back to draft after it was sent: what was booked stays as it was
  if (!ISSUED.includes(status)) return 'skipped';
  await renew();
  const toPush = await invoicePayloadOf(db, companyId, app, session, found);
  const hash = invoiceHashOf(toPush);
  if (sameSent(link.sent_hash, hash)) return 'skipped';
  // a due date removed since it was sent: '' clears it there (null leaves QuickBooks' own)
  const update = { ...toPush, dueDate: toPush.dueDate ?? (fieldsSentIn(link.sent_hash).has('dueDate') ? '' : null) };
  await renew();
  const version = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.updateInvoice(tokens, link.external_id, update, (v) =>
      requestIdOf(companyId, app.key, 'invoice', `${invoiceId}:${hash}:${v}`),
    ),
  );
  await markSent(db, companyId, app.key, 'invoice', invoiceId, { version, hash });
  return 'succeeded';
}

type Push = (
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  entityId: string,
) => Promise<Outcome>;

/** Marks a record done after a push that wrote its result (the account's ref) itself. */
const done = async (db: Db, companyId: string, app: AccountingApp, entityType: string, entityId: string) => {
  await setLog(db, companyId, app.key, entityType, entityId, { status: 'succeeded', addAttempt: true });
  await db.execute(sql`UPDATE integration_connections SET last_sync_at = now()
    WHERE company_id = ${companyId} AND app = ${app.key}`);
};

/** A claimed record's outcome (claim.ts logged it as it let the claim go). */
async function settledOutcome(
  db: Db,
  companyId: string,
  app: AccountingApp,
  outcome: 'succeeded' | 'skipped' | 'busy' | 'requeued',
): Promise<'succeeded' | 'skipped'> {
  if (outcome !== 'succeeded') return 'skipped';
  await db.execute(sql`UPDATE integration_connections SET last_sync_at = now()
    WHERE company_id = ${companyId} AND app = ${app.key}`);
  return 'succeeded';
}

/** A credited sales return as a credit note over there: created once (its link), updated when
 * what it sends changed since, deleted there when the return is no longer credited (or is
 * deleted), and made again if it is credited once more after that. */
function pushCreditNote(db: Db, companyId: string, app: AccountingApp, session: Session, returnId: string) {
  return claimDocument(db, companyId, app, CREDIT_NOTE_ENTITY, returnId, (renew) =>
    sendCreditNote(db, companyId, app, session, returnId, renew),
  );
}

async function sendCreditNote(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  returnId: string,
  renew: Renew,
): Promise<Outcome> {
  const link = await linkRowOf(db, companyId, app.key, CREDIT_NOTE_ENTITY, returnId);
  const [credit] = await db
    .select()
    .from(salesReturnTable)
    .where(and(eq(salesReturnTable.companyId, companyId), eq(salesReturnTable.id, returnId)));
  const credited = credit?.status === CREDITED;
  if (link && link.sent_hash !== DELETED && !credited) {
    await renew();
    await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.deleteCreditNote(tokens, link.external_id, (v) =>
        requestIdOf(companyId, app.key, CREDIT_NOTE_ENTITY, `${returnId}:delete:${v}`),
      ),
    );
    await markSent(db, companyId, app.key, CREDIT_NOTE_ENTITY, returnId, { version: null, hash: DELETED });
    return 'succeeded';
  }
  if (!credited) {
    // deleted after a create that did not finish: it may be there, and has no id here to delete
    if (!credit && !link && (await createSentBefore(db, companyId, app.key, CREDIT_NOTE_ENTITY, returnId)))
      throw new ConnectorError({
        kind: 'rejected',
        message: `This return was deleted here while its credit memo's send to ${app.connector.provider} had not finished: if ${app.connector.provider} has the credit memo, delete it there`,
      });
    // no longer credited since it was queued (and nothing over there): nothing to book
    await db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app.key}
      AND entity_type = ${CREDIT_NOTE_ENTITY} AND entity_id = ${returnId} AND status = 'queued'`);
    return 'skipped';
  }
  const lines = await db
    .select()
    .from(salesReturnLinesTable)
    .where(and(eq(salesReturnLinesTable.companyId, companyId), eq(salesReturnLinesTable.parentId, returnId)))
    .orderBy(asc(salesReturnLinesTable.position));
  const [customer] = await db
    .select()
    .from(customerTable)
    .where(and(eq(customerTable.companyId, companyId), eq(customerTable.id, credit.customer)));
  await renew();
  const customerExternalId = await customerExternalIdOf(db, companyId, app, session, customer);
  const toPush: InvoiceToPush = await withTaxCoding(
    db,
    companyId,
    app,
    'sales',
    {
      label: `return ${credit.number}`,
      currency: credit.currency,
      lines,
      charges: [`-${credit.restockingFee ?? '0'}`],
      taxTotal: credit.taxTotal,
      taxAsCharged: credit.taxAsCharged,
    },
    {
      id: credit.id,
      number: credit.number,
      date: credit.date,
      dueDate: null,
      customerExternalId,
      lines: await linesToPushOf(db, companyId, app, session, lines),
      taxCents: centsOf(credit.taxTotal ?? '0'),
      // the restocking fee keeps part of what the return credits
      charges: [{ description: 'Restocking fee', amountCents: -centsOf(credit.restockingFee ?? '0') }],
    },
  );
  const hash = sentHashOf(toPush);
  if (!link || link.sent_hash === DELETED) {
    // credited again after its memo was deleted there: a new memo, under a requestid of its own
    const requestId = link
      ? requestIdOf(companyId, app.key, CREDIT_NOTE_ENTITY, `${credit.id}:after:${link.external_id}`)
      : requestIdOf(companyId, app.key, CREDIT_NOTE_ENTITY, credit.id);
    const retried = await createRetried(db, companyId, app, CREDIT_NOTE_ENTITY, credit.id);
    await renew();
    const externalId = await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.pushCreditNote(tokens, toPush, requestId),
    );
    await db.transaction(async (tx) => {
      if (link)
        await tx.execute(sql`DELETE FROM integration_links WHERE company_id = ${companyId} AND app = ${app.key}
          AND entity_type = ${CREDIT_NOTE_ENTITY} AND entity_id = ${credit.id}`);
      await saveLink(tx, companyId, app.key, CREDIT_NOTE_ENTITY, credit.id, externalId);
      if (!retried) await markSent(tx, companyId, app.key, CREDIT_NOTE_ENTITY, credit.id, { version: null, hash });
    });
    if (retried) return sendCreditNote(db, companyId, app, session, returnId, renew);
    return 'succeeded';
  }
  if (hash === link.sent_hash) return 'skipped';
  await renew();
  const version = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.updateCreditNote(tokens, link.external_id, toPush, (v) =>
      requestIdOf(companyId, app.key, CREDIT_NOTE_ENTITY, `${credit.id}:${hash}:${v}`),
    ),
  );
  await markSent(db, companyId, app.key, CREDIT_NOTE_ENTITY, credit.id, { version, hash });
  return 'succeeded';
}

/** Whether a create of the record was sent before (integration_sync_log.create_sent). */
async function createSentBefore(db: Db, companyId: string, appKey: string, entityType: string, entityId: string) {
  const [row] = rowsOf<{ create_sent: boolean }>(
    await db.execute(sql`SELECT create_sent FROM integration_sync_log WHERE company_id = ${companyId}
      AND app = ${appKey} AND entity_type = ${entityType} AND entity_id = ${entityId}`),
  );
  return row?.create_sent === true;
}

/** A billed inventory receipt as a bill from its supplier (a vendor over there): created once,
 * updated when what it sends changed since (a receipt no longer billed leaves the bill as it is:
 * the supplier's bill stands), deleted there when the receipt is deleted here. A receipt filing
 * made for excise duty keeps its Bill: the payable counted it as the return's duty booked. */
function pushBill(db: Db, companyId: string, app: AccountingApp, session: Session, receiptId: string) {
  return claimDocument(db, companyId, app, BILL_ENTITY, receiptId, (renew) =>
    sendBill(db, companyId, app, session, receiptId, renew),
  );
}

async function sendBill(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  receiptId: string,
  renew: Renew,
): Promise<Outcome> {
  const link = await linkRowOf(db, companyId, app.key, BILL_ENTITY, receiptId);
  const [receipt] = await db
    .select()
    .from(inventoryReceiptTable)
    .where(and(eq(inventoryReceiptTable.companyId, companyId), eq(inventoryReceiptTable.id, receiptId)));
  if (!receipt && link && link.sent_hash !== DELETED && !(await dutyReceiptSettingsRef(db, companyId, receiptId))) {
    await renew();
    await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.deleteBill(tokens, link.external_id, (v) =>
        requestIdOf(companyId, app.key, BILL_ENTITY, `${receiptId}:delete:${v}`),
      ),
    );
    await markSent(db, companyId, app.key, BILL_ENTITY, receiptId, { version: null, hash: DELETED });
    return 'succeeded';
  }
  if (!receipt || receipt.status !== BILLED) {
    if (!link) {
      // deleted after a create that did not finish: it may be there, and has no id here to delete
      if (!receipt && (await createSentBefore(db, companyId, app.key, BILL_ENTITY, receiptId)))
        throw new ConnectorError({
          kind: 'rejected',
          message: `This receipt was deleted here while its Bill's send to ${app.connector.provider} had not finished: if ${app.connector.provider} has the Bill, delete it there`,
        });
      await db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app.key}
        AND entity_type = ${BILL_ENTITY} AND entity_id = ${receiptId} AND status = 'queued'`);
    }
    return 'skipped';
  }
  const supplier = (await supplierOf(db, companyId, receipt.supplier))!;
  const lines = await db
    .select()
    .from(inventoryReceiptLinesTable)
    .where(and(eq(inventoryReceiptLinesTable.companyId, companyId), eq(inventoryReceiptLinesTable.parentId, receiptId)))
    .orderBy(asc(inventoryReceiptLinesTable.position));
  const supplierAccount = supplier.account
    ? (rowsOf<{ ref: string | null }>(
        await db.execute(sql`SELECT ref FROM accounts WHERE company_id = ${companyId} AND id = ${supplier.account}`),
      )[0]?.ref ?? null)
    : null;
  const billLines: BillToPush['lines'] = [];
  // a receipt filing made for excise duty books it by the excise payable's own account rule
  const duty = await dutyReceiptSettingsRef(db, companyId, receiptId);
  for (const [index, line] of lines.entries()) {
    const mapped = duty
      ? await exciseAccountRef(db, companyId, duty.ref, line.item)
      : line.item
        ? await mappedAccountRef(db, companyId, 'item', line.item, 'asset')
        : line.product
          ? await mappedAccountRef(db, companyId, 'product', line.product, 'asset')
          : null;
    const accountExternalId = mapped ?? supplierAccount;
    if (!accountExternalId)
      throw new ConnectorError({
        kind: 'rejected',
        message: `Line ${index + 1}${line.description ? ` (${line.description})` : ''} has no account: choose its inventory account on the accounting setup page, or the supplier's default expense account`,
      });
    billLines.push({ description: line.description, accountExternalId, amountCents: centsOf(line.amount ?? '0') });
  }
  const freightCents = receipt.freight ? centsOf(receipt.freight) : 0;
  if (freightCents > 0) {
    if (!supplierAccount)
      throw new ConnectorError({
        kind: 'rejected',
        message: "The freight has no account: choose the supplier's default expense account",
      });
    billLines.push({ description: 'Freight', accountExternalId: supplierAccount, amountCents: freightCents });
  }
  await renew();
  const vendorExternalId = await vendorExternalIdOf(db, companyId, app, session, supplier);
  // the supplier's tax (its input tax credits) by rate, when the company over there charges
  // sales tax; freight is taxed like the goods, as the receipt's totals count it
  const bill: BillToPush = await withTaxCoding(
    db,
    companyId,
    app,
    'purchase',
    {
      label: `receipt ${receipt.number}`,
      currency: receipt.currency,
      lines,
      charges: [receipt.freight ?? '0'],
      taxTotal: receipt.taxTotal,
    },
    {
      number: receipt.supplierInvoice || receipt.number,
      date: receipt.date,
      vendorExternalId,
      lines: billLines,
    },
  );
  const hash = sentHashOf(bill);
  if (!link) {
    const retried = await createRetried(db, companyId, app, BILL_ENTITY, receipt.id);
    await renew();
    const externalId = await withTokens(db, companyId, app, session, (tokens) =>
      app.connector.pushBill(tokens, bill, requestIdOf(companyId, app.key, BILL_ENTITY, receipt.id)),
    );
    await db.transaction(async (tx) => {
      await saveLink(tx, companyId, app.key, BILL_ENTITY, receipt.id, externalId);
      if (!retried) await markSent(tx, companyId, app.key, BILL_ENTITY, receipt.id, { version: null, hash });
    });
    if (retried) return sendBill(db, companyId, app, session, receiptId, renew);
    return 'succeeded';
  }
  if (hash === link.sent_hash) return 'skipped';
  await renew();
  const version = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.updateBill(tokens, link.external_id, bill, (v) =>
      requestIdOf(companyId, app.key, BILL_ENTITY, `${receipt.id}:${hash}:${v}`),
    ),
  );
  await markSent(db, companyId, app.key, BILL_ENTITY, receipt.id, { version, hash });
  return 'succeeded';
}

/** A customer changed after it was sent (its records hook queued it): its name, email and phone
 * sent as they are now (customerExternalIdOf compares them with what was sent), holding the
 * customer's sync-log claim as the documents do, so two jobs never send the same change twice. */
function pushCustomer(db: Db, companyId: string, app: AccountingApp, session: Session, customerId: string) {
  return claimDocument(db, companyId, app, 'customer', customerId, async () => {
    const [customer] = await db
      .select()
      .from(customerTable)
      .where(and(eq(customerTable.companyId, companyId), eq(customerTable.id, customerId)));
    const link = await linkRowOf(db, companyId, app.key, 'customer', customerId);
    if (!customer || !link) return 'skipped';
    await customerExternalIdOf(db, companyId, app, session, customer, true);
    return 'succeeded';
  });
}

/** The customer hook: a customer sent already is queued again when it is saved (the push sends
 * it only if its name, email or phone changed). */
export async function queueChangedCustomer(ctx: DomainContext, customer: { id: string }): Promise<string[]> {
  if (ctx.history) return [];
  const sentTo = rowsOf<{ app: string }>(
    await ctx.db.execute(sql`SELECT app FROM integration_links WHERE company_id = ${ctx.actor.companyId}
      AND entity_type = 'customer' AND entity_id = ${customer.id}`),
  ).map((r) => r.app);
  const apps = sentTo.length ? (await accountingAppsOf(ctx)).filter((app) => sentTo.includes(app)) : [];
  for (const app of apps)
    await ctx.db.execute(
      queueRowsSql(
        app,
        'customer',
        sql`SELECT l.company_id, l.entity_id AS id FROM integration_links l WHERE l.company_id = ${ctx.actor.companyId}
          AND l.app = ${app} AND l.entity_type = 'customer' AND l.entity_id = ${customer.id}`,
        sql`'failed', 'succeeded'`,
      ),
    );
  return apps;
}

/** What the job does per queued record, by entity_type. The chart read is entity_id 0, so it
 * comes first in a run (the queue is read in entity_id order) and the accounts it links by
 * name are not created again. */
const PUSHES: Record<string, Push> = {
  [CHART.entityType]: async (db, companyId, app, session, entityId) => {
    await readChart(db, companyId, app, session);
    await done(db, companyId, app, CHART.entityType, entityId);
    return 'succeeded';
  },
  [ACCOUNT_ENTITY]: async (db, companyId, app, session, entityId) => {
    const pushed = await pushLocalAccount(db, companyId, app, session, entityId);
    if (!pushed) {
      await setLog(db, companyId, app.key, ACCOUNT_ENTITY, entityId, { status: 'succeeded' });
      return 'skipped';
    }
    await done(db, companyId, app, ACCOUNT_ENTITY, entityId);
    return 'succeeded';
  },
  invoice: pushInvoice,
  [CREDIT_NOTE_ENTITY]: pushCreditNote,
  [BILL_ENTITY]: pushBill,
  customer: pushCustomer,
  [EXCISE_PAYABLE_ENTITY]: async (db, companyId, app, session, entityId) => {
    // the claim logged it (claim.ts); busy: another job is sending it; requeued: the next run
    return settledOutcome(db, companyId, app, await pushExcisePayable(db, companyId, app, session, entityId));
  },
  [PAYMENT_ENTITY]: async (db, companyId, app, session, entityId) => {
    const outcome = await pushPayment(db, companyId, app, session, entityId, () =>
      claimedDocument(db, companyId, app, 'invoice', entityId, (renew) =>
        sendInvoice(db, companyId, app, session, entityId, renew),
      ),
    );
    return settledOutcome(db, companyId, app, outcome);
  },
};

/** Pushes one company's queued records for one app. Throws RetryLater when the other system
 * failed or kept throttling, after logging the attempt: the queue runs the job again later.
 * Stops between two records once the connection is paused, disconnected or made again. */
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
  for (const record of queued.filter((r) => PUSHES[r.entity_type])) {
    const { entity_type: entityType, entity_id: entityId } = record;
    // paused or disconnected while this job ran: what waits stays as the change left it
    if (!(await stillConnected(db, connection))) break;
    try {
      const outcome = await PUSHES[entityType](db, companyId, app, session, entityId);
      if (outcome === 'succeeded') summary.succeeded++;
    } catch (error) {
      if (!(error instanceof ConnectorError)) {
        // a fault of ours on this record: logged on it, and the next record goes on
        await failedInternally(db, companyId, app.key, entityType, entityId, error);
        summary.failed++;
        continue;
      }
      const failure = error.failure;
      if (failure.kind === 'rejected' || failure.kind === 'unauthorized') {
        // the other system's own words, for More info; not retried until queued again
        await setLog(db, companyId, app.key, entityType, entityId, {
          status: 'failed',
          addAttempt: true,
          error: failure.message,
          existing: true,
        });
        summary.failed++;
        continue;
      }
      await failedForNow(db, companyId, app.key, entityType, entityId, failure);
      summary.failed++;
    }
  }
  return summary;
}
