// The excise duty payable (settings exciseAccrual): filing a return with duty stores its payable
// (returns/filing.ts), and the accounting system books it as a Bill from the supplier duty is paid
// to (excisePaymentToId, a Vendor there), one line to the excise payment account
// (excisePaymentAccountRef, else the account mapped to excisePaymentItemId's item), due on the
// return's due date, its memo naming form, licence and period. Each filing version is sent once
// (accounting_excise_payables_sent, migration 0032; the requestid is made from the return and
// version): an amended re-filing sends only the difference from what was booked, a rise as another
// Bill and a fall as a VendorCredit, to the vendor the first Bill went to (kept per row, migration
// 0042), whoever Settings names by then. With exciseCreateReceipt, filing makes an inventory
// receipt for the duty instead (purchasing/exciseDutyReceipt.ts, migration 0043), booked as a
// Bill by the receipts' path: what it booked counts here once its Bill is over there and is not
// sent again ('Receipt'; while it is Billed and not sent yet the payable waits, queued); a fall,
// which a receipt cannot carry, is still credited here. Queued by filing (inside its
// transaction) and by Sync now.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { EntityHooks } from '../../records/hooks';
import { AppError } from '../../kernel/errors';
import type { AccountingApp } from '../apps';
import { ConnectorError, type BillToPush, type ConnectorTokens } from '../connector';
import { taxCodingOf } from './taxCodes';
import { centsOf, requestIdOf, withTokens } from '../calls';
import { mappedAccountRef } from './mappings';
import { accountingAppsOf, queueRowsSql } from './queueDocument';
import { whileClaimed } from './claim';
import { supplierOf, vendorExternalIdOf } from './vendors';
import { BILLED, BILL_ENTITY } from './bills';

export const EXCISE_PAYABLE_ENTITY = 'excisePayable';

/** What filing stored (returns/filing.ts). */
interface Payable {
  amount: number;
  payToId: string | null;
  paymentMethodId: string | null;
  accountRef: string | null;
  itemId: string | null;
  dueDate: string;
  memo: string;
}

