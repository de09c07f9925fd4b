// The alcohol calculator's logic, free of React: which inputs a mode asks for, how each typed
// text is read and checked (spec 5 'Calculator:'), and the answers of the shared OIML R 22
// module (src/shared/alcoholometry), computed in the browser as the user types.
//
// Modes (spec 4): the strength is known from a density reading (with its temperature), as ABV
// or as ABW, and the quantity as a weight (gross and tare), a volume at 20 °C or LAA. The
// spec's lettered modes are A density/weight, B density/volume, C ABV/weight, D ABV/volume and
// N ABW/weight; density and ABV also combine with LAA, and ABW with LAA but not with volume.
import {
  AlcoholometryError,
  densityRange,
  fromMassAndAbv,
  fromMassAndDensity,
  fromVolumeAndAbv,
  fromVolumeAndDensity,
  lookupByDensity,
  abvFromAbw,
  waterToReduce,
  ABW_ETHANOL_CONSTANT,
  type CalculatorQuantities,
  type Reduction,
} from '../../../shared/alcoholometry';
import { CALCULATOR_DEFAULTS, CALCULATOR_LIMITS } from '../../../shared/alcoholometry/validation';

export type Basis = 'density' | 'abv' | 'abw';
export type QuantityKind = 'weight' | 'volume' | 'laa';
export type ModeLetter = 'A' | 'B' | 'C' | 'D' | 'N';

export const BASES: readonly Basis[] = ['density', 'abv', 'abw'];
export const QUANTITIES: readonly QuantityKind[] = ['weight', 'volume', 'laa'];

const LETTERS: Partial<Record<`${Basis}/${QuantityKind}`, ModeLetter>> = {
  'density/weight': 'A',
  'density/volume': 'B',
  'abv/weight': 'C',
  'abv/volume': 'D',
  'abw/weight': 'N',
};

/** The spec's letter of a mode, if it has one. */
export const modeLetter = (basis: Basis, quantity: QuantityKind): ModeLetter | undefined =>
  LETTERS[`${basis}/${quantity}`];

/** ABW combines with weight (mode N) and LAA only. */
export const isAllowed = (basis: Basis, quantity: QuantityKind): boolean => !(basis === 'abw' && quantity === 'volume');

/** The quantity a mode falls back to when the basis changes to one that refuses the current one. */
export const allowedQuantity = (basis: Basis, quantity: QuantityKind): QuantityKind =>
  isAllowed(basis, quantity) ? quantity : 'weight';

export type FieldName = 'temp' | 'density' | 'abv' | 'abw' | 'gross' | 'tare' | 'volume' | 'laa' | 'targetAbv';
export type CalculatorValues = Record<FieldName, string>;

/** The inputs a mode asks for, in order on screen (the reduction's target ABV is extra). */
export function inputsFor(basis: Basis, quantity: QuantityKind): FieldName[] {
  const strength: FieldName[] = basis === 'density' ? ['temp', 'density'] : [basis];
  const amount: FieldName[] = quantity === 'weight' ? ['gross', 'tare'] : [quantity];
  return [...strength, ...amount];
}

interface Rule {
  min: number;
  max?: number;
  step?: number;
  decimals: number;
}

/** Spec 5: temperature -20..40 by 0.5 (1 decimal); density 780..999.8 by 0.2 (1 decimal); ABV,
 * ABW and target ABV 2 decimals; weight, tare, volume, LAA 3 decimals. Shared with the server's
 * lookup calls, which check the same CALCULATOR_LIMITS. */
export const FIELD_RULES: Record<FieldName, Rule> = {
  temp: CALCULATOR_LIMITS.temp,
  density: CALCULATOR_LIMITS.density,
  abv: CALCULATOR_LIMITS.abv,
  abw: CALCULATOR_LIMITS.abw,
  targetAbv: CALCULATOR_LIMITS.abv,
  gross: CALCULATOR_LIMITS.quantity,
  tare: CALCULATOR_LIMITS.quantity,
  volume: CALCULATOR_LIMITS.quantity,
  laa: CALCULATOR_LIMITS.quantity,
};

/** Fields that may stay empty without making the form invalid. */
const OPTIONAL: ReadonlySet<FieldName> = new Set(['targetAbv']);

export function initialValues(): CalculatorValues {
  const d = CALCULATOR_DEFAULTS;
  return {
    temp: String(d.temp),
    density: String(d.density),
    abv: String(d.strength),
    abw: String(d.strength),
    gross: '',
    tare: '0',
    volume: '',
    laa: '',
    targetAbv: '',
  };
}

/** A translatable message: an i18n key and its arguments. */
export interface Message {
  key: string;
  args?: Record<string, unknown>;
}

