// The zod validators (forms, API) and the JSON Schemas ajv compiles (bulk rows) come from the
// same schema files: they must accept and refuse the same inputs.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { inputJsonSchemas } from '../../src/generated/jsonSchemas';
import { inputValidators } from '../../src/generated/validators';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

const samples: Record<string, { ok: Record<string, unknown>[]; bad: Record<string, unknown>[] }> = {
  customer: {
    ok: [
      { name: 'Harbour Bistro' },
      { name: 'A', email: 'a@b.example', creditLimit: 10.5, type: 'Retail', active: false },
      { name: 'B', category: '12', phone: null, notes: null },
    ],
    bad: [
      {},
      { name: 'x'.repeat(101) },
      { name: 'A', type: 'Nope' },
      { name: 'A', creditLimit: 'ten' },
      { name: 'A', unknown: 1 },
    ],
  },
  product: {
    ok: [
      { name: 'Gin', bom: [{ name: 'Bottle', quantity: 1, per: 'Bottle' }] },
      { name: 'Vodka', strength: 40, caseSize: 6 },
    ],
    bad: [
      { name: 'Gin', bom: [{ quantity: 1, per: 'Bottle' }] },
      { name: 'Gin', strength: 120 },
      { name: 'Gin', caseSize: 1.5 },
    ],
  },
  category: { ok: [{ name: 'Gin', type: 'Product' }], bad: [{ name: 'Gin' }, { name: 'Gin', type: 'Spirit' }] },
};

describe('generated validators', () => {
  it('compiles every JSON Schema with ajv', () => {
    for (const [name, schema] of Object.entries(inputJsonSchemas))
      expect(() => ajv.compile(schema), name).not.toThrow();
  });

  it.each(Object.keys(samples))('zod and ajv agree on %s inputs', (name) => {
    const validate = ajv.compile(inputJsonSchemas[name]);
    const zod = (inputValidators as Record<string, { create: { safeParse: (v: unknown) => { success: boolean } } }>)[
      name
    ].create;
    for (const input of samples[name].ok) {
      expect(zod.safeParse(input).success, JSON.stringify(input)).toBe(true);
      expect(validate(input), `${JSON.stringify(input)} ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    for (const input of samples[name].bad) {
      expect(zod.safeParse(input).success, JSON.stringify(input)).toBe(false);
      expect(validate(input), JSON.stringify(input)).toBe(false);
    }
  });
});