/** Filed returns whose payable's latest version is not over there yet. */
const unsentSql = (companyId: string, appKey: string, returnIds?: string[]) => sql`
  SELECT x.company_id, x.id FROM excise_returns x
  WHERE x.company_id = ${companyId} AND x.status = 'Filed' AND x.payable IS NOT NULL
    ${
      returnIds
        ? sql`AND x.id IN (${sql.join(
            returnIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }
    AND NOT EXISTS (SELECT 1 FROM accounting_excise_payables_sent s WHERE s.company_id = x.company_id
      AND s.app = ${appKey} AND s.return_id = x.id AND s.version = x.version)`;

/** Sync now: every filed payable not sent in its latest version, failed ones again. */
export async function queueExcisePayables(db: Db, companyId: string, appKey: string) {
  // a row that succeeded for an earlier version waits again for the new one
  await db.execute(
    queueRowsSql(appKey, EXCISE_PAYABLE_ENTITY, unsentSql(companyId, appKey), sql`'failed', 'succeeded'`),
  );
}

/** Filing's hook, in its transaction: the returns just filed, for every accounting app. */
export async function queueFiledPayables(ctx: DomainContext, returnIds: string[]) {
  if (ctx.history || !returnIds.length) return;
  for (const app of await accountingAppsOf(ctx))
    await ctx.db.execute(
      queueRowsSql(
        app,
        EXCISE_PAYABLE_ENTITY,
        unsentSql(ctx.actor.companyId, app, returnIds),
        sql`'failed', 'succeeded'`,
      ),
    );
}

/** A duty receipt `d`'s Bill is over there (the receipts' path linked it). */
const linkedSql = (appKey: string) => sql`EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = d.company_id
  AND l.app = ${appKey} AND l.entity_type = ${BILL_ENTITY} AND l.entity_id = d.receipt_id)`;

/** How long a duty receipt taken back from Billed (to correct a line, say) holds the payable:
 * billed again meanwhile, its own Bill books the duty; after that, the payable sends it. */
export const TAKEN_BACK_MINUTES = 30;

/** The receipts filing made for a return's duty (exciseCreateReceipt, migration 0043), oldest
 * first, with what each bills now (its lines and freight), that book it over there or are about
 * to: linked (their Bill is over there), or still Billed here and not linked yet (the receipts'
 * path has yet to send them: `linked` false, and the payable waits for them), or taken back from
 * Billed less than TAKEN_BACK_MINUTES ago (migration 0049: likely billed again soon; the payable
 * waits too). One deleted, or taken back longer ago, before it was sent books nothing: its
 * amount is sent from here. */
export async function dutyReceiptsOf(db: Db, companyId: string, appKey: string, returnId: string) {
  return rowsOf<{ version: number; receipt_id: string; supplier_id: string; amount_cents: string; linked: boolean }>(
    // what the receipt bills now (staff may have changed its lines or freight since filing; the
    // receipts' path sends that change), or what it was made for when it is gone
    await db.execute(sql`SELECT d.version, d.receipt_id::text, d.supplier_id::text,
        coalesce((SELECT round(coalesce(r.freight, 0) * 100) + coalesce((SELECT sum(round(coalesce(l.amount, 0) * 100))
            FROM inventory_receipts_lines l WHERE l.company_id = r.company_id AND l.parent_id = r.id), 0)
          FROM inventory_receipts r WHERE r.company_id = d.company_id AND r.id = d.receipt_id),
          d.amount_cents)::bigint::text AS amount_cents,
        ${linkedSql(appKey)} AS linked
      FROM excise_duty_receipts d
      WHERE d.company_id = ${companyId} AND d.return_id = ${returnId}
        AND (EXISTS (SELECT 1 FROM inventory_receipts r WHERE r.company_id = d.company_id AND r.id = d.receipt_id
            AND (r.status = ${BILLED}
              OR d.taken_back_at > clock_timestamp() - make_interval(mins => ${TAKEN_BACK_MINUTES})))
          OR ${linkedSql(appKey)})
      ORDER BY d.version`),
  ).map((r) => ({
    version: Number(r.version),
    receiptId: r.receipt_id,
    supplierId: r.supplier_id,
    amountCents: Number(r.amount_cents),
    linked: r.linked === true,
  }));
}

/** The one rule for the account excise duty is booked to, by the payable's Bill or VendorCredit
 * and by a duty receipt's Bill alike (so a fall is credited to the account the duty was debited
 * to): Settings' Excise payment account, then the account mapped to the item (inventory, else
 * cost), then the supplier's default expense account (a receipt's); null when none is set. */
export async function exciseAccountRef(
  db: Db,
  companyId: string,
  settingsRef: string | null,
  itemId: string | null,
  supplierAccountRef: string | null = null,
): Promise<string | null> {
  if (settingsRef) return settingsRef;
  const mapped = itemId
    ? ((await mappedAccountRef(db, companyId, 'item', itemId, 'asset')) ??
      (await mappedAccountRef(db, companyId, 'item', itemId, 'cogs')))
    : null;
  return mapped ?? supplierAccountRef;
}

/** A duty receipt's Excise payment account as Settings name it now (null for any other receipt). */
export async function dutyReceiptSettingsRef(db: Db, companyId: string, receiptId: string) {
  const [row] = rowsOf<{ ref: string | null }>(
    await db.execute(sql`SELECT s.excise_payment_account_ref AS ref FROM excise_duty_receipts d
      LEFT JOIN LATERAL (SELECT * FROM company_settings_rows s WHERE s.company_id = d.company_id ORDER BY s.id LIMIT 1) s ON true
      WHERE d.company_id = ${companyId} AND d.receipt_id = ${receiptId} LIMIT 1`),
  );
  return row ? { ref: row.ref } : null;
}

/** Leaves the payable's row queued while duty receipts' Bills are still to go: its sync-log row
 * marked changed (claim.ts then lets the claim go without logging it done: 'requeued'). A Bill
 * queued and not tried yet goes later in this run: a run is asked for shortly after, to book the
 * version then. One refused waits for the receipt to be corrected, deleted or taken back. */
async function waitForBills(
  db: Db,
  companyId: string,
  appKey: string,
  returnId: string,
  receipts: { receiptId: string }[],
) {
  await db.execute(sql`UPDATE integration_sync_log SET updated_at = clock_timestamp()
    WHERE company_id = ${companyId} AND app = ${appKey} AND entity_type = ${EXCISE_PAYABLE_ENTITY}
      AND entity_id = ${returnId}`);
  const [untried] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT entity_id::text AS id FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${appKey} AND entity_type = ${BILL_ENTITY} AND status = 'queued'
        AND attempts = 0 AND last_error IS NULL
        AND entity_id IN (${sql.join(
          receipts.map((r) => sql`${r.receiptId}`),
          sql`, `,
        )}) LIMIT 1`),
  );
  if (untried) await wakePushJob(companyId, appKey, WAIT_SECONDS);
}

