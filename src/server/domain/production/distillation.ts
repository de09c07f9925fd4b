// A distillation (one still run) on the ledgers. The charge leaves where it was: wash (non-excise)
// out of its fermenter, wine used for production, low wines and feints returned to spirit
// production out of their tank, spirit or wine bought in bulk out of its bulk container, items
// out of stock. The cuts collected go into tanks: spirits as produced (the LAA the distiller
// measured, at its strength), non-excise cuts as additions; a non-excise cut with no tank was
// not kept (foreshots discarded) and posts nothing.
import type { AlcoholType, ExciseCategory, VesselType } from '../../../shared/excise/categories';
import type { StockPosting } from '../inventory/stock';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import type { VesselWanted } from '../excise/actions';
import { kgOf } from '../excise/actions';
import type { Posting } from '../excise/ledger';
import { laaOf, litresText, shareOf, type Centi, type Milli } from '../excise/quantities';
import { vesselLabel, type Vessel } from '../excise/vessels';
import {
  Problems,
  centiField,
  consumed,
  linesOf,
  milliField,
  nameOf,
  recordDay,
  refOf,
  type ProductionPlan,
  recordSite,
} from './common';
import { drawRow, planDraws, type Draw } from './draws';

const CHARGED: Record<AlcoholType, ExciseCategory> = {
  Spirit: 'SpiritsReductionBulkSpiritsReturnedToSpiritProduction',
  Wine: 'WineReductionUsedForProduction',
  NonExcise: 'NonExciseReduction',
};
const ALCOHOL_FIELD: Record<AlcoholType, string> = { Spirit: 'spirit', Wine: 'wine', NonExcise: 'nonExcise' };
const ALCOHOL_TYPES = ['Spirit', 'Wine', 'NonExcise'];
/** Where a charge of alcohol comes from: wash from its fermenter, low wines and feints from a
 * tank, spirit or wine bought in bulk from its bulk container. */
const CHARGE_SOURCES: { field: string; type: VesselType }[] = [
  { field: 'fermenter', type: 'Fermenter' },
  { field: 'tank', type: 'Tank' },
  { field: 'bulkContainer', type: 'BulkContainer' },
];

interface Cut {
  path: string;
  cut: string;
  type: 'Spirit' | 'NonExcise';
  alcoholId: string;
  alcoholName: string | null;
  tankId: string;
  volume: Milli;
  laa: Milli;
  strength: Centi | null;
}

