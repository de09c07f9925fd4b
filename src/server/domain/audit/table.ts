// The audit_log table of the hand-written migration 0006_audit_log.sql, for drizzle queries.
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintText } from '../../db/types';

export type AuditEvent = 'created' | 'updated' | 'deleted' | 'posted' | 'reversed';
export const AUDIT_EVENTS: readonly AuditEvent[] = ['created', 'updated', 'deleted', 'posted', 'reversed'];

/** {field: [before, after]} for the changed fields only */
export type AuditChanges = Record<string, [unknown, unknown]>;

export const auditLogTable = pgTable(
  'audit_log',
  {
    companyId: bigintText('company_id').notNull(),
    id: bigintText('id')
      .notNull()
      .default(sql`nextval('object_ids')`),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    userId: bigintText('user_id'),
    entity: text('entity').notNull(),
    entityId: bigintText('entity_id').notNull(),
    event: text('event').$type<AuditEvent>().notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);
