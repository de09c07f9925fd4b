// Create and update for any entity: validate with the generated zod schema, check references
// inside the company, write the row, its lines and its `objects` entry in one transaction, with
// the entity's hooks (domain modules) and the audit entry inside that transaction.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { messages } from '../../../shared/messages';
import { inputValidators } from '../../../generated/validators';
import { objectsTable } from '../../../generated/tables';
import { AppError, forbidden, isUniqueViolation, pgErrorOf, validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import type { Db } from '../../db/connect';
import type { Actor, DomainContext } from './actor';
import { codecs } from './values';
import { invalidateCounts } from './countCache';
import { canSeeValues, entityOf, tableOf, valuesFieldsSet } from './fields';
import { assertFound, getRecord } from './list';
import { visibleTo, type ApiRecord } from './hydrate';
import type { WriteChange } from './hooks';
import { hooksFor } from '../index';
import { recordAudit } from '../audit/audit';
import { assertVersion } from './version';

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
  const gated = valuesFieldsSet(entity, input);
  if (gated.length) throw forbidden(`change ${gated.join(', ')}`);
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

/** The ids of the lines a parent holds now, per lines field (none on create). Refuses a line id
 * that is not one of them, or is given twice: an edit changes the record's own lines. */
async function checkLineIds(db: Db, actor: Actor, entity: EntityMeta, id: string | null, input: Input) {
  const existing = new Map<string, Set<string>>();
  const problems: Record<string, string> = {};
  for (const f of entity.fields.filter((x) => x.type === 'lines')) {
    if (input[f.name] === undefined) continue;
    const lines = (input[f.name] as Input[] | null) ?? [];
    if (id === null) {
      // a new record's lines are all new (a copied record's line ids mean nothing here)
      input[f.name] = lines.map((line) => ({ ...line, id: undefined }));
      continue;
    }
    const table = tableOf(entity).lines[f.name];
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, actor.companyId), eq(table.parentId, id)));
    const ids = new Set(rows.map((r: { id: string }) => String(r.id)));
    existing.set(f.name, ids);
    const seen = new Set<string>();
    for (const [i, line] of lines.entries()) {
      if (line.id == null) continue;
      const lineId = String(line.id);
      if (!ids.has(lineId) || seen.has(lineId)) problems[`${f.name}.${i}.id`] = 'Not a line of this record';
      seen.add(lineId);
    }
  }
  if (Object.keys(problems).length) throw validationError(problems);
  return existing;
}

/** Lines keep their ids: those named in the input are updated in place, new ones inserted (an id
 * from the object sequence), the parent's lines missing from the input deleted. */
async function writeLines(
  db: Db,
  actor: Actor,
  entity: EntityMeta,
  id: string,
  input: Input,
  existing: Map<string, Set<string>>,
) {
  for (const f of entity.fields.filter((x) => x.type === 'lines')) {
    if (input[f.name] === undefined) continue;
    // null clears the lines like an empty list
    const lines = (input[f.name] as Input[] | null) ?? [];
    const table = tableOf(entity).lines[f.name];
    const own = and(eq(table.companyId, actor.companyId), eq(table.parentId, id));
    const kept = new Set(lines.filter((l) => l.id != null).map((l) => String(l.id)));
    const gone = [...(existing.get(f.name) ?? [])].filter((lineId) => !kept.has(lineId));
    if (gone.length) await db.delete(table).where(and(own, inArray(table.id, gone)));
    const fresh: Record<string, unknown>[] = [];
    for (const [position, line] of lines.entries()) {
      const values = { position, ...columnsOf(f.lines!.fields, line) };
      if (line.id != null)
        await db
          .update(table)
          .set(values)
          .where(and(own, eq(table.id, String(line.id))));
      else fresh.push({ companyId: actor.companyId, parentId: id, ...values });
    }
    if (fresh.length) await db.insert(table).values(fresh);
  }
}

/** Unique violations name the constraint `<table>_<column>_key`; answer on that field. */
function uniqueProblem(entity: EntityMeta, error: unknown) {
  const constraint = pgErrorOf(error)?.constraint ?? '';
  const field = entity.fields.find((f) => constraint === `${entity.table}_${f.column}_key`);
  return validationError({ [field?.name ?? 'input']: 'Already used by another record' });
}

