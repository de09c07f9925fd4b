// The excise receipt (company setting exciseCreateReceipt, "Create excise receipt"): filing a
// return with duty makes, in the filing's own transaction, an inventory receipt from the supplier
// duty is paid to (excisePaymentToId, "Excise paid to") for the duty, so the duty owed is a
// supplier bill like any other: status Billed, dated the period's end (the duty accrues in the
// period), the supplier invoice number the return's form and period, one line of the excise
// payment item (excisePaymentItemId, "Excise payment item"), quantity 1 at the duty. The receipt
// model has no due date: the return's due date is in the notes. An amended re-filing makes a
// receipt for the rise only; a fall makes none (a receipt's quantities and costs are never
// negative and purchasing has no supplier credit): the accounting push credits it
// (integrations/accounting/excisePayable.ts, a VendorCredit).
//
// The line must not bring anything into stock: every item line of a received receipt posts its
// quantity, and the stock module leaves out only the items it does not count (type Service or
// Non-inventory). So the excise payment item must be one of those; a stocked item is refused at
// filing, naming the setting, before anything is written.
//
// The receipt is booked in the accounting system by the receipts' own path (accounting/bills.ts,
// a Bill, its line to the item's account on the accounting setup page, else the supplier's
// default expense account); excise_duty_receipts (migration 0043) keeps what filing made, so the
// excise payable push counts it as booked once its Bill is over there (waiting, queued, while it is
// Billed here and not sent yet) and never sends it a second time. One deleted, or taken back from
// Billed, before its Bill went is sent by the payable instead (its records hook queues the payable
// again), and is then refused Billed again (accounting/excisePayable.ts, dutyReceiptHooks).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { entityByName } from '../../../generated/entities';
import { AppError } from '../kernel/errors';
import { lendingValues, type DomainContext } from '../records/actor';
import { createRecord } from '../records/write';

/** Receipt numbers fit the schema's 20 characters. */
const NUMBER_MAX = 20;

export interface DutyReceiptSettings {
  /** exciseCreateReceipt */
  on: boolean;
  payToId: string | null;
  itemId: string | null;
}

export async function dutyReceiptSettings(db: Db, companyId: string): Promise<DutyReceiptSettings> {
  const [row] = rowsOf<{ on: boolean | null; pay_to: string | null; item: string | null }>(
    await db.execute(sql`SELECT excise_create_receipt AS on, excise_payment_to_id AS pay_to,
        excise_payment_item_id AS item
      FROM company_settings_rows WHERE company_id = ${companyId} ORDER BY id LIMIT 1`),
  );
  return { on: row?.on ?? false, payToId: row?.pay_to ?? null, itemId: row?.item ?? null };
}

export interface ReturnVersion {
  returnId: string;
  version: number;
  form: string;
  siteId: string;
  periodEnd: string;
  dueDate: string;
  /** "B262 WH-42 2025-06-01 to 2025-06-30" */
  memo: string;
  /** this version's duty, and what the version before it had as its payable (0 for a first filing) */
  dutyCents: number;
  previousCents: number;
}

const ID = /^\d{1,18}$/;

const refuse = (message: string, setting: string) => new AppError('CONFLICT', message, { setting });

