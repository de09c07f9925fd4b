// Batch moves (spec 2.3 productsbatchmove, itemsbatchmove): many lines of products or items moved
// at once from one site to another, or (products) from in bond to duty paid at their site. Each
// line is read and planned by the single-line action of ../inventory/actions.ts (transfer site,
// move to duty paid), so a line moves exactly as that action would; the rows of every line are
// posted in one call, under the batch move's id, in one transaction: a line the ledger refuses
// (more than its bucket holds) refuses the whole move with the ledger's message. Editing
// reverses and re-posts; deleting reverses.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import type { Raw } from '../excise/inputs';
import { openStockRowsOf, postStock, reverseStock, type StockKind, type StockPosting } from '../inventory/stock';
import {
  lockStockBuckets,
  readStockAction,
  readStockRecords,
  type PlannedStockAction,
  type StockActionKind,
} from '../inventory/actions';
import {
  COMMENTS_MAX,
  DocFields,
  ID,
  LOT_MAX,
  checkSite,
  jsonOf,
  lockDocument,
  notFoundDocument,
  refuseFields,
  rowsOfDocument,
} from './common';

export const BATCH_KINDS = ['Products', 'Items'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];
export const BATCH_MOVES = ['TransferSite', 'MoveToDutyPaid'] as const;
export type BatchMoveKind = (typeof BATCH_MOVES)[number];

const REF_TYPE: Record<BatchKind, string> = { Products: 'ProductsBatchMove', Items: 'ItemsBatchMove' };
/** fields of the document itself: an action's problem with one of them is not a line's */
const DOCUMENT_FIELDS = new Set(['date', 'siteId', 'toSiteId', 'comments']);

export interface BatchLine {
  stockId: string;
  stockName?: string | null;
  lot: string | null;
  status: string | null;
  quantity: number;
}

interface ReadLine extends BatchLine {
  i: number;
  /** null when the line's fields were refused */
  action: PlannedStockAction | null;
}

/** Runs `fn`; a VALIDATION_ERROR of a line's fields comes back under lines.<i>. */
function asLine<T>(i: number, problems: Record<string, string>, fn: () => T): T | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof AppError && e.code === 'VALIDATION_ERROR') {
      const fields = (e.info.fields ?? {}) as Record<string, string>;
      for (const [k, m] of Object.entries(fields)) {
        const key = DOCUMENT_FIELDS.has(k) ? k : `lines.${i}.${k === 'productId' || k === 'itemId' ? 'stockId' : k}`;
        problems[key] ??= m;
      }
      return null;
    }
    throw e;
  }
}

function readInput(raw: Raw) {
  const f = new DocFields(raw);
  const id = raw.id === null || raw.id === undefined || raw.id === '' ? null : f.id('id');
  const kind = f.oneOf('kind', BATCH_KINDS);
  const move = f.oneOf('move', BATCH_MOVES);
  if (kind === 'Items' && move === 'MoveToDutyPaid')
    f.refuse('move', 'Items have no duty status: move them between sites');
  const date = f.date('date');
  const siteId = f.id('siteId', false);
  const toSiteId = move === 'TransferSite' ? f.id('toSiteId') : null;
  const comments = f.text('comments', COMMENTS_MAX);
  const raws = f.lines('lines', (l, i) => {
    const stockId = l.id('stockId');
    const lot = l.text('lot', LOT_MAX);
    const status = kind === 'Products' ? l.status('status', 'InBond') : null;
    const quantity = l.units('quantity', kind === 'Products', false);
    return stockId && quantity !== null ? { i, stockId, lot, status, quantity: l.raw.quantity as number } : null;
  });
  // the document's own fields first; the lines' problems are answered with their records' below
  if (Object.keys(f.problems).some((k) => !k.startsWith('lines.')) || !raws.length) f.check();
  const actionKind: StockActionKind =
    move === 'MoveToDutyPaid'
      ? 'ProductMoveToDutyPaid'
      : kind === 'Products'
        ? 'ProductTransferSite'
        : 'ItemTransferSite';
  const idField = kind === 'Products' ? 'productId' : 'itemId';
  const problems: Record<string, string> = { ...f.problems };
  const lines: ReadLine[] = [];
  for (const l of raws) {
    const action = asLine(l.i, problems, () =>
      readStockAction(actionKind, {
        [idField]: l.stockId,
        date,
        siteId,
        lot: l.lot,
        status: l.status,
        quantity: l.quantity,
        toSiteId,
        comments,
      }),
    );
    lines.push({ ...l, action });
  }
  return { f, id, kind: kind!, move: move!, date, siteId, toSiteId, comments, lines, problems };
}

