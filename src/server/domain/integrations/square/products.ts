// Which product a Square sale line is: by the catalog item variation it sold, matched on SKU
// (the variation's sku = the product's sku). Variations this app made are linked already
// (integration_links 'squareVariation'); others are asked of Square for their SKU.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { SoldLine } from './api';

export interface SoldProduct {
  id: string;
  name: string;
}

/** A sale that cannot become an invoice line: the day fails with these words (More info). */
export class DayProblem extends Error {
  override name = 'DayProblem';
}

async function linkedVariations(ctx: DomainContext, app: string, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = rowsOf<{ external_id: string; entity_id: string }>(
    await ctx.db.execute(sql`SELECT external_id, entity_id::text FROM integration_links
      WHERE company_id = ${ctx.actor.companyId} AND app = ${app} AND entity_type = 'squareVariation'
        AND external_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
  );
  return new Map(rows.map((r) => [r.external_id, r.entity_id]));
}

async function productsBy(ctx: DomainContext, column: 'id' | 'sku', values: string[]) {
  if (!values.length) return [];
  return rowsOf<{ id: string; name: string; sku: string | null }>(
    await ctx.db.execute(sql`SELECT id::text, name, sku FROM products
      WHERE company_id = ${ctx.actor.companyId} AND ${sql.identifier(column)}::text IN (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`),
  );
}

/** The product of each variation sold; throws DayProblem naming the first line that has none. */
export async function productsOfLines(
  ctx: DomainContext,
  app: string,
  lines: SoldLine[],
  skusOf: (variationIds: string[]) => Promise<Map<string, string>>,
): Promise<Map<string, SoldProduct>> {
  // service charges, roundings and amounts refunded move no stock: only items name a product
  lines = lines.filter((l) => l.kind === 'item');
  const custom = lines.find((l) => !l.variationId);
  if (custom)
    throw new DayProblem(
      `Square sale "${custom.name || 'custom amount'}" (order ${custom.orderId}) is not a catalog item: no product to take from stock`,
    );
  const variationIds = [...new Set(lines.map((l) => l.variationId!))];
  const linked = await linkedVariations(ctx, app, variationIds);
  const byId = new Map((await productsBy(ctx, 'id', [...new Set(linked.values())])).map((p) => [p.id, p]));
  const found = new Map<string, SoldProduct>();
  for (const [variation, productId] of linked) {
    const product = byId.get(productId);
    if (product) found.set(variation, { id: product.id, name: product.name });
  }
  const unknown = variationIds.filter((v) => !found.has(v));
  if (unknown.length) {
    const skus = await skusOf(unknown);
    const bySku = new Map(
      (await productsBy(ctx, 'sku', [...new Set(skus.values())])).map((p) => [p.sku!, p] as [string, typeof p]),
    );
    for (const variation of unknown) {
      const sku = skus.get(variation);
      const product = sku ? bySku.get(sku) : undefined;
      const line = lines.find((l) => l.variationId === variation)!;
      if (!sku)
        throw new DayProblem(
          `Square item "${line.name}" (variation ${variation}) has no SKU: give it the product's SKU`,
        );
      if (!product) throw new DayProblem(`Unknown SKU ${sku} ("${line.name}"): no product has that SKU`);
      found.set(variation, { id: product.id, name: product.name });
    }
  }
  return found;
}
