// Reconciliations (spec 2.3: products, items, vessels): a count sheet of book quantities at a
// date, read from the ledgers (stock rows and vessel rows dated up to the date), and the counts
// entered against it. Saving posts, for every line whose count differs from the book, exactly
// counted - book as one row of the bucket or vessel (inventory category Reconciled; excise
// SpiritsAdjustment, WineAdjustment or NonExciseAdjustment), all in one transaction under the
// reconciliation's id. Lines that match post nothing. Editing reverses and re-posts (the book is
// read again after the reversal, so it never counts its own rows); deleting reverses.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { hasPermission } from '../../../shared/permissions';
import { VESSEL_TYPES, categoryFor, type AlcoholType, type VesselType } from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import { AppError, forbidden } from '../kernel/errors';
import type { Raw } from '../excise/inputs';
import { post, reverse, vesselsOfRef, type Posting } from '../excise/ledger';
import { lockVessels, VESSEL_KINDS, vesselLabel } from '../excise/vessels';
import { kgOf } from '../excise/actions';
import {
  fromCenti,
  fromMilli,
  laaOf,
  litresText,
  parseScaled,
  strengthOf,
  strengthText,
  type Centi,
  type Milli,
} from '../excise/quantities';
import {
  fromMicro,
  openStockRowsOf,
  postStock,
  quantityText,
  reverseStock,
  type Micro,
  type StockKind,
  type StockPosting,
} from '../inventory/stock';
import { lockStockBuckets, nominalLaa, readStockRecords } from '../inventory/actions';
import {
  COMMENTS_MAX,
  DocFields,
  ID,
  LOT_MAX,
  jsonOf,
  lockDocument,
  notFoundDocument,
  rowsOfDocument,
  checkSite,
  siteNamesOf,
  refuseFields,
} from './common';