/** Posts a batch move, or edits one (reverse and re-post). */
export async function saveBatchMove(ctx: DomainContext, raw: Raw) {
  const input = readInput(raw);
  const stockKind: StockKind = input.kind === 'Products' ? 'Product' : 'Item';
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const { companyId } = ctx.actor;
    await checkSite(tx, input.f, 'siteId', input.siteId);
    await checkSite(tx, input.f, 'toSiteId', input.toSiteId);
    // every line's fields and record checked before anything posts: all the problems at once
    const stock = await readStockRecords(
      tx,
      input.lines.map((l) => l.stockId),
    );
    const problems = { ...input.f.problems, ...input.problems };
    for (const l of input.lines)
      if (stock.get(l.stockId)?.kind !== stockKind)
        problems[`lines.${l.i}.stockId`] ??= stockKind === 'Product' ? 'Choose a product' : 'Choose an item';
    refuseFields(problems);
    let refId = input.id;
    if (refId) {
      const doc = await lockDocument(tx, 'batch_moves', refId);
      if (!doc || doc.kind !== input.kind) throw notFoundDocument('batch move', refId);
      if (!doc.active) throw new AppError('CONFLICT', `Batch move ${refId} was deleted and cannot be edited`);
    } else {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO batch_moves (company_id, kind, move, date, site_id, to_site_id, comments, lines, user_id)
          VALUES (${companyId}, ${input.kind}, ${input.move}, ${input.date}, ${input.siteId}, ${input.toSiteId},
                  ${input.comments}, '[]'::jsonb, ${ctx.actor.userId})
          RETURNING id::text AS id`),
      );
      refId = row.id;
    }
    const ref = { refType: REF_TYPE[input.kind], refId };
    // every bucket touched (the lines' and, editing, the rows being reversed) locked at once in key order
    const open = input.id ? await openStockRowsOf(tx, refId) : [];
    const wanted = [
      ...input.lines.flatMap((l) => l.action?.stock ?? []),
      ...open.map((r) => ({ stockId: r.stock_id, siteId: r.site_id, field: 'stockId', kind: r.stock_kind })),
    ];
    await lockStockBuckets(tx, wanted);
    if (input.id) await reverseStock(tx, ref);
    // the buckets as they stand after the reversal, which the lines' shares of LAA and value read
    const buckets = await lockStockBuckets(tx, wanted);
    const rows: StockPosting[] = [];
    for (const l of input.lines) {
      if (!l.action) continue;
      let p: Awaited<ReturnType<PlannedStockAction['plan']>> | null = null;
      try {
        p = await l.action.plan({ ctx: tx, buckets, stock, vessels: new Map() });
      } catch (e) {
        asLine(l.i, problems, () => {
          throw e;
        });
      }
      if (!p) continue;
      const offset = rows.length;
      for (const r of p.stock) rows.push(r.pairedWith === undefined ? r : { ...r, pairedWith: r.pairedWith + offset });
    }
    refuseFields(problems);
    if (rows.some((r) => r.kind !== stockKind)) throw new Error('A batch move line of another kind');
    await postStock(tx, ref, rows);
    const lines: BatchLine[] = input.lines.map((l) => ({
      stockId: l.stockId,
      stockName: stock.get(l.stockId)?.name ?? null,
      lot: l.lot,
      status: l.status,
      quantity: l.quantity,
    }));
    await db.execute(sql`
      UPDATE batch_moves SET move = ${input.move}, date = ${input.date}, site_id = ${input.siteId},
        to_site_id = ${input.toSiteId}, comments = ${input.comments}, lines = ${JSON.stringify(lines)}::jsonb,
        user_id = ${ctx.actor.userId}, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${refId}`);
    return (await getBatchMove(tx, refId))!;
  });
}

interface DocRow {
  id: string;
  kind: BatchKind;
  move: BatchMoveKind;
  date: string;
  site_id: string | null;
  site_name: string | null;
  to_site_id: string | null;
  to_site_name: string | null;
  comments: string | null;
  lines: unknown;
  active: boolean;
  user_name: string | null;
  updated_at: string;
}

const docColumns = sql`SELECT m.id::text AS id, m.kind, m.move, to_char(m.date, 'YYYY-MM-DD') AS date,
    m.site_id::text AS site_id, s.name AS site_name, m.to_site_id::text AS to_site_id, ts.name AS to_site_name,
    m.comments, m.lines, m.active, u.name AS user_name,
    to_char(m.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
  FROM batch_moves m
  LEFT JOIN sites s ON s.company_id = m.company_id AND s.id = m.site_id
  LEFT JOIN sites ts ON ts.company_id = m.company_id AND ts.id = m.to_site_id
  LEFT JOIN users u ON u.id = m.user_id`;

function documentOf(r: DocRow) {
  const lines = (jsonOf(r.lines) as BatchLine[] | null) ?? [];
  return {
    id: r.id,
    kind: r.kind,
    move: r.move,
    date: r.date,
    siteId: r.site_id,
    siteName: r.site_name,
    toSiteId: r.to_site_id,
    toSiteName: r.to_site_name,
    comments: r.comments,
    active: r.active,
    userName: r.user_name,
    updatedAt: r.updated_at,
    lines,
    lineCount: lines.length,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

/** A batch move by its id or the id of one of its rows. */
export async function getBatchMove(ctx: DomainContext, id: string) {
  if (!ID.test(id)) return null;
  const { companyId } = ctx.actor;
  const [row] = rowsOf<DocRow>(
    await ctx.db.execute(sql`${docColumns}
      WHERE m.company_id = ${companyId} AND m.id = coalesce(
        (SELECT t.ref_id FROM inventory_transactions t WHERE t.company_id = ${companyId} AND t.id = ${id}), ${id})`),
  );
  return row ? documentOf(row) : null;
}

export async function listBatchMoves(
  ctx: DomainContext,
  args: { kind: BatchKind; first?: number | null; offset?: number | null; includeDeleted?: boolean | null },
) {
  const first = Math.min(Math.max(args.first ?? 50, 0), 250);
  const offset = Math.max(args.offset ?? 0, 0);
  const where = sql`m.company_id = ${ctx.actor.companyId} AND m.kind = ${args.kind} ${args.includeDeleted ? sql`` : sql`AND m.active`}`;
  const [{ n }] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM batch_moves m WHERE ${where}`),
  );
  const rows = rowsOf<DocRow>(
    await ctx.db.execute(
      sql`${docColumns} WHERE ${where} ORDER BY m.date DESC, m.id DESC LIMIT ${first} OFFSET ${offset}`,
    ),
  );
  return { totalCount: n, nodes: rows.map(documentOf) };
}