/** The record as hooks and the audit see it: every field, read inside the transaction. */
const fullRecord = async (ctx: DomainContext, entity: EntityMeta, id: string) =>
  assertFound(await getRecord(ctx, entity, id, { full: true }), entity, id);

export async function createRecord(
  ctx: DomainContext,
  entity: EntityMeta,
  rawInput: Input,
  options: { activityId?: string | null } = {},
): Promise<ApiRecord> {
  const input = validate(entity, 'create', rawInput);
  const activityId = options.activityId == null ? undefined : String(options.activityId);
  if (activityId !== undefined && (!entity.completesTask || !ID.test(activityId)))
    throw validationError({ activityId: 'No such task in this company' });
  assertValuesAllowed(entity, ctx.actor, input);
  const { table } = tableOf(entity);
  const hooks = hooksFor(entity.name);
  try {
    const record = await ctx.db.transaction(async (tx) => {
      const inTx: DomainContext = { ...ctx, db: tx };
      await checkReferences(tx, ctx.actor, entity.fields, input);
      const lineIds = await checkLineIds(tx, ctx.actor, entity, null, input);
      const change: WriteChange = { mode: 'create', before: null, input, activityId };
      for (const h of hooks) await h.beforeWrite?.(inTx, change);
      const [{ id }] = await tx
        .insert(table)
        .values({ companyId: ctx.actor.companyId, ...columnsOf(entity.fields, input) })
        .returning({ id: table.id });
      await tx.insert(objectsTable).values({ companyId: ctx.actor.companyId, id, entity: entity.name });
      await writeLines(tx, ctx.actor, entity, id, input, lineIds);
      const after = await fullRecord(inTx, entity, String(id));
      for (const h of hooks) await h.afterWrite?.(inTx, { ...change, after });
      if (!ctx.history) for (const h of hooks) await h.post?.(inTx, after);
      await recordAudit(tx, ctx.actor, { entity: entity.name, entityId: after.id, event: 'created', after });
      return visibleTo(entity, ctx.actor, after);
    });
    // after commit: a count read meanwhile must not be cached as current
    invalidateCounts(ctx.actor.companyId, entity.name);
    if (activityId) invalidateCounts(ctx.actor.companyId, 'activity');
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
  options: { expectedVersion?: string | null } = {},
): Promise<ApiRecord> {
  const input = validate(entity, 'update', rawInput);
  assertValuesAllowed(entity, ctx.actor, input);
  const { table } = tableOf(entity);
  const where = and(eq(table.companyId, ctx.actor.companyId), eq(table.id, /^\d{1,18}$/.test(id) ? id : '0'));
  const hooks = hooksFor(entity.name);
  try {
    const record = await ctx.db.transaction(async (tx) => {
      const inTx: DomainContext = { ...ctx, db: tx };
      const [existing] = await tx.select({ id: table.id }).from(table).where(where).for('update');
      if (!existing) throw new AppError('NOT_FOUND', `${entity.label.en} ${id} not found`, { id });
      await checkReferences(tx, ctx.actor, entity.fields, input);
      const lineIds = await checkLineIds(tx, ctx.actor, entity, id, input);
      const before = await fullRecord(inTx, entity, id);
      // read under the row lock: a concurrent save of the same version waits, then sees ours
      assertVersion(entity, id, visibleTo(entity, ctx.actor, before).version as string, options.expectedVersion);
      const change: WriteChange = { mode: 'update', before, input };
      for (const h of hooks) await h.beforeWrite?.(inTx, change);
      // a document's postings are reversed before it changes and posted again after
      for (const h of hooks) await h.unpost?.(inTx, before);
      const values = columnsOf(entity.fields, input);
      if (Object.keys(values).length) await tx.update(table).set(values).where(where);
      await writeLines(tx, ctx.actor, entity, id, input, lineIds);
      const after = await fullRecord(inTx, entity, id);
      for (const h of hooks) await h.afterWrite?.(inTx, { ...change, after });
      for (const h of hooks) await h.post?.(inTx, after);
      await recordAudit(tx, ctx.actor, { entity: entity.name, entityId: id, event: 'updated', before, after });
      return visibleTo(entity, ctx.actor, after);
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
