// inventory/casks/addempty: many empty casks at once, in one transaction. The numbers come from
// a prefix and a first number counting up (its leading zeros kept: C-0099, C-0100…) or from a
// list; a number already used, or given twice, refuses the lot and names it. A type gives the
// casks its size, char level and cost unless the input gives them.
import { and, eq, inArray } from 'drizzle-orm';
import { caskTable, caskTypeTable, objectsTable, siteTable } from '../../../generated/tables';
import { hasPermission } from '../../../shared/permissions';
import { messages } from '../../../shared/messages';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { invalidateCounts } from '../records/countCache';
import { recordAudit } from '../audit/audit';
import { AppError, forbidden, isUniqueViolation, validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import { caskEntity, casksByIds } from './records';

export const MAX_CASKS = 500;
const NUMBER_MAX = 40;
const LOCATION_MAX = 60;
const CHAR_LEVELS = caskEntity.fields.find((f) => f.name === 'charLevel')!.values!;

export interface AddEmptyInput {
  type?: string | null;
  site?: string | null;
  location?: string | null;
  prefix?: string | null;
  firstNumber?: string | null;
  count?: number | null;
  numbers?: string[] | null;
  size?: number | null;
  charLevel?: string | null;
  cost?: number | null;
  fillCount?: number | null;
}

/** The cask numbers asked for, or the problems with them under the input's field names. */
export function numbersOf(input: AddEmptyInput, problems: Record<string, string>): string[] {
  if (input.numbers?.length) {
    if (input.numbers.length > MAX_CASKS) problems.numbers = `At most ${MAX_CASKS} casks at once`;
    const numbers = input.numbers.map((n) => n.trim());
    const blank = numbers.findIndex((n) => !n);
    if (blank >= 0) problems[`numbers.${blank}`] = messages.required;
    const long = numbers.find((n) => n.length > NUMBER_MAX);
    if (long) problems.numbers ??= `${long}: ${messages.maxLength(NUMBER_MAX)}`;
    const seen = new Set<string>();
    const twice = numbers.find((n) => (seen.has(n.toLowerCase()) ? true : (seen.add(n.toLowerCase()), false)));
    if (twice) problems.numbers ??= `Cask number ${twice} is listed twice`;
    return numbers;
  }
  const count = input.count;
  const first = (input.firstNumber ?? '').trim();
  const prefix = input.prefix ?? '';
  if (count === null || count === undefined) problems.count = messages.required;
  else if (!Number.isInteger(count) || count < 1 || count > MAX_CASKS)
    problems.count = `Enter a number of casks from 1 to ${MAX_CASKS}`;
  if (!first) problems.firstNumber = messages.required;
  else if (!/^\d{1,15}$/.test(first)) problems.firstNumber = 'Enter digits only (e.g. 0101)';
  if (Object.keys(problems).length) return [];
  const width = first.length;
  const start = BigInt(first);
  const numbers = Array.from(
    { length: count! },
    (_, i) => `${prefix}${String(start + BigInt(i)).padStart(width, '0')}`,
  );
  const long = numbers.find((n) => n.length > NUMBER_MAX);
  if (long) problems.prefix = `${long}: ${messages.maxLength(NUMBER_MAX)}`;
  return numbers;
}

const decimalText = (n: number, scale: number) => n.toFixed(scale);

export async function addEmptyCasks(ctx: DomainContext, input: AddEmptyInput): Promise<ApiRecord[]> {
  const problems: Record<string, string> = {};
  const numbers = numbersOf(input, problems);
  if (input.size !== null && input.size !== undefined && !(input.size > 0 && input.size < 1e9))
    problems.size = messages.mustBePositive;
  if (input.cost !== null && input.cost !== undefined && !(input.cost >= 0 && input.cost < 1e13))
    problems.cost = messages.mustBeAtLeast(0);
  if (input.charLevel && !CHAR_LEVELS.includes(input.charLevel))
    problems.charLevel = messages.invalidChoice(CHAR_LEVELS);
  if (input.location && input.location.trim().length > LOCATION_MAX)
    problems.location = messages.maxLength(LOCATION_MAX);
  if (
    input.fillCount !== null &&
    input.fillCount !== undefined &&
    !(Number.isInteger(input.fillCount) && input.fillCount >= 0)
  )
    problems.fillCount = messages.mustBeAtLeast(0);
  // an id that is not one (say '1e3') names no record; the database would refuse it as a bigint
  if (input.type && !ID.test(input.type)) problems.type = messages.invalidReference;
  if (input.site && !ID.test(input.site)) problems.site = messages.invalidReference;
  if (Object.keys(problems).length) throw validationError(problems);
  if (input.cost !== null && input.cost !== undefined && !hasPermission(ctx.actor.permissions, 'values'))
    throw forbidden('set cask costs');
  const { companyId } = ctx.actor;
  try {
    const ids = await ctx.db.transaction(async (db) => {
      const [type] = input.type
        ? await db
            .select()
            .from(caskTypeTable)
            .where(and(eq(caskTypeTable.companyId, companyId), eq(caskTypeTable.id, input.type)))
        : [null];
      if (input.type && !type) problems.type = messages.invalidReference;
      if (input.site) {
        const [site] = await db
          .select({ id: siteTable.id })
          .from(siteTable)
          .where(and(eq(siteTable.companyId, companyId), eq(siteTable.id, input.site)));
        if (!site) problems.site = messages.invalidReference;
      }
      const size = input.size ?? (type ? Number(type.size) : null);
      if (size === null && !problems.type) problems.size = 'Required (or choose a cask type)';
      if (Object.keys(problems).length) throw validationError(problems);
      const used = await db
        .select({ number: caskTable.number })
        .from(caskTable)
        .where(and(eq(caskTable.companyId, companyId), inArray(caskTable.number, numbers)));
      if (used.length) throw alreadyUsed(used.map((u) => u.number));
      const cost = input.cost ?? (type?.cost == null ? null : Number(type.cost));
      const values = numbers.map((number) => ({
        companyId,
        number,
        type: input.type || null,
        size: decimalText(size!, 1),
        charLevel: input.charLevel ?? type?.charLevel ?? null,
        site: input.site || null,
        location: input.location?.trim() || null,
        fillCount: input.fillCount ?? 0,
        cost: cost === null ? null : decimalText(cost, 2),
        active: true,
      }));
      const inserted = await db.insert(caskTable).values(values).returning({ id: caskTable.id });
      const ids = inserted.map((r) => String(r.id));
      await db.insert(objectsTable).values(ids.map((id) => ({ companyId, id, entity: 'cask' })));
      const inTx = { ...ctx, db };
      for (const record of await casksByIds(inTx, ids, true))
        await recordAudit(db, ctx.actor, { entity: 'cask', entityId: record.id, event: 'created', after: record });
      return ids;
    });
    invalidateCounts(companyId, 'cask');
    return casksByIds(ctx, ids);
  } catch (error) {
    // two people adding the same numbers at once: the unique index decides
    if (isUniqueViolation(error)) throw alreadyUsed([]);
    throw error;
  }
}

function alreadyUsed(numbers: string[]) {
  const list = numbers.slice(0, 10).join(', ') + (numbers.length > 10 ? ` and ${numbers.length - 10} more` : '');
  return new AppError(
    'CONFLICT',
    numbers.length === 1
      ? `Cask number ${list} is already used: no casks were added`
      : numbers.length
        ? `Cask numbers ${list} are already used: no casks were added`
        : 'Some of these cask numbers were just used by someone else: no casks were added',
    { numbers },
  );
}
