// Alcohol drawn out of vessels by a production record (a still's charge, a blend's inputs):
// each line takes its share of what the vessel holds, several lines on one vessel one after the
// other. Planned against the locked vessels; refusals name the line's field.
import { EXCISE_CATEGORIES, type AlcoholType, type ExciseCategory } from '../../../shared/excise/categories';
import type { Posting } from '../excise/ledger';
import { litresText, shareOf, type Milli } from '../excise/quantities';
import { ALCOHOL_KINDS, isEmpty, vesselLabel, type Vessel } from '../excise/vessels';
import type { Problems } from './common';

export interface Draw {
  /** the line's field path ('inputs.2') */
  path: string;
  /** its vessel field ('inputs.2.tank') */
  vesselField: string;
  vesselId: string;
  type: AlcoholType;
  /** the alcohol record the line names, when it names one */
  alcoholId: string | null;
  alcoholField: string;
  lot: string | null;
  /** litres, or LAA when `byLaa` */
  quantity: Milli;
  byLaa: boolean;
}

export interface Drawn {
  draw: Draw;
  vessel: Vessel;
  volume: Milli;
  laa: Milli;
  kg: Milli;
  /** cents */
  value: number;
}

const typeLabel = (t: AlcoholType) => ALCOHOL_KINDS[t].label.toLowerCase();

/** What each draw takes from its vessel; problems are added, nothing drawn then. */
export function planDraws(p: Problems, draws: Draw[], vessels: Map<string, Vessel>): Drawn[] {
  const left = new Map<string, { volume: Milli; laa: Milli; kg: Milli; value: number }>();
  const out: Drawn[] = [];
  for (const d of draws) {
    const v = vessels.get(d.vesselId)!;
    const label = vesselLabel(v);
    const rest = left.get(v.id) ?? { volume: v.volume, laa: v.laa, kg: v.kg, value: v.value };
    left.set(v.id, rest);
    if (isEmpty(v) || rest.volume === 0) {
      p.add(d.vesselField, `${label} is empty`);
      continue;
    }
    if (v.alcoholType !== d.type) {
      p.add(
        `${d.path}.type`,
        `${label} holds ${v.alcoholName ?? 'alcohol'}, a ${typeLabel(v.alcoholType!)}, not a ${typeLabel(d.type)}`,
      );
      continue;
    }
    if (d.alcoholId && d.alcoholId !== v.alcoholId) {
      p.add(d.alcoholField, `${label} holds ${v.alcoholName ?? 'another alcohol'}`);
      continue;
    }
    if (d.lot && (v.lot ?? '') !== d.lot) {
      p.add(`${d.path}.lot`, `${label} holds lot ${v.lot ?? '(none)'}, not lot ${d.lot}`);
      continue;
    }
    let volume: Milli;
    let laa: Milli;
    if (d.byLaa) {
      if (d.quantity > rest.laa) {
        p.add(
          `${d.path}.quantity`,
          `${label} holds ${litresText(rest.laa, 'LAA')}; the line takes ${litresText(d.quantity, 'LAA')}`,
        );
        continue;
      }
      laa = d.quantity;
      volume = shareOf(rest.volume, laa, rest.laa);
    } else {
      if (d.quantity > rest.volume) {
        p.add(
          `${d.path}.quantity`,
          `${label} holds ${litresText(rest.volume)}; the line takes ${litresText(d.quantity)}`,
        );
        continue;
      }
      volume = d.quantity;
      laa = shareOf(rest.laa, volume, rest.volume);
    }
    const kg = shareOf(rest.kg, volume, rest.volume);
    const value = shareOf(rest.value, volume, rest.volume);
    rest.volume -= volume;
    rest.laa -= laa;
    rest.kg -= kg;
    rest.value -= value;
    out.push({ draw: d, vessel: v, volume, laa, kg, value });
  }
  return out;
}

/** The row taking a draw out of its vessel. */
export function drawRow(d: Drawn, date: string, excise: ExciseCategory, description: string): Posting {
  if (EXCISE_CATEGORIES[excise].alcoholType !== d.vessel.alcoholType)
    throw new Error(`Category ${excise} does not fit ${d.vessel.alcoholType}`);
  return {
    date,
    excise,
    alcoholType: d.vessel.alcoholType!,
    alcoholId: d.vessel.alcoholId!,
    alcoholName: d.vessel.alcoholName,
    lot: d.vessel.lot,
    vessel: d.vessel,
    volume: -d.volume,
    laa: -d.laa,
    kg: -d.kg,
    value: -d.value,
    description,
  };
}