export async function planDistillation(ctx: DomainContext, record: ApiRecord): Promise<ProductionPlan> {
  const p = new Problems();
  const date = await recordDay(ctx, record.date);
  const lot = typeof record.lot === 'string' ? record.lot : null;
  const siteId = await recordSite(ctx, record);
  const still = nameOf(record.still);
  const run = `distillation ${lot ?? record.id}${still ? ` on ${still}` : ''}`;
  const vessels: VesselWanted[] = [];
  const draws: Draw[] = [];
  const items: StockPosting[] = [];

  linesOf(record, 'inputs').forEach((line, i) => {
    const path = `inputs.${i}`;
    const quantity = milliField(line.quantity) ?? 0;
    const type = String(line.type ?? 'NonExcise');
    if (type === 'Item') {
      const item = refOf(line.item);
      if (!item) p.add(`${path}.item`, 'Required');
      else if (quantity > 0)
        items.push(
          consumed(date, item, siteId, (line.lot as string | null) ?? null, quantity, `Charged to the still (${run})`),
        );
      return;
    }
    if (!ALCOHOL_TYPES.includes(type)) return;
    const alcoholType = type as AlcoholType;
    const sources = CHARGE_SOURCES.filter((s) => refOf(line[s.field]));
    if (sources.length > 1) {
      p.add(
        `${path}.${sources[1].field}`,
        'Choose one fermenter, tank or bulk container the charge comes from, not several',
      );
      return;
    }
    if (!sources.length) {
      // excise alcohol cannot come from nowhere; non-excise alcohol bought in may
      if (alcoholType !== 'NonExcise')
        p.add(
          `${path}.tank`,
          `Choose the tank, fermenter or bulk container the ${alcoholType.toLowerCase()} comes from`,
        );
      return;
    }
    if (quantity === 0) return;
    const source = sources[0];
    const vesselId = refOf(line[source.field])!;
    const field = `${path}.${source.field}`;
    vessels.push({ id: vesselId, field, types: [source.type] });
    draws.push({
      path,
      vesselField: field,
      vesselId,
      type: alcoholType,
      alcoholId: refOf(line[ALCOHOL_FIELD[alcoholType]]),
      alcoholField: `${path}.${ALCOHOL_FIELD[alcoholType]}`,
      lot: typeof line.lot === 'string' && line.lot.trim() ? line.lot.trim() : null,
      quantity,
      // the form takes spirits in LAA, wine and wash in litres
      byLaa: alcoholType === 'Spirit',
    });
  });

  const cuts: Cut[] = [];
  linesOf(record, 'outputs').forEach((line, i) => {
    const path = `outputs.${i}`;
    const quantity = milliField(line.quantity) ?? 0;
    const strength = centiField(line.strength);
    const spirit = refOf(line.spirit);
    const nonExcise = refOf(line.nonExcise);
    const tank = refOf(line.tank);
    if (spirit && nonExcise) return p.add(`${path}.nonExcise`, 'Choose a spirit or a non-excise alcohol, not both');
    if (quantity === 0) return;
    if (!spirit && !nonExcise) return p.add(`${path}.spirit`, 'Required');
    if (spirit) {
      if (!tank) return p.add(`${path}.tank`, 'Choose the tank the spirit goes into');
      if (strength === null) return p.add(`${path}.strength`, 'Required');
      if (strength <= 0) return p.add(`${path}.strength`, 'Must be > 0');
      // the quantity is LAA: the volume collected is LAA / strength
      const volume = Math.round((quantity * 10_000) / strength);
      cuts.push({
        path,
        cut: String(line.cut ?? 'Hearts'),
        type: 'Spirit',
        alcoholId: spirit,
        alcoholName: nameOf(line.spirit),
        tankId: tank,
        volume,
        laa: quantity,
        strength,
      });
    } else if (tank) {
      cuts.push({
        path,
        cut: String(line.cut ?? 'Hearts'),
        type: 'NonExcise',
        alcoholId: nonExcise!,
        alcoholName: nameOf(line.nonExcise),
        tankId: tank,
        volume: quantity,
        laa: strength ? laaOf(quantity, strength) : 0,
        strength,
      });
    }
  });
  for (const c of cuts) vessels.push({ id: c.tankId, field: `${c.path}.tank`, types: ['Tank'] });
  p.check();

  return {
    vessels,
    items,
    postings(locked: Map<string, Vessel>): Posting[] {
      const drawn = planDraws(p, draws, locked);
      p.check();
      const rows: Posting[] = drawn.map((d) =>
        drawRow(
          d,
          date,
          CHARGED[d.draw.type],
          `Charged to the still: ${litresText(d.volume)} (${litresText(d.laa, 'LAA')}), ${run}`,
        ),
      );
      // what the charge was worth goes with the cuts kept, by their LAA
      const valueIn = drawn.reduce((s, d) => s + d.value, 0);
      const laaOut = cuts.reduce((s, c) => s + c.laa, 0);
      let valueLeft = valueIn;
      let laaLeft = laaOut;
      for (const c of cuts) {
        const value = shareOf(valueLeft, c.laa, laaLeft);
        valueLeft -= value;
        laaLeft -= c.laa;
        rows.push({
          date,
          excise: c.type === 'Spirit' ? 'SpiritsAdditionProduced' : 'NonExciseAddition',
          alcoholType: c.type,
          alcoholId: c.alcoholId,
          alcoholName: c.alcoholName,
          lot,
          vessel: locked.get(c.tankId)!,
          volume: c.volume,
          laa: c.laa,
          kg: kgOf(c.volume, c.strength ?? 0),
          value,
          strength: c.strength,
          description: `${c.cut} collected into ${vesselLabel(locked.get(c.tankId)!)}, ${run}`,
        });
      }
      return rows;
    },
  };
}