/** Reverses every row of the batch move and marks it deleted. */
export async function deleteBatchMove(ctx: DomainContext, id: string) {
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const doc = await lockDocument(tx, 'batch_moves', id);
    if (!doc) throw notFoundDocument('batch move', id);
    if (!doc.active) throw new AppError('CONFLICT', `Batch move ${id} is already deleted`);
    const open = await openStockRowsOf(tx, id);
    await lockStockBuckets(
      tx,
      open.map((r) => ({ stockId: r.stock_id, siteId: r.site_id, field: 'id', kind: r.stock_kind })),
    );
    await reverseStock(tx, { refType: REF_TYPE[doc.kind as BatchKind], refId: id });
    await db.execute(
      sql`UPDATE batch_moves SET active = false, updated_at = now() WHERE company_id = ${ctx.actor.companyId} AND id = ${id}`,
    );
    return (await getBatchMove(tx, id))!;
  });
}

export const batchMoveRows = (ctx: DomainContext, id: string) => rowsOfDocument(ctx, id);

/** The product or item a scanned code names: its UPC, SKU (or a product's SCC), exactly. */
export async function stockByCode(ctx: DomainContext, kind: BatchKind, code: string) {
  const c = code.trim();
  if (!c || c.length > 100) return null;
  const { companyId } = ctx.actor;
  const [row] = rowsOf<{ id: string; name: string; sku: string | null; upc: string | null; units: string | null }>(
    await ctx.db.execute(
      kind === 'Products'
        ? sql`SELECT id::text AS id, coalesce(name, sku, id::text) AS name, sku, upc,
                     lower(coalesce(container_type, 'unit')) || 's' AS units
              FROM products WHERE company_id = ${companyId} AND coalesce(active, true)
                AND (upc = ${c} OR lower(sku) = lower(${c}) OR scc = ${c})
              ORDER BY (upc = ${c}) DESC NULLS LAST, name, id LIMIT 1`
        : sql`SELECT id::text AS id, coalesce(name, sku, id::text) AS name, sku, upc, track_units AS units
              FROM items WHERE company_id = ${companyId} AND coalesce(active, true)
                AND (upc = ${c} OR lower(sku) = lower(${c}))
              ORDER BY (upc = ${c}) DESC NULLS LAST, name, id LIMIT 1`,
    ),
  );
  return row ?? null;
}
