// The alcohol calculator's logic (src/app/pages/calculator/calculatorModel.ts): each mode against
// the shared OIML R 22 module's table rows, every validation message of spec 5, the reduction.
import { describe, expect, it } from 'vitest';
import {
  abvFromAbw,
  densityOf,
  lookupByDensity,
  lookupByStrength,
  massFractionFromAbv,
} from '../../src/shared/alcoholometry/index.js';
import { CALCULATOR_LIMITS, checkCalculatorValue } from '../../src/shared/alcoholometry/validation.js';
import { messages } from '../../src/shared/messages';
import {
  checkRule,
  densityBounds,
  evaluate,
  formatNumber,
  hasErrors,
  initialValues,
  inputsFor,
  isAllowed,
  modeLetter,
  outputTexts,
  parseNumber,
  readField,
  reformat,
  roundTo,
  type Basis,
  type CalculatorValues,
  type Message,
  type QuantityKind,
} from '../../src/app/pages/calculator/calculatorModel';
import { calculatorMessages } from '../../src/app/pages/calculator/messages';
import { appEnglish } from '../../src/app/i18n/en';
import { buildResources, mergeTrees } from '../../src/app/i18n/messages';

type Tree = { [k: string]: unknown };
const leaves = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((t, k) => (t as Tree)?.[k], tree);
const english = mergeTrees(appEnglish, calculatorMessages.en);
/** A message as the English user reads it (polyglot interpolation). */
const say = (m: Message | undefined) =>
  m && (at(english, m.key) as string).replace(/%\{(\w+)\}/g, (_, k) => String(m.args?.[k]));

const run = (basis: Basis, quantity: QuantityKind, typed: Partial<CalculatorValues>) =>
  evaluate(basis, quantity, { ...initialValues(), ...typed });

describe('calculator modes', () => {
  it('letters the spec modes and lets ABW combine with weight or LAA only', () => {
    expect(modeLetter('density', 'weight')).toBe('A');
    expect(modeLetter('density', 'volume')).toBe('B');
    expect(modeLetter('abv', 'weight')).toBe('C');
    expect(modeLetter('abv', 'volume')).toBe('D');
    expect(modeLetter('abw', 'weight')).toBe('N');
    expect(modeLetter('abv', 'laa')).toBeUndefined();
    expect(isAllowed('abw', 'volume')).toBe(false);
    expect(isAllowed('abw', 'laa')).toBe(true);
    expect(isAllowed('density', 'laa')).toBe(true);
    expect(inputsFor('density', 'weight')).toEqual(['temp', 'density', 'gross', 'tare']);
    expect(inputsFor('abw', 'laa')).toEqual(['abw', 'laa']);
  });

  it('defaults: temperature 20, density 900, strength 40, tare 0', () => {
    const v = initialValues();
    expect([v.temp, v.density, v.abv, v.abw, v.tare]).toEqual(['20', '900', '40', '40', '0']);
    // the strength answers at once; quantities wait for a weight
    const e = evaluate('density', 'weight', v);
    expect(e.strength?.abv).toBeCloseTo(lookupByDensity(20, 900).b, 9);
    expect(e.result).toBeUndefined();
    expect(outputTexts(e).laa).toBe('—');
    expect(outputTexts(e).abv).toBe(formatNumber(lookupByDensity(20, 900).b, 2));
  });

  it('A, density and weight: net weight x a, x c', () => {
    const row = lookupByDensity(20, 948.2);
    const e = run('density', 'weight', { temp: '20', density: '948.2', gross: '1,120', tare: '20' });
    expect(e.errors).toEqual({});
    expect(e.netWeight).toBe(1100);
    expect(e.result!.laa).toBeCloseTo(1100 * row.a, 9);
    expect(e.result!.litres20).toBeCloseTo(1100 * row.c, 9);
    expect(e.result!.abv).toBeCloseTo(row.b, 9);
    expect(e.result!.proof).toBeCloseTo(2 * row.b, 9);
    expect(e.result!.massKg).toBe(1100);
    expect(row.b).toBeGreaterThan(39.5);
    expect(row.b).toBeLessThan(40.5);
  });

  it('B, density and volume: weight = volume / c, LAA = volume x b / 100', () => {
    const row = lookupByDensity(15.5, 951.2);
    const e = run('density', 'volume', { temp: '15.5', density: '951.2', volume: '200' });
    expect(e.result!.massKg).toBeCloseTo(200 / row.c, 9);
    expect(e.result!.laa).toBeCloseTo((200 * row.b) / 100, 9);
    expect(e.result!.litres20).toBe(200);
  });

  it('density and LAA: weight = LAA / a', () => {
    const row = lookupByDensity(10, 960);
    const e = run('density', 'laa', { temp: '10', density: '960', laa: '50' });
    expect(e.result!.massKg).toBeCloseTo(50 / row.a, 9);
    expect(e.result!.laa).toBeCloseTo(50, 9);
  });

  it('C, ABV and weight: 100 kg at 40 % ABV gives LAA = 100 x a', () => {
    const row = lookupByStrength(20, 40);
    const e = run('abv', 'weight', { abv: '40', gross: '100' });
    expect(e.result!.laa).toBeCloseTo(100 * row.a, 9);
    expect(e.result!.litres20).toBeCloseTo(100 * row.c, 9);
    expect(e.result!.proof).toBe(80);
    // and by hand from the reference formula: rho(40 %vol, 20 °C) is about 948.05 kg/m3
    expect(e.result!.laa).toBeCloseTo((100 * 1000 * 0.4) / densityOf(massFractionFromAbv(40), 20), 9);
    expect(outputTexts(e).laa).toBe(formatNumber(100 * row.a, 3));
  });

  it('D, ABV and volume: 1,000 L at 40 % is 400 LAA and 1,000 / c kg', () => {
    const row = lookupByStrength(20, 40);
    const e = run('abv', 'volume', { abv: '40', volume: '1000' });
    expect(e.result!.laa).toBeCloseTo(400, 9);
    expect(e.result!.massKg).toBeCloseTo(1000 / row.c, 9);
    expect(outputTexts(e)).toMatchObject({ laa: '400.000', litres20: '1,000.000', abv: '40.00', proof: '80.00' });
  });

  it('ABV and LAA: volume = LAA x 100 / ABV', () => {
    const e = run('abv', 'laa', { abv: '40', laa: '40' });
    expect(e.result!.litres20).toBeCloseTo(100, 9);
    expect(e.result!.massKg).toBeCloseTo(100 / lookupByStrength(20, 40).c, 9);
  });

  it('N, ABW and weight: LAA = kg x ABW / 100 / 0.78924', () => {
    const e = run('abw', 'weight', { abw: '40', gross: '100' });
    expect(e.result!.laa).toBeCloseTo((100 * 0.4) / 0.78924, 9);
    expect(e.result!.abv).toBeCloseTo(abvFromAbw(40), 9);
    expect(e.result!.abw).toBeCloseTo(40, 9);
    expect(e.result!.laa).toBeCloseTo(100 * lookupByStrength(20, abvFromAbw(40)).a, 8);
  });

  it('ABW and LAA: weight = LAA x 0.78924 / (ABW / 100)', () => {
    const e = run('abw', 'laa', { abw: '40', laa: '50' });
    expect(e.result!.massKg).toBeCloseTo((50 * 0.78924) / 0.4, 9);
    expect(e.result!.laa).toBeCloseTo(50, 9);
  });

  it('zero quantities give zeros; LAA at no strength is refused', () => {
    expect(run('abv', 'laa', { abv: '40', laa: '0' }).result!.massKg).toBe(0);
    const e = run('abv', 'laa', { abv: '0', laa: '5' });
    expect(say(e.errors.laa)).toBe('No alcohol at this strength');
    expect(e.result).toBeUndefined();
  });
});

