// The create routes of spec 2.4 that open a production screen prefilled from a recipe: mash
// (mashBillId, volume), distillation (processId), blend (formulaId, volume), bottling
// (productId, cases) and assembly (itemId, quantity), each with activityId (the task the
// record completes). Pure: a recipe record as the API answers it, and the query string, to
// the new record's starting values; the scaling rules are spec 5's (shared/production/scaling).
import { scaleBom, scaleFormula, scaleMash } from '../../../shared/production/scaling';

type Rec = Record<string, unknown>;
type Ref = { id: string } | null | undefined;

/** A production entity the create route prefills, the recipe it reads and how. */
export interface DraftKind {
  entity: string;
  /** the query parameter naming the recipe, and the entity it is */
  recipeParam: string;
  recipeEntity: string;
  /** the query parameter scaling it (volume, cases, quantity), if any */
  amountParam?: string;
  draft(recipe: Rec, amount: number | null): Rec;
}

const ref = (r: unknown): Ref => {
  const id = (r as { id?: unknown } | null | undefined)?.id;
  return id === undefined || id === null ? null : { ...(r as Rec), id: String(id) };
};
const lines = (r: Rec, name: string): Rec[] => (Array.isArray(r[name]) ? (r[name] as Rec[]) : []);
const num = (x: unknown): number | null => (x === null || x === undefined || x === '' ? null : Number(x));
/** a line without its id: the new record's lines are its own */
const fresh = ({ id: _id, ...rest }: Rec): Rec => rest;

export const DRAFT_KINDS: DraftKind[] = [
  {
    entity: 'mash',
    recipeParam: 'mashBillId',
    recipeEntity: 'mashBill',
    amountParam: 'volume',
    draft: (bill, volume) => {
      const billVolume = num(bill.volume) ?? 0;
      const items = lines(bill, 'items').map((l): Rec & { quantity: number } => ({
        ...l,
        quantity: num(l.quantity) ?? 0,
      }));
      const scaled =
        volume === null ? items : scaleMash({ volume: billVolume, scalable: bill.scalable as boolean, items }, volume);
      return {
        mashBill: ref(bill),
        volume: volume ?? billVolume,
        items: scaled.map((l) => ({ item: ref(l.item), quantity: l.quantity })),
      };
    },
  },
  {
    entity: 'distillation',
    recipeParam: 'processId',
    recipeEntity: 'process',
    draft: (process) => ({
      process: ref(process),
      ...(ref(process.still) ? { still: ref(process.still) } : {}),
      inputs: lines(process, 'inputs').map((l) => ({
        type: 'Item',
        item: ref(l.item),
        quantity: num(l.quantity) ?? 0,
      })),
      outputs: lines(process, 'outputs').map((l) => {
        const out = fresh(l);
        return { ...out, spirit: ref(out.spirit), nonExcise: ref(out.nonExcise), quantity: num(out.quantity) ?? 0 };
      }),
    }),
  },
  {
    entity: 'blend',
    recipeParam: 'formulaId',
    recipeEntity: 'formula',
    amountParam: 'volume',
    draft: (formula, volume) => {
      type Line = Rec & { type: 'Spirit' | 'Wine' | 'NonExcise' | 'Item'; quantity: number };
      const inputs = lines(formula, 'inputs').map((l): Line => ({
        ...fresh(l),
        type: l.type as 'Spirit' | 'Wine' | 'NonExcise' | 'Item',
        quantity: num(l.quantity) ?? 0,
      }));
      const target = volume ?? num(formula.blendToVolume);
      const scaled =
        target === null
          ? inputs
          : scaleFormula({ scaleBase: num(formula.scaleBase), scaleTo: ref(formula.scaleTo), inputs }, target);
      return {
        formula: ref(formula),
        ...(ref(formula.outputSpirit) ? { outputSpirit: ref(formula.outputSpirit) } : {}),
        ...(target !== null ? { blendToVolume: target } : {}),
        ...(num(formula.blendStrength) !== null ? { blendStrength: num(formula.blendStrength) } : {}),
        inputs: scaled.map(({ minQuantity: _min, maxQuantity: _max, ...l }) => ({
          ...l,
          spirit: ref(l.spirit),
          wine: ref(l.wine),
          nonExcise: ref(l.nonExcise),
          item: ref(l.item),
        })),
      };
    },
  },
  {
    entity: 'bottling',
    recipeParam: 'productId',
    recipeEntity: 'product',
    amountParam: 'cases',
    draft: (product, cases) => {
      const caseSize = num(product.caseSize) ?? 12;
      const bom = lines(product, 'bom').map((l): Rec & { quantity: number; per: 'Bottle' | 'Case' } => ({
        ...l,
        quantity: num(l.quantity) ?? 0,
        per: (l.per === 'Case' ? 'Case' : 'Bottle') as 'Bottle' | 'Case',
      }));
      return {
        product: ref(product),
        caseSize,
        ...(num(product.strength) !== null ? { strength: num(product.strength) } : {}),
        ...(cases !== null ? { bottles: cases * caseSize } : {}),
        // the product's bill of materials names its materials; the bottling's lines take the
        // item of the same name (matched by the page, which can look items up)
        bom: (cases === null ? bom : scaleBom(bom, cases, caseSize)).map((l) => ({
          name: l.name,
          quantity: l.quantity,
        })),
      };
    },
  },
  {
    entity: 'assembly',
    recipeParam: 'itemId',
    recipeEntity: 'item',
    amountParam: 'quantity',
    draft: (item, quantity) => ({ item: ref(item), ...(quantity !== null ? { quantity } : {}) }),
  },
];

export const draftKindOf = (entity: string): DraftKind | undefined => DRAFT_KINDS.find((k) => k.entity === entity);

/** The amount in the query string: a finite number at or above zero, else none. */
export function amountOf(search: URLSearchParams, kind: DraftKind): number | null {
  const raw = kind.amountParam ? search.get(kind.amountParam) : null;
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Which create route a task opens: its kind of work names the recipe. */
export const TASK_KINDS: Record<string, string> = {
  MashBill: 'mash',
  Process: 'distillation',
  Formula: 'blend',
  Product: 'bottling',
  Item: 'assembly',
};
