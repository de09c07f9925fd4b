// auditEntries2: the company's audit log as a Relay connection, newest first, keyset paging on
// (at, id) over the index (company_id, at) or, filtered by record, (company_id, entity_id, at).
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { userTable } from '../../../generated/tables';
import { isIsoDate, isIsoDateTime } from '../../../shared/validation';
import { validationError } from '../kernel/errors';
import { timeZoneOf } from '../company/timeZone';
import type { DomainContext } from '../records/actor';
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  pageSize,
  type FilterInput,
  type ListArgs,
} from '../records/list';
import { AUDIT_EVENTS, auditLogTable as a, type AuditEvent } from './table';

export interface AuditEntry {
  id: string;
  /** ISO 8601, UTC, milliseconds */
  at: string;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string;
  event: AuditEvent;
  /** JSON text of {field: [before, after]} */
  changes: string;
}

export interface AuditConnection {
  totalCount: number;
  pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { cursor: string; node: AuditEntry }[];
}

const ID = /^\d{1,18}$/;
/** the key of a row: its time to the microsecond, as text PostgreSQL reads back exactly */
const atKey = sql<string>`to_char(${a.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const atIso = sql<string>`to_char(${a.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function filtersOf(ctx: DomainContext, filters: FilterInput[]): Promise<SQL[]> {
  const conditions: SQL[] = [];
  const problems: Record<string, string> = {};
  let zone: string | undefined;
  for (const [i, { field, comparator, value }] of filters.entries()) {
    const key = `filters.${i}.value`;
    if (value === null || value === undefined || value === '') {
      problems[key] = 'Required';
      continue;
    }
    if (field === 'at') {
      if (comparator === 'eq') problems[`filters.${i}.comparator`] = 'Filter at with ge and le';
      else if (isIsoDateTime(value))
        conditions.push(
          comparator === 'ge' ? sql`${a.at} >= ${value}::timestamptz` : sql`${a.at} <= ${value}::timestamptz`,
        );
      else if (isIsoDate(value)) {
        // a day is the company's calendar day: from its first instant, up to the next day's
        zone ??= await timeZoneOf(ctx);
        conditions.push(
          comparator === 'ge'
            ? sql`${a.at} >= (${value}::date::timestamp AT TIME ZONE ${zone})`
            : sql`${a.at} < ((${value}::date + 1)::timestamp AT TIME ZONE ${zone})`,
        );
      } else problems[key] = 'Must be a date (yyyy-MM-dd) or an ISO date-time';
      continue;
    }
    if (!['entityId', 'entity', 'event', 'userId'].includes(field)) {
      problems[`filters.${i}.field`] = `Unknown filter field ${field}`;
      continue;
    }
    if (comparator !== 'eq') {
      problems[`filters.${i}.comparator`] = `Filter ${field} with eq`;
      continue;
    }
    if (field === 'entityId' || field === 'userId') {
      if (!ID.test(value)) problems[key] = 'Must be an id';
      else conditions.push(eq(field === 'entityId' ? a.entityId : a.userId, value));
    } else if (field === 'event') {
      if (!AUDIT_EVENTS.includes(value as AuditEvent)) problems[key] = `Must be one of ${AUDIT_EVENTS.join(', ')}`;
      else conditions.push(eq(a.event, value as AuditEvent));
    } else conditions.push(eq(a.entity, value));
  }
  if (Object.keys(problems).length) throw validationError(problems);
  return conditions;
}

/** Rows strictly after `key` in the order (at, id), descending or ascending. */
function beyond(key: [unknown, string], descending: boolean, arg: string): SQL {
  const [at, id] = key;
  if (typeof at !== 'string' || !isIsoDateTime(at.replace(/\.\d+Z$/, 'Z')))
    throw validationError({ [arg]: 'Invalid cursor' });
  return descending
    ? sql`(${a.at}, ${a.id}) < (${at}::timestamptz, ${id}::bigint)`
    : sql`(${a.at}, ${a.id}) > (${at}::timestamptz, ${id}::bigint)`;
}

export async function listAuditEntries(ctx: DomainContext, args: ListArgs): Promise<AuditConnection> {
  pageSize(args);
  if (args.sortKey != null && args.sortKey !== 'at')
    throw validationError({ sortKey: `Cannot sort by ${args.sortKey}` });
  const where = and(eq(a.companyId, ctx.actor.companyId), ...(await filtersOf(ctx, args.filters ?? [])));
  // newest first; reverse gives oldest first
  const descending = !args.reverse;
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  const readDescending = backward ? !descending : descending;
  const conditions = [where];
  const cursor = backward ? args.before : args.after;
  const arg = backward ? 'before' : 'after';
  if (cursor) conditions.push(beyond(decodeCursor(cursor, arg), readDescending, arg));
  if (!backward && args.before) conditions.push(beyond(decodeCursor(args.before, 'before'), !descending, 'before'));
  const order = readDescending ? [desc(a.at), desc(a.id)] : [asc(a.at), asc(a.id)];
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: a.id,
        at: atIso,
        key: atKey,
        userId: a.userId,
        userName: userTable.name,
        entity: a.entity,
        entityId: a.entityId,
        event: a.event,
        changes: a.changes,
      })
      .from(a)
      .leftJoin(userTable, eq(userTable.id, a.userId))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(size + 1),
    ctx.db.select({ n: count() }).from(a).where(where),
  ]);
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  if (backward) page.reverse();
  const edges = page.map(({ key, changes, ...row }) => ({
    cursor: encodeCursor([key, row.id]),
    node: { ...row, changes: JSON.stringify(changes ?? {}) },
  }));
  return {
    totalCount: Number(n),
    pageInfo: {
      hasPreviousPage: backward ? more : !!args.after,
      hasNextPage: backward ? !!args.before : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
  };
}
