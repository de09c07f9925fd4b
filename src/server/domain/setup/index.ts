// The setup wizard's server side (schema/graphql/setup.graphql): the setup query. The workflow
// ticks save through productionOverviewSetPreferences and "setup done" through
// companySettingsSet (doneSetup), both in their own modules.
import type { DomainModule } from '../kernel/module';
import { setupState } from './query';

export const setupModule: DomainModule = {
  name: 'setup',
  query: {
    setup: async (_r, _args, ctx) => setupState(await ctx.domain()),
  },
};
