// Settings > Distillery information, and the add-ons that need attention.
import { eq } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { inputValidators } from '../../../generated/validators';
import { validationError } from '../../graphql/errors';
import type { DomainContext } from '../records/actor';
import { companiesOf } from './companies';

const EDITABLE = ['name', 'address', 'phone', 'businessNumber', 'province', 'fiscalYearMonth'] as const;

export async function updateCompany(ctx: DomainContext, input: Record<string, unknown>) {
  const parsed = inputValidators.company.update.safeParse(input);
  if (!parsed.success)
    throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'input', i.message])));
  const values = Object.fromEntries(
    EDITABLE.filter((k) => parsed.data[k] !== undefined).map((k) => [k, parsed.data[k]]),
  );
  if (Object.keys(values).length)
    await ctx.db.update(companyTable).set(values).where(eq(companyTable.id, ctx.actor.companyId));
  const companies = await companiesOf(ctx.db, ctx.actor.userId);
  return companies.find((c) => c.id === ctx.actor.companyId)!;
}

/** An add-on needs attention when it is switched on but not connected. Only the accounting
 * integration records a connection today; other add-ons raise no alert until they do. */
export async function addOnsWithAlerts(ctx: DomainContext): Promise<string[]> {
  const [company] = await ctx.db.select().from(companyTable).where(eq(companyTable.id, ctx.actor.companyId));
  if (!company) return [];
  const alerts: string[] = [];
  if (company.allowAccounting && !company.connectedToAccounting) alerts.push('accounting');
  return alerts;
}
