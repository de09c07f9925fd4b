// Customer screen reads (schema/graphql/customers.graphql): customerSummary, the open orders,
// open invoices and balance of one customer. Selling permission by the SDL's @auth; money by `values`.
import { resolver, type DomainModule } from '../kernel/module';
import { customerSummary } from './summary';

export const customersModule: DomainModule = {
  name: 'customers',
  query: {
    customerSummary: resolver<{ customerId: string }>(async (_r, a, ctx) =>
      customerSummary(await ctx.domain(), String(a.customerId)),
    ),
  },
};
