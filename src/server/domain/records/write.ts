// Create and update for any entity: validate with the generated zod schema, check references
// inside the company, write the row, its lines and its `objects` entry in one transaction.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { messages } from '../../../shared/messages';
import { inputValidators } from '../../../generated/validators';
import { objectsTable } from '../../../generated/tables';
import { AppError, forbidden, isUniqueViolation, pgErrorOf, validationError } from '../../graphql/errors';
import type { Db } from '../../db/connect';
import type { Actor, DomainContext } from './actor';
import { codecs } from './values';
import { invalidateCounts } from './countCache';
import { canSeeValues, entityOf, tableOf } from './fields';
import { assertFound, getRecord } from './list';
import type { ApiRecord } from './hydrate';

type Input = Record<string, unknown>;

function validate(entity: EntityMeta, mode: 'create' | 'update', input: Input): Input {
  const validators = (inputValidators as Record<string, { create: z.ZodType; update: z.ZodType }>)[entity.name];
  if (!validators) throw new AppError('NOT_FOUND', `${entity.name} cannot be written`);
  const parsed = validators[mode].safeParse(input);
  if (parsed.success) return parsed.data as Input;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : 'input');
    fields[key] ??= issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys.join(', ')}` : issue.message;
  }
  throw validationError(fields);
}

function assertValuesAllowed(entity: EntityMeta, actor: Actor, input: Input) {
  if (canSeeValues(actor)) return;
  const gated = entity.fields.filter((f) => f.needsValues && input[f.name] !== undefined);
  if (gated.length) throw forbidden(`change ${gated.map((f) => f.label.en.toLowerCase()).join(', ')}`);
}

/** A ref must name a record of the same company (the foreign key checks existence too, but
 * only this gives the field its message) that matches the schema's refFilter. */
async function checkReferences(db: Db, actor: Actor, fields: FieldMeta[], input: Input, prefix = '') {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    if (f.type === 'ref' && input[f.name] != null) {
      const target = entityOf(f.ref!);
      const { table } = tableOf(target);
      const where =
        target.scope === 'company'
          ? and(eq(table.companyId, actor.companyId), eq(table.id, input[f.name]))
          : eq(table.id, input[f.name]);
      const [row] = await db.select().from(table).where(where);
      if (!row) problems[prefix + f.name] = messages.invalidReference;
      else
        for (const [k, v] of Object.entries(f.refFilter ?? {}))
          if ((row as Record<string, unknown>)[k] !== v)
            problems[prefix + f.name] = `Must be a ${String(v)} ${target.label.en.toLowerCase()}`;
    }
    if (f.type === 'lines' && Array.isArray(input[f.name]))
      for (const [i, line] of (input[f.name] as Input[]).entries())
        Object.assign(
          problems,
          await checkReferencesCollect(db, actor, f.lines!.fields, line, `${prefix}${f.name}.${i}.`),
        );
  }
  if (Object.keys(problems).length) throw validationError(problems);
}
async function checkReferencesCollect(db: Db, actor: Actor, fields: FieldMeta[], input: Input, prefix: string) {
  try {
    await checkReferences(db, actor, fields, input, prefix);
    return {};
  } catch (error) {
    if (error instanceof AppError) return (error.info.fields ?? {}) as Record<string, string>;
    throw error;
  }
}

function columnsOf(fields: FieldMeta[], input: Input): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields)
    if (f.type !== 'lines' && input[f.name] !== undefined) values[f.name] = codecs[f.type].toDb(input[f.name]);
  return values;
}

async function writeLines(db: Db, actor: Actor, entity: EntityMeta, id: string, input: Input, replace: boolean) {
  for (const f of entity.fields.filter((x) => x.type === 'lines')) {
    const lines = input[f.name] as Input[] | undefined;
    if (lines === undefined) continue;
    const table = tableOf(entity).lines[f.name];
    if (replace) await db.delete(table).where(and(eq(table.companyId, actor.companyId), eq(table.parentId, id)));
    if (lines?.length)
      await db.insert(table).values(
        lines.map((line, position) => ({
          companyId: actor.companyId,
          parentId: id,
          position,
          ...columnsOf(f.lines!.fields, line),
        })),
      );
  }
}

/** Unique violations name the constraint `<table>_<column>_key`; answer on that field. */
function uniqueProblem(entity: EntityMeta, error: unknown) {
  const constraint = pgErrorOf(error)?.constraint ?? '';
  const field = entity.fields.find((f) => constraint === `${entity.table}_${f.column}_key`);
  return validationError({ [field?.name ?? 'input']: 'Already used by another record' });
}

export async function createRecord(ctx: DomainContext, entity: EntityMeta, rawInput: Input): Promise<ApiRecord> {
  const input = validate(entity, 'create', rawInput);
  assertValuesAllowed(entity, ctx.actor, input);
  const { table } = tableOf(entity);
  try {
    const record = await ctx.db.transaction(async (tx) => {
      await checkReferences(tx, ctx.actor, entity.fields, input);
      const [{ id }] = await tx
        .insert(table)
        .values({ companyId: ctx.actor.companyId, ...columnsOf(entity.fields, input) })
        .returning({ id: table.id });
      await tx.insert(objectsTable).values({ companyId: ctx.actor.companyId, id, entity: entity.name });
      await writeLines(tx, ctx.actor, entity, id, input, false);
      return assertFound(await getRecord({ ...ctx, db: tx }, entity, String(id)), entity, String(id));
    });
    // after commit: a count read meanwhile must not be cached as current
    invalidateCounts(ctx.actor.companyId, entity.name);
    return record;
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueProblem(entity, error);
    throw error;
  }
}

export async function updateRecord(
  ctx: DomainContext,
  entity: EntityMeta,
  id: string,
  rawInput: Input,
): Promise<ApiRecord> {
  const input = validate(entity, 'update', rawInput);
  assertValuesAllowed(entity, ctx.actor, input);
  const { table } = tableOf(entity);
  const where = and(eq(table.companyId, ctx.actor.companyId), eq(table.id, /^\d{1,18}$/.test(id) ? id : '0'));
  try {
    const record = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: table.id }).from(table).where(where).for('update');
      if (!existing) throw new AppError('NOT_FOUND', `${entity.label.en} ${id} not found`, { id });
      await checkReferences(tx, ctx.actor, entity.fields, input);
      const values = columnsOf(entity.fields, input);
      if (Object.keys(values).length) await tx.update(table).set(values).where(where);
      await writeLines(tx, ctx.actor, entity, id, input, true);
      return assertFound(await getRecord({ ...ctx, db: tx }, entity, id), entity, id);
    });
    invalidateCounts(ctx.actor.companyId, entity.name);
    return record;
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueProblem(entity, error);
    throw error;
  }
}

export async function entityOfObject(db: Db, actor: Actor, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter((id) => /^\d{1,18}$/.test(id));
  if (!valid.length) return new Map();
  const rows = await db
    .select()
    .from(objectsTable)
    .where(and(eq(objectsTable.companyId, actor.companyId), inArray(objectsTable.id, valid)));
  return new Map(rows.map((r) => [String(r.id), r.entity]));
}
