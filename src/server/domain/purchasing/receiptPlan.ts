// What a received inventory receipt posts. Product and item lines go into stock at the
// receipt's site (products duty paid or in bond as the receipt says) with their home-currency
// cost, which feeds the moving average. Bulk lines (a tank with a spirit or a wine) post the
// excise "received" addition into the tank: litres at the line's strength, LAA = litres x
// strength / 100 rounded once to 3 decimals, in the category of whom it came from.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { AlcoholType, ExciseCategory } from '../../../shared/excise/categories';
import type { RecordOf } from '../records/hooks';
import type { ApiRecord } from '../records/hydrate';
import type { DomainContext } from '../records/actor';
import type { VesselWanted } from '../excise/actions';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { laaOf, litresText, parseScaled, type Centi, type Milli } from '../excise/quantities';
import { vesselLabel, type Vessel } from '../excise/vessels';
import { MICRO, type StockPosting } from '../inventory/stock';
import { Problems, centiField, milliField, nameOf, recordSite, refOf } from '../production/common';
import { lineCosts, rateOf } from './costs';

type Receipt = RecordOf<'inventoryReceipt'>;
type Line = NonNullable<Receipt['lines']>[number];

/** Whom the bulk came from, and the excise category it enters the tank under. */
const RECEIVED: Record<'Licensee' | 'LicensedUser', Record<'Spirit' | 'Wine', ExciseCategory>> = {
  Licensee: {
    Spirit: 'SpiritsAdditionReceivedFromSpiritsLicensee',
    Wine: 'WineAdditionReceivedFromWineLicensee',
  },
  LicensedUser: {
    Spirit: 'SpiritsAdditionReceivedFromLicensedUser',
    Wine: 'WineAdditionReceivedFromLicensedUser',
  },
};

interface Bulk {
  index: number;
  tankId: string;
  type: AlcoholType;
  alcoholId: string;
  alcoholName: string | null;
  volume: Milli;
  strength: Centi;
  lot: string | null;
}

interface StockLine {
  index: number;
  kind: 'Product' | 'Item';
  stockId: string;
  quantity: Milli;
  lot: string | null;
}

export interface ReceiptPlan {
  vessels: VesselWanted[];
  stock: StockPosting[];
  postings(vessels: Map<string, Vessel>): Posting[];
}

/** Nominal packaged LAA of products: units x container size x strength / 100 (as bottling puts them in). */
async function productLaa(ctx: DomainContext, ids: string[]) {
  if (!ids.length) return new Map<string, { containerSize: Milli; strength: Centi }>();
  const rows = rowsOf<{ id: string; container_size: string | null; strength: string | null }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, container_size::text AS container_size, strength::text AS strength FROM products
      WHERE company_id = ${ctx.actor.companyId} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((r) => [r.id, { containerSize: parseScaled(r.container_size, 3), strength: parseScaled(r.strength, 2) }]),
  );
}

const lotOf = (line: Line) => (typeof line.lot === 'string' && line.lot.trim() ? line.lot.trim() : null);