export const COUNT_KINDS = ['Products', 'Items', 'Vessels'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

const REF_TYPE: Record<CountKind, string> = {
  Products: 'ProductsReconciliation',
  Items: 'ItemsReconciliation',
  Vessels: 'VesselReconciliation',
};
const stockKindOf = (k: CountKind): StockKind => (k === 'Products' ? 'Product' : 'Item');

/** One line of a count sheet as the API answers it (numbers in units, litres, % and LAA). */
export interface CountLine {
  stockId: string | null;
  stockName: string | null;
  sku: string | null;
  upc: string | null;
  units: string | null;
  siteId: string | null;
  siteName: string | null;
  lot: string | null;
  status: string | null;
  vesselId: string | null;
  vesselName: string | null;
  alcoholType: AlcoholType | null;
  alcoholId: string | null;
  alcoholName: string | null;
  bookQuantity: number;
  bookLaa: number;
  bookStrength: number | null;
  counted: number | null;
  countedStrength: number | null;
  difference: number | null;
  differenceLaa: number | null;
}

const blankLine: CountLine = {
  stockId: null,
  stockName: null,
  sku: null,
  upc: null,
  units: null,
  siteId: null,
  siteName: null,
  lot: null,
  status: null,
  vesselId: null,
  vesselName: null,
  alcoholType: null,
  alcoholId: null,
  alcoholName: null,
  bookQuantity: 0,
  bookLaa: 0,
  bookStrength: null,
  counted: null,
  countedStrength: null,
  difference: null,
  differenceLaa: null,
};

const bucketKey = (stockId: string, siteId: string | null, lot: string | null, status: string | null) =>
  `${stockId}|${siteId ?? '0'}|${lot ?? ''}|${status ?? ''}`;

// ------------------------------------------------------------------------- book at a date

interface StockBook {
  stockId: string;
  siteId: string | null;
  lot: string | null;
  status: string | null;
  quantity: Micro;
  laa: Milli;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Each bucket's quantity at the end of `date`: what it holds now less the rows dated after. */
async function stockBookAt(
  ctx: DomainContext,
  kind: StockKind,
  date: string,
  opts: { siteId?: string | null; stockIds?: string[] },
): Promise<Map<string, StockBook>> {
  const { companyId } = ctx.actor;
  if (opts.stockIds && !opts.stockIds.length) return new Map();
  const onlyStock = (col: SQL) => (opts.stockIds ? sql`AND ${col} IN (${idList(opts.stockIds)})` : sql``);
  const rows = rowsOf<{
    stock_id: string;
    site_id: string;
    lot: string;
    status: string;
    quantity: string;
    laa: string;
  }>(
    await ctx.db.execute(sql`
      WITH later AS (
        SELECT stock_id, coalesce(site_id, 0) AS site_id, coalesce(lot, '') AS lot, coalesce(status, '') AS status,
               sum(quantity) AS quantity, sum(laa) AS laa
        FROM inventory_transactions
        WHERE company_id = ${companyId} AND stock_kind = ${kind} AND date > ${date} ${onlyStock(sql`stock_id`)}
          ${opts.siteId ? sql`AND site_id = ${opts.siteId}` : sql``}
        GROUP BY 1, 2, 3, 4)
      SELECT b.stock_id::text AS stock_id, b.site_id::text AS site_id, b.lot, b.status,
             (b.quantity - coalesce(l.quantity, 0))::text AS quantity, (b.laa - coalesce(l.laa, 0))::text AS laa
      FROM stock_balances b
      LEFT JOIN later l ON l.stock_id = b.stock_id AND l.site_id = b.site_id AND l.lot = b.lot AND l.status = b.status
      WHERE b.company_id = ${companyId} AND b.stock_kind = ${kind} ${onlyStock(sql`b.stock_id`)}
        ${opts.siteId ? sql`AND b.site_id = ${opts.siteId}` : sql``}`),
  );
  const out = new Map<string, StockBook>();
  for (const r of rows) {
    const quantity = parseScaled(r.quantity, 6);
    const laa = parseScaled(r.laa, 3);
    if (quantity === 0 && laa === 0) continue;
    out.set(bucketKey(r.stock_id, r.site_id, r.lot, r.status), {
      stockId: r.stock_id,
      siteId: r.site_id === '0' ? null : r.site_id,
      lot: r.lot || null,
      status: r.status || null,
      quantity,
      laa,
    });
  }
  return out;
}

interface VesselBook {
  id: string;
  name: string;
  siteId: string | null;
  volume: Milli;
  laa: Milli;
  kg: Milli;
  value: number;
  alcoholType: AlcoholType | null;
  alcoholId: string | null;
  alcoholName: string | null;
  lot: string | null;
}

/** Each vessel's contents at the end of `date`, from its ledger rows dated up to it. */
async function vesselBookAt(
  ctx: DomainContext,
  type: VesselType,
  date: string,
  opts: { siteId?: string | null; vesselIds?: string[] },
): Promise<VesselBook[]> {
  const { companyId } = ctx.actor;
  if (opts.vesselIds && !opts.vesselIds.length) return [];
  const k = VESSEL_KINDS[type];
  const rows = rowsOf<{
    id: string;
    name: string;
    site_id: string | null;
    volume: string | null;
    laa: string | null;
    kg: string | null;
    value: string | null;
    alcohol_type: AlcoholType | null;
    alcohol_id: string | null;
    lot: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT v.id::text AS id, coalesce(v.${sql.identifier(k.title)}::text, v.id::text) AS name, v.site_id::text AS site_id,
             b.volume::text AS volume, b.laa::text AS laa, b.kg::text AS kg, b.value::text AS value,
             a.alcohol_type, a.alcohol_id::text AS alcohol_id, a.lot
      FROM ${sql.identifier(k.table)} v
      LEFT JOIN LATERAL (
        SELECT sum(t.volume) AS volume, sum(t.laa) AS laa, sum(coalesce(t.kg, 0)) AS kg, sum(coalesce(t.value, 0)) AS value
        FROM excise_transactions t WHERE t.company_id = v.company_id AND t.vessel_id = v.id AND t.date <= ${date}) b ON true
      LEFT JOIN LATERAL (
        SELECT t.alcohol_type, t.alcohol_id, t.lot FROM excise_transactions t
        WHERE t.company_id = v.company_id AND t.vessel_id = v.id AND t.date <= ${date}
        ORDER BY t.date DESC, t.id DESC LIMIT 1) a ON true
      WHERE v.company_id = ${companyId}
        ${opts.vesselIds ? sql`AND v.id IN (${idList(opts.vesselIds)})` : sql`AND v.active`}
        ${opts.siteId ? sql`AND v.site_id = ${opts.siteId}` : sql``}
      ORDER BY 2, v.id
      LIMIT 5000`),
  );
  const alcoholIds = [...new Set(rows.map((r) => r.alcohol_id).filter((x): x is string => !!x))];
  const names = new Map<string, string>();
  if (alcoholIds.length)
    for (const r of rowsOf<{ id: string; name: string }>(
      await ctx.db.execute(sql`
        SELECT id::text AS id, name FROM spirits WHERE company_id = ${companyId} AND id IN (${idList(alcoholIds)})
        UNION ALL SELECT id::text, name FROM wines WHERE company_id = ${companyId} AND id IN (${idList(alcoholIds)})
        UNION ALL SELECT id::text, name FROM non_excises WHERE company_id = ${companyId} AND id IN (${idList(alcoholIds)})`),
    ))
      names.set(r.id, r.name);
  return rows.map((r) => {
    const volume = parseScaled(r.volume ?? '0', 3);
    const laa = parseScaled(r.laa ?? '0', 3);
    const empty = volume === 0 && laa === 0;
    return {
      id: r.id,
      name: r.name,
      siteId: r.site_id,
      volume,
      laa,
      kg: empty ? 0 : parseScaled(r.kg ?? '0', 3),
      value: empty ? 0 : parseScaled(r.value ?? '0', 2),
      alcoholType: empty ? null : r.alcohol_type,
      alcoholId: empty ? null : r.alcohol_id,
      alcoholName: empty || !r.alcohol_id ? null : (names.get(r.alcohol_id) ?? null),
      lot: empty ? null : r.lot,
    };
  });
}

// ------------------------------------------------------------------------------ count sheets

interface StockNames {
  id: string;
  name: string;
  sku: string | null;
  upc: string | null;
  units: string | null;
}

async function stockNames(
  ctx: DomainContext,
  kind: StockKind,
  ids: string[] | null,
  activeOnly: boolean,
): Promise<StockNames[]> {
  if (ids && !ids.length) return [];
  const { companyId } = ctx.actor;
  const where = sql`company_id = ${companyId} ${ids ? sql`AND id IN (${idList(ids)})` : sql``}
    ${activeOnly ? sql`AND coalesce(active, true)` : sql``}`;
  return rowsOf<StockNames>(
    await ctx.db.execute(
      kind === 'Product'
        ? sql`SELECT id::text AS id, coalesce(name, sku, id::text) AS name, sku, upc,
                     lower(coalesce(container_type, 'unit')) || 's' AS units
              FROM products WHERE ${where} ORDER BY 2, id LIMIT 5000`
        : sql`SELECT id::text AS id, coalesce(name, sku, id::text) AS name, sku, upc, track_units AS units
              FROM items WHERE ${where} AND coalesce(type, 'Inventory') = 'Inventory' ORDER BY 2, id LIMIT 5000`,
    ),
  );
}

export interface SheetArgs {
  kind: CountKind;
  date: string;
  siteId?: string | null;
  vesselType?: VesselType | null;
}

function readSheetArgs(args: SheetArgs) {
  const f = new DocFields(args as unknown as Raw);
  const kind = f.oneOf('kind', COUNT_KINDS);
  const date = f.date('date');
  const siteId = f.id('siteId', false);
  const vesselType = kind === 'Vessels' ? f.oneOf('vesselType', VESSEL_TYPES) : null;
  f.check();
  return { f, kind: kind!, date, siteId, vesselType };
}

/** The count sheet: every bucket (or vessel) with its book quantity at the date, and the
 * active products or items holding nothing then (one line each, to count what turns up). */
export async function countSheet(ctx: DomainContext, args: SheetArgs): Promise<CountLine[]> {
  const { kind, date, siteId, vesselType } = readSheetArgs(args);
  if (kind === 'Vessels') {
    const books = await vesselBookAt(ctx, vesselType!, date, { siteId });
    const sites = await siteNamesOf(
      ctx,
      books.map((b) => b.siteId),
    );
    return books.map((b) => vesselLine(b, sites, null));
  }
  const stockKind = stockKindOf(kind);
  const book = await stockBookAt(ctx, stockKind, date, { siteId });
  const held = [...book.values()];
  const names = new Map(
    (await stockNames(ctx, stockKind, [...new Set(held.map((b) => b.stockId))], false)).map((n) => [n.id, n]),
  );
  const heldIds = new Set(held.map((b) => b.stockId));
  const idle = (await stockNames(ctx, stockKind, null, true)).filter((n) => !heldIds.has(n.id));
  for (const n of idle) names.set(n.id, n);
  const lines: StockBook[] = [
    ...held.filter((b) => names.has(b.stockId)),
    ...idle.map((n) => ({
      stockId: n.id,
      siteId: siteId ?? null,
      lot: null,
      status: kind === 'Products' ? 'InBond' : null,
      quantity: 0,
      laa: 0,
    })),
  ];
  const sites = await siteNamesOf(
    ctx,
    lines.map((l) => l.siteId),
  );
  return lines
    .map((b) => stockLine(b, names.get(b.stockId)!, sites, null))
    .sort(
      (a, b) =>
        (a.stockName ?? '').localeCompare(b.stockName ?? '') ||
        (a.siteName ?? '').localeCompare(b.siteName ?? '') ||
        (a.lot ?? '').localeCompare(b.lot ?? '') ||
        (a.status ?? '').localeCompare(b.status ?? ''),
    );
}

function stockLine(b: StockBook, n: StockNames, sites: Map<string, string>, counted: Micro | null): CountLine {
  return {
    ...blankLine,
    stockId: b.stockId,
    stockName: n.name,
    sku: n.sku,
    upc: n.upc,
    units: n.units,
    siteId: b.siteId,
    siteName: b.siteId ? (sites.get(b.siteId) ?? null) : null,
    lot: b.lot,
    status: b.status,
    bookQuantity: fromMicro(b.quantity),
    bookLaa: fromMilli(b.laa),
    counted: counted === null ? null : fromMicro(counted),
    difference: counted === null ? null : fromMicro(counted - b.quantity),
  };
}

function vesselLine(
  b: VesselBook,
  sites: Map<string, string>,
  counted: { volume: Milli; strength: Centi | null; laa: Milli } | null,
): CountLine {
  return {
    ...blankLine,
    vesselId: b.id,
    vesselName: b.name,
    siteId: b.siteId,
    siteName: b.siteId ? (sites.get(b.siteId) ?? null) : null,
    lot: b.lot,
    alcoholType: b.alcoholType,
    alcoholId: b.alcoholId,
    alcoholName: b.alcoholName,
    bookQuantity: fromMilli(b.volume),
    bookLaa: fromMilli(b.laa),
    bookStrength: b.volume > 0 ? fromCenti(strengthOf(b.volume, b.laa)) : null,
    counted: counted ? fromMilli(counted.volume) : null,
    countedStrength: counted && counted.strength !== null ? fromCenti(counted.strength) : null,
    difference: counted ? fromMilli(counted.volume - b.volume) : null,
    differenceLaa: counted ? fromMilli(counted.laa - b.laa) : null,
  };
}

// ------------------------------------------------------------------------------------ saving

interface StockCount {
  i: number;
  stockId: string;
  siteId: string | null;
  lot: string | null;
  status: string | null;
  counted: Micro;
}

interface VesselCount {
  i: number;
  vesselId: string;
  volume: Milli;
  strength: Centi | null;
}

function readInput(raw: Raw, vessels: boolean) {
  const f = new DocFields(raw);
  const id = raw.id === null || raw.id === undefined || raw.id === '' ? null : f.id('id');
  const kind: CountKind | null = vessels ? 'Vessels' : f.oneOf('kind', ['Products', 'Items'] as const);
  const vesselType = vessels ? f.oneOf('vesselType', VESSEL_TYPES) : null;
  const date = f.date('date');
  const siteId = f.id('siteId', false);
  const comments = f.text('comments', COMMENTS_MAX);
  const seen = new Set<string>();
  const stockLines: StockCount[] = [];
  const vesselLines: VesselCount[] = [];
  f.lines('lines', (l, i) => {
    if (vessels) {
      const vesselId = l.id('vesselId');
      const volume = l.volumeOrZero('counted');
      const strength =
        l.raw.countedStrength === null || l.raw.countedStrength === undefined ? null : l.strength('countedStrength');
      if (vesselId && seen.has(vesselId)) l.refuse('vesselId', 'This vessel is counted twice');
      if (vesselId) seen.add(vesselId);
      if (vesselId && volume !== null) vesselLines.push({ i, vesselId, volume, strength });
      return null;
    }
    const stockId = l.id('stockId');
    const siteId = l.id('siteId', false);
    const lot = l.text('lot', LOT_MAX);
    const status = kind === 'Products' ? l.status('status', 'InBond') : null;
    const counted = l.units('counted', kind === 'Products', true);
    if (stockId) {
      const key = bucketKey(stockId, siteId, lot, status);
      if (seen.has(key)) l.refuse('stockId', 'This line is counted twice');
      seen.add(key);
    }
    if (stockId && counted !== null) stockLines.push({ i, stockId, siteId, lot, status, counted });
    return null;
  });
  f.check();
  return { f, id, kind: kind!, vesselType, date, siteId, comments, stockLines, vesselLines };
}

function assertMayWrite(ctx: DomainContext, kind: CountKind) {
  const p = ctx.actor.permissions;
  const ok =
    kind === 'Vessels'
      ? hasPermission(p, 'production.write') || hasPermission(p, 'inventory.write')
      : hasPermission(p, 'inventory.write');
  if (!ok) throw forbidden(`reconcile ${kind.toLowerCase()}`);
}

async function openDocument(ctx: DomainContext, id: string, kind: CountKind) {
  const doc = await lockDocument(ctx, 'reconciliations', id);
  if (!doc || doc.kind !== kind) throw notFoundDocument('reconciliation', id);
  if (!doc.active) throw new AppError('CONFLICT', `Reconciliation ${id} was deleted and cannot be edited`);
  return doc;
}

/** Saves (posts) a products or items reconciliation, or edits one (reverse and re-post). */
export async function saveReconciliation(ctx: DomainContext, raw: Raw, vessels: boolean) {
  const input = readInput(raw, vessels);
  assertMayWrite(ctx, input.kind);
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const { companyId } = ctx.actor;
    await checkSite(tx, input.f, 'siteId', input.siteId);
    input.f.check();
    if (input.id) await openDocument(tx, input.id, input.kind);
    let refId = input.id;
    if (!refId) {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO reconciliations (company_id, kind, vessel_type, date, site_id, comments, lines, user_id)
          VALUES (${companyId}, ${input.kind}, ${input.vesselType}, ${input.date}, ${input.siteId}, ${input.comments},
                  '[]'::jsonb, ${ctx.actor.userId})
          RETURNING id::text AS id`),
      );
      refId = row.id;
    }
    const ref = { refType: REF_TYPE[input.kind], refId };
    const lines =
      input.kind === 'Vessels'
        ? await postVesselCounts(tx, ref, input.vesselType!, input.date, input.vesselLines, !!input.id, input.comments)
        : await postStockCounts(
            tx,
            ref,
            stockKindOf(input.kind),
            input.date,
            input.stockLines,
            !!input.id,
            input.comments,
          );
    await db.execute(sql`
      UPDATE reconciliations SET date = ${input.date}, site_id = ${input.siteId}, comments = ${input.comments},
        lines = ${JSON.stringify(lines)}::jsonb, user_id = ${ctx.actor.userId}, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${refId}`);
    return (await getReconciliation(tx, refId))!;
  });
}

