import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { hasPermission } from '../../../shared/permissions';
import { entityByName } from '../../../generated/entities';
import { tables } from '../../../generated/tables';
import type { Actor } from './actor';
import { AppError } from '../kernel/errors';

export const canSeeValues = (actor: Actor) => hasPermission(actor.permissions, 'values');

/** Fields the actor may see: never internal ones; values-gated ones only with `values`. */
export const visibleFields = (entity: EntityMeta, actor: Actor): FieldMeta[] =>
  entity.fields.filter((f) => !f.internal && (!f.needsValues || canSeeValues(actor)));

/** The values-gated fields an input sets, top-level and inside lines (a schema's `values` may
 * name `lines.unitPrice`), by their English labels: what a user without `values` may not write. */
export function valuesFieldsSet(entity: EntityMeta, input: Record<string, unknown>): string[] {
  const set = new Set<string>();
  for (const f of entity.fields) {
    if (f.needsValues && input[f.name] !== undefined) set.add(f.label.en.toLowerCase());
    if (f.type !== 'lines' || !Array.isArray(input[f.name])) continue;
    for (const line of input[f.name] as Record<string, unknown>[])
      for (const l of f.lines!.fields)
        if (l.needsValues && line && line[l.name] !== undefined) set.add(l.label.en.toLowerCase());
  }
  return [...set];
}

export function tableOf(entity: EntityMeta) {
  const t = (tables as Record<string, { table: unknown; lines: Record<string, unknown> }>)[entity.name];
  if (!t) throw new AppError('NOT_FOUND', `No table for ${entity.name}`);
  // drizzle tables are typed per entity; the generic layer indexes their columns by field name
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return t as { table: any; lines: Record<string, any> };
}

export function entityOf(name: string): EntityMeta {
  const e = entityByName[name];
  if (!e) throw new AppError('NOT_FOUND', `Unknown entity ${name}`);
  return e;
}
