// Shopify's GraphQL fields (schema/graphql/ecommerce.graphql): connect for a shop, the setup
// page's settings and the shop's locations to map sites to. Served on the e-commerce endpoint.
import { resolver, type DomainModule, type Resolver } from '../../kernel/module';
import { AppError } from '../../kernel/errors';
import { connectForRequest } from '../connections';
import { connectionOf, tokensOf } from '../store';
import { withTokens } from '../calls';
import { askNow } from '../askNow';
import { requireSetupAccess, saveSettings, settingsOf, type ShopifySettingsInput } from './settings';
import { ecommerceApp } from './sync';

export const shopifyQueries: Record<string, Resolver> = {
  ecommerceSettings: resolver(async (_r, _a, ctx) => {
    const domain = await ctx.domain();
    requireSetupAccess(domain);
    return settingsOf(domain.db, domain.actor.companyId);
  }),
  /** the connected shop's locations (asked of Shopify when the setup page opens) */
  shopifyLocations: resolver(async (_r, _a, ctx) => {
    const domain = await ctx.domain();
    requireSetupAccess(domain);
    const app = ecommerceApp('shopify');
    const { companyId } = domain.actor;
    const connection = await connectionOf(domain.db, companyId, app.key);
    const tokens = connection?.status === 'connected' ? tokensOf(connection) : null;
    if (!tokens) throw new AppError('CONFLICT', 'Shopify is not connected (or is paused)', {});
    return askNow(app.connector.provider, 'list its locations', () =>
      withTokens(domain.db, companyId, app, { tokens }, (t) => app.connector.listLocations(t)),
    );
  }),
};

export const shopifyMutations: Record<string, Resolver> = {
  shopifyConnect: resolver<{ shop: string }>(async (_r, args, ctx) => connectForRequest(ctx, 'shopify', args.shop)),
  ecommerceSettingsSave: resolver<{ input: ShopifySettingsInput }>(async (_r, args, ctx) =>
    saveSettings(await ctx.domain(), args.input),
  ),
};

/** The e-commerce service's endpoint (spec 7) serves these: /ecommerce/graphql/{companyId}. */
export const ecommerceModule: DomainModule = {
  name: 'ecommerce',
  service: 'ecommerce',
  query: shopifyQueries,
  mutation: shopifyMutations,
};
