// The point-of-sale setup's GraphQL (schema/graphql/pointOfSale.graphql): the setup, the
// Square locations to choose from, and saving it. Sync now and the job go through the
// integrations module (pushers.ts APP_SYNCS.square).
import { resolver, type DomainModule } from '../../kernel/module';
import { AppError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { connectionOf, tokensOf } from '../store';
import { withTokens } from '../calls';
import { askNow } from '../askNow';
import { requireSetupRights, saveSettings, settingsOf, type SettingsInput } from './settings';
import { pointOfSaleApp } from './sync';

async function squareLocations(ctx: DomainContext) {
  requireSetupRights(ctx);
  const app = pointOfSaleApp('square');
  const { companyId } = ctx.actor;
  const connection = await connectionOf(ctx.db, companyId, app.key);
  const tokens = connection?.status === 'connected' ? tokensOf(connection) : null;
  if (!tokens) throw new AppError('CONFLICT', 'Connect Square on the Apps page first', { status: connection?.status });
  return askNow(app.connector.provider, 'list its locations', () =>
    withTokens(ctx.db, companyId, app, { tokens }, (t) => app.connector.listLocations(t)),
  );
}

const empty = { siteId: null, locationId: null, customerId: null, pulledThrough: null, setBy: null };

/** The point-of-sale service's endpoint (spec 7) serves these: /pointofsale/graphql/{companyId}. */
export const pointOfSaleModule: DomainModule = {
  name: 'pointOfSale',
  service: 'pointOfSale',
  query: {
    pointOfSaleSetup: resolver(async (_r, _a, ctx) => {
      const domain = await ctx.domain();
      // the setup page's rule (spec 2.3), for reading it as for saving it
      requireSetupRights(domain);
      return (await settingsOf(domain.db, domain.actor.companyId)) ?? empty;
    }),
    squareLocations: resolver(async (_r, _a, ctx) => squareLocations(await ctx.domain())),
  },
  mutation: {
    pointOfSaleSetupSave: resolver<SettingsInput>(async (_r, args, ctx) => saveSettings(await ctx.domain(), args)),
  },
};