/** Reads the receipt's lines into stock rows and bulk rows, refusing what a person must fix. */
export async function planReceipt(ctx: DomainContext, receipt: Receipt): Promise<ReceiptPlan> {
  const p = new Problems();
  const lines = receipt.lines ?? [];
  const stockLines: StockLine[] = [];
  const bulk: Bulk[] = [];
  lines.forEach((line, i) => {
    const path = `lines.${i}`;
    const product = refOf(line.product);
    const item = refOf(line.item);
    const tank = refOf(line.tank);
    const spirit = refOf(line.spirit);
    const wine = refOf(line.wine);
    const quantity = milliField(line.quantity) ?? 0;
    if (product && item) return p.add(`${path}.item`, 'Choose a product or an item, not both');
    if (tank && (product || item))
      return p.add(`${path}.tank`, 'A line into a tank receives bulk spirit or wine: leave the product and item empty');
    if (spirit && wine) return p.add(`${path}.wine`, 'Choose a spirit or a wine, not both');
    if ((spirit || wine) && !tank) return p.add(`${path}.tank`, 'Choose the tank the bulk goes into');
    if (tank) {
      if (!spirit && !wine) return p.add(`${path}.spirit`, 'Choose the spirit or wine received into the tank');
      const strength = centiField(line.strength);
      if (strength === null) return p.add(`${path}.strength`, 'Required');
      if (strength <= 0) return p.add(`${path}.strength`, 'Must be > 0');
      if (quantity === 0) return;
      bulk.push({
        index: i,
        tankId: tank,
        type: spirit ? 'Spirit' : 'Wine',
        alcoholId: (spirit ?? wine)!,
        alcoholName: nameOf(spirit ? line.spirit : line.wine),
        volume: quantity,
        strength,
        lot: lotOf(line),
      });
      return;
    }
    if ((product || item) && quantity > 0)
      stockLines.push({
        index: i,
        kind: product ? 'Product' : 'Item',
        stockId: (product ?? item)!,
        quantity,
        lot: lotOf(line),
      });
  });
  if (bulk.length && !receipt.receivedFrom)
    p.add('receivedFrom', 'Say whom the bulk spirit or wine was received from (another licensee or a licensed user)');
  p.check();

  // costs of the lines that take stock (bulk too: its value goes with the tank's contents)
  const priced = [...stockLines.map((s) => s.index), ...bulk.map((b) => b.index)].sort((a, b) => a - b);
  const costs = lineCosts(
    priced.map((i) => lines[i]),
    receipt.currency ?? null,
    receipt.freight ?? null,
    priced.length ? await rateOf(ctx, receipt) : 1_000_000n,
  );
  const costOf = new Map(priced.map((index, k) => [index, costs[k]]));

  const date = receipt.date;
  const from = nameOf(receipt.supplier);
  const what = `Receipt ${receipt.number}${from ? ` from ${from}` : ''}`;
  const siteId = await recordSite(ctx, receipt as unknown as ApiRecord);
  const status = receipt.dutyPaid === false ? 'InBond' : 'DutyPaid';
  const laaOfProduct = await productLaa(
    ctx,
    stockLines.filter((s) => s.kind === 'Product').map((s) => s.stockId),
  );
  const stock: StockPosting[] = stockLines.map((s) => {
    const packaged = laaOfProduct.get(s.stockId);
    // whole bottles x litres each: thousandths of units x thousandths of litres / 1000
    const volume = packaged ? Math.round((s.quantity * packaged.containerSize) / 1000) : 0;
    return {
      date,
      kind: s.kind,
      stockId: s.stockId,
      siteId,
      lot: s.lot,
      status: s.kind === 'Product' ? status : null,
      quantity: s.quantity * (MICRO / 1000),
      laa: packaged ? laaOf(volume, packaged.strength) : undefined,
      value: costOf.get(s.index) ?? 0,
      category: 'Received',
      description: what,
    };
  });

  const receivedFrom = receipt.receivedFrom ?? 'Licensee';
  return {
    vessels: bulk.map((b) => ({ id: b.tankId, field: `lines.${b.index}.tank`, types: ['Tank'] })),
    stock,
    postings(vessels) {
      return bulk.map((b) => {
        const vessel = vessels.get(b.tankId)!;
        return {
          date,
          excise: RECEIVED[receivedFrom][b.type === 'Spirit' ? 'Spirit' : 'Wine'],
          alcoholType: b.type,
          alcoholId: b.alcoholId,
          alcoholName: b.alcoholName,
          lot: b.lot,
          vessel,
          volume: b.volume,
          laa: laaOf(b.volume, b.strength),
          kg: kgOf(b.volume, b.strength),
          value: costOf.get(b.index) ?? 0,
          strength: b.strength,
          description: `${litresText(b.volume)} received into ${vesselLabel(vessel)}, ${what}`,
        };
      });
    },
  };
}
