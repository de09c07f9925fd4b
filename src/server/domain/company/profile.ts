// Settings > Distillery information, and the add-ons that need attention.
import { eq } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { inputValidators } from '../../../generated/validators';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { companiesOf } from './companies';
import { recordAudit } from '../audit/audit';
import { addOnsNeedingAttention } from '../integrations/attention';

const EDITABLE = ['name', 'address', 'phone', 'businessNumber', 'province', 'fiscalYearMonth'] as const;

export async function updateCompany(ctx: DomainContext, input: Record<string, unknown>) {
  const parsed = inputValidators.company.update.safeParse(input);
  if (!parsed.success)
    throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'input', i.message])));
  const values = Object.fromEntries(
    EDITABLE.filter((k) => parsed.data[k] !== undefined).map((k) => [k, parsed.data[k]]),
  );
  if (Object.keys(values).length)
    await ctx.db.transaction(async (tx) => {
      const where = eq(companyTable.id, ctx.actor.companyId);
      const [before] = await tx.select().from(companyTable).where(where).for('update');
      const [after] = await tx.update(companyTable).set(values).where(where).returning();
      const pick = (row: Record<string, unknown> | undefined) =>
        Object.fromEntries(EDITABLE.map((k) => [k, row?.[k] ?? null]));
      await recordAudit(tx, ctx.actor, {
        entity: 'company',
        entityId: ctx.actor.companyId,
        event: 'updated',
        before: pick(before),
        after: pick(after),
      });
    });
  const companies = await companiesOf(ctx.db, ctx.actor.userId);
  return companies.find((c) => c.id === ctx.actor.companyId)!;
}

/** The add-ons that need attention (integrations/attention.ts). */
export async function addOnsWithAlerts(ctx: DomainContext): Promise<string[]> {
  return addOnsNeedingAttention(ctx.db, ctx.actor.companyId, ctx.actor.features);
}
