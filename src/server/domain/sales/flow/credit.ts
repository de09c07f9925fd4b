// A return credits the invoice it names: the invoice's balance is recomputed (by the sales
// module's refreshInvoiceBalance) whenever a return of it is saved or deleted.
import { and, eq } from 'drizzle-orm';
import { salesReturnTable } from '../../../../generated/tables';
import type { DomainContext } from '../../records/actor';
import { refreshInvoiceBalance } from '../balance';

/** Recomputes the invoice's balance. A return being deleted is still there when its hooks
 * run (its row goes right after, in the same transaction): it is marked Cancelled first so
 * the balance no longer counts its credit. */
export async function refreshReturnedInvoice(
  ctx: DomainContext,
  invoiceId: string | null,
  deletingReturnId: string | null = null,
) {
  if (deletingReturnId)
    await ctx.db
      .update(salesReturnTable)
      .set({ status: 'Cancelled' })
      .where(and(eq(salesReturnTable.companyId, ctx.actor.companyId), eq(salesReturnTable.id, deletingReturnId)));
  if (invoiceId) await refreshInvoiceBalance(ctx, invoiceId);
}
