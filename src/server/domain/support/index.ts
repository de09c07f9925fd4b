// Reports browsers send about their own errors (spec 7).
import { resolver, type DomainModule } from '../kernel/module';
import { logClientError } from './clientErrors';

interface ClientErrorInput {
  query?: string | null;
  variables?: string | null;
  message: string;
}

export const supportModule: DomainModule = {
  name: 'support',
  mutation: {
    // @signedIn, so a user with no company yet can report; only a member's report names the
    // company (a report must not write into a company the caller does not belong to)
    logClientError: resolver<{ input: ClientErrorInput }>(async (_r, args, ctx) => {
      const member = (await ctx.actor()) !== null;
      return logClientError(
        ctx.db,
        { userId: ctx.userId, companyId: member ? ctx.companyId : null, ...ctx.client },
        args.input,
      );
    }),
  },
};
