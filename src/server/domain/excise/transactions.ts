// The excise transactions list of a vessel or an alcohol record (spec 2.5): Relay keyset
// paging on (sort value, id), filters, totals over everything the filters select, and running
// balances that start from the month totals (a handful of rows) plus a bounded sum, so a page
// costs the same at a million rows as at a hundred.
import Papa from 'papaparse';
import { csvCell } from '../kernel/csv';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { messages } from '../../../shared/messages';
import { isIsoDate } from '../../../shared/validation';
import { hasPermission } from '../../../shared/permissions';
import {
  EXCISE_CATEGORIES,
  isExciseCategory,
  type AlcoholType,
  type VesselType,
} from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { standing as standingOf } from '../kernel/ledgerRows';
import { formatScaled, fromMilli, parseScaled } from './quantities';

export const MAX_PAGE_SIZE = 250;
const DEFAULT_PAGE_SIZE = 100;
const SEARCH_MAX = 200;
/** Largest CSV export of one list. */
const EXPORT_MAX = 100_000;

/** Whose transactions: a vessel's rows carry its id in vessel_id, an alcohol record's in alcohol_id. */
export interface LedgerKey {
  column: 'vessel_id' | 'alcohol_id';
  id: string;
}

export interface TransactionFilter {
  field: string;
  comparator: 'ge' | 'le' | 'eq';
  value?: string | null;
}

export interface TransactionListArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filters?: TransactionFilter[] | null;
  sortKey?: string | null;
  reverse?: boolean | null;
  parameters?: { search?: string | null; includeReversed?: boolean | null } | null;
}

export interface TransactionNode {
  id: string;
  date: string;
  lot: string | null;
  refType: string;
  refId: string;
  excise: string;
  description: string | null;
  comments: string | null;
  volume: number;
  litres: number;
  laa: number;
  kg: number | null;
  strength: number | null;
  value: number | null;
  alcoholType: AlcoholType;
  alcoholId: string;
  alcoholName: string | null;
  vesselType: VesselType | null;
  vesselId: string | null;
  vesselName: string | null;
  siteId: string | null;
  siteName: string | null;
  licence: string | null;
  userName: string | null;
  reversesId: string | null;
  reversed: boolean;
  volumeBalance: number | null;
  litresBalance: number | null;
  laaBalance: number | null;
  kgBalance: number | null;
  valueBalance: number | null;
}

/** Sortable columns: SQL expression of a never-null value, and how a cursor value reads back. */
const SORTS: Record<string, { expr: SQL; kind: 'date' | 'number' | 'text' }> = {
  date: { expr: sql`t.date`, kind: 'date' },
  volume: { expr: sql`t.volume`, kind: 'number' },
  litres: { expr: sql`t.litres`, kind: 'number' },
  laa: { expr: sql`t.laa`, kind: 'number' },
  excise: { expr: sql`t.excise`, kind: 'text' },
  refType: { expr: sql`t.ref_type`, kind: 'text' },
  lot: { expr: sql`coalesce(t.lot, '')`, kind: 'text' },
};

const FILTERS: Record<string, { column: SQL; parse: (v: string) => string | null; comparators: string[] }> = {
  date: {
    column: sql`t.date`,
    parse: (v) => (isIsoDate(v) ? v : null),
    comparators: ['ge', 'le', 'eq'],
  },
  siteId: { column: sql`t.site_id`, parse: (v) => (/^\d{1,18}$/.test(v) ? v : null), comparators: ['eq'] },
  refType: { column: sql`t.ref_type`, parse: (v) => (v.length <= 60 ? v : null), comparators: ['eq'] },
  excise: { column: sql`t.excise`, parse: (v) => (isExciseCategory(v) ? v : null), comparators: ['eq'] },
  lot: { column: sql`t.lot`, parse: (v) => (v.length <= 60 ? v : null), comparators: ['eq'] },
  vesselId: { column: sql`t.vessel_id`, parse: (v) => (/^\d{1,18}$/.test(v) ? v : null), comparators: ['eq'] },
  alcoholId: { column: sql`t.alcohol_id`, parse: (v) => (/^\d{1,18}$/.test(v) ? v : null), comparators: ['eq'] },
};

/** Rows that stand: not a reversal, and not reversed (kernel/ledgerRows). */
const standing = standingOf('excise_transactions', 't');

