// Company preferences as a domain module (schema/graphql/preferences.graphql): the workflow the
// production overview shows, and the defaults of mashing, bottling, blending and distilling
// (spec 3 and the print queries of spec 7).
import { resolver, type DomainModule, type Resolver } from '../kernel/module';
import type { PreferenceArea } from './areas';
import { readPreferences, savePreferences } from './store';

const read =
  (area: PreferenceArea): Resolver =>
  async (_r, _args, ctx) =>
    readPreferences(await ctx.domain(), area);
const save = (area: PreferenceArea): Resolver =>
  resolver<{ preferences: Record<string, unknown> }>(async (_r, args, ctx) =>
    savePreferences(await ctx.domain(), area, args.preferences),
  );

export const preferencesModule: DomainModule = {
  name: 'preferences',
  query: {
    productionOverviewPreferences: read('workflow'),
    mashingPreferences: read('mashing'),
    bottlingPreferences: read('bottling'),
    blendingPreferences: read('blending'),
    distillingPreferences: read('distilling'),
  },
  mutation: {
    productionOverviewSetPreferences: save('workflow'),
    mashingSetPreferences: save('mashing'),
    bottlingSetPreferences: save('bottling'),
    blendingSetPreferences: save('blending'),
    distillingSetPreferences: save('distilling'),
  },
};
