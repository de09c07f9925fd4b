// The inventory transactions lists of products, items and bundles (spec 2.3, with the list
// features of the excise transaction lists): Relay keyset paging on (sort value, id), filters,
// totals over everything the filters select, running balances of one product or item, and a
// CSV export. Value columns answer null without the `values` permission and the export leaves
// them out (asking for them is refused).
import Papa from 'papaparse';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { messages } from '../../../shared/messages';
import { isIsoDate } from '../../../shared/validation';
import { hasPermission } from '../../../shared/permissions';
import type { DomainContext } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { csvCell } from '../kernel/csv';
import { standing as standingOf } from '../kernel/ledgerRows';
import { parseScaled } from '../excise/quantities';
import { STOCK_CATEGORIES, fromMicro, type StockKind } from './stock';

export const MAX_PAGE_SIZE = 250;
const DEFAULT_PAGE_SIZE = 100;
const SEARCH_MAX = 200;
const EXPORT_MAX = 100_000;
const ID = /^\d{1,18}$/;

/** Whose rows: one product or item, a bundle's components, or every product or item. */
export interface StockKey {
  kind: StockKind | null;
  /** null: every row of the kind */
  stockIds: string[] | null;
}

export interface StockListArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filters?: { field: string; comparator: 'ge' | 'le' | 'eq'; value?: string | null }[] | null;
  sortKey?: string | null;
  reverse?: boolean | null;
  parameters?: { search?: string | null; includeReversed?: boolean | null } | null;
}

export interface StockTransactionNode {
  id: string;
  date: string;
  refType: string;
  refId: string;
  stockKind: StockKind;
  stockId: string;
  stockName: string | null;
  siteId: string | null;
  siteName: string | null;
  lot: string | null;
  status: string | null;
  category: string;
  description: string | null;
  comments: string | null;
  quantity: number;
  laa: number;
  value: number | null;
  userName: string | null;
  reversesId: string | null;
  reversed: boolean;
  quantityBalance: number | null;
  laaBalance: number | null;
  valueBalance: number | null;
}

const SORTS: Record<string, { expr: SQL; kind: 'date' | 'number' | 'text'; values?: boolean }> = {
  date: { expr: sql`t.date`, kind: 'date' },
  quantity: { expr: sql`t.quantity`, kind: 'number' },
  laa: { expr: sql`t.laa`, kind: 'number' },
  value: { expr: sql`t.value`, kind: 'number', values: true },
  category: { expr: sql`t.category`, kind: 'text' },
  refType: { expr: sql`t.ref_type`, kind: 'text' },
  lot: { expr: sql`coalesce(t.lot, '')`, kind: 'text' },
};

const idParse = (v: string) => (ID.test(v) ? v : null);
const FILTERS: Record<string, { column: SQL; parse: (v: string) => string | null; comparators: string[] }> = {
  date: { column: sql`t.date`, parse: (v) => (isIsoDate(v) ? v : null), comparators: ['ge', 'le', 'eq'] },
  siteId: { column: sql`t.site_id`, parse: idParse, comparators: ['eq'] },
  lot: { column: sql`t.lot`, parse: (v) => (v.length <= 60 ? v : null), comparators: ['eq'] },
  status: { column: sql`t.status`, parse: (v) => (v === 'InBond' || v === 'DutyPaid' ? v : null), comparators: ['eq'] },
  category: {
    column: sql`t.category`,
    parse: (v) => ((STOCK_CATEGORIES as readonly string[]).includes(v) ? v : null),
    comparators: ['eq'],
  },
  refType: { column: sql`t.ref_type`, parse: (v) => (v.length <= 60 ? v : null), comparators: ['eq'] },
  stockId: { column: sql`t.stock_id`, parse: idParse, comparators: ['eq'] },
  /** the product's or item's category */
  categoryId: {
    column: sql`coalesce(p.category_id, i.category_id)`,
    parse: idParse,
    comparators: ['eq'],
  },
};

/** Rows that stand: not a reversal, and not reversed (kernel/ledgerRows). */
const standing = standingOf('inventory_transactions', 't');