export const MESSAGE_KEYS = {
  required: 'app.validation.required',
  number: 'app.validation.number',
  min: 'app.validation.min',
  max: 'app.validation.max',
  increments: 'app.calculator.validation.increments',
  decimals: 'app.calculator.validation.decimals',
  densityRange: 'app.calculator.validation.density_range',
  noAlcohol: 'app.calculator.validation.no_alcohol',
  targetAbove: 'app.calculator.validation.target_above',
  targetZero: 'app.calculator.validation.target_zero',
  invalidForm: 'app.error.invalid_form',
} as const;

const en = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 20 });
/** A number as the spec's messages write it ('Must be >= -20', 'Increments of 0.5'). */
const plain = (n: number) => en.format(n).replace(/,/g, '');

/** Numbers are shown in en-CA (spec 5 and 9): '1,234.568'. Never '-0.000'. */
export function formatNumber(value: number, decimals: number, fixed = true): string {
  const text = new Intl.NumberFormat('en-CA', {
    minimumFractionDigits: fixed ? decimals : 0,
    maximumFractionDigits: decimals,
  }).format(value);
  return /^-[0.,]*$/.test(text) ? text.slice(1) : text;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads a typed number the way en-CA writes it: '1,234.5', '.5' (a leading dot is a leading
 * zero). null when empty; NaN when not a number — a comma that is not a thousands separator
 * ('40,5') is refused rather than read as 405.
 */
export function parseNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (t === '') return null;
  if (NUMBER.test(t)) return Number(t);
  if (GROUPED.test(t)) return Number(t.replace(/,/g, ''));
  return NaN;
}

