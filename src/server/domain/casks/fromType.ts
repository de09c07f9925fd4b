// A cask created with a type takes the type's char level and cost unless the input gives them
// (the size is required by the cask's schema, so the create form fills it from the type; add
// empty casks takes all three from the type). Runs before the insert, so the record the
// mutation answers has them.
import { and, eq } from 'drizzle-orm';
import { caskTypeTable } from '../../../generated/tables';
import type { EntityHooks } from '../records/hooks';

export const caskFromType: EntityHooks = {
  async beforeWrite(ctx, change) {
    const input = change.input;
    if (change.mode !== 'create' || typeof input.type !== 'string') return;
    const [type] = await ctx.db
      .select({ charLevel: caskTypeTable.charLevel, cost: caskTypeTable.cost })
      .from(caskTypeTable)
      .where(and(eq(caskTypeTable.companyId, ctx.actor.companyId), eq(caskTypeTable.id, input.type)));
    if (!type) return; // the records layer answers the bad reference
    if (input.charLevel === undefined && type.charLevel !== null) input.charLevel = type.charLevel;
    if (input.cost === undefined && type.cost !== null) input.cost = Number(type.cost);
  },
};