const keyColumn = (key: LedgerKey) => (key.column === 'vessel_id' ? sql`t.vessel_id` : sql`t.alcohol_id`);

/** The rows a list selects: the key, the filters, the search, and (by default) not reversed rows. */
function whereOf(ctx: DomainContext, key: LedgerKey, args: TransactionListArgs): SQL {
  const parts: SQL[] = [sql`t.company_id = ${ctx.actor.companyId}`, sql`${keyColumn(key)} = ${key.id}`];
  const problems: Record<string, string> = {};
  for (const [i, f] of (args.filters ?? []).entries()) {
    const def = FILTERS[f.field];
    if (!def || !def.comparators.includes(f.comparator)) {
      problems[`filters.${i}.field`] = `Unknown filter field ${String(f.field).slice(0, 60)}`;
      continue;
    }
    const value = f.value == null ? null : def.parse(String(f.value));
    if (value === null) {
      problems[`filters.${i}.value`] = f.value == null ? messages.required : messages.invalidFormat;
      continue;
    }
    const op = { eq: sql`=`, ge: sql`>=`, le: sql`<=` }[f.comparator];
    parts.push(sql`${def.column} ${op} ${value}`);
  }
  const search = args.parameters?.search?.trim();
  if (search && search.length > SEARCH_MAX) problems['parameters.search'] = messages.maxLength(SEARCH_MAX);
  if (Object.keys(problems).length) throw validationError(problems);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(t.lot ILIKE ${pattern} OR t.description ILIKE ${pattern} OR t.comments ILIKE ${pattern})`);
  }
  if (!args.parameters?.includeReversed) parts.push(standing);
  return sql.join(parts, sql` AND `);
}

function sortOf(args: TransactionListArgs) {
  const sortKey = args.sortKey ?? 'date';
  const sort = SORTS[sortKey];
  if (!sort) throw validationError({ sortKey: `Cannot sort by ${String(sortKey).slice(0, 60)}` });
  // newest first unless reversed; any other column ascending unless reversed
  const descending = args.sortKey && args.sortKey !== 'date' ? !!args.reverse : !args.reverse;
  return { sortKey, sort, descending };
}

/** Spec 5: balances only with no activity, excise or site filter, and date order (or none). */
export function balancesShown(args: TransactionListArgs): boolean {
  const sortedByDate = !args.sortKey || args.sortKey === 'date';
  const filtered = (args.filters ?? []).some((f) => f.field !== 'date');
  return sortedByDate && !filtered && !args.parameters?.search?.trim() && !args.parameters?.includeReversed;
}

type Cursor = [string, string];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
/** A cursor names a row by its sort value and id; both are checked against the sort's kind, so
 * a forged one is a validation error, never a failed cast in SQL. */
function decodeCursor(text: string, arg: string, kind: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(c) &&
      c.length === 2 &&
      typeof c[0] === 'string' &&
      c[0].length <= 200 &&
      typeof c[1] === 'string' &&
      /^\d{1,18}$/.test(c[1]) &&
      (kind !== 'date' || isIsoDate(c[0])) &&
      (kind !== 'number' || /^-?\d{1,15}(\.\d{1,3})?$/.test(c[0]))
    )
      return c as Cursor;
  } catch {
    // answered below
  }
  throw validationError({ [arg]: 'Invalid cursor' });
}

const nodeColumns = sql`
  SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.lot, t.ref_type, t.ref_id::text AS ref_id, t.excise,
         t.description, t.comments, t.volume::text AS volume, t.litres::text AS litres, t.laa::text AS laa, t.kg::text AS kg,
         t.strength::text AS strength, t.value::text AS value, t.alcohol_type, t.alcohol_id::text AS alcohol_id,
         coalesce(sp.name, w.name, ne.name) AS alcohol_name, t.vessel_type, t.vessel_id::text AS vessel_id,
         coalesce(tk.name, fe.name, ca.number, bc.name) AS vessel_name, t.site_id::text AS site_id, si.name AS site_name,
         t.licence, u.name AS user_name, t.reverses_id::text AS reverses_id,
         EXISTS (SELECT 1 FROM excise_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id) AS reversed`;
const nodeFrom = sql`
  FROM excise_transactions t
  LEFT JOIN spirits sp ON t.alcohol_type = 'Spirit' AND sp.company_id = t.company_id AND sp.id = t.alcohol_id
  LEFT JOIN wines w ON t.alcohol_type = 'Wine' AND w.company_id = t.company_id AND w.id = t.alcohol_id
  LEFT JOIN non_excises ne ON t.alcohol_type = 'NonExcise' AND ne.company_id = t.company_id AND ne.id = t.alcohol_id
  LEFT JOIN tanks tk ON t.vessel_type = 'Tank' AND tk.company_id = t.company_id AND tk.id = t.vessel_id
  LEFT JOIN fermenters fe ON t.vessel_type = 'Fermenter' AND fe.company_id = t.company_id AND fe.id = t.vessel_id
  LEFT JOIN casks ca ON t.vessel_type = 'Cask' AND ca.company_id = t.company_id AND ca.id = t.vessel_id
  LEFT JOIN bulk_containers bc ON t.vessel_type = 'BulkContainer' AND bc.company_id = t.company_id AND bc.id = t.vessel_id
  LEFT JOIN sites si ON si.company_id = t.company_id AND si.id = t.site_id
  LEFT JOIN users u ON u.id = t.user_id`;

interface NodeRow {
  id: string;
  date: string;
  lot: string | null;
  ref_type: string;
  ref_id: string;
  excise: string;
  description: string | null;
  comments: string | null;
  volume: string;
  litres: string;
  laa: string;
  kg: string | null;
  strength: string | null;
  value: string | null;
  alcohol_type: AlcoholType;
  alcohol_id: string;
  alcohol_name: string | null;
  vessel_type: VesselType | null;
  vessel_id: string | null;
  vessel_name: string | null;
  site_id: string | null;
  site_name: string | null;
  licence: string | null;
  user_name: string | null;
  reverses_id: string | null;
  reversed: boolean;
  sort_value?: string;
}

const num3 = (v: string | null) => (v === null ? null : fromMilli(parseScaled(v, 3)));
const num2 = (v: string | null) => (v === null ? null : Number(v));

function toNode(ctx: DomainContext, r: NodeRow): TransactionNode {
  const values = hasPermission(ctx.actor.permissions, 'values');
  return {
    id: r.id,
    date: r.date,
    lot: r.lot,
    refType: r.ref_type,
    refId: r.ref_id,
    excise: r.excise,
    description: r.description,
    comments: r.comments,
    volume: num3(r.volume)!,
    litres: num3(r.litres)!,
    laa: num3(r.laa)!,
    kg: num3(r.kg),
    strength: num2(r.strength),
    value: values ? num2(r.value) : null,
    alcoholType: r.alcohol_type,
    alcoholId: r.alcohol_id,
    alcoholName: r.alcohol_name,
    vesselType: r.vessel_type,
    vesselId: r.vessel_id,
    vesselName: r.vessel_name,
    siteId: r.site_id,
    siteName: r.site_name,
    licence: r.licence,
    userName: r.user_name,
    reversesId: r.reverses_id,
    reversed: !!r.reversed,
    volumeBalance: null,
    litresBalance: null,
    laaBalance: null,
    kgBalance: null,
    valueBalance: null,
  };
}

/** Rows by id, in id order (what a posting answers). */
export async function transactionsByIds(ctx: DomainContext, ids: string[]): Promise<TransactionNode[]> {
  if (!ids.length) return [];
  const rows = rowsOf<NodeRow>(
    await ctx.db.execute(sql`${nodeColumns} ${nodeFrom}
      WHERE t.company_id = ${ctx.actor.companyId} AND t.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY t.id`),
  );
  return rows.map((r) => toNode(ctx, r));
}

interface Sums {
  volume: number;
  litres: number;
  laa: number;
  kg: number;
  value: number;
}
const SUM_COLUMNS = ['volume', 'litres', 'laa', 'kg', 'value'] as const;
const sumsOf = (row: Record<string, string | null> | undefined): Sums => ({
  volume: parseScaled(row?.volume ?? '0', 3),
  litres: parseScaled(row?.litres ?? '0', 3),
  laa: parseScaled(row?.laa ?? '0', 3),
  kg: parseScaled(row?.kg ?? '0', 3),
  value: parseScaled(row?.value ?? '0', 2),
});

/** The balance of a key just before (date, id): months before from the month totals (a
 * reversed pair nets to zero in its month), then the standing rows of that month before it. */
async function openingBefore(ctx: DomainContext, key: LedgerKey, date: string, id: string): Promise<Sums> {
  const month = `${date.slice(0, 7)}-01`;
  const [months] = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      SELECT sum(volume)::text AS volume, sum(litres)::text AS litres, sum(laa)::text AS laa, sum(kg)::text AS kg, sum(value)::text AS value
      FROM excise_month_totals WHERE company_id = ${ctx.actor.companyId} AND key_id = ${key.id} AND month < ${month}`),
  );
  const [days] = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      SELECT sum(t.volume)::text AS volume, sum(t.litres)::text AS litres, sum(t.laa)::text AS laa, sum(coalesce(t.kg, 0))::text AS kg,
             sum(coalesce(t.value, 0))::text AS value
      FROM excise_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND ${keyColumn(key)} = ${key.id}
        AND t.date >= ${month} AND (t.date, t.id) < (${date}::date, ${id}::bigint) AND ${standing}`),
  );
  const a = sumsOf(months);
  const b = sumsOf(days);
  return {
    volume: a.volume + b.volume,
    litres: a.litres + b.litres,
    laa: a.laa + b.laa,
    kg: a.kg + b.kg,
    value: a.value + b.value,
  };
}

/** The lowest volume and LAA a vessel's running balance reaches from a date on (rows of the
 * current transaction included): a back-dated withdrawal must not leave it below zero then. */
export async function lowestBalanceFrom(ctx: DomainContext, vesselId: string, date: string) {
  const key: LedgerKey = { column: 'vessel_id', id: vesselId };
  const opening = await openingBefore(ctx, key, date, '0');
  const [row] = rowsOf<{ volume: string | null; laa: string | null; date: string | null }>(
    await ctx.db.execute(sql`
      SELECT min(volume)::text AS volume, min(laa)::text AS laa,
             to_char(min(date) FILTER (WHERE volume + ${formatScaled(opening.volume, 3)}::numeric < 0
                                           OR laa + ${formatScaled(opening.laa, 3)}::numeric < 0), 'YYYY-MM-DD') AS date
      FROM (SELECT t.date, sum(t.volume) OVER w AS volume, sum(t.laa) OVER w AS laa
            FROM excise_transactions t
            WHERE t.company_id = ${ctx.actor.companyId} AND t.vessel_id = ${vesselId} AND t.date >= ${date} AND ${standing}
            WINDOW w AS (ORDER BY t.date, t.id)) r`),
  );
  return {
    volume: opening.volume + parseScaled(row?.volume ?? '0', 3),
    laa: opening.laa + parseScaled(row?.laa ?? '0', 3),
    /** the first date it is below zero, if any */
    date: row?.date ?? null,
  };
}

const addSums = (a: Sums, b: Sums): Sums => ({
  volume: a.volume + b.volume,
  litres: a.litres + b.litres,
  laa: a.laa + b.laa,
  kg: a.kg + b.kg,
  value: a.value + b.value,
});

async function sumRows(ctx: DomainContext, where: SQL): Promise<{ n: number; sums: Sums }> {
  const [row] = rowsOf<Record<string, string | null> & { n: number }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(t.volume), 0)::text AS volume, coalesce(sum(t.litres), 0)::text AS litres,
             coalesce(sum(t.laa), 0)::text AS laa, coalesce(sum(t.kg), 0)::text AS kg, coalesce(sum(t.value), 0)::text AS value
      FROM excise_transactions t WHERE ${where}`),
  );
  return { n: Number(row.n), sums: sumsOf(row) };
}

