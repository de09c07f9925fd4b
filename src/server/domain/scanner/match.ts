// Barcode matching (spec 5 Scanner): a code names an active product by its UPC (one unit) or
// its SCC (one case), else an active item by its UPC. Codes are compared exactly, as printed;
// the product UPC wins over a product SCC, which wins over an item UPC, so one code always
// answers the same record.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { messages } from '../../../shared/messages';

/** Longer than any GTIN (14) or a JSON code's payload, which the client parses itself. */
export const CODE_MAX = 100;

export interface ScanMatch {
  code: string;
  kind: 'Product' | 'Item' | 'Unmatched';
  id: string | null;
  name: string | null;
  sku: string | null;
  pack: 'Unit' | 'Case' | null;
  quantity: number | null;
  price: number | null;
}

interface Row {
  kind: 'Product' | 'Item';
  id: string;
  name: string;
  sku: string | null;
  pack: 'Unit' | 'Case' | null;
  quantity: number;
  price: string | null;
}

export async function scanCode(ctx: DomainContext, raw: string, includeUnmatched: boolean): Promise<ScanMatch | null> {
  const code = raw.trim();
  if (code.length > CODE_MAX) throw validationError({ code: messages.maxLength(CODE_MAX) });
  if (!code) return includeUnmatched ? unmatched(code) : null;
  const companyId = ctx.actor.companyId;
  // one round trip: the three candidates ranked, the first kept
  const [row] = rowsOf<Row>(
    await ctx.db.execute(sql`
      SELECT * FROM (
        SELECT 'Product' AS kind, id::text AS id, coalesce(name, sku, id::text) AS name, sku,
               CASE WHEN upc = ${code} THEN 'Unit' ELSE 'Case' END AS pack,
               CASE WHEN upc = ${code} THEN 1 ELSE coalesce(case_size, 1) END AS quantity,
               price::text AS price, CASE WHEN upc = ${code} THEN 0 ELSE 1 END AS rank
        FROM products
        WHERE company_id = ${companyId} AND coalesce(active, true) AND (upc = ${code} OR scc = ${code})
        UNION ALL
        SELECT 'Item', id::text, coalesce(name, sku, id::text), sku, NULL, 1, cost::text, 2
        FROM items
        WHERE company_id = ${companyId} AND coalesce(active, true) AND upc = ${code}
      ) AS m
      ORDER BY rank, name, id LIMIT 1`),
  );
  if (!row) return includeUnmatched ? unmatched(code) : null;
  return {
    code,
    kind: row.kind,
    id: row.id,
    name: row.name,
    sku: row.sku,
    pack: row.pack,
    quantity: Number(row.quantity),
    price: row.price === null ? null : Number(row.price),
  };
}

const unmatched = (code: string): ScanMatch => ({
  code,
  kind: 'Unmatched',
  id: null,
  name: null,
  sku: null,
  pack: null,
  quantity: null,
  price: null,
});