/** The push job's wake-ups (../queue.ts), imported when called: that module imports the
 * pushers, which import this one (a static import here would leave the pushers' table of
 * entity types half made). */
const queue = () => import('../queue');
const wakePushJob = (companyId: string, app: string, startAfterSeconds: number) =>
  queue()
    .then((q) => q.wakePushJob(companyId, app, startAfterSeconds))
    .catch(() => undefined);

/** Seconds before the run that books a payable which waited for its receipts' Bills. */
const WAIT_SECONDS = 5;

const refused = (message: string) => new ConnectorError({ kind: 'rejected', message });

/** Sends the return's payable version, or its difference from what was sent. */
export async function pushExcisePayable(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  returnId: string,
): Promise<'succeeded' | 'skipped' | 'busy' | 'requeued'> {
  const key = { companyId, app: app.key, entityType: EXCISE_PAYABLE_ENTITY, entityId: returnId };
  // claimed, not a transaction: the calls below go to QuickBooks and may wait out its throttling
  return whileClaimed(db, key, async (renew) => {
    const [row] = rowsOf<{
      form: string;
      period_end: string;
      filed_on: string | null;
      version: number;
      status: string;
      payable: Payable | string | null;
      pay_to: string | null;
      account_ref: string | null;
      item: string | null;
    }>(
      await db.execute(sql`SELECT x.form, x.period_end::text, x.filed_on::text, x.version, x.status, x.payable,
          s.excise_payment_to_id AS pay_to, s.excise_payment_account_ref AS account_ref, s.excise_payment_item_id AS item
        FROM excise_returns x
        LEFT JOIN LATERAL (SELECT * FROM company_settings_rows s WHERE s.company_id = x.company_id ORDER BY s.id LIMIT 1) s ON true
        WHERE x.company_id = ${companyId} AND x.id = ${returnId}`),
    );
    if (!row || row.status !== 'Filed' || !row.payable) return 'skipped';
    const payable = (typeof row.payable === 'string' ? JSON.parse(row.payable) : row.payable) as Payable;
    const sent = rowsOf<{ version: number; amount_cents: string; vendor: string | null }>(
      await db.execute(sql`SELECT version, amount_cents::text, vendor_external_id AS vendor
        FROM accounting_excise_payables_sent
        WHERE company_id = ${companyId} AND app = ${app.key} AND return_id = ${returnId} ORDER BY version`),
    );
    if (sent.some((s) => s.version === row.version)) return 'skipped';
    // the receipts filing made for the duty (exciseCreateReceipt) are booked as Bills by the
    // receipts' own path: counted as booked here, never sent a second time
    const receipts = await dutyReceiptsOf(db, companyId, app.key, returnId);
    // one still Billed here whose Bill is not over there yet (the queue runs in entity_id order,
    // the return before its receipts; or its Bill was refused), or just taken back from Billed:
    // nothing is recorded until it is linked, or deleted, or taken back from Billed for
    // TAKEN_BACK_MINUTES (its records hook queues the payable again; the schedule's runs look
    // again). The row stays queued ('requeued'), so the next run looks again.
    const unsent = receipts.filter((r) => !r.linked);
    if (unsent.length) {
      await waitForBills(db, companyId, app.key, returnId, unsent);
      return 'skipped';
    }
    const sentCents = sent.reduce((sum, s) => sum + Number(s.amount_cents), 0);
    const receiptCents = receipts.reduce((sum, r) => sum + r.amountCents, 0);
    const differenceCents = centsOf(Number(payable.amount).toFixed(2)) - sentCents - receiptCents;
    const ownReceipt = receipts.find((r) => r.version === row.version);
    const record = async (externalType: string, externalId: string | null, vendor: string | null) =>
      db.execute(sql`INSERT INTO accounting_excise_payables_sent
          (company_id, app, return_id, version, amount_cents, external_type, external_id, vendor_external_id)
        VALUES (${companyId}, ${app.key}, ${returnId}, ${row.version}, ${differenceCents}, ${externalType},
          ${externalId}, ${vendor})
        ON CONFLICT DO NOTHING`);
    if (differenceCents === 0) {
      // the version's receipt books its duty; or an amended filing left the duty as it was
      await record(ownReceipt ? 'Receipt' : 'None', ownReceipt?.receiptId ?? null, null);
      return 'skipped';
    }
    // an amendment goes to the vendor of what was booked first (a Bill sent here, or the Bill of
    // a receipt); only a first Bill goes to the supplier Settings name now
    const firstVendor = async (): Promise<string | null> => {
      const bill = sent.find((s) => s.vendor);
      const receipt = receipts[0];
      if (receipt && (!bill || receipt.version < bill.version)) {
        const supplier = await supplierOf(db, companyId, receipt.supplierId);
        if (supplier) {
          await renew();
          return vendorExternalIdOf(db, companyId, app, session, supplier);
        }
      }
      return bill?.vendor ?? null;
    };
    const booked = sent.length > 0 || receipts.length > 0;
    let vendorExternalId = booked ? await firstVendor() : null;
    if (!vendorExternalId) {
      // Settings as they are now, then what filing stored: the words below send the person to
      // Settings, so what they choose there is what is sent again
      const payToId = row.pay_to ?? payable.payToId;
      if (!payToId)
        throw refused(
          'Set who excise duty is paid to in Settings (Excise paid to: the supplier, e.g. the Canada Revenue Agency), then Sync now',
        );
      const supplier = await supplierOf(db, companyId, payToId);
      if (!supplier)
        throw refused(
          'The supplier excise duty is paid to no longer exists: choose another in Settings (Excise paid to)',
        );
      await renew();
      vendorExternalId = await vendorExternalIdOf(db, companyId, app, session, supplier);
    }
    const itemId = row.item ?? payable.itemId;
    const accountRef = await exciseAccountRef(db, companyId, row.account_ref ?? payable.accountRef, itemId);
    if (!accountRef)
      throw refused(
        'Choose the account excise duty is booked to in Settings (Excise payment account, or an Excise payment item mapped to an account on the accounting setup page), then Sync now',
      );
    const amended = booked;
    const memo = amended
      ? `${payable.memo} (amended filing ${row.version}: ${differenceCents > 0 ? 'more' : 'less'} duty)`
      : payable.memo;
    // duty is no sale or purchase of goods: to a company that charges sales tax, an untaxed line
    const coded = await taxCodingOf(db, companyId, app, 'purchase', {
      lineTaxIds: [null],
      lineAmountsCents: [Math.abs(differenceCents)],
      taxes: async () => [],
    });
    const document: BillToPush = {
      number: `${row.form} ${row.period_end}${row.version > 1 ? ` v${row.version}` : ''}`,
      date: row.filed_on ?? row.period_end,
      dueDate: payable.dueDate,
      memo,
      vendorExternalId,
      lines: [
        {
          description: memo,
          accountExternalId: accountRef,
          amountCents: Math.abs(differenceCents),
          ...(coded ? { taxCodeExternalId: coded.lineCodes[0] } : {}),
        },
      ],
      ...(coded ? { taxCoding: coded.coding } : {}),
    };
    const requestId = requestIdOf(companyId, app.key, EXCISE_PAYABLE_ENTITY, `${returnId}:v${row.version}`);
    // the claim renewed just before the call: a turn that waited out throttling is still ours
    await renew();
    const externalId = await withTokens(db, companyId, app, session, (tokens) =>
      differenceCents > 0
        ? app.connector.pushBill(tokens, document, requestId)
        : app.connector.pushVendorCredit(tokens, document, requestId),
    );
    await record(differenceCents > 0 ? 'Bill' : 'VendorCredit', externalId, vendorExternalId);
    return 'succeeded';
  });
}

