// taxesSetUpForProvince: creates the taxes a producer in a province charges (provinceTaxes.ts),
// through the generic record writer (validation, audit) in one transaction. A tax whose code
// the company already has is answered as it is, not created twice, so running the setup again
// is harmless and never overwrites a rate the company edited.
import { and, eq } from 'drizzle-orm';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { entityOf, tableOf } from '../records/fields';
import type { ApiRecord } from '../records/hydrate';
import { assertFound, getRecord } from '../records/list';
import { createRecord } from '../records/write';
import { PROVINCE_TAXES, PROVINCES } from './provinceTaxes';

export async function setUpProvinceTaxes(ctx: DomainContext, provinceArg: string): Promise<ApiRecord[]> {
  const province = provinceArg.trim().toUpperCase();
  const taxes = PROVINCE_TAXES[province];
  if (!taxes)
    throw validationError({ province: `Not a Canadian province or territory code; one of ${PROVINCES.join(', ')}` });
  const entity = entityOf('tax');
  const { table } = tableOf(entity);
  return ctx.db.transaction(async (tx) => {
    const inTx: DomainContext = { ...ctx, db: tx };
    const out: ApiRecord[] = [];
    for (const tax of taxes) {
      const [existing] = (await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.code, tax.code)))) as { id: string }[];
      if (existing) {
        out.push(assertFound(await getRecord(inTx, entity, String(existing.id)), entity, String(existing.id)));
        continue;
      }
      out.push(
        await createRecord(inTx, entity, {
          name: tax.name,
          code: tax.code,
          province,
          rate: Number(tax.rate),
          agency: tax.agency,
          active: true,
          components: tax.components.map((c) => ({ ...c, rate: Number(c.rate) })),
        }),
      );
    }
    return out;
  });
}
