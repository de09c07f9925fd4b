// The production behind the bottles to make (issue 17), exact at 3 decimals (scaled BigInt),
// from the company's recipes. The rule, shown on the forecasting screen too:
//   - blend: a product is blended by the formula of the last blend poured into the tank it was
//     last bottled from. The blend is the product's volume to bottle (V, litres at bottling
//     strength). A spirit line is a percentage of the blend: litres = V x % / 100; its LAA =
//     litres x the line's strength / 100 (each rounded half away from zero to 3 decimals). An
//     item line is q x V / the formula's scale base (q as written with no base);
//   - distil: each spirit's LAA, summed over the products, less the LAA of that spirit already
//     in tanks (casks age theirs: not counted), is distilled by the process whose Hearts are
//     that spirit; runs = LAA to distil / the Hearts LAA of an average past run of that process,
//     rounded up; the process's input items are q x runs;
//   - mash: a process's runs charge wash from fermenters; the wash of an average past run (its
//     fermenter charges, litres) x runs is mashed by the mash bill behind that wash (the mash bill
//     of the last mash into the charged fermenter before each run, the most used one). Its items
//     scale as a mash does (spec 5): q x litres to mash / the bill's volume; a bill that does not
//     scale is mashed whole: q x the number of bill volumes, rounded up;
//   - the items of mashes, blends and runs join the bottling items to buy, less the items on hand.
import { divRound, fromScaled, pow10, toScaled } from '../../../shared/money';

const SCALE = 3;
const ONE = pow10(SCALE);
type Decimal = string | number | null | undefined;
const d3 = (v: Decimal) => toScaled(v ?? 0, SCALE);
const text = (units: bigint) => fromScaled(units, SCALE);

export interface FormulaLine {
  type: string;
  spiritId: string | null;
  spiritName: string | null;
  itemName: string | null;
  quantity: Decimal;
  strength: Decimal;
}

export interface FormulaFacts {
  formulaId: string;
  name: string;
  scaleBase: Decimal;
  lines: FormulaLine[];
}

export interface ProcessFacts {
  processId: string;
  name: string;
  /** the spirit its Hearts are */
  spiritId: string;
  /** Hearts LAA of its past runs, one figure a run */
  pastRunsLaa: Decimal[];
  inputs: { itemName: string; quantity: Decimal }[];
  /** litres of wash an average past run charged from fermenters; none: the runs take no wash */
  washPerRun?: Decimal;
  /** the mash bill behind that wash */
  mashBillId?: string | null;
}

export interface MashBillFacts {
  mashBillId: string;
  name: string;
  /** litres the bill's quantities are written for */
  volume: Decimal;
  scalable: boolean;
  items: { itemName: string; quantity: Decimal }[];
}

export interface CascadeInput {
  /** per product to bottle: its volume (L) and the formula found for it, if any */
  bottling: { productId: string; volume: Decimal; formulaId: string | null }[];
  formulas: FormulaFacts[];
  processes: ProcessFacts[];
  mashBills?: MashBillFacts[];
  /** LAA of each spirit (by id) in the company's tanks now */
  spiritInTanks?: Record<string, Decimal>;
}

export interface CascadeResult {
  blends: { formulaId: string; name: string; volume: string; products: number }[];
  /** litres to mash by each mash bill, for the runs of the processes its wash feeds */
  mashes: { mashBillId: string; name: string; volume: string; runs: number }[];
  spirits: {
    spiritId: string;
    name: string;
    litres: string;
    laa: string;
    /** LAA of the spirit in tanks now */
    inTanks: string;
    /** laa less inTanks, never below zero */
    toDistil: string;
    processId: string | null;
    processName: string | null;
    laaPerRun: string | null;
    runs: number | null;
  }[];
  /** items the blends and runs use, by lower-case name: [name as written, quantity at 3 decimals] */
  itemNeeds: Map<string, { name: string; quantity: bigint }>;
  /** products bottled with no formula found */
  withoutFormula: string[];
}

