// Forecast arithmetic (issue 17, planning), exact: every quantity is a scaled BigInt at 3
// decimals, never a float. The rule, shown on the forecasting screen too:
//   - each coming month's demand is the average month of the last 12 full months of invoiced
//     quantities (their sum / 12, rounded half away from zero to 3 decimals);
//   - what open sales orders still owe (ordered less what has shipped or been invoiced, the
//     larger of the two) is added to the first coming month;
//   - bottles to make = demand over the coming months less the product on hand, rounded up to
//     whole bottles, never below 0; cases = bottles / bottles per case, rounded up;
//   - volume = bottles x container size (L); LAA = volume x strength / 100 (3 decimals);
//   - items needed = Σ bom quantity x bottles (per Bottle) or x cases (per Case), matched to an
//     item by name, case-insensitive, as bottling does; to buy = needed less on hand, never below 0;
//   - the blends and still runs behind those bottles, and their items: cascadeMath.ts.
import { divRound, fromScaled, pow10, toScaled } from '../../../shared/money';
import { cascade, type FormulaFacts, type MashBillFacts, type ProcessFacts } from './cascadeMath';

export const SCALE = 3;
const ONE = pow10(SCALE);

export type Decimal = string | number | null | undefined;

export interface BomLine {
  name: string;
  quantity: Decimal;
  per: 'Bottle' | 'Case' | string;
}

export interface ProductFacts {
  productId: string;
  name: string;
  sku?: string | null;
  strength: Decimal;
  containerSize: Decimal;
  caseSize: number | null | undefined;
  onHand: Decimal;
  /** invoiced quantity by yyyy-MM */
  invoiced: Record<string, Decimal>;
  openOrders: Decimal;
  bom: BomLine[];
}

export interface ItemFacts {
  itemId: string;
  name: string;
  units?: string | null;
  onHand: Decimal;
}

export interface ForecastInput {
  historyMonths: string[];
  comingMonths: string[];
  products: ProductFacts[];
  items: ItemFacts[];
  /** the recipes behind the bottles: each product's formula, the formulas, the processes */
  recipes?: {
    formulaOf: Record<string, string>;
    formulas: FormulaFacts[];
    processes: ProcessFacts[];
    mashBills?: MashBillFacts[];
    spiritInTanks?: Record<string, string>;
  };
}

const d3 = (v: Decimal) => toScaled(v ?? 0, SCALE);
const text = (units: bigint) => fromScaled(units, SCALE);
const atLeastZero = (units: bigint) => (units < 0n ? 0n : units);
/** a positive amount at scale 3 rounded up to a whole number */
const ceilWhole = (units: bigint) => (units <= 0n ? 0n : (units + ONE - 1n) / ONE);

/** yyyy-MM of `count` months ending the month before `today`'s (history), and `months` from today's. */
export function monthsAround(today: string, months: number): { history: string[]; coming: string[] } {
  const [y, m] = today.split('-').map(Number);
  const at = (offset: number) => {
    const index = y * 12 + (m - 1) + offset;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return {
    history: Array.from({ length: 12 }, (_, i) => at(i - 12)),
    coming: Array.from({ length: months }, (_, i) => at(i)),
  };
}

export function forecast(input: ForecastInput) {
  const needs = new Map<string, bigint>();
  let totalLaa = 0n;
  let totalVolume = 0n;
  const products = input.products.map((p) => {
    const history = input.historyMonths.map((month) => ({ month, quantity: d3(p.invoiced[month]), forecast: false }));
    const sum = history.reduce((a, h) => a + h.quantity, 0n);
    const average = divRound(sum, BigInt(input.historyMonths.length || 1));
    const open = atLeastZero(d3(p.openOrders));
    const coming = input.comingMonths.map((month, i) => ({
      month,
      quantity: average + (i === 0 ? open : 0n),
      forecast: true,
    }));
    const demand = coming.reduce((a, c) => a + c.quantity, 0n);
    const onHand = d3(p.onHand);
    const bottles = ceilWhole(demand - onHand);
    const caseSize = BigInt(Math.max(1, p.caseSize ?? 12));
    const cases = (bottles + caseSize - 1n) / caseSize;
    // bottles x size at 3 decimals is exact; x strength (2 decimals) / 100 rounds once
    const volume = bottles * d3(p.containerSize);
    const laa = divRound(volume * toScaled(p.strength ?? 0, 2), 100n * 100n);
    totalLaa += laa;
    totalVolume += volume;
    for (const line of p.bom) {
      const per = line.per === 'Case' ? cases : bottles;
      const key = line.name.trim().toLowerCase();
      needs.set(key, (needs.get(key) ?? 0n) + d3(line.quantity) * per);
    }
    return {
      productId: p.productId,
      name: p.name,
      sku: p.sku ?? null,
      history: history.map((h) => ({ ...h, quantity: text(h.quantity) })),
      coming: coming.map((c) => ({ ...c, quantity: text(c.quantity) })),
      monthlyAverage: text(average),
      openOrders: text(open),
      demand: text(demand),
      onHand: text(onHand),
      toBottle: Number(bottles),
      cases: Number(cases),
      volume: text(volume),
      laa: text(laa),
      strength: p.strength == null ? null : fromScaled(toScaled(p.strength, 2), 2),
      containerSize: p.containerSize == null ? null : text(d3(p.containerSize)),
    };
  });
  const behind = cascade({
    bottling: products.map((p) => ({
      productId: p.productId,
      volume: p.volume,
      formulaId: input.recipes?.formulaOf[p.productId] ?? null,
    })),
    formulas: input.recipes?.formulas ?? [],
    processes: input.recipes?.processes ?? [],
    mashBills: input.recipes?.mashBills ?? [],
    spiritInTanks: input.recipes?.spiritInTanks ?? {},
  });
  const itemsByName = new Map(input.items.map((i) => [i.name.trim().toLowerCase(), i]));
  const names = new Map<string, string>();
  for (const p of input.products) for (const l of p.bom) names.set(l.name.trim().toLowerCase(), l.name.trim());
  for (const [key, need] of behind.itemNeeds) {
    needs.set(key, (needs.get(key) ?? 0n) + need.quantity);
    if (!names.has(key)) names.set(key, need.name);
  }
  const items = [...needs.entries()]
    .filter(([, needed]) => needed > 0n)
    .map(([key, needed]) => {
      const item = itemsByName.get(key);
      const onHand = d3(item?.onHand);
      return {
        itemId: item?.itemId ?? null,
        name: item?.name ?? names.get(key) ?? key,
        units: item?.units ?? null,
        needed: text(needed),
        onHand: text(onHand),
        toBuy: text(atLeastZero(needed - onHand)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    historyMonths: input.historyMonths,
    comingMonths: input.comingMonths,
    products,
    items,
    blends: behind.blends,
    mashes: behind.mashes,
    spirits: behind.spirits,
    withoutFormula: behind.withoutFormula,
    totalLaa: text(totalLaa),
    totalVolume: text(totalVolume),
  };
}
