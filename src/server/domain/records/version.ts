// Optimistic concurrency for every entity: a record's `version` is a digest of what its reader
// sees of it (fields and lines; references by id only, so renaming a customer category does not
// change its customers). The edit form sends back the version it loaded as `expectedVersion`;
// an update whose record no longer has that version was changed by someone else meanwhile and
// is refused with CONFLICT instead of silently overwriting their change. A digest needs no
// column, covers lines and every writer (hooks, other modules) alike, and a reader without
// `values` is not refused for a change to a value they can neither see nor write.
import { createHash } from 'node:crypto';
import type { EntityMeta, FieldMeta } from '../../../shared/meta';
import { AppError } from '../kernel/errors';

/** What a stale save answers (the spec has no words for it). */
export const CONFLICT_MESSAGE =
  'This record was changed by another user after you opened it. Reload it to see their changes, then make yours again.';

const refId = (v: unknown) => (v && typeof v === 'object' ? ((v as { id?: unknown }).id ?? null) : (v ?? null));

function canonical(fields: FieldMeta[], record: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const f of fields) {
    if (!(f.name in record)) continue;
    const v = record[f.name];
    if (f.type === 'ref') out.push(f.name, refId(v));
    else if (f.type === 'lines')
      out.push(
        f.name,
        ((v as Record<string, unknown>[] | null) ?? []).map((line) => [
          line.id ?? null,
          ...canonical(f.lines!.fields, line),
        ]),
      );
    else out.push(f.name, v === undefined ? null : v);
  }
  return out;
}

/** The version of a record as an actor sees it (hydrated or cut down by visibleTo). */
export function recordVersion(entity: EntityMeta, record: Record<string, unknown>): string {
  const text = JSON.stringify([String(record.id), ...canonical(entity.fields, record)]);
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** Refuses the save when the record is no longer the version its editor loaded. */
export function assertVersion(entity: EntityMeta, id: string, current: string, expected: string | null | undefined) {
  if (expected == null || expected === current) return;
  throw new AppError('CONFLICT', CONFLICT_MESSAGE, { id, entity: entity.name, version: current });
}