describe('calculator validation (spec 5)', () => {
  it('temperature: -20 to 40 by 0.5', () => {
    expect(say(readField('temp', '20.5').error)).toBeUndefined();
    expect(say(readField('temp', '20.3').error)).toBe('Increments of 0.5');
    expect(say(readField('temp', '-20.5').error)).toBe('Must be >= -20');
    expect(say(readField('temp', '40.5').error)).toBe('Must be <= 40');
    expect(readField('temp', '-20').value).toBe(-20);
  });

  it('density: 780 to 999.8 by 0.2, and inside the tables at the temperature', () => {
    expect(say(readField('density', '900.1').error)).toBe('Increments of 0.2');
    expect(say(readField('density', '779.8').error)).toBe('Must be >= 780');
    expect(say(readField('density', '1000').error)).toBe('Must be <= 999.8');
    expect(readField('density', '999.8').value).toBe(999.8);
    // 999.8 is on the grid but denser than water at 20 °C
    expect(densityBounds(20)).toEqual({ min: 789.4, max: 998.2 });
    const e = run('density', 'volume', { density: '999.8', volume: '1' });
    expect(say(e.errors.density)).toBe('The tables cover 789.4 to 998.2 kg/m³ at 20 °C');
    expect(e.strength).toBeUndefined();
    expect(run('density', 'volume', { density: '998.2', volume: '1' }).result!.abv).toBeCloseTo(0, 2);
  });

  it('ABV, ABW and target ABV: 0 to 100, 2 decimals (rounded as typed)', () => {
    expect(say(readField('abv', '100.01').error)).toBe('Must be <= 100');
    expect(say(readField('abw', '-1').error)).toBe('Must be >= 0');
    expect(say(readField('targetAbv', '101').error)).toBe('Must be <= 100');
    expect(readField('abv', '40.126').value).toBe(40.13);
    expect(readField('abw', '1.005').value).toBe(1.01);
    expect(reformat('abv', '40.126')).toBe('40.13');
  });

  it('weight, tare, volume, LAA: at least 0, 3 decimals; tare not above gross', () => {
    expect(readField('gross', '1,234.56789').value).toBe(1234.568);
    expect(reformat('volume', '1234.56789')).toBe('1,234.568');
    expect(say(readField('volume', '-1').error)).toBe('Must be >= 0');
    expect(say(readField('laa', '').error)).toBe('Required');
    const e = run('abv', 'weight', { gross: '10', tare: '12.5' });
    expect(say(e.errors.tare)).toBe('Must be <= 10');
    expect(e.result).toBeUndefined();
    expect(run('abv', 'weight', { gross: '10.3', tare: '0.1' }).netWeight).toBe(10.2);
  });

  it('refuses text that is not an en-CA number', () => {
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('40,5')).toBeNaN();
    expect(say(readField('abv', '40,5').error)).toBe('Must be a number');
    expect(say(readField('abv', 'abc').error)).toBe('Must be a number');
  });

  it('a missing or invalid field makes the form invalid', () => {
    expect(hasErrors(run('abv', 'weight', {}))).toBe(true); // no gross weight yet
    expect(hasErrors(run('abv', 'weight', { gross: '5' }))).toBe(false);
    expect(hasErrors(run('density', 'weight', { gross: '5', density: '900.1' }))).toBe(true);
    // only the mode's own inputs count
    expect(hasErrors(run('abv', 'weight', { gross: '5', density: 'x' }))).toBe(false);
    expect(say({ key: 'app.error.invalid_form' })).toBe('One or more fields is missing or invalid');
    expect(say({ key: 'app.error.invalid_form' })).toBe(messages.invalidForm);
  });

  it('says what the shared checkCalculatorValue says, so client and server agree', () => {
    const cases: [number | null, keyof typeof CALCULATOR_LIMITS][] = [
      [null, 'temp'],
      [Infinity, 'abv'],
      [20.3, 'temp'],
      [-21, 'temp'],
      [41, 'temp'],
      [900.1, 'density'],
      [900.2, 'density'],
      [779, 'density'],
      [999.9, 'density'],
      [40.123, 'abv'],
      [101, 'abw'],
      [1.2345, 'quantity'],
      [-0.001, 'quantity'],
      [12.345, 'quantity'],
    ];
    for (const [value, rule] of cases) {
      const shared = checkCalculatorValue(value, CALCULATOR_LIMITS[rule]);
      expect(say(checkRule(value, CALCULATOR_LIMITS[rule])) ?? null, `${value} ${rule}`).toBe(shared);
    }
  });
});