/** Half-up rounding to `decimals` on the decimal text, so 1.005 becomes 1.01. */
export function roundTo(value: number, decimals: number): number {
  const r = Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`);
  return Number.isFinite(r) ? r + 0 : value;
}

const onGrid = (value: number, step: number) => {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};
const decimalsOk = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** The rule of spec 5 that `value` breaks, in the shared checkCalculatorValue's order. */
export function checkRule(value: number | null, rule: Rule): Message | undefined {
  if (value === null) return { key: MESSAGE_KEYS.required };
  if (!Number.isFinite(value)) return { key: MESSAGE_KEYS.number };
  if (value < rule.min) return { key: MESSAGE_KEYS.min, args: { min: plain(rule.min) } };
  if (rule.max !== undefined && value > rule.max) return { key: MESSAGE_KEYS.max, args: { max: plain(rule.max) } };
  if (rule.step !== undefined && !onGrid(value, rule.step))
    return { key: MESSAGE_KEYS.increments, args: { step: plain(rule.step) } };
  if (!decimalsOk(value, rule.decimals)) return { key: MESSAGE_KEYS.decimals, args: { n: rule.decimals } };
  return undefined;
}

export interface FieldReading {
  /** the value used, rounded to the field's decimals (spec 5: rounded to precision on change) */
  value?: number;
  error?: Message;
}

/** One input: parsed, rounded to its precision, then checked against its rule. */
export function readField(field: FieldName, text: string): FieldReading {
  const rule = FIELD_RULES[field];
  const parsed = parseNumber(text);
  if (parsed === null && OPTIONAL.has(field)) return {};
  const value = parsed === null || Number.isNaN(parsed) ? parsed : roundTo(parsed, rule.decimals);
  const error = checkRule(value, rule);
  return error ? { error } : { value: value as number };
}

/** The text an input shows once it loses focus: the value it stands for, en-CA. */
export function reformat(field: FieldName, text: string): string {
  const { value } = readField(field, text);
  return value === undefined ? text : formatNumber(value, FIELD_RULES[field].decimals, false);
}

export interface Strength {
  abv: number;
  abw: number;
  proof: number;
}

export interface Evaluation {
  /** every input's problem, whether or not the user has touched it yet */
  errors: Partial<Record<FieldName, Message>>;
  /** gross minus tare, for the weight modes */
  netWeight?: number;
  /** known as soon as the strength inputs are valid */
  strength?: Strength;
  /** all outputs, when every input of the mode is valid */
  result?: CalculatorQuantities;
  /** water to add, when a valid target ABV is given */
  reduction?: Reduction;
}

/** The lowest and highest densities on the 0.2 grid that the tables know at `temp`. */
export function densityBounds(temp: number): { min: number; max: number } {
  const { min, max } = densityRange(temp);
  const step = CALCULATOR_LIMITS.density.step;
  return {
    min: roundTo(Math.ceil(min / step - 1e-9) * step, 1),
    max: roundTo(Math.floor(max / step + 1e-9) * step, 1),
  };
}

function quantityOf(
  basis: Basis,
  quantity: QuantityKind,
  v: Partial<Record<FieldName, number>>,
  amount: number,
): CalculatorQuantities {
  if (basis === 'density') {
    const { temp, density } = v as { temp: number; density: number };
    if (quantity === 'weight') return fromMassAndDensity(amount, density, temp);
    if (quantity === 'volume') return fromVolumeAndDensity(amount, density, temp);
    // LAA: a table row gives LAA per kg (a), so the weight is LAA / a
    const row = lookupByDensity(temp, density);
    return fromMassAndDensity(amount === 0 ? 0 : amount / row.a, density, temp);
  }
  if (basis === 'abv') {
    const abv = v.abv as number;
    if (quantity === 'weight') return fromMassAndAbv(amount, abv);
    if (quantity === 'volume') return fromVolumeAndAbv(amount, abv);
    return fromVolumeAndAbv(amount === 0 ? 0 : (amount * 100) / abv, abv);
  }
  // ABW is ethanol mass per mass: LAA = kg x ABW/100 / 0.78924 (spec 9's constant)
  const abv = abvFromAbw(v.abw as number);
  const massKg = quantity === 'weight' ? amount : amount === 0 ? 0 : (amount * ABW_ETHANOL_CONSTANT * 100) / v.abw!;
  return fromMassAndAbv(massKg, abv);
}

/** Everything the calculator shows for a mode and the texts typed in its inputs. */
export function evaluate(basis: Basis, quantity: QuantityKind, values: CalculatorValues): Evaluation {
  const errors: Partial<Record<FieldName, Message>> = {};
  const v: Partial<Record<FieldName, number>> = {};
  for (const field of [...inputsFor(basis, quantity), 'targetAbv' as const]) {
    const reading = readField(field, values[field]);
    if (reading.error) errors[field] = reading.error;
    else if (reading.value !== undefined) v[field] = reading.value;
  }
  const out: Evaluation = { errors };

  // strength
  if (basis === 'density' && v.temp !== undefined && v.density !== undefined) {
    const bounds = densityBounds(v.temp);
    if (v.density < bounds.min || v.density > bounds.max) {
      errors.density = {
        key: MESSAGE_KEYS.densityRange,
        args: { min: formatNumber(bounds.min, 1), max: formatNumber(bounds.max, 1), temp: plain(v.temp) },
      };
      delete v.density;
    }
  }
  const strengthKnown = basis === 'density' ? v.temp !== undefined && v.density !== undefined : v[basis] !== undefined;
  if (strengthKnown) {
    const probe = quantityOf(basis, 'weight', v, 0);
    out.strength = { abv: probe.abv, abw: probe.abw, proof: probe.proof };
  }

  // quantity
  let amount: number | undefined;
  if (quantity === 'weight') {
    if (v.gross !== undefined && v.tare !== undefined) {
      if (v.tare > v.gross) errors.tare = { key: MESSAGE_KEYS.max, args: { max: plain(v.gross) } };
      else amount = out.netWeight = roundTo(v.gross - v.tare, 3);
    }
  } else amount = v[quantity];
  if (quantity === 'laa' && amount !== undefined && amount > 0 && out.strength && out.strength.abv === 0) {
    errors.laa = { key: MESSAGE_KEYS.noAlcohol };
    amount = undefined;
  }
  if (!out.strength || amount === undefined) return out;
  out.result = quantityOf(basis, quantity, v, amount);

  // reduction
  if (v.targetAbv !== undefined) {
    try {
      out.reduction = waterToReduce(out.result.litres20, out.result.abv, v.targetAbv);
    } catch (error) {
      if (!(error instanceof AlcoholometryError)) throw error;
      errors.targetAbv =
        v.targetAbv === 0
          ? { key: MESSAGE_KEYS.targetZero }
          : { key: MESSAGE_KEYS.targetAbove, args: { abv: formatNumber(out.result.abv, 2) } };
    }
  }
  return out;
}

export const hasErrors = (evaluation: Evaluation): boolean => Object.keys(evaluation.errors).length > 0;

/** The outputs of spec 4, in order, with their display precision (spec 9). */
export const OUTPUTS = [
  { key: 'laa', decimals: 3 },
  { key: 'abv', decimals: 2 },
  { key: 'abw', decimals: 2 },
  { key: 'massKg', decimals: 3 },
  { key: 'litres20', decimals: 3 },
  { key: 'proof', decimals: 2 },
] as const satisfies readonly { key: keyof CalculatorQuantities; decimals: number }[];

export type OutputKey = (typeof OUTPUTS)[number]['key'];

/** Display texts of the outputs; '—' where the inputs do not yet give an answer. */
export function outputTexts(evaluation: Evaluation): Record<OutputKey, string> {
  const source: Partial<CalculatorQuantities> = evaluation.result ?? evaluation.strength ?? {};
  const texts = {} as Record<OutputKey, string>;
  for (const { key, decimals } of OUTPUTS) {
    const value = source[key];
    texts[key] = value === undefined ? '—' : formatNumber(value, decimals);
  }
  return texts;
}
