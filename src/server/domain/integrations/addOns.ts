// The add-ons of /apps (spec 1: accounting, e-commerce, point of sale, customer portal) and how
// a company has one on. Accounting is the company's allowAccounting flag (the plan's); the
// others are listed in Company.addOns, which config.write switches on /apps (setAddOn). The
// actor's features carry both, so a rule asks one question: ctx.actor.features[addOnFeature(x)].
import { eq } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import type { DomainContext } from '../records/actor';
import { recordAudit } from '../audit/audit';
import { validationError } from '../kernel/errors';
import { SWITCHABLE_ADD_ONS, type AddOnKey } from '../../../shared/addOns';

export type { AddOnKey };

export const addOnFeature = (addOn: AddOnKey) => (addOn === 'accounting' ? 'allowAccounting' : `addOn:${addOn}`);

/** The features Company.addOns gives, beside the allow* flags (company/companies.ts featuresOf). */
export function addOnFeatures(listed: unknown): Record<string, boolean> {
  const names = Array.isArray(listed) ? listed.filter((a): a is string => typeof a === 'string') : [];
  return Object.fromEntries(SWITCHABLE_ADD_ONS.filter((a) => names.includes(a)).map((a) => [addOnFeature(a), true]));
}

/** Switches one add-on on or off for the company; answers the add-ons now on. Turning one off
 * leaves its connection as it is: the app's own Disconnect ends that. */
export async function setAddOn(ctx: DomainContext, addOn: string, enabled: boolean): Promise<string[]> {
  if (!SWITCHABLE_ADD_ONS.includes(addOn as AddOnKey))
    throw validationError({ addOn: `Must be one of ${SWITCHABLE_ADD_ONS.join(', ')}` });
  return ctx.db.transaction(async (tx) => {
    const where = eq(companyTable.id, ctx.actor.companyId);
    const [row] = await tx.select({ addOns: companyTable.addOns }).from(companyTable).where(where).for('update');
    const before = Array.isArray(row?.addOns) ? (row.addOns as string[]) : [];
    const after = enabled ? [...new Set([...before, addOn])] : before.filter((a) => a !== addOn);
    if (after.length !== before.length || after.some((a, i) => a !== before[i])) {
      await tx.update(companyTable).set({ addOns: after }).where(where);
      await recordAudit(tx, ctx.actor, {
        entity: 'company',
        entityId: ctx.actor.companyId,
        event: 'updated',
        before: { addOns: before },
        after: { addOns: after },
      });
    }
    return after;
  });
}