/** The return a duty receipt was made for, and the version that made it (none for any other
 * receipt). */
async function dutyReceiptOf(ctx: DomainContext, receiptId: string) {
  if (!/^\d{1,18}$/.test(receiptId)) return null;
  const [row] = rowsOf<{ return_id: string; version: number; form: string; period_end: string }>(
    await ctx.db.execute(sql`SELECT d.return_id::text, d.version, x.form, x.period_end::text
      FROM excise_duty_receipts d LEFT JOIN excise_returns x ON x.company_id = d.company_id AND x.id = d.return_id
      WHERE d.company_id = ${ctx.actor.companyId} AND d.receipt_id = ${receiptId} LIMIT 1`),
  );
  return row ?? null;
}

/** A duty receipt deleted, or taken back from Billed, books nothing unless its Bill is over there
 * already: the payable's job then sends its duty, so its row is queued again, in the receipt's
 * transaction (a version sent already stays as it is: unsentSql). */
async function queuePayableOf(ctx: DomainContext, receiptId: string) {
  if (ctx.history) return;
  const duty = await dutyReceiptOf(ctx, receiptId);
  if (!duty) return;
  const apps = await accountingAppsOf(ctx);
  for (const app of apps) {
    await ctx.db.execute(
      queueRowsSql(
        app,
        EXCISE_PAYABLE_ENTITY,
        unsentSql(ctx.actor.companyId, app, [duty.return_id]),
        sql`'failed', 'succeeded'`,
      ),
    );
  }
  void queue()
    .then((q) => q.wakeAfterCommit(ctx.actor.companyId, apps))
    .catch(() => undefined);
}

