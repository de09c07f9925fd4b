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
    logClientError: resolver<{ input: ClientErrorInput }>((_r, args, ctx) =>
      logClientError(ctx.db, { userId: ctx.userId, companyId: ctx.companyId, ...ctx.client }, args.input),
    ),
  },
};