const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number);
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
};

/** Totals of what a list selects. With no filter but dates, whole months come from the month
 * totals and only the days at either end are summed from rows, so a vessel or a spirit with
 * hundreds of thousands of rows costs a few dozen rows; any other filter sums the rows. */
async function totalsOf(ctx: DomainContext, key: LedgerKey, args: TransactionListArgs, where: SQL) {
  const filters = args.filters ?? [];
  if (filters.some((f) => f.field !== 'date') || args.parameters?.search?.trim() || args.parameters?.includeReversed)
    return sumRows(ctx, where);
  let from: string | null = null;
  let to: string | null = null;
  for (const f of filters) {
    const v = String(f.value);
    if (f.comparator !== 'le' && (!from || v > from)) from = v;
    if (f.comparator !== 'ge' && (!to || v < to)) to = v;
  }
  // whole months inside [from, to]: [firstFull, endFull)
  const firstFull = from ? (from.endsWith('-01') ? from : nextMonth(from)) : null;
  const endFull = to ? (to === lastDay(to) ? nextMonth(monthStart(to)) : monthStart(to)) : null;
  if (firstFull && endFull && firstFull >= endFull) return sumRows(ctx, where);
  const [months] = rowsOf<Record<string, string | null> & { n: number }>(
    await ctx.db.execute(sql`
      SELECT coalesce(sum(row_count - hidden_count), 0)::int AS n, sum(volume)::text AS volume, sum(litres)::text AS litres,
             sum(laa)::text AS laa, sum(kg)::text AS kg, sum(value)::text AS value
      FROM excise_month_totals
      WHERE company_id = ${ctx.actor.companyId} AND key_id = ${key.id}
        ${firstFull ? sql`AND month >= ${firstFull}` : sql``} ${endFull ? sql`AND month < ${endFull}` : sql``}`),
  );
  let total = { n: Number(months.n), sums: sumsOf(months) };
  const edges: SQL[] = [];
  if (firstFull && from && from < firstFull) edges.push(sql`t.date < ${firstFull}`);
  if (endFull && to && to >= endFull) edges.push(sql`t.date >= ${endFull}`);
  if (edges.length) {
    const rest = await sumRows(ctx, sql`${where} AND (${sql.join(edges, sql` OR `)})`);
    total = { n: total.n + rest.n, sums: addSums(total.sums, rest.sums) };
  }
  return total;
}

