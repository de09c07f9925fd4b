// Integrations (spec 1, issue 18): connections per company and app, the QuickBooks Online
// connector, the sync job and its log. SDL: schema/graphql/integrations.graphql.
import { resolver, type DomainModule } from '../kernel/module';
import {
  connectForRequest,
  disconnectIntegration,
  listIntegrations,
  pauseIntegration,
  resumeIntegration,
} from './connections';
import { queueChangedCustomer, queueDeletedInvoice, queueIssuedInvoice } from './sync';
import { appSync } from './pushers';
import { recordSyncs } from './recordSync';
import { setAddOn } from './addOns';
import { hooksOf } from '../records/hooks';
import { wakeAfterCommit, wakePushJob } from './queue';
import { accountingHooks, accountingMutations, accountingQueries, accountingTypes } from './accounting';

type AppArgs = { app: string };

export const integrationsModule: DomainModule = {
  name: 'integrations',
  types: accountingTypes,
  hooks: {
    ...accountingHooks,
    invoice: hooksOf('invoice', {
      afterWrite: async (ctx, change) => {
        wakeAfterCommit(ctx.actor.companyId, await queueIssuedInvoice(ctx, change.after));
      },
      // deleted after it was sent: voided over there too
      beforeDelete: async (ctx, invoice) => {
        wakeAfterCommit(ctx.actor.companyId, await queueDeletedInvoice(ctx, invoice));
      },
    }),
    // a customer sent already whose name, email or phone changes is sent again
    customer: hooksOf('customer', {
      afterWrite: async (ctx, change) => {
        wakeAfterCommit(ctx.actor.companyId, await queueChangedCustomer(ctx, change.after));
      },
    }),
  },
  query: {
    ...accountingQueries,
    integrations: resolver(async (_r, _a, ctx) => listIntegrations(await ctx.domain())),
    recordSyncs: resolver<{ entity: string; id: string }>(async (_r, args, ctx) =>
      recordSyncs(await ctx.domain(), args.entity, args.id),
    ),
  },
  mutation: {
    ...accountingMutations,
    integrationConnect: resolver<AppArgs>(async (_r, args, ctx) => connectForRequest(ctx, args.app)),
    integrationDisconnect: resolver<AppArgs>(async (_r, args, ctx) =>
      disconnectIntegration(await ctx.domain(), args.app),
    ),
    integrationPause: resolver<AppArgs>(async (_r, args, ctx) => pauseIntegration(await ctx.domain(), args.app)),
    integrationResume: resolver<AppArgs>(async (_r, args, ctx) => resumeIntegration(await ctx.domain(), args.app)),
    addOnSet: resolver<{ addOn: string; enabled: boolean }>(async (_r, args, ctx) =>
      setAddOn(await ctx.domain(), args.addOn, args.enabled),
    ),
    integrationSync: resolver<AppArgs>(async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const queued = await appSync(args.app).queueAll(domain, args.app);
      await wakePushJob(domain.actor.companyId, args.app);
      return queued;
    }),
  },
};

export { appsWithFailures } from './store';
export { ecommerceModule } from './shopify/module';
export { pointOfSaleModule } from './square/module';
export { addOnsNeedingAttention } from './attention';
export { integrationsPushJob, PUSH_JOB, setIntegrationJobSender } from './queue';
export { registerIntegrationRoutes } from './routes';
