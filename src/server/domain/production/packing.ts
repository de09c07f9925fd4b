// A mixed-pack packing on the stock ledger: bottles of several products (and any items: the
// box, the tissue) leave stock at the packing's site, in the lots the lines name; the packs
// enter stock as the mixed-pack product in the packing's lot. Packed alcohol stays where it was
// for excise: component bottles in bond make packs in bond, duty paid make packs duty paid (the
// record's dutyPaid), so nothing posts to the excise ledger; the packs carry the LAA and the
// value of what went into them.
//
// A line's quantity is what the packing used (the form totals the lines), not a quantity per
// pack: 10 packs of three bottles take 10 of each of the three products.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import { MICRO, type StockPosting } from '../inventory/stock';
import { Problems, consumed, linesOf, milliField, recordDay, refOf, recordSite } from './common';
import type { StagedPlan } from './staged';

async function readProducts(ctx: DomainContext, ids: string[]) {
  const unique = [...new Set(ids)].filter((id) => /^\d{1,18}$/.test(id));
  if (!unique.length) return new Map<string, { name: string; mixedPack: boolean }>();
  const rows = rowsOf<{ id: string; name: string; mixed_pack: boolean }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name, mixed_pack FROM products
      WHERE company_id = ${ctx.actor.companyId} AND id IN (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, mixedPack: r.mixed_pack }]));
}

export async function planPacking(ctx: DomainContext, record: ApiRecord): Promise<StagedPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' && record.lot.trim() ? record.lot.trim() : null;
  const siteId = await recordSite(ctx, record);
  const packId = refOf(record.product);
  const packs = Number(record.quantity ?? 0);
  const status = record.dutyPaid === true ? 'DutyPaid' : 'InBond';
  const name = `packing ${lot ?? record.id}`;
  const lines = linesOf(record, 'components');
  const products = await readProducts(ctx, [
    ...(packId ? [packId] : []),
    ...lines.map((l) => refOf(l.product)).filter((id): id is string => id !== null),
  ]);

  const pack = packId ? products.get(packId) : undefined;
  if (!packId) p.add('product', 'Required');
  else if (!pack) p.add('product', 'Choose a product');
  else if (!pack.mixedPack) p.add('product', `${pack.name} is not a mixed pack: tick Mixed pack on the product first`);
  if (!Number.isInteger(packs) || packs < 0) p.add('quantity', 'Whole packs only');

  const used: StockPosting[] = [];
  lines.forEach((line, i) => {
    const path = `components.${i}`;
    const product = refOf(line.product);
    const item = refOf(line.item);
    const quantity = milliField(line.quantity) ?? 0;
    const lineLot = typeof line.lot === 'string' && line.lot.trim() ? line.lot.trim() : null;
    if (product && item) return p.add(`${path}.item`, 'Choose a product or an item, not both');
    if (!product && !item) return p.add(`${path}.product`, 'Required');
    if (product) {
      if (!products.has(product)) return p.add(`${path}.product`, 'Choose a product');
      if (product === packId) return p.add(`${path}.product`, 'A pack cannot contain itself');
      if (quantity % 1000 !== 0) return p.add(`${path}.quantity`, 'Whole bottles only');
      if (quantity > 0)
        used.push({
          date,
          kind: 'Product',
          stockId: product,
          siteId,
          lot: lineLot,
          status,
          quantity: -(quantity / 1000) * MICRO,
          value: null,
          category: 'Consumed',
          description: `Packed into ${pack?.name ?? 'mixed packs'} (${name})`,
        });
    } else if (quantity > 0)
      used.push(
        consumed(date, item!, siteId, lineLot, quantity, `Packed into ${pack?.name ?? 'mixed packs'} (${name})`),
      );
  });
  p.check();

  return {
    vessels: [],
    consumed: used,
    produce(_vessels, taken) {
      if (packs <= 0) return { postings: [], stock: [] };
      return {
        postings: [],
        stock: [
          {
            date,
            kind: 'Product',
            stockId: packId!,
            siteId,
            lot,
            status,
            quantity: packs * MICRO,
            laa: taken.laa,
            value: taken.value,
            category: 'Produced',
            description: `Packed: ${packs} ${pack!.name} (${name})`,
          },
        ],
      };
    },
  };
}