const lastDay = (d: string) => {
  const next = new Date(`${nextMonth(monthStart(d))}T00:00:00Z`);
  next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
};

/** Running balances of the page's rows: the opening before its earliest row, then every
 * standing row of the key between its earliest and latest, in date order. */
async function addBalances(ctx: DomainContext, key: LedgerKey, nodes: TransactionNode[]) {
  if (!nodes.length) return;
  const ordered = [...nodes].sort((a, b) =>
    a.date === b.date ? (BigInt(a.id) < BigInt(b.id) ? -1 : 1) : a.date < b.date ? -1 : 1,
  );
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const running = await openingBefore(ctx, key, first.date, first.id);
  const rows = rowsOf<Record<string, string | null> & { id: string }>(
    await ctx.db.execute(sql`
      SELECT t.id::text AS id, t.volume::text AS volume, t.litres::text AS litres, t.laa::text AS laa,
             coalesce(t.kg, 0)::text AS kg, coalesce(t.value, 0)::text AS value
      FROM excise_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND ${keyColumn(key)} = ${key.id}
        AND (t.date, t.id) >= (${first.date}::date, ${first.id}::bigint) AND (t.date, t.id) <= (${last.date}::date, ${last.id}::bigint)
        AND ${standing}
      ORDER BY t.date, t.id`),
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const values = hasPermission(ctx.actor.permissions, 'values');
  for (const r of rows) {
    const s = sumsOf(r);
    for (const c of SUM_COLUMNS) running[c] += s[c];
    const n = byId.get(r.id);
    if (!n) continue;
    n.volumeBalance = fromMilli(running.volume);
    n.litresBalance = fromMilli(running.litres);
    n.laaBalance = fromMilli(running.laa);
    n.kgBalance = fromMilli(running.kg);
    n.valueBalance = values ? running.value / 100 : null;
  }
}

function pageSize(args: TransactionListArgs) {
  const problems: Record<string, string> = {};
  for (const arg of ['first', 'last'] as const) {
    const n = args[arg];
    if (n == null) continue;
    if (n < 0) problems[arg] = messages.mustBeAtLeast(0);
    else if (n > MAX_PAGE_SIZE) problems[arg] = messages.mustBeAtMost(MAX_PAGE_SIZE);
  }
  if (args.first != null && args.last != null) problems.last = 'Give first or last, not both';
  if (Object.keys(problems).length) throw validationError(problems);
}

function afterCursor(expr: SQL, cursor: Cursor, descending: boolean, kind: string): SQL {
  const value =
    kind === 'date' ? sql`${cursor[0]}::date` : kind === 'number' ? sql`${cursor[0]}::numeric` : sql`${cursor[0]}`;
  return descending
    ? sql`(${expr}, t.id) < (${value}, ${cursor[1]}::bigint)`
    : sql`(${expr}, t.id) > (${value}, ${cursor[1]}::bigint)`;
}

export async function listTransactions(ctx: DomainContext, key: LedgerKey, args: TransactionListArgs) {
  pageSize(args);
  const where = whereOf(ctx, key, args);
  const { sort, descending } = sortOf(args);
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  const readDescending = backward ? !descending : descending;
  const conditions = [where];
  const cursor = backward ? args.before : args.after;
  if (cursor)
    conditions.push(
      afterCursor(sort.expr, decodeCursor(cursor, backward ? 'before' : 'after', sort.kind), readDescending, sort.kind),
    );
  if (!backward && args.before)
    conditions.push(afterCursor(sort.expr, decodeCursor(args.before, 'before', sort.kind), !descending, sort.kind));
  const dir = readDescending ? sql`DESC` : sql`ASC`;
  const sortText = sort.kind === 'date' ? sql`to_char(${sort.expr}, 'YYYY-MM-DD')` : sql`(${sort.expr})::text`;
  const [rows, totalsRows] = await Promise.all([
    ctx.db.execute(sql`${nodeColumns}, ${sortText} AS sort_value ${nodeFrom}
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${sort.expr} ${dir}, t.id ${dir} LIMIT ${size + 1}`),
    totalsOf(ctx, key, args, where),
  ]);
  const list = rowsOf<NodeRow>(rows);
  const more = list.length > size;
  const page = more ? list.slice(0, size) : list;
  if (backward) page.reverse();
  const nodes = page.map((r) => toNode(ctx, r));
  if (balancesShown(args)) await addBalances(ctx, key, nodes);
  const edges = page.map((r, i) => ({ cursor: encodeCursor([r.sort_value!, r.id]), node: nodes[i] }));
  const t = totalsRows;
  const totals = t.sums;
  return {
    totalCount: Number(t.n),
    pageInfo: {
      hasPreviousPage: backward ? more : !!args.after,
      hasNextPage: backward ? !!args.before : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
    totals: {
      totalVolume: fromMilli(totals.volume),
      totalLitres: fromMilli(totals.litres),
      totalLaa: fromMilli(totals.laa),
      totalKg: fromMilli(totals.kg),
      totalValue: hasPermission(ctx.actor.permissions, 'values') ? totals.value / 100 : null,
      totalCount: Number(t.n),
    },
  };
}

const CSV_COLUMNS = [
  'id',
  'date',
  'refType',
  'refId',
  'excise',
  'description',
  'lot',
  'alcoholType',
  'alcoholName',
  'vesselType',
  'vesselName',
  'siteName',
  'volume',
  'strength',
  'laa',
  'litres',
  'kg',
  'value',
  'volumeBalance',
  'laaBalance',
  'comments',
  'userName',
] as const;

/** The list as CSV with the same filters and order (balances when the list shows them). */
export async function exportTransactions(
  ctx: DomainContext,
  key: LedgerKey,
  args: TransactionListArgs,
): Promise<string> {
  const chunks = [
    Papa.unparse([CSV_COLUMNS.filter((c) => c !== 'value' || hasPermission(ctx.actor.permissions, 'values'))]),
  ];
  let after: string | null = null;
  for (let n = 0; n < EXPORT_MAX;) {
    const page: Awaited<ReturnType<typeof listTransactions>> = await listTransactions(ctx, key, {
      ...args,
      first: MAX_PAGE_SIZE,
      after,
      last: null,
      before: null,
    });
    const data = page.edges.map(({ node }) =>
      CSV_COLUMNS.filter((c) => c !== 'value' || hasPermission(ctx.actor.permissions, 'values')).map((c) => {
        const v =
          c === 'excise'
            ? (EXCISE_CATEGORIES[node.excise as keyof typeof EXCISE_CATEGORIES]?.en ?? node.excise)
            : node[c];
        return csvCell(v);
      }),
    );
    if (data.length) chunks.push(Papa.unparse(data, { header: false }));
    n += data.length;
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return chunks.join('\r\n') + '\r\n';
}
