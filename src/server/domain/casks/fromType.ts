// A cask created with a type takes the type's size, char level and cost unless the input gives
// them (add empty casks does the same for many). The size is optional in the API for that reason
// only: a cask always has one, so a create with neither a size nor a type, or an edit clearing
// the size, is refused here. Runs before the insert, so the record the mutation answers has them.
import { and, eq } from 'drizzle-orm';
import { caskTypeTable } from '../../../generated/tables';
import { validationError } from '../kernel/errors';
import type { EntityHooks } from '../records/hooks';

const SIZE_REQUIRED = 'Required (or choose a cask type)';

export const caskFromType: EntityHooks = {
  async beforeWrite(ctx, change) {
    const input = change.input;
    if (change.mode === 'update') {
      if (input.size === null) throw validationError({ size: 'Required' });
      return;
    }
    if (typeof input.type !== 'string') {
      if (input.size == null) throw validationError({ size: SIZE_REQUIRED });
      return;
    }
    const [type] = await ctx.db
      .select({ size: caskTypeTable.size, charLevel: caskTypeTable.charLevel, cost: caskTypeTable.cost })
      .from(caskTypeTable)
      .where(and(eq(caskTypeTable.companyId, ctx.actor.companyId), eq(caskTypeTable.id, input.type)));
    if (!type) return; // the records layer answered the bad reference before this hook
    if (input.size == null) input.size = Number(type.size);
    if (input.charLevel === undefined && type.charLevel !== null) input.charLevel = type.charLevel;
    if (input.cost === undefined && type.cost !== null) input.cost = Number(type.cost);
  },
};