async function postStockCounts(
  ctx: DomainContext,
  ref: { refType: string; refId: string },
  kind: StockKind,
  date: string,
  counts: StockCount[],
  editing: boolean,
  comments: string | null,
): Promise<CountLine[]> {
  const problems: Record<string, string> = {};
  const records = await readStockRecords(
    ctx,
    counts.map((c) => c.stockId),
  );
  for (const c of counts) {
    const r = records.get(c.stockId);
    if (!r || r.kind !== kind)
      problems[`lines.${c.i}.stockId`] = kind === 'Product' ? 'Choose a product' : 'Choose an item';
  }
  const sites = await siteNamesOf(
    ctx,
    counts.map((c) => c.siteId),
  );
  for (const c of counts) if (c.siteId && !sites.has(c.siteId)) problems[`lines.${c.i}.siteId`] = 'Choose a site';
  refuseFields(problems);
  // every bucket touched, the lines' and (editing) the rows being reversed, locked at once in key order
  const open = editing ? await openStockRowsOf(ctx, ref.refId) : [];
  await lockStockBuckets(ctx, [
    ...counts.map((c) => ({ stockId: c.stockId, siteId: c.siteId, field: 'stockId', kind })),
    ...open.map((r) => ({ stockId: r.stock_id, siteId: r.site_id, field: 'stockId', kind: r.stock_kind })),
  ]);
  if (editing) await reverseStock(ctx, ref);
  const book = await stockBookAt(ctx, kind, date, { stockIds: [...new Set(counts.map((c) => c.stockId))] });
  const rows: StockPosting[] = [];
  const lines: CountLine[] = [];
  const names = new Map((await stockNames(ctx, kind, [...records.keys()], false)).map((n) => [n.id, n]));
  for (const c of counts) {
    const b: StockBook = book.get(bucketKey(c.stockId, c.siteId, c.lot, c.status)) ?? {
      stockId: c.stockId,
      siteId: c.siteId,
      lot: c.lot,
      status: c.status,
      quantity: 0,
      laa: 0,
    };
    const record = records.get(c.stockId)!;
    lines.push(stockLine(b, names.get(c.stockId)!, sites, c.counted));
    const difference = c.counted - b.quantity;
    if (difference === 0) continue;
    rows.push({
      date,
      kind,
      stockId: c.stockId,
      siteId: c.siteId,
      lot: c.lot,
      status: c.status as 'InBond' | 'DutyPaid' | null,
      quantity: difference,
      // found stock carries its nominal LAA; missing stock its share of the bucket's (stock.ts)
      ...(difference > 0 ? { laa: nominalLaa(record, difference) } : {}),
      category: 'Reconciled' as const,
      description: `Counted ${quantityText(c.counted, record.units)}; book ${quantityText(b.quantity, record.units)}`,
      comments,
    });
  }
  await postStock(ctx, ref, rows);
  return lines;
}

