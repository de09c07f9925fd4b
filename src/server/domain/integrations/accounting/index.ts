// The accounting side of the integrations (issue 18): the chart of accounts (Account, ref = the
// accounting system's id), accountCreate through the accounting system, typeName. Merged into
// the integrations module (../index.ts). SDL: schema/graphql/accounting.graphql.
import { resolver, type FieldResolver, type Resolver } from '../../kernel/module';
import type { EntityHooks } from '../../records/hooks';
import { accountHooks, createAccount } from './accountCreate';
import { accountTypeName } from './accountTypes';
import { listMappings, setMapping, type MappingInput } from './mappings';
import { salesReturnHooks } from './creditNotes';
import { inventoryReceiptHooks } from './bills';
import { withDutyReceiptHooks } from './excisePayable';
import { accountingLinked } from './linkStatus';
import { listTaxCodes, setTaxCode } from './taxCodes';
import { INTEGRATION_APPS } from '../apps';
import { wakePushJob } from '../queue';

export const accountingHooks: Record<string, EntityHooks> = {
  account: accountHooks,
  salesReturn: salesReturnHooks,
  // a duty receipt (exciseCreateReceipt) also queues the excise payable, or refuses a second booking
  inventoryReceipt: withDutyReceiptHooks(inventoryReceiptHooks),
};

export const accountingQueries: Record<string, Resolver> = {
  accountMappings: resolver<{ entityType: string; search?: string | null }>(async (_r, args, ctx) =>
    listMappings(await ctx.domain(), args.entityType, args.search),
  ),
  accountingTaxCodes: resolver(async (_r, _args, ctx) => listTaxCodes(await ctx.domain())),
  accountingLinked: resolver<{ entityType: string; id: string }>(async (_r, args, ctx) =>
    accountingLinked(await ctx.domain(), args.entityType, args.id),
  ),
};

export const accountingMutations: Record<string, Resolver> = {
  accountMappingSet: resolver<{ input: MappingInput }>(async (_r, args, ctx) => {
    const domain = await ctx.domain();
    const view = await setMapping(domain, args.input);
    // after the commit: a linked Item queued to follow the change goes now (nothing queued: a no-op run)
    for (const app of INTEGRATION_APPS.filter((a) => a.addOn === 'accounting'))
      await wakePushJob(domain.actor.companyId, app.key);
    return view;
  }),
  accountingTaxCodeSet: resolver<{ taxId?: string | null; ref?: string | null; kind?: string | null }>(
    async (_r, args, ctx) => setTaxCode(await ctx.domain(), args.taxId, args.ref, args.kind),
  ),
  accountCreate: resolver<{ input: unknown }>(async (_r, args, ctx) => createAccount(await ctx.domain(), args.input)),
};

export const accountingTypes: Record<string, Record<string, FieldResolver>> = {
  Account: { typeName: (account) => accountTypeName(String(account.type ?? '')) },
};
