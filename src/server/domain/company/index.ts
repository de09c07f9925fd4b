// Companies, their settings, profile and members: schema/graphql/company.graphql.
import type { z } from 'zod';
import type { inputValidators } from '../../../generated/validators';
import { resolver, type DomainModule } from '../kernel/module';
import { companiesOf, setCompanySettings, setUserSettings } from './companies';
import { listMembers, removeMember, setMember } from './members';
import {
  acceptInvitation,
  cancelInvitation,
  INVITATION_DAYS,
  inviteMember,
  listInvitations,
  type Invitation,
} from './invitations';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { addOnsWithAlerts, updateCompany } from './profile';

type CompanyUpdateInput = z.input<typeof inputValidators.company.update>;
type CompanySettingsInput = z.input<typeof inputValidators.companySettings.update>;

export const companyModule: DomainModule = {
  name: 'company',
  query: {
    companies: resolver((_r, _a, ctx) => companiesOf(ctx.db, ctx.userId)),
    companyMembers: resolver(async (_r, _a, ctx) => listMembers(await ctx.domain())),
    companyInvitations: resolver(async (_r, _a, ctx) => listInvitations(await ctx.domain())),
    addOnsWithAlerts: resolver(async (_r, _a, ctx) => addOnsWithAlerts(await ctx.domain())),
  },
  mutation: {
    companySetUserSettings: resolver<{ settings: string }>(async (_r, args, ctx) =>
      setUserSettings(await ctx.domain(), args.settings),
    ),
    companyUpdate: resolver<{ input: CompanyUpdateInput }>(async (_r, args, ctx) =>
      updateCompany(await ctx.domain(), args.input),
    ),
    companyMemberSet: resolver<{ email: string; permissions: string[] }>(async (_r, args, ctx) =>
      setMember(await ctx.domain(), args.email, args.permissions),
    ),
    companyMemberRemove: resolver<{ id: string }>(async (_r, args, ctx) =>
      removeMember(await ctx.domain(), String(args.id)),
    ),
    companyMemberInvite: resolver<{ email: string; permissions: string[] }>(async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const { invitation, token } = await inviteMember(domain, args.email, args.permissions);
      const [company] = await domain.db
        .select({ name: companyTable.name })
        .from(companyTable)
        .where(eq(companyTable.id, domain.actor.companyId));
      await ctx.mail?.send(
        invitationMail(invitation, company?.name ?? '', `${ctx.publicOrigin ?? ''}/invitation/${token}`),
      );
      return invitation;
    }),
    companyInvitationCancel: resolver<{ id: string }>(async (_r, args, ctx) =>
      cancelInvitation(await ctx.domain(), String(args.id)),
    ),
    companyInvitationAccept: resolver<{ token: string }>(async (_r, args, ctx) =>
      acceptInvitation(ctx.db, ctx.userId, args.token),
    ),
    companySettingsSet: resolver<{ settings: CompanySettingsInput }>(async (_r, args, ctx) =>
      setCompanySettings(await ctx.domain(), args.settings),
    ),
  },
};

/** The invitation as mailed: who invites to what, the link, and how long it works. */
function invitationMail(invitation: Invitation, rawCompanyName: string, link: string) {
  // a company's name is the administrator's text: it must not break a mail header
  const companyName = rawCompanyName.replace(/[\r\n]+/g, ' ');
  return {
    to: invitation.email,
    subject: `Invitation to join ${companyName} in Distillery`,
    text: [
      `You are invited to join ${companyName} in Distillery.`,
      `Sign in (or create your account) with this e-mail address, ${invitation.email}, then open this link to accept:`,
      link,
      `The link works for ${INVITATION_DAYS} days. If you did not expect this invitation, ignore this message.`,
    ].join('\n\n'),
  };
}