async function postVesselCounts(
  ctx: DomainContext,
  ref: { refType: string; refId: string },
  type: VesselType,
  date: string,
  counts: VesselCount[],
  editing: boolean,
  comments: string | null,
): Promise<CountLine[]> {
  const wanted = counts.map((c) => ({ id: c.vesselId, field: `lines.${c.i}.vesselId`, types: [type] }));
  if (editing)
    for (const id of await vesselsOfRef(ctx.db, ctx.actor.companyId, ref.refId))
      wanted.push({ id, field: 'id', types: [type] });
  const vessels = await lockVessels(ctx.db, ctx.actor, wanted);
  if (editing) await reverse(ctx, ref, vessels);
  const books = new Map(
    (await vesselBookAt(ctx, type, date, { vesselIds: counts.map((c) => c.vesselId) })).map((b) => [b.id, b]),
  );
  const sites = await siteNamesOf(
    ctx,
    [...books.values()].map((b) => b.siteId),
  );
  const f = new DocFields({});
  const postings: Posting[] = [];
  const lines: CountLine[] = [];
  for (const c of counts) {
    const b = books.get(c.vesselId)!;
    const v = vessels.get(c.vesselId)!;
    const bookEmpty = b.volume === 0 && b.laa === 0;
    const strength = c.volume === 0 ? null : (c.strength ?? (bookEmpty ? null : strengthOf(b.volume, b.laa)));
    if (c.volume > 0 && strength === null) {
      f.refuse(`lines.${c.i}.countedStrength`, 'Required');
      continue;
    }
    const laa = c.volume === 0 ? 0 : laaOf(c.volume, strength!);
    lines.push(vesselLine(b, sites, { volume: c.volume, strength, laa }));
    const volume = c.volume - b.volume;
    const dLaa = laa - b.laa;
    if (volume === 0 && dLaa === 0) continue;
    if (bookEmpty) {
      f.refuse(
        `lines.${c.i}.counted`,
        `${vesselLabel(v)} was empty on ${date}: record an initial inventory for what it holds instead`,
      );
      continue;
    }
    const kg = c.volume === 0 ? -b.kg : kgOf(c.volume, strength!) - b.kg;
    postings.push({
      date,
      excise: categoryFor(b.alcoholType!, 'adjustment'),
      alcoholType: b.alcoholType!,
      alcoholId: b.alcoholId!,
      alcoholName: b.alcoholName,
      lot: b.lot,
      vessel: v,
      volume,
      laa: dLaa,
      kg,
      value: c.volume === 0 ? -b.value : 0,
      strength,
      description: `Counted ${litresText(c.volume)}${strength === null ? '' : ` at ${strengthText(strength)}`}; book ${litresText(b.volume)}${bookEmpty ? '' : ` at ${strengthText(strengthOf(b.volume, b.laa))}`}`,
      comments,
    });
  }
  f.check();
  await post(ctx, ref, postings);
  return lines;
}

