// The calculator's input rules of spec 5, shared by the calculator widget and the server's
// lookup calls so both refuse the same values with the same words.
import { messages } from '../messages.js';

export const CALCULATOR_LIMITS = {
  temp: { min: -20, max: 40, step: 0.5, decimals: 1, stepMessage: 'Increments of 0.5' },
  density: { min: 780, max: 999.8, step: 0.2, decimals: 1, stepMessage: 'Increments of 0.2' },
  abv: { min: 0, max: 100, decimals: 2 },
  abw: { min: 0, max: 100, decimals: 2 },
  quantity: { min: 0, decimals: 3 },
} as const;

export const CALCULATOR_DEFAULTS = { temp: 20, density: 900, strength: 40 } as const;

/** True when `value` is a whole number of `step`s, allowing for binary fractions. */
export const onGrid = (value: number, step: number): boolean => {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

export const decimalsOk = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

type Rule = { min: number; max?: number; step?: number; decimals: number; stepMessage?: string };

/** The first message that `value` breaks, or null. */
export function checkCalculatorValue(value: number | null | undefined, rule: Rule): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return messages.required;
  if (!Number.isFinite(value)) return messages.invalidNumber;
  if (value < rule.min) return messages.mustBeAtLeast(rule.min);
  if (rule.max !== undefined && value > rule.max) return messages.mustBeAtMost(rule.max);
  if (rule.step !== undefined && !onGrid(value, rule.step)) return rule.stepMessage ?? messages.invalidNumber;
  if (!decimalsOk(value, rule.decimals)) return messages.tooManyDecimals(rule.decimals);
  return null;
}
