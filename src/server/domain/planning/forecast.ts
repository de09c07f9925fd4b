// The forecast's facts, read in a handful of grouped queries: invoiced quantities per product
// and month (invoices neither Draft nor Void), what open sales orders still owe, products and
// items on hand, product boms, and the recipes behind bottling (each product's formula from its
// last bottling's tank, the formulas' lines, the processes making each spirit and their past
// runs). The arithmetic is forecastMath.ts and cascadeMath.ts.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { companyToday } from './activities';
import { forecast, monthsAround, type ProductFacts } from './forecastMath';
import { recipeFacts } from './recipes';

export const MAX_FORECAST_MONTHS = 12;

const nextMonthStart = (month: string) => monthsAround(`${month}-01`, 2).coming[1] + '-01';

export async function planningForecast(ctx: DomainContext, months: number | null | undefined) {
  const count = months ?? 3;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FORECAST_MONTHS)
    throw validationError({ months: `From 1 to ${MAX_FORECAST_MONTHS}` });
  const { history, coming } = monthsAround(await companyToday(ctx), count);
  const company = ctx.actor.companyId;
  const from = `${history[0]}-01`;
  const to = nextMonthStart(history[history.length - 1]);

  const products = rowsOf<{
    id: string;
    name: string;
    sku: string | null;
    strength: string | null;
    container_size: string | null;
    case_size: number | null;
  }>(
    await ctx.db.execute(sql`
      SELECT p.id::text AS id, p.name, p.sku, p.strength::text AS strength,
             p.container_size::text AS container_size, p.case_size
      FROM products p WHERE p.company_id = ${company} AND p.active ORDER BY lower(p.name), p.id`),
  );
  const invoiced = rowsOf<{ product: string; month: string; quantity: string }>(
    await ctx.db.execute(sql`
      SELECT l.product_id::text AS product, to_char(i.date, 'YYYY-MM') AS month, sum(l.quantity)::text AS quantity
      FROM invoices i JOIN invoices_lines l ON l.company_id = i.company_id AND l.parent_id = i.id
      WHERE i.company_id = ${company} AND l.product_id IS NOT NULL AND i.status NOT IN ('Draft', 'Void')
        AND i.date >= ${from} AND i.date < ${to}
      GROUP BY 1, 2`),
  );
  const open = rowsOf<{ product: string; quantity: string }>(
    await ctx.db.execute(sql`
      SELECT l.product_id::text AS product,
             sum(greatest(l.quantity - greatest(coalesce(l.shipped_quantity, 0), coalesce(l.invoiced_quantity, 0)), 0))::text AS quantity
      FROM sales_orders o JOIN sales_orders_lines l ON l.company_id = o.company_id AND l.parent_id = o.id
      WHERE o.company_id = ${company} AND l.product_id IS NOT NULL AND o.status IN ('Open', 'PartiallyShipped')
      GROUP BY 1`),
  );
  const stock = rowsOf<{ id: string; kind: string; quantity: string }>(
    await ctx.db.execute(sql`
      SELECT stock_id::text AS id, stock_kind AS kind, sum(quantity)::text AS quantity
      FROM stock_balances WHERE company_id = ${company} GROUP BY 1, 2`),
  );
  const boms = rowsOf<{ product: string; name: string; quantity: string; per: string }>(
    await ctx.db.execute(sql`
      SELECT parent_id::text AS product, name, quantity::text AS quantity, per
      FROM products_bom WHERE company_id = ${company} ORDER BY parent_id, position`),
  );
  const items = rowsOf<{ id: string; name: string; units: string | null }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name, track_units AS units FROM items WHERE company_id = ${company}`),
  );

  const onHand = new Map(stock.map((s) => [`${s.kind}:${s.id}`, s.quantity]));
  const openBy = new Map(open.map((o) => [o.product, o.quantity]));
  const facts = new Map<string, ProductFacts>(
    products.map((p) => [
      p.id,
      {
        productId: p.id,
        name: p.name,
        sku: p.sku,
        strength: p.strength,
        containerSize: p.container_size,
        caseSize: p.case_size,
        onHand: onHand.get(`Product:${p.id}`) ?? '0',
        invoiced: {},
        openOrders: openBy.get(p.id) ?? '0',
        bom: [],
      },
    ]),
  );
  for (const row of invoiced) {
    const p = facts.get(row.product);
    if (p) p.invoiced[row.month] = row.quantity;
  }
  for (const row of boms) facts.get(row.product)?.bom.push({ name: row.name, quantity: row.quantity, per: row.per });
  // only products with demand or stock to speak of: a catalogue of idle products is noise
  const relevant = [...facts.values()].filter((p) => Object.keys(p.invoiced).length > 0 || Number(p.openOrders) > 0);
  return forecast({
    recipes: await recipeFacts(ctx),
    historyMonths: history,
    comingMonths: coming,
    products: relevant,
    items: items.map((i) => ({
      itemId: i.id,
      name: i.name,
      units: i.units,
      onHand: onHand.get(`Item:${i.id}`) ?? '0',
    })),
  });
}
