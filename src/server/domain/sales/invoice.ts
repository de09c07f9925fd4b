// Invoice rules (spec section 3 Customer and terms): the payment term defaults from the
// customer; the due date, when not given, is the term's dueDays after the invoice date; the
// status follows payment (unless Draft or Void) and more than the total cannot be paid; the
// balance is what is left after payments and credited returns (balance.ts).
import { and, eq } from 'drizzle-orm';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { entityOf, tableOf } from '../records/fields';
import type { ApiRecord } from '../records/hydrate';
import type { WriteChange } from '../records/hooks';
import { fromScaled, toScaled, type DocumentTotals } from '../../../shared/money';
import { balanceOf, CREDITING_RETURN_STATUSES } from './balance';
import { addDays } from '../../../shared/days';

type Input = Record<string, unknown>;
const given = (v: unknown) => v !== undefined && v !== null && v !== '';
const refId = (v: unknown) => (v && typeof v === 'object' ? String((v as { id: unknown }).id) : v ? String(v) : null);

export { addDays };

async function one(ctx: DomainContext, entity: string, id: string, column: string): Promise<unknown> {
  const { table } = tableOf(entityOf(entity));
  const [row] = await ctx.db
    .select({ v: table[column] })
    .from(table)
    .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, id)));
  return row?.v ?? null;
}

/** Before the row is written: the term from the customer, the due date from the term. */
export async function invoiceDefaults(ctx: DomainContext, change: WriteChange) {
  const input = change.input as Input;
  const before = change.before as Input | null;
  if (change.mode === 'create' && input.term === undefined && given(input.customer))
    input.term = (await one(ctx, 'customer', String(input.customer), 'term')) ?? undefined;

  const dueDate = input.dueDate !== undefined ? input.dueDate : before?.dueDate;
  if (given(dueDate)) return;
  const date = (input.date ?? before?.date) as string | null | undefined;
  const termId = input.term !== undefined ? refId(input.term) : refId(before?.term);
  if (!date || !termId) return;
  const dueDays = await one(ctx, 'term', termId, 'dueDays');
  if (dueDays !== null) input.dueDate = addDays(date, Number(dueDays));
}

/** The status an invoice's payment gives it: Draft and Void stay as they are. */
export function paymentStatus(status: string, total: unknown, amountPaid: unknown): string {
  if (status === 'Draft' || status === 'Void') return status;
  const paid = toScaled(amountPaid as number | null, 3);
  if (paid > 0n && paid >= toScaled(total as number | null, 3)) return 'Paid';
  return paid > 0n ? 'PartiallyPaid' : 'Sent';
}

/** After the totals are stored: refuse overpayment, set status and balance (in place too). */
export async function invoicePayment(ctx: DomainContext, record: ApiRecord, totals: DocumentTotals) {
  if (toScaled(record.amountPaid as number | null, 3) > toScaled(totals.total, 3))
    throw validationError({
      amountPaid: `The amount paid (${String(record.amountPaid)}) is more than the invoice total (${totals.total})`,
    });
  const status = paymentStatus(String(record.status), totals.total, record.amountPaid);
  const { table } = tableOf(entityOf('invoice'));
  const credits = await creditsOf(ctx, record.id);
  const balance = balanceOf(totals.currency, totals.total, record.amountPaid, credits);
  if (status !== record.status || Number(record.balance) !== Number(balance) || record.balance == null) {
    await ctx.db
      .update(table)
      .set({ status, balance })
      .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, record.id)));
    record.status = status;
    record.balance = Number(balance);
  }
}

async function creditsOf(ctx: DomainContext, invoiceId: string): Promise<string> {
  const { table } = tableOf(entityOf('salesReturn'));
  const rows = (await ctx.db
    .select({ total: table.total, status: table.status })
    .from(table)
    .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.invoice, invoiceId)))) as {
    total: string | null;
    status: string;
  }[];
  let sum = 0n;
  for (const r of rows)
    if ((CREDITING_RETURN_STATUSES as readonly string[]).includes(r.status)) sum += toScaled(r.total, 3);
  return fromScaled(sum, 3);
}
