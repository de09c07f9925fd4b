// Issue 10, point 20: a strength (% ABV) outside 0 to 99 answers spec 5's exact words, 'Strength
// must be between 0% and 99%', from the server's validators too (the screens already did), while
// other bounded numbers keep 'Must be <= n'. The validators are code the generator writes: this
// runs the expression it writes for each kind of field.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldTypes } from '../../generators/fieldTypes';
import { messages } from '../../src/shared/messages';
import { hasAtMostDecimals } from '../../src/shared/validation';
import type { FieldMeta } from '../../src/shared/meta';

const validatorOf = (field: Partial<FieldMeta>) => {
  const code = fieldTypes.decimal.zod({ name: 'x', column: 'x', type: 'decimal', ...field } as FieldMeta);
  // the generated module's imports, given by name
  return new Function('z', 'messages', 'hasAtMostDecimals', `return ${code};`)(
    z,
    messages,
    hasAtMostDecimals,
  ) as z.ZodType;
};
const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

describe('bounded numbers', () => {
  const strength = validatorOf({ precision: 2, minimum: 0, maximum: 99, units: '% ABV' });
  const percent = validatorOf({ precision: 2, minimum: 0, maximum: 100, units: '%' });

  it("says 'Strength must be between 0% and 99%' for a strength out of range, either side", () => {
    expect(messageOf(strength, 99.01)).toBe('Strength must be between 0% and 99%');
    expect(messageOf(strength, -0.5)).toBe('Strength must be between 0% and 99%');
    expect(messageOf(strength, 99)).toBeNull();
    expect(messageOf(strength, 0)).toBeNull();
    expect(messageOf(strength, 40.25)).toBeNull();
  });

  it('keeps the plain bound message for other numbers', () => {
    expect(messageOf(percent, 100.5)).toBe('Must be <= 100');
    expect(messageOf(percent, 100)).toBeNull();
  });
});