function keyOf(key: StockKey): SQL {
  if (key.stockIds)
    return key.stockIds.length
      ? sql`t.stock_id IN (${sql.join(
          key.stockIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`t.stock_kind = ${key.kind}`;
}

function whereOf(ctx: DomainContext, key: StockKey, args: StockListArgs): SQL {
  const parts: SQL[] = [sql`t.company_id = ${ctx.actor.companyId}`, keyOf(key)];
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

function sortOf(ctx: DomainContext, args: StockListArgs) {
  const sortKey = args.sortKey ?? 'date';
  const sort = SORTS[sortKey];
  if (!sort || (sort.values && !hasPermission(ctx.actor.permissions, 'values')))
    throw validationError({ sortKey: `Cannot sort by ${String(sortKey).slice(0, 60)}` });
  const descending = args.sortKey && args.sortKey !== 'date' ? !!args.reverse : !args.reverse;
  return { sort, descending };
}

/** Balances of one product or item, with no filter but dates, in date order. */
function balancesShown(key: StockKey, args: StockListArgs): boolean {
  const sortedByDate = !args.sortKey || args.sortKey === 'date';
  const filtered = (args.filters ?? []).some((f) => f.field !== 'date');
  return (
    key.stockIds?.length === 1 &&
    sortedByDate &&
    !filtered &&
    !args.parameters?.search?.trim() &&
    !args.parameters?.includeReversed
  );
}

type Cursor = [string, string];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(text: string, arg: string, kind: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(c) &&
      c.length === 2 &&
      typeof c[0] === 'string' &&
      c[0].length <= 200 &&
      typeof c[1] === 'string' &&
      ID.test(c[1]) &&
      (kind !== 'date' || isIsoDate(c[0])) &&
      (kind !== 'number' || /^-?\d{1,15}(\.\d{1,6})?$/.test(c[0]))
    )
      return c as Cursor;
  } catch {
    // answered below
  }
  throw validationError({ [arg]: 'Invalid cursor' });
}

const nodeColumns = sql`
  SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.ref_type, t.ref_id::text AS ref_id, t.stock_kind,
         t.stock_id::text AS stock_id, coalesce(p.name, i.name) AS stock_name, t.site_id::text AS site_id,
         s.name AS site_name, t.lot, t.status, t.category, t.description, t.comments, t.quantity::text AS quantity,
         t.laa::text AS laa, t.value::text AS value, u.name AS user_name, t.reverses_id::text AS reverses_id,
         EXISTS (SELECT 1 FROM inventory_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id) AS reversed`;
const nodeFrom = sql`
  FROM inventory_transactions t
  LEFT JOIN products p ON t.stock_kind = 'Product' AND p.company_id = t.company_id AND p.id = t.stock_id
  LEFT JOIN items i ON t.stock_kind = 'Item' AND i.company_id = t.company_id AND i.id = t.stock_id
  LEFT JOIN sites s ON s.company_id = t.company_id AND s.id = t.site_id
  LEFT JOIN users u ON u.id = t.user_id`;

interface NodeRow {
  id: string;
  date: string;
  ref_type: string;
  ref_id: string;
  stock_kind: StockKind;
  stock_id: string;
  stock_name: string | null;
  site_id: string | null;
  site_name: string | null;
  lot: string | null;
  status: string | null;
  category: string;
  description: string | null;
  comments: string | null;
  quantity: string;
  laa: string;
  value: string;
  user_name: string | null;
  reverses_id: string | null;
  reversed: boolean;
  sort_value?: string;
}

function toNode(ctx: DomainContext, r: NodeRow): StockTransactionNode {
  const values = hasPermission(ctx.actor.permissions, 'values');
  return {
    id: r.id,
    date: r.date,
    refType: r.ref_type,
    refId: r.ref_id,
    stockKind: r.stock_kind,
    stockId: r.stock_id,
    stockName: r.stock_name,
    siteId: r.site_id,
    siteName: r.site_name,
    lot: r.lot,
    status: r.status,
    category: r.category,
    description: r.description,
    comments: r.comments,
    quantity: fromMicro(parseScaled(r.quantity, 6)),
    laa: Number(r.laa),
    value: values ? Number(r.value) : null,
    userName: r.user_name,
    reversesId: r.reverses_id,
    reversed: !!r.reversed,
    quantityBalance: null,
    laaBalance: null,
    valueBalance: null,
  };
}

/** Rows by id, in id order (what an action answers). */
export async function stockTransactionsByIds(ctx: DomainContext, ids: string[]): Promise<StockTransactionNode[]> {
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
  quantity: number;
  laa: number;
  value: number;
}
const sumsOf = (r: Record<string, string | null> | undefined): Sums => ({
  quantity: parseScaled(r?.quantity ?? '0', 6),
  laa: parseScaled(r?.laa ?? '0', 3),
  value: parseScaled(r?.value ?? '0', 2),
});

async function addBalances(ctx: DomainContext, stockId: string, nodes: StockTransactionNode[]) {
  if (!nodes.length) return;
  const ordered = [...nodes].sort((a, b) =>
    a.date === b.date ? (BigInt(a.id) < BigInt(b.id) ? -1 : 1) : a.date < b.date ? -1 : 1,
  );
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const [opening] = rowsOf<Record<string, string | null>>(
    await ctx.db.execute(sql`
      SELECT sum(t.quantity)::text AS quantity, sum(t.laa)::text AS laa, sum(t.value)::text AS value
      FROM inventory_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND t.stock_id = ${stockId}
        AND (t.date, t.id) < (${first.date}::date, ${first.id}::bigint) AND ${standing}`),
  );
  const running = sumsOf(opening);
  const rows = rowsOf<Record<string, string | null> & { id: string }>(
    await ctx.db.execute(sql`
      SELECT t.id::text AS id, t.quantity::text AS quantity, t.laa::text AS laa, t.value::text AS value
      FROM inventory_transactions t
      WHERE t.company_id = ${ctx.actor.companyId} AND t.stock_id = ${stockId}
        AND (t.date, t.id) >= (${first.date}::date, ${first.id}::bigint) AND (t.date, t.id) <= (${last.date}::date, ${last.id}::bigint)
        AND ${standing}
      ORDER BY t.date, t.id`),
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const values = hasPermission(ctx.actor.permissions, 'values');
  for (const r of rows) {
    const s = sumsOf(r);
    running.quantity += s.quantity;
    running.laa += s.laa;
    running.value += s.value;
    const n = byId.get(r.id);
    if (!n) continue;
    n.quantityBalance = fromMicro(running.quantity);
    n.laaBalance = running.laa / 1000;
    n.valueBalance = values ? running.value / 100 : null;
  }
}

function pageSize(args: StockListArgs) {
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

export async function listStockTransactions(ctx: DomainContext, key: StockKey, args: StockListArgs) {
  pageSize(args);
  const where = whereOf(ctx, key, args);
  const { sort, descending } = sortOf(ctx, args);
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
  const list = rowsOf<NodeRow>(
    await ctx.db.execute(sql`${nodeColumns}, ${sortText} AS sort_value ${nodeFrom}
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${sort.expr} ${dir}, t.id ${dir} LIMIT ${size + 1}`),
  );
  const [totals] = rowsOf<Record<string, string | null> & { n: number }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(t.quantity), 0)::text AS quantity, coalesce(sum(t.laa), 0)::text AS laa,
             coalesce(sum(t.value), 0)::text AS value
      ${nodeFrom} WHERE ${where}`),
  );
  const more = list.length > size;
  const page = more ? list.slice(0, size) : list;
  if (backward) page.reverse();
  const nodes = page.map((r) => toNode(ctx, r));
  if (balancesShown(key, args)) await addBalances(ctx, key.stockIds![0], nodes);
  const edges = page.map((r, i) => ({ cursor: encodeCursor([r.sort_value!, r.id]), node: nodes[i] }));
  const sums = sumsOf(totals);
  const values = hasPermission(ctx.actor.permissions, 'values');
  return {
    totalCount: Number(totals.n),
    pageInfo: {
      hasPreviousPage: backward ? more : !!args.after,
      hasNextPage: backward ? !!args.before : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
    totals: {
      totalQuantity: fromMicro(sums.quantity),
      totalLaa: sums.laa / 1000,
      totalValue: values ? sums.value / 100 : null,
      totalCount: Number(totals.n),
    },
  };
}