/** The supplier and item the receipt is made of, refused in the Settings' words when missing. */
async function checkSettings(ctx: DomainContext, settings: DutyReceiptSettings) {
  const { companyId } = ctx.actor;
  if (!settings.payToId)
    throw refuse(
      'Create excise receipt is on: set who excise duty is paid to in Settings (Excise paid to: the supplier, e.g. the Receiver General for Canada) before filing',
      'excisePaymentToId',
    );
  const [supplier] = ID.test(settings.payToId)
    ? rowsOf<{ id: string }>(
        await ctx.db.execute(sql`SELECT id::text AS id FROM suppliers
          WHERE company_id = ${companyId} AND id = ${settings.payToId}`),
      )
    : [];
  if (!supplier)
    throw refuse(
      'The supplier excise duty is paid to no longer exists: choose another in Settings (Excise paid to) before filing',
      'excisePaymentToId',
    );
  if (!settings.itemId)
    throw refuse(
      'Create excise receipt is on: choose the Excise payment item in Settings (a service or non-inventory item, the excise receipt’s line) before filing',
      'excisePaymentItemId',
    );
  const [item] = ID.test(settings.itemId)
    ? rowsOf<{ name: string; type: string | null }>(
        await ctx.db.execute(sql`SELECT coalesce(name, sku, id::text) AS name, type FROM items
          WHERE company_id = ${companyId} AND id = ${settings.itemId}`),
      )
    : [];
  if (!item)
    throw refuse(
      'The Excise payment item no longer exists: choose another in Settings (Excise payment item) before filing',
      'excisePaymentItemId',
    );
  if ((item.type ?? 'Inventory') === 'Inventory')
    throw refuse(
      `The Excise payment item (${item.name}) is a stocked item: an excise receipt of it would add it to stock. Choose a service or non-inventory item in Settings (Excise payment item), or make this one a service`,
      'excisePaymentItemId',
    );
  return { supplierId: supplier.id, itemId: settings.itemId };
}

/** "B262-2025-06-30-v2": free among the company's receipt numbers (another site's return of the
 * same form and period takes "-2"). */
async function receiptNumber(ctx: DomainContext, base: string): Promise<string> {
  for (let k = 1; ; k++) {
    const suffix = k === 1 ? '' : `-${k}`;
    const candidate = base.slice(0, NUMBER_MAX - suffix.length) + suffix;
    const [taken] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`SELECT id::text AS id FROM inventory_receipts
        WHERE company_id = ${ctx.actor.companyId} AND number = ${candidate} LIMIT 1`),
    );
    if (!taken) return candidate;
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Filing's hook for one return version, inside its transaction: the receipt of the duty (or of
 * its rise), when the setting is on. Answers the receipt's id, or null when none is owed. */
export async function createDutyReceipt(
  ctx: DomainContext,
  settings: DutyReceiptSettings,
  r: ReturnVersion,
): Promise<string | null> {
  if (!settings.on) return null;
  const riseCents = r.dutyCents - r.previousCents;
  if (riseCents <= 0) return null;
  const { supplierId, itemId } = await checkSettings(ctx, settings);
  const amended = r.version > 1;
  const suffix = amended ? ` v${r.version}` : '';
  const input: Record<string, unknown> = {
    number: await receiptNumber(ctx, `${r.form}-${r.periodEnd}${amended ? `-v${r.version}` : ''}`),
    supplier: supplierId,
    date: r.periodEnd,
    status: 'Billed',
    site: r.siteId,
    currency: 'CAD',
    supplierInvoice: `${r.form} ${r.periodEnd}${suffix}`,
    notes: amended
      ? `Excise duty of ${r.memo}, amended filing ${r.version}: ${dollars(riseCents)} more than the ${dollars(r.previousCents)} filed before (${dollars(r.dutyCents)} in all), due ${r.dueDate}`
      : `Excise duty of ${r.memo}, due ${r.dueDate}`,
    lines: [
      {
        item: itemId,
        description: amended ? `${r.memo} (amended filing ${r.version}: more duty)` : r.memo,
        quantity: 1,
        unitPrice: Number(dollars(riseCents)),
      },
    ],
  };
  // the person filing need not see costs: the receipt carries the duty all the same
  const lending: DomainContext = { ...ctx, actor: lendingValues(ctx.actor) };
  const receipt = await createRecord(lending, entityByName.inventoryReceipt, input);
  await ctx.db.execute(sql`INSERT INTO excise_duty_receipts
      (company_id, return_id, version, receipt_id, supplier_id, amount_cents)
    VALUES (${ctx.actor.companyId}, ${r.returnId}, ${r.version}, ${String(receipt.id)}, ${supplierId}, ${riseCents})`);
  return String(receipt.id);
}
