// The portal endpoint's resolvers (src/server/graphql/portalPlugin.ts serves them, each after
// request.open(): the company's customerPortal add-on). Each one but portalAcceptInvitation and
// portalCustomers first asks for the person's accepted link to a customer of the company
// (request.link(), FORBIDDEN without one) and reads the customer from that link.
import { acceptPortalInvitation } from './users';
import { placePortalOrder, type PortalOrderInput } from './placeOrder';
import { portalCustomer, portalInvoices, portalOrders, portalProducts, portalShipments } from './reads';
import { portalStatement } from './statement';
import type { PortalContext } from './context';
import type { Db } from '../../db/connect';
import type { LinkedCustomer } from './access';

export interface PortalRequest {
  db: Db;
  userId: string;
  companyId: string;
  /** throws FORBIDDEN unless the company has the customerPortal add-on on */
  open: () => Promise<void>;
  /** the customers the person is linked to here; throws FORBIDDEN without one */
  customers: () => Promise<LinkedCustomer[]>;
  /** the person's link in this company for the chosen customer; throws FORBIDDEN without one */
  link: () => Promise<PortalContext>;
}

type PortalResolver = (root: unknown, args: Record<string, unknown>, request: PortalRequest) => Promise<unknown>;

const linked =
  (fn: (ctx: PortalContext, args: Record<string, unknown>) => Promise<unknown>): PortalResolver =>
  async (_root, args, request) =>
    fn(await request.link(), args);

export const portalResolvers: { Query: Record<string, PortalResolver>; Mutation: Record<string, PortalResolver> } = {
  Query: {
    portalCustomers: async (_root, _args, request) => request.customers(),
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
