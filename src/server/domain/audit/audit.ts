// The one audit writer: every mutation (generic records, company membership and settings, the
// excise ledger) calls it inside its own transaction, so an entry exists exactly when the change
// committed. `changes` holds only the fields that differ, as {field: [before, after]}.
import type { Db } from '../../db/connect';
import type { Actor } from '../records/actor';
import { auditLogTable, type AuditChanges, type AuditEvent } from './table';

export type { AuditEvent } from './table';

export interface AuditEntryInput {
  entity: string;
  entityId: string;
  event: AuditEvent;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields never worth an audit line: the id is the entry's entityId already. */
const IGNORED = new Set(['id', '__typename']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** {field: [before, after]} for the fields whose value differs (a missing field counts as null). */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (!same(b, a)) changes[key] = [b, a];
  }
  return changes;
}

export async function recordAudit(db: Db, actor: Actor, entry: AuditEntryInput): Promise<void> {
  const changes = auditChanges(entry.before, entry.after);
  // an update that changed nothing leaves no trace
  if (entry.event === 'updated' && Object.keys(changes).length === 0) return;
  await db.insert(auditLogTable).values({
    companyId: actor.companyId,
    userId: /^\d{1,18}$/.test(actor.userId) ? actor.userId : null,
    entity: entry.entity,
    entityId: entry.entityId,
    event: entry.event,
    changes,
  });
}
