// The customer portal's setup for staff (issue 18; schema/graphql/portal.graphql): settings
// (open or closed, visible products, visible sections) and portal users (invite, list, remove). The portal's own
// endpoint for customers is src/server/graphql/portalPlugin.ts. Spec 2.3: customer portal setup
// needs config.write, inventory and production.
import { eq } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { resolver, type DomainModule } from '../kernel/module';
import { portalSettingsOf, setPortalSettings, type PortalSettingsInput } from './settings';
import { INVITATION_DAYS } from '../company/invitations';
import { customerChoices, invitePortalUser, listPortalUsers, removePortalUser, type PortalUser } from './users';

export const PORTAL_SETUP_PERMISSION = 'config.write&inventory&production';

/** The invitation as mailed: the company, the link, how long it works. */
function portalInvitationMail(user: PortalUser, rawCompanyName: string, link: string) {
  // a company's name is the administrator's text: it must not break a mail header
  const companyName = rawCompanyName.replace(/[\r\n]+/g, ' ');
  return {
    to: user.email,
    subject: `${companyName}: your customer portal`,
    text: [
      `${companyName} invites you to its customer portal, for ${user.customerName}: your orders, shipments, invoices and statement, and new orders.`,
      `Sign in (or create your account) with this e-mail address, ${user.email}, from this link to accept:`,
      link,
      `The link works for ${INVITATION_DAYS} days. If you did not expect this invitation, ignore this message.`,
    ].join('\n\n'),
  };
}

export const portalModule: DomainModule = {
  name: 'portal',
  query: {
    portalSettings: async (_r, _a, ctx) => portalSettingsOf((await ctx.domain()).db, ctx.companyId),
    portalUsers: async (_r, _a, ctx) => listPortalUsers(await ctx.domain()),
    portalCustomerChoices: resolver<{ search?: string | null }>(async (_r, a, ctx) =>
      customerChoices(await ctx.domain(), a.search ?? ''),
    ),
  },
  mutation: {
    portalSetSettings: resolver<{ input: PortalSettingsInput }>(async (_r, a, ctx) =>
      setPortalSettings(await ctx.domain(), a.input),
    ),
    portalInviteCustomerUser: resolver<{ customerId: string; email: string }>(async (_r, a, ctx) => {
      const domain = await ctx.domain();
      const { user, token } = await invitePortalUser(domain, String(a.customerId), a.email);
      const [company] = await domain.db
        .select({ name: companyTable.name })
        .from(companyTable)
        .where(eq(companyTable.id, domain.actor.companyId));
      const link = `${ctx.publicOrigin ?? ''}/portal/?company=${domain.actor.companyId}&invitation=${token}`;
      await ctx.mail?.send(portalInvitationMail(user, company?.name ?? '', link));
      return user;
    }),
    portalRemoveUser: resolver<{ id: string }>(async (_r, a, ctx) =>
      removePortalUser(await ctx.domain(), String(a.id)),
    ),
  },
};
