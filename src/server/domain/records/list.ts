// Relay cursor connections over any entity: keyset paging on (sort column, id), so a page
// costs an index range scan however deep it is, and order is stable with an id tie-break.
import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { cachedCount } from './countCache';
import type { Comparator, EntityMeta, FieldMeta } from '../../../shared/meta';
import { messages } from '../../../shared/messages';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from './actor';
import { codecs } from './values';
import { tableOf, visibleFields } from './fields';
import { hydrate, type ApiRecord, type HydrateOptions } from './hydrate';

/** Largest page a client may ask for; larger requests are refused, never run. */
export const MAX_PAGE_SIZE = 250;
export const DEFAULT_PAGE_SIZE = 100;

export interface FilterInput {
  field: string;
  comparator: Comparator;
  value?: string | null;
}
export interface ListArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filters?: FilterInput[] | null;
  sortKey?: string | null;
  reverse?: boolean | null;
  parameters?: { search?: string | null } | null;
}
export interface Connection {
  totalCount: number;
  pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { cursor: string; node: ApiRecord }[];
}

export type Key = [unknown, string];
export const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');
export function decodeCursor(cursor: string, arg: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === 2 && typeof key[1] === 'string' && /^\d+$/.test(key[1])) return key as Key;
  } catch {
    // fall through to the validation error
  }
  throw validationError({ [arg]: 'Invalid cursor' });
}

/** Refuses page sizes above MAX_PAGE_SIZE (never run) and first with last. */
export function pageSize(args: Pick<ListArgs, 'first' | 'last'>) {
  const problems: Record<string, string> = {};
  for (const arg of ['first', 'last'] as const) {
    const n = args[arg];
    if (n === null || n === undefined) continue;
    if (n < 0) problems[arg] = messages.mustBeAtLeast(0);
    else if (n > MAX_PAGE_SIZE) problems[arg] = messages.mustBeAtMost(MAX_PAGE_SIZE);
  }
  if (args.first != null && args.last != null) problems.last = 'Give first or last, not both';
  if (Object.keys(problems).length) throw validationError(problems);
}

/** Where-clauses for the filters, search and company; shared by the list, its count and export. */
export function whereOf(
  ctx: DomainContext,
  entity: EntityMeta,
  args: Pick<ListArgs, 'filters' | 'parameters'>,
): SQL | undefined {
  const { table } = tableOf(entity);
  const fields = visibleFields(entity, ctx.actor);
  const conditions: (SQL | undefined)[] = [eq(table.companyId, ctx.actor.companyId)];
  const problems: Record<string, string> = {};
  for (const [i, filter] of (args.filters ?? []).entries()) {
    const key = `filters.${i}.value`;
    const field: FieldMeta | undefined =
      filter.field === 'id' ? ({ name: 'id', type: 'ref' } as FieldMeta) : fields.find((f) => f.name === filter.field);
    if (!field || field.type === 'lines' || field.type === 'stringList') {
      problems[`filters.${i}.field`] = `Unknown filter field ${filter.field}`;
      continue;
    }
    const column = table[field.name];
    if (filter.value === null || filter.value === undefined) {
      if (filter.comparator !== 'eq') problems[key] = messages.required;
      else conditions.push(isNull(column));
      continue;
    }
    const parsed = codecs[field.type].parseFilter(filter.value, field);
    if ('error' in parsed) {
      problems[key] = parsed.error;
      continue;
    }
    const op = { eq, ge: gte, le: lte }[filter.comparator];
    conditions.push(op(column, parsed.value));
  }
  if (Object.keys(problems).length) throw validationError(problems);
  const search = args.parameters?.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const searchable = fields.filter((f) => f.searchable);
    if (searchable.length) conditions.push(or(...searchable.map((f) => ilike(table[f.name], pattern))));
  }
  return and(...conditions);
}