// ---------------------------------------------------------------------------- read, delete

interface DocRow {
  id: string;
  kind: CountKind;
  vessel_type: VesselType | null;
  date: string;
  site_id: string | null;
  site_name: string | null;
  comments: string | null;
  lines: unknown;
  active: boolean;
  user_name: string | null;
  updated_at: string;
}

const docColumns = sql`SELECT r.id::text AS id, r.kind, r.vessel_type, to_char(r.date, 'YYYY-MM-DD') AS date,
    r.site_id::text AS site_id, s.name AS site_name, r.comments, r.lines, r.active, u.name AS user_name,
    to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
  FROM reconciliations r
  LEFT JOIN sites s ON s.company_id = r.company_id AND s.id = r.site_id
  LEFT JOIN users u ON u.id = r.user_id`;

function documentOf(r: DocRow) {
  const lines = (jsonOf(r.lines) as CountLine[] | null) ?? [];
  return {
    id: r.id,
    kind: r.kind,
    vesselType: r.vessel_type,
    date: r.date,
    siteId: r.site_id,
    siteName: r.site_name,
    comments: r.comments,
    active: r.active,
    userName: r.user_name,
    updatedAt: r.updated_at,
    lines,
    lineCount: lines.length,
    differenceCount: lines.filter((l) => (l.difference ?? 0) !== 0 || (l.differenceLaa ?? 0) !== 0).length,
  };
}