const CSV_COLUMNS = [
  'id',
  'date',
  'refType',
  'refId',
  'category',
  'description',
  'stockName',
  'siteName',
  'lot',
  'status',
  'quantity',
  'laa',
  'value',
  'quantityBalance',
  'laaBalance',
  'valueBalance',
  'comments',
  'userName',
] as const;
const VALUE_COLUMNS = new Set(['value', 'valueBalance']);

/** The list as CSV with the same filters and order; values only with the `values` permission. */
export async function exportStockTransactions(
  ctx: DomainContext,
  key: StockKey,
  args: StockListArgs & { includeValues?: boolean | null },
): Promise<string> {
  const values = hasPermission(ctx.actor.permissions, 'values');
  if (args.includeValues && !values) throw new AppError('FORBIDDEN', messages.permissionDenied('export values'));
  const columns = CSV_COLUMNS.filter((c) => (values && args.includeValues !== false ? true : !VALUE_COLUMNS.has(c)));
  const chunks = [Papa.unparse([columns as unknown as string[]])];
  let after: string | null = null;
  for (let n = 0; n < EXPORT_MAX;) {
    const page: Awaited<ReturnType<typeof listStockTransactions>> = await listStockTransactions(ctx, key, {
      ...args,
      first: MAX_PAGE_SIZE,
      after,
      last: null,
      before: null,
    });
    const data = page.edges.map(({ node }) => columns.map((c) => csvCell(node[c])));
    if (data.length) chunks.push(Papa.unparse(data, { header: false }));
    n += data.length;
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return chunks.join('\r\n') + '\r\n';
}
