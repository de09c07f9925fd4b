// The portal endpoint's resolvers (src/server/graphql/portalPlugin.ts serves them, each after
// request.open(): the company's customerPortal add-on). Each one but portalAcceptInvitation and
// portalCustomers first asks for the person's accepted link to a customer of the company
// (request.link(), FORBIDDEN without one) and reads the customer from that link; then each
// one of a section asks whether the company shows it (sections.ts, FORBIDDEN in words if not).
// The link comes first so a person without one learns nothing of the company's choices.
import { acceptPortalInvitation } from './users';
import { placePortalOrder, type PortalOrderInput } from './placeOrder';
import { portalCustomer, portalInvoices, portalOrders, portalProducts, portalShipments } from './reads';
import { portalStatement } from './statement';
import type { PortalContext } from './context';
import type { Db } from '../../db/connect';
import type { LinkedCustomer } from './access';
import { requireSection, visibleSections, type PortalSection, type PortalSections } from './sections';

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
  /** the sections the company shows its customers */
  sections: () => Promise<PortalSections>;
}

type PortalResolver = (root: unknown, args: Record<string, unknown>, request: PortalRequest) => Promise<unknown>;

const linked =
  (fn: (ctx: PortalContext, args: Record<string, unknown>) => Promise<unknown>): PortalResolver =>
  async (_root, args, request) =>
    fn(await request.link(), args);

/** A section's operation: linked, then refused while the company hides the section. */
const shown =
  (
    section: PortalSection,
    fn: (ctx: PortalContext, args: Record<string, unknown>, sections: PortalSections) => Promise<unknown>,
  ): PortalResolver =>
  async (_root, args, request) => {
    const ctx = await request.link();
    const sections = await request.sections();
    requireSection(sections, section);
    return fn(ctx, args, sections);
  };

export const portalResolvers: { Query: Record<string, PortalResolver>; Mutation: Record<string, PortalResolver> } = {
  Query: {
    portalCustomers: async (_root, _args, request) => request.customers(),
    portalCustomer: linked((ctx) => portalCustomer(ctx)),
    portalSections: async (_root, _args, request) => {
      await request.link();
      return visibleSections(await request.sections());
    },
    // the products are the order form's: with ordering hidden nothing in the portal lists them
    portalProducts: shown('order', (ctx) => portalProducts(ctx)),
    portalOrders: shown('orders', (ctx) => portalOrders(ctx)),
    portalShipments: shown('shipments', (ctx, _args, sections) =>
      portalShipments(ctx, { orderNumbers: sections.orders }),
    ),
    portalInvoices: shown('invoices', (ctx) => portalInvoices(ctx)),
    // hidden with the invoices too (sections.ts portalSectionsOf): its lines are the invoices
    portalStatement: shown('statement', (ctx, args) => portalStatement(ctx, String(args.from), String(args.to))),
  },
  Mutation: {
    // asked again inside the order's transaction (placeOrder.ts), against a save meanwhile
    portalPlaceOrder: shown('order', (ctx, args) => placePortalOrder(ctx, args.input as PortalOrderInput)),
    portalAcceptInvitation: async (_root, args, request) =>
      acceptPortalInvitation(request.db, request.userId, request.companyId, String(args.token)),
  },
};
