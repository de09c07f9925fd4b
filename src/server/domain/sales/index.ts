// Sales and purchasing money as a domain module (schema/graphql/sales.graphql): the totals,
// currency and payment rules hooked on the seven money documents (documents.ts), a customer's
// balance, a sales rep's commission, and the taxes setup by province. The document flow
// (conversions, shipments, returns) is ./flow, a module of its own.
import type { DomainModule, FieldResolver } from '../kernel/module';
import type { DomainContext } from '../records/actor';
import { canSeeValues } from '../records/fields';
import type { EntityHooks } from '../records/hooks';
import { customerBalances, refreshInvoiceBalance } from './balance';
import { batchLoader } from '../casks/batch';
import { commissionDue } from './commission';
import { applyCurrencyRules } from './currency';
import { MONEY_DOCUMENTS, type MoneyDocument } from './documents';
import { invoiceDefaults, invoicePayment } from './invoice';
import { checkOneThingPerLine } from './lineThings';
import { setUpProvinceTaxes } from './taxSetup';
import { storeTotals } from './totals';

const refId = (v: unknown) => (v && typeof v === 'object' ? String((v as { id: unknown }).id) : null);

function moneyHooks(doc: MoneyDocument): EntityHooks {
  return {
    async beforeWrite(ctx, change) {
      // the five sales documents: a line sells one thing
      if (doc.party === 'customer') checkOneThingPerLine(change);
      await applyCurrencyRules(ctx, doc, change);
      if (doc.entity === 'invoice') await invoiceDefaults(ctx, change);
    },
    async afterWrite(ctx, change) {
      const totals = await storeTotals(ctx, doc, change.after);
      if (doc.entity === 'invoice') await invoicePayment(ctx, change.after, totals);
      if (doc.entity === 'salesReturn') {
        // a return credits its invoice: the one it names now and the one it named before
        const ids = new Set([refId(change.after.invoice), refId(change.before?.invoice)]);
        for (const id of ids) if (id) await refreshInvoiceBalance(ctx, id);
      }
    },
  };
}

/** Money answered only to holders of `values` (null otherwise, like values-gated fields). */
const withValues =
  (
    fn: (ctx: DomainContext, parent: Record<string, unknown>, args: Record<string, unknown>) => Promise<string>,
  ): FieldResolver =>
  async (parent, args, apiCtx) => {
    const ctx = await apiCtx.domain();
    if (!canSeeValues(ctx.actor)) return null;
    return Number(await fn(ctx, parent, args));
  };

/** Customer.balance, batched per request (casks/batch.ts). */
const balances = batchLoader<string>(async (apiCtx, ids) => customerBalances(await apiCtx.domain(), ids));

export const salesModule: DomainModule = {
  name: 'sales',
  mutation: {
    taxesSetUpForProvince: async (_r, args, ctx) => setUpProvinceTaxes(await ctx.domain(), String(args.province)),
  },
  types: {
    Customer: {
      // a list page's customers ask together: one query for the page, not one per customer
      balance: async (parent, _args, apiCtx) => {
        const ctx = await apiCtx.domain();
        if (!canSeeValues(ctx.actor)) return null;
        return Number((await balances(apiCtx, String(parent.id))) ?? 0);
      },
    },
    SalesRep: {
      commissionDue: withValues((ctx, parent, args) =>
        commissionDue(
          ctx,
          { id: String(parent.id) },
          (args.from as string | null | undefined) ?? null,
          (args.to as string | null | undefined) ?? null,
        ),
      ),
    },
  },
  hooks: Object.fromEntries(MONEY_DOCUMENTS.map((doc) => [doc.entity, moneyHooks(doc)])),
};