describe('reduction with water', () => {
  it('100 L at 40 % to 20 %: LAA is kept, water exceeds the naive 100 L', () => {
    const e = run('abv', 'volume', { abv: '40', volume: '100', targetAbv: '20' });
    const r = e.reduction!;
    expect((r.finalVolumeL * 20) / 100).toBeCloseTo(40, 6);
    // ethanol mass is conserved: m1 p40 = m2 p20
    const p40 = massFractionFromAbv(40);
    const p20 = massFractionFromAbv(20);
    const m1 = (100 * densityOf(p40, 20)) / 1000;
    expect(r.waterKg).toBeCloseTo((m1 * p40) / p20 - m1, 9);
    expect(r.waterL).toBeCloseTo((r.waterKg * 1000) / densityOf(0, 20), 9);
    expect(r.waterL).toBeGreaterThan(100);
    expect(r.finalVolumeL).toBeLessThan(100 + r.waterL);
  });

  it('refuses a target above the strength or at 0; no target, no reduction', () => {
    expect(say(run('abv', 'volume', { volume: '100', targetAbv: '45' }).errors.targetAbv)).toBe('Must be <= 40.00');
    expect(say(run('abv', 'volume', { volume: '100', targetAbv: '0' }).errors.targetAbv)).toBe('Must be > 0');
    const e = run('abv', 'volume', { volume: '100' });
    expect(e.reduction).toBeUndefined();
    expect(hasErrors(e)).toBe(false);
    expect(run('abv', 'volume', { volume: '100', targetAbv: '40' }).reduction!.waterL).toBe(0);
  });
});

describe('calculator display and texts', () => {
  it('formats numbers en-CA with fixed decimals, never -0', () => {
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(40, 2)).toBe('40.00');
    expect(formatNumber(-1e-12, 3)).toBe('0.000');
    expect(roundTo(-20.25, 1)).toBe(-20.2);
  });

  it('has every English text in French, and they reach i18next', () => {
    expect(leaves(calculatorMessages.fr).sort()).toEqual(leaves(calculatorMessages.en).sort());
    const r = buildResources({ en: {}, fr: {} });
    expect(at(r.en.translation, 'app.calculator.title')).toBe('Alcohol calculator');
    expect(at(r.fr.translation, 'app.calculator.title')).toBe("Calculateur d'alcool");
    expect(at(r.fr.translation, 'app.calculator.output.laa')).toBe("Litres d'alcool absolu (LAA)");
    expect(at(r.fr.translation, 'app.calculator.field.density')).toBe('Masse volumique (kg/m³)');
    expect(at(r.fr.translation, 'app.calculator.output.proof')).toBe('Preuve (US)');
    expect(at(r.en.translation, 'app.calculator.validation.increments')).toBe('Increments of {{step}}');
  });
});
