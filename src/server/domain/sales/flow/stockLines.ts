// What a sales document's lines take out of (or bring back into) stock, one entry per product
// or item. A product or item line is itself. A bundle line (a gift set sold as one, at the
// bundle's price) is its components: line quantity x component quantity of each, read from the
// bundle as it is when the document posts. The line's lot is the lot of the bundle's packaged
// alcohol (products with a strength: the lot a bundle line names is the spirit's); its other
// products and its items come from their stock without a lot.
//
// Bundles sell in whole units, and each product component must come to whole bottles. That a
// line names one thing (a product, an item or a bundle) the sales module checks before the write.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import { AppError } from '../../kernel/errors';
import { MICRO, quantityText } from '../../inventory/stock';
import type { DomainContext } from '../../records/actor';
import { milli, refId, type DocLine } from './documents';

export interface StockLine {
  /** index of the document line, for the field a refusal points at */
  index: number;
  product: string | null;
  item: string | null;
  /** thousandths of a unit, exact */
  quantity: bigint;
  lot: string | null;
  /** the bundle line this entry is a component of: its name, for descriptions and refusals */
  bundle: string | null;
}

interface Component {
  product: string | null;
  item: string | null;
  quantity: bigint;
  name: string;
  /** a product with a strength: takes the line's lot */
  alcohol: boolean;
}

interface BundleRecord {
  name: string;
  components: Component[];
}

/** thousandths of a unit in the stock messages' words */
const milliText = (m: bigint) => quantityText(Number(m) * (MICRO / 1000));

/** The bundles lines name, with their components (other companies' ids are not found). */
async function readBundles(ctx: DomainContext, ids: string[]): Promise<Map<string, BundleRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { companyId } = ctx.actor;
  const rows = rowsOf<{
    id: string;
    name: string;
    product: string | null;
    item: string | null;
    quantity: string | null;
    component: string | null;
    alcohol: boolean | null;
  }>(
    await ctx.db.execute(sql`
      SELECT b.id::text AS id, coalesce(b.name, b.sku, b.id::text) AS name, c.product_id::text AS product,
             c.item_id::text AS item, c.quantity::text AS quantity,
             coalesce(p.name, p.sku, i.name, i.sku) AS component, coalesce(p.strength, 0) > 0 AS alcohol
      FROM bundles b
      LEFT JOIN bundles_components c ON c.company_id = b.company_id AND c.parent_id = b.id
      LEFT JOIN products p ON p.company_id = c.company_id AND p.id = c.product_id
      LEFT JOIN items i ON i.company_id = c.company_id AND i.id = c.item_id
      WHERE b.company_id = ${companyId} AND b.id IN (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY b.id, c.position, c.id`),
  );
  const out = new Map<string, BundleRecord>();
  for (const r of rows) {
    const b = out.get(r.id) ?? { name: r.name, components: [] };
    out.set(r.id, b);
    if (!r.product && !r.item) continue;
    b.components.push({
      product: r.product,
      item: r.product ? null : r.item,
      quantity: milli(r.quantity),
      name: r.component ?? r.product ?? r.item!,
      alcohol: r.alcohol === true,
    });
  }
  return out;
}

/** The stock a document's lines move; problems are added to `problems` by line field. */
export async function stockLinesOf(
  ctx: DomainContext,
  lines: DocLine[],
  problems: Record<string, string>,
  /** "Products ship in whole units" */
  wholeUnits: (what: 'Products' | 'Bundles') => string,
): Promise<StockLine[]> {
  const bundles = await readBundles(
    ctx,
    lines.map((l) => refId(l.bundle)).filter((id): id is string => id !== null),
  );
  const out: StockLine[] = [];
  for (const [index, line] of lines.entries()) {
    const product = refId(line.product);
    const item = refId(line.item);
    const bundle = refId(line.bundle);
    const quantity = milli(line.quantity);
    const lot = line.lot?.trim() || null;
    if ((!product && !item && !bundle) || quantity <= 0n) continue;
    if ((product || bundle) && quantity % 1000n !== 0n) {
      problems[`lines.${index}.quantity`] = wholeUnits(bundle ? 'Bundles' : 'Products');
      continue;
    }
    if (!bundle) {
      out.push({ index, product, item: product ? null : item, quantity, lot, bundle: null });
      continue;
    }
    const record = bundles.get(bundle);
    if (!record) throw new AppError('NOT_FOUND', `No bundle with id ${bundle}`, { id: bundle });
    if (!record.components.length) {
      problems[`lines.${index}.bundle`] = `Bundle ${record.name} has no components: add what it holds first`;
      continue;
    }
    for (const c of record.components) {
      // thousandths x thousandths / 1000: exact, the line quantity being whole
      const taken = (quantity * c.quantity) / 1000n;
      if (taken <= 0n) continue;
      if (c.product && taken % 1000n !== 0n) {
        problems[`lines.${index}.quantity`] =
          `Bundle ${record.name} holds ${milliText(c.quantity)} of ${c.name}: ${milliText(quantity)} of it would take ${milliText(taken)}, and products move in whole units`;
        break;
      }
      out.push({
        index,
        product: c.product,
        item: c.item,
        quantity: taken,
        lot: c.alcohol ? lot : null,
        bundle: record.name,
      });
    }
  }
  return out;
}
