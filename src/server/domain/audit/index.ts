// The audit log: one writer (audit.ts) called in the transaction of every change, and the
// auditEntries2 query (schema/graphql/audit.graphql; permission audit, feature allowAudit).
import type { ListArgs } from '../records/list';
import { resolver, type DomainModule } from '../kernel/module';
import { listAuditEntries } from './entries';

export const auditModule: DomainModule = {
  name: 'audit',
  query: {
    auditEntries2: resolver<ListArgs>(async (_r, args, ctx) => listAuditEntries(await ctx.domain(), args)),
  },
};