/** A duty receipt whose duty the payable sent itself (a version of the payable was sent while the
 * receipt was not Billed, and its own Bill never went) is not Billed again: its Bill would book
 * the duty twice. */
async function refuseBillingTwice(ctx: DomainContext, receipt: { id?: unknown; status?: unknown }) {
  const duty = await dutyReceiptOf(ctx, String(receipt.id));
  if (!duty) return;
  // the payable being sent this very moment may be sending this receipt's duty itself: its sent
  // row is written only once the call returns
  const [sending] = rowsOf<{ app: string }>(
    await ctx.db.execute(sql`SELECT app FROM integration_sync_log WHERE company_id = ${ctx.actor.companyId}
      AND entity_type = ${EXCISE_PAYABLE_ENTITY} AND entity_id = ${duty.return_id} AND claimed_at IS NOT NULL LIMIT 1`),
  );
  if (sending)
    throw new AppError(
      'CONFLICT',
      `The excise payable of ${duty.form} ${duty.period_end} is being sent to QuickBooks right now: bill this receipt again in a minute`,
      { id: String(receipt.id), returnId: duty.return_id },
    );
  const [sent] = rowsOf<{ version: number }>(
    await ctx.db.execute(sql`SELECT s.version FROM accounting_excise_payables_sent s
      WHERE s.company_id = ${ctx.actor.companyId} AND s.return_id = ${duty.return_id} AND s.version >= ${duty.version}
        AND NOT EXISTS (SELECT 1 FROM integration_links l WHERE l.company_id = s.company_id AND l.app = s.app
          AND l.entity_type = ${BILL_ENTITY} AND l.entity_id = ${String(receipt.id)})
      ORDER BY s.version LIMIT 1`),
  );
  if (!sent) return;
  const filing = duty.version > 1 ? `, amended filing ${duty.version}` : '';
  throw new AppError(
    'CONFLICT',
    `This receipt is the excise duty of ${duty.form} ${duty.period_end}${filing}, and the excise payable already sent that duty to QuickBooks while the receipt was not billed: billing it now would book the duty twice. Leave it ${String(receipt.status ?? 'as it is')}, or delete it`,
    { id: String(receipt.id), returnId: duty.return_id },
  );
}

/** The records hook on inventory receipts for the receipts filing made for duty (registered with
 * the bills' hook, accounting/index.ts): one deleted, or taken back from Billed, queues the
 * payable again (one taken back keeps when, so the payable waits TAKEN_BACK_MINUTES for it to be
 * billed again); one Billed again after the payable sent its duty is refused. */
export const dutyReceiptHooks: EntityHooks = {
  beforeWrite: async (ctx, change) => {
    if (change.mode !== 'update' || !change.before) return;
    if (change.input.status !== BILLED || change.before.status === BILLED) return;
    await refuseBillingTwice(ctx, change.before);
  },
  afterWrite: async (ctx, change) => {
    const takenBack = change.before?.status === BILLED && change.after.status !== BILLED;
    const billedAgain = change.before && change.before.status !== BILLED && change.after.status === BILLED;
    if ((takenBack || billedAgain) && !ctx.history)
      await ctx.db.execute(sql`UPDATE excise_duty_receipts SET taken_back_at = ${takenBack ? sql`now()` : sql`NULL`}
        WHERE company_id = ${ctx.actor.companyId} AND receipt_id = ${String(change.after.id)}`);
    if (takenBack) await queuePayableOf(ctx, String(change.after.id));
  },
  beforeDelete: async (ctx, record) => queuePayableOf(ctx, String(record.id)),
};

/** The bills' hook on inventory receipts with the duty receipts' one after it. */
export function withDutyReceiptHooks(hooks: EntityHooks): EntityHooks {
  return {
    beforeWrite: async (ctx, change) => {
      await hooks.beforeWrite?.(ctx, change);
      await dutyReceiptHooks.beforeWrite!(ctx, change);
    },
    afterWrite: async (ctx, change) => {
      await hooks.afterWrite?.(ctx, change);
      await dutyReceiptHooks.afterWrite!(ctx, change);
    },
    beforeDelete: async (ctx, record) => {
      await hooks.beforeDelete?.(ctx, record);
      await dutyReceiptHooks.beforeDelete!(ctx, record);
    },
    post: hooks.post,
    unpost: hooks.unpost,
  };
}
