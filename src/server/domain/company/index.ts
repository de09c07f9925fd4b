// Companies, their settings, profile and members: schema/graphql/company.graphql.
import type { z } from 'zod';
import type { inputValidators } from '../../../generated/validators';
import { resolver, type DomainModule } from '../kernel/module';
import { companiesOf, setCompanySettings, setUserSettings } from './companies';
import { listMembers, removeMember, setMember } from './members';
import { addOnsWithAlerts, updateCompany } from './profile';

type CompanyUpdateInput = z.input<typeof inputValidators.company.update>;
type CompanySettingsInput = z.input<typeof inputValidators.companySettings.update>;

export const companyModule: DomainModule = {
  name: 'company',
  query: {
    companies: resolver((_r, _a, ctx) => companiesOf(ctx.db, ctx.userId)),
    companyMembers: resolver(async (_r, _a, ctx) => listMembers(await ctx.domain())),
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
    companySettingsSet: resolver<{ settings: CompanySettingsInput }>(async (_r, args, ctx) =>
      setCompanySettings(await ctx.domain(), args.settings),
    ),
  },
};