/** A reconciliation by its id or the id of one of its rows; its transactions come as fields. */
export async function getReconciliation(ctx: DomainContext, id: string) {
  if (!ID.test(id)) return null;
  const { companyId } = ctx.actor;
  const [row] = rowsOf<DocRow>(
    await ctx.db.execute(sql`${docColumns}
      WHERE r.company_id = ${companyId} AND r.id = coalesce(
        (SELECT t.ref_id FROM inventory_transactions t WHERE t.company_id = ${companyId} AND t.id = ${id}),
        (SELECT t.ref_id FROM excise_transactions t WHERE t.company_id = ${companyId} AND t.id = ${id}), ${id})`),
  );
  return row ? documentOf(row) : null;
}

export interface ListArgs {
  kind: CountKind;
  vesselType?: VesselType | null;
  first?: number | null;
  offset?: number | null;
  includeDeleted?: boolean | null;
}

export async function listReconciliations(ctx: DomainContext, args: ListArgs) {
  const first = Math.min(Math.max(args.first ?? 50, 0), 250);
  const offset = Math.max(args.offset ?? 0, 0);
  const where = sql`r.company_id = ${ctx.actor.companyId} AND r.kind = ${args.kind}
    ${args.kind === 'Vessels' && args.vesselType ? sql`AND r.vessel_type = ${args.vesselType}` : sql``}
    ${args.includeDeleted ? sql`` : sql`AND r.active`}`;
  const [{ n }] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM reconciliations r WHERE ${where}`),
  );
  const rows = rowsOf<DocRow>(
    await ctx.db.execute(
      sql`${docColumns} WHERE ${where} ORDER BY r.date DESC, r.id DESC LIMIT ${first} OFFSET ${offset}`,
    ),
  );
  return { totalCount: n, nodes: rows.map(documentOf) };
}

/** Reverses every row the reconciliation posted and marks it deleted. */
export async function deleteReconciliation(ctx: DomainContext, id: string) {
  return ctx.db.transaction(async (db) => {
    const tx: DomainContext = { ...ctx, db };
    const doc = await lockDocument(tx, 'reconciliations', id);
    if (!doc) throw notFoundDocument('reconciliation', id);
    assertMayWrite(ctx, doc.kind as CountKind);
    if (!doc.active) throw new AppError('CONFLICT', `Reconciliation ${id} is already deleted`);
    const ref = { refType: REF_TYPE[doc.kind as CountKind], refId: id };
    if (doc.kind === 'Vessels') {
      const ids = await vesselsOfRef(db, ctx.actor.companyId, id);
      if (ids.length)
        await reverse(
          tx,
          ref,
          await lockVessels(
            db,
            ctx.actor,
            ids.map((v) => ({ id: v, field: 'id' })),
          ),
        );
    } else {
      const open = await openStockRowsOf(tx, id);
      await lockStockBuckets(
        tx,
        open.map((r) => ({ stockId: r.stock_id, siteId: r.site_id, field: 'id', kind: r.stock_kind })),
      );
      await reverseStock(tx, ref);
    }
    await db.execute(
      sql`UPDATE reconciliations SET active = false, updated_at = now() WHERE company_id = ${ctx.actor.companyId} AND id = ${id}`,
    );
    return (await getReconciliation(tx, id))!;
  });
}

export const reconciliationRows = (ctx: DomainContext, id: string) => rowsOfDocument(ctx, id);