export function sortOf(entity: EntityMeta, ctx: DomainContext, args: Pick<ListArgs, 'sortKey' | 'reverse'>) {
  const sortKey = args.sortKey ?? entity.list.sort.field;
  const field = sortKey === 'id' ? undefined : visibleFields(entity, ctx.actor).find((f) => f.name === sortKey);
  if (sortKey !== 'id' && (!field || field.type === 'lines' || field.type === 'stringList'))
    throw validationError({ sortKey: `Cannot sort by ${sortKey}` });
  const descending = args.sortKey ? !!args.reverse : entity.list.sort.reverse !== !!args.reverse;
  // ids and required fields are never NULL, so their keyset is a plain row comparison
  const nullable = sortKey !== 'id' && !field!.required && field!.type !== 'boolean';
  return { sortKey, descending, nullable };
}

/** Rows strictly after `key` in the order (column, id) ascending or descending. PostgreSQL
 * puts NULLs last ascending and first descending, so both orders mirror each other exactly. */
function after(column: unknown, id: unknown, key: Key, descending: boolean, nullable: boolean): SQL {
  const [value, keyId] = key;
  const c = column as Parameters<typeof eq>[0];
  const i = id as Parameters<typeof eq>[0];
  // a row comparison is an index range condition; the OR form below is only for NULLs
  if (!nullable)
    return descending ? sql`(${c}, ${i}) < (${value}, ${keyId})` : sql`(${c}, ${i}) > (${value}, ${keyId})`;
  if (!descending)
    return value === null
      ? and(isNull(c), gt(i, keyId))!
      : or(gt(c, value), and(eq(c, value), gt(i, keyId)), isNull(c))!;
  return value === null
    ? or(and(isNull(c), lt(i, keyId)), isNotNull(c))!
    : or(lt(c, value), and(eq(c, value), lt(i, keyId)))!;
}

export async function listRecords(ctx: DomainContext, entity: EntityMeta, args: ListArgs): Promise<Connection> {
  pageSize(args);
  const { table } = tableOf(entity);
  const where = whereOf(ctx, entity, args);
  const { sortKey, descending, nullable } = sortOf(entity, ctx, args);
  const sortColumn = table[sortKey];
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  // backward pages are read in the mirrored order, then turned around
  const readDescending = backward ? !descending : descending;
  const cursor = backward ? args.before : args.after;
  const conditions = [where];
  if (cursor)
    conditions.push(
      after(sortColumn, table.id, decodeCursor(cursor, backward ? 'before' : 'after'), readDescending, nullable),
    );
  if (!backward && args.before)
    conditions.push(after(sortColumn, table.id, decodeCursor(args.before, 'before'), !descending, nullable));
  const order = readDescending ? [desc(sortColumn), desc(table.id)] : [asc(sortColumn), asc(table.id)];

  const filterKey = JSON.stringify([
    args.filters ?? [],
    args.parameters?.search?.trim() ?? '',
    ctx.actor.permissions.includes('values'),
  ]);
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(table)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(size + 1),
    cachedCount(ctx.actor.companyId, entity.name, filterKey, async () => {
      const [{ n }] = await ctx.db.select({ n: count() }).from(table).where(where);
      return Number(n);
    }),
  ]);
  const more = rows.length > size;
  const page = (more ? rows.slice(0, size) : rows) as Record<string, unknown>[];
  if (backward) page.reverse();
  const nodes = await hydrate(ctx.db, ctx.actor, entity, page);
  const edges = page.map((row, i) => ({
    cursor: encodeCursor([row[sortKey] ?? null, String(row.id)]),
    node: nodes[i],
  }));
  return {
    totalCount: Number(total),
    pageInfo: {
      hasPreviousPage: backward ? more : !!args.after,
      hasNextPage: backward ? !!args.before : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
  };
}

export async function getRecord(
  ctx: DomainContext,
  entity: EntityMeta,
  id: string,
  options: HydrateOptions = {},
): Promise<ApiRecord | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { table } = tableOf(entity);
  const rows = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, id)));
  if (!rows.length) return null;
  return (await hydrate(ctx.db, ctx.actor, entity, rows as Record<string, unknown>[], options))[0];
}

export function assertFound<T>(record: T | null, entity: EntityMeta, id: string): T {
  if (!record) throw new AppError('NOT_FOUND', `${entity.label.en} ${id} not found`, { id });
  return record;
}
