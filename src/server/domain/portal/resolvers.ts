// The portal endpoint's resolvers (src/server/graphql/portalPlugin.ts serves them). Each one but
// portalAcceptInvitation first asks for the person's accepted link to a customer of the company
// (request.link(), FORBIDDEN without one) and reads the customer from that link.
import { acceptPortalInvitation } from './users';
import { placePortalOrder, type PortalOrderInput } from './placeOrder';
import { portalCustomer, portalInvoices, portalOrders, portalProducts, portalShipments } from './reads';
import { portalStatement } from './statement';
import type { PortalContext } from './context';
import type { Db } from '../../db/connect';

export interface PortalRequest {
  db: Db;
  userId: string;
  companyId: string;
  /** the person's link in this company; throws FORBIDDEN without one */
  link: () => Promise<PortalContext>;
}

type PortalResolver = (root: unknown, args: Record<string, unknown>, request: PortalRequest) => Promise<unknown>;

const linked =
  (fn: (ctx: PortalContext, args: Record<string, unknown>) => Promise<unknown>): PortalResolver =>
  async (_root, args, request) =>
    fn(await request.link(), args);

export const portalResolvers: { Query: Record<string, PortalResolver>; Mutation: Record<string, PortalResolver> } = {
  Query: {
    portalCustomer: linked((ctx) => portalCustomer(ctx)),
    portalProducts: linked((ctx) => portalProducts(ctx)),
    portalOrders: linked((ctx) => portalOrders(ctx)),
    portalShipments: linked((ctx) => portalShipments(ctx)),
    portalInvoices: linked((ctx) => portalInvoices(ctx)),
    portalStatement: linked((ctx, args) => portalStatement(ctx, String(args.from), String(args.to))),
  },
  Mutation: {
    portalPlaceOrder: linked((ctx, args) => placePortalOrder(ctx, args.input as PortalOrderInput)),
    portalAcceptInvitation: async (_root, args, request) =>
      acceptPortalInvitation(request.db, request.userId, request.companyId, String(args.token)),
  },
};