export function cascade(input: CascadeInput): CascadeResult {
  const formulas = new Map(input.formulas.map((f) => [f.formulaId, f]));
  const itemNeeds = new Map<string, { name: string; quantity: bigint }>();
  const addItem = (name: string, quantity: bigint) => {
    const key = name.trim().toLowerCase();
    const had = itemNeeds.get(key);
    itemNeeds.set(key, { name: had?.name ?? name.trim(), quantity: (had?.quantity ?? 0n) + quantity });
  };
  const blends = new Map<string, { formulaId: string; name: string; volume: bigint; products: number }>();
  const spirits = new Map<string, { name: string; litres: bigint; laa: bigint }>();
  const withoutFormula: string[] = [];
  for (const b of input.bottling) {
    const volume = d3(b.volume);
    if (volume <= 0n) continue;
    const formula = b.formulaId ? formulas.get(b.formulaId) : undefined;
    if (!formula) {
      withoutFormula.push(b.productId);
      continue;
    }
    const blend = blends.get(formula.formulaId) ?? {
      formulaId: formula.formulaId,
      name: formula.name,
      volume: 0n,
      products: 0,
    };
    blend.volume += volume;
    blend.products += 1;
    blends.set(formula.formulaId, blend);
    const base = d3(formula.scaleBase);
    for (const line of formula.lines) {
      if (line.type === 'Spirit' && line.spiritId) {
        // V (1e-3) x % (1e-3) / 100 -> litres (1e-3)
        const litres = divRound(volume * d3(line.quantity), 100n * ONE);
        // litres (1e-3) x strength (1e-2) / 100 -> LAA (1e-3)
        const laa = divRound(litres * toScaled(line.strength ?? 0, 2), 100n * 100n);
        const s = spirits.get(line.spiritId) ?? { name: line.spiritName ?? line.spiritId, litres: 0n, laa: 0n };
        s.litres += litres;
        s.laa += laa;
        spirits.set(line.spiritId, s);
      } else if (line.type === 'Item' && line.itemName) {
        addItem(line.itemName, base > 0n ? divRound(d3(line.quantity) * volume, base) : d3(line.quantity));
      }
    }
  }
  // the first process (in the order given: by name) making a spirit distils it
  const bySpirit = new Map<string, ProcessFacts>();
  for (const p of input.processes) if (!bySpirit.has(p.spiritId)) bySpirit.set(p.spiritId, p);
  const bills = new Map((input.mashBills ?? []).map((b) => [b.mashBillId, b]));
  const mashes = new Map<string, { mashBillId: string; name: string; volume: bigint; runs: number }>();
  const spiritRows = [...spirits.entries()].map(([spiritId, s]) => {
    const process = bySpirit.get(spiritId);
    const inTanks = d3(input.spiritInTanks?.[spiritId]);
    const toDistil = s.laa > inTanks ? s.laa - inTanks : 0n;
    const past = (process?.pastRunsLaa ?? []).map(d3).filter((v) => v > 0n);
    const perRun = past.length
      ? divRound(
          past.reduce((a, v) => a + v, 0n),
          BigInt(past.length),
        )
      : null;
    const runs = perRun && perRun > 0n ? (toDistil + perRun - 1n) / perRun : null;
    if (process && runs) for (const i of process.inputs) addItem(i.itemName, d3(i.quantity) * runs);
    const bill = process?.mashBillId ? bills.get(process.mashBillId) : undefined;
    const wash = d3(process?.washPerRun);
    if (bill && runs && wash > 0n) {
      const mash = mashes.get(bill.mashBillId) ?? { mashBillId: bill.mashBillId, name: bill.name, volume: 0n, runs: 0 };
      mash.volume += wash * runs;
      mash.runs += Number(runs);
      mashes.set(bill.mashBillId, mash);
    }
    return {
      spiritId,
      name: s.name,
      litres: text(s.litres),
      laa: text(s.laa),
      inTanks: text(inTanks),
      toDistil: text(toDistil),
      processId: process?.processId ?? null,
      processName: process?.name ?? null,
      laaPerRun: perRun === null ? null : text(perRun),
      runs: runs === null ? null : Number(runs),
    };
  });
  for (const mash of mashes.values()) {
    const bill = bills.get(mash.mashBillId)!;
    const billVolume = d3(bill.volume);
    if (billVolume <= 0n) continue;
    // scalable: q x V / bill volume; whole: q x ceil(V / bill volume) mashes of the bill
    const whole = (mash.volume + billVolume - 1n) / billVolume;
    for (const i of bill.items)
      addItem(i.itemName, bill.scalable ? divRound(d3(i.quantity) * mash.volume, billVolume) : d3(i.quantity) * whole);
  }
  return {
    blends: [...blends.values()].map((b) => ({ ...b, volume: text(b.volume) })),
    mashes: [...mashes.values()]
      .map((m) => ({ ...m, volume: text(m.volume) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    spirits: spiritRows.sort((a, b) => a.name.localeCompare(b.name)),
    itemNeeds,
    withoutFormula,
  };
}
