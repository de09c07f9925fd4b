import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../../src/shared/meta';
import { stepFor, validate, validatorsFor } from '../../src/app/generic/validators';
import { deleteOutcome } from '../../src/app/generic/deleteOutcome';
import { fileNameFrom, isSameOrigin } from '../../src/app/data/download';

const f = (x: Partial<FieldMeta> & Pick<FieldMeta, 'type'>): FieldMeta => ({
  name: 'x',
  column: 'x',
  label: { en: 'X', fr: 'X' },
  required: false,
  ...x,
});
const run = (field: FieldMeta, value: unknown) => validate(validatorsFor(field), value);

describe('validators from metadata', () => {
  it('required: empty or blank', () => {
    const field = f({ type: 'string', required: true });
    expect(run(field, '  ')).toEqual({ message: 'app.validation.required', args: {} });
    expect(run(field, null)).toEqual({ message: 'app.validation.required', args: {} });
    expect(run(field, 'a')).toBeUndefined();
    expect(validatorsFor(field).some((v) => (v as { isRequired?: boolean }).isRequired)).toBe(true);
    expect(run(f({ type: 'boolean', required: true }), false)).toBeUndefined();
    expect(run(f({ type: 'lines', required: true }), [])).toEqual({ message: 'app.validation.required', args: {} });
  });
  it('max length', () => {
    expect(run(f({ type: 'string', maxLength: 3 }), 'abcd')).toEqual({
      message: 'app.validation.max_length',
      args: { n: 3 },
    });
    expect(run(f({ type: 'text', maxLength: 3 }), 'abc')).toBeUndefined();
  });
  it('e-mail lists; blank passes', () => {
    const field = f({ type: 'string', format: 'email' });
    expect(run(field, 'a@b.ca, c@d.com')).toBeUndefined();
    expect(run(field, '')).toBeUndefined();
    expect(run(field, 'nope')).toEqual({ message: 'app.validation.email', args: {} });
  });
  it('minimum, maximum, integers', () => {
    const dec = f({ type: 'decimal', minimum: 0, maximum: 99 });
    expect(run(dec, -1)).toEqual({ message: 'app.validation.min', args: { min: 0 } });
    expect(run(dec, 100)).toEqual({ message: 'app.validation.max', args: { max: 99 } });
    expect(run(dec, 40.5)).toBeUndefined();
    expect(run(dec, null)).toBeUndefined();
    const int = f({ type: 'integer' });
    expect(run(int, 1.5)).toEqual({ message: 'app.validation.integer', args: {} });
    expect(run(int, 2 ** 31)).toEqual({ message: 'app.validation.out_of_range', args: {} });
  });
  it('number input steps follow precision', () => {
    expect(stepFor(f({ type: 'decimal', precision: 3 }))).toBe(0.001);
    expect(stepFor(f({ type: 'decimal' }))).toBe(0.01);
    expect(stepFor(f({ type: 'integer' }))).toBe(1);
  });
});

describe('delete outcome (spec 8)', () => {
  it('one deleted', () =>
    expect(deleteOutcome(1, 1)).toEqual({ message: 'app.delete.success', args: {}, type: 'success' }));
  it('all deleted', () =>
    expect(deleteOutcome(3, 3)).toEqual({ message: 'app.delete.result', args: { n: 3, total: 3 }, type: 'success' }));
  it('some failed', () =>
    expect(deleteOutcome(3, 1)).toEqual({
      message: 'app.delete.result',
      args: { n: 1, total: 3 },
      type: 'warning',
      suffix: { message: 'app.delete.errors', args: { k: 2 } },
    }));
});

describe('downloads', () => {
  it('reads the file name', () => {
    expect(fileNameFrom('attachment; filename="customers.csv"', 'x.csv')).toBe('customers.csv');
    expect(fileNameFrom("attachment; filename*=UTF-8''clients%20%C3%A9t%C3%A9.csv", 'x.csv')).toBe('clients été.csv');
    expect(fileNameFrom(null, 'x.csv')).toBe('x.csv');
  });
  it('sends the token only to our origin', () => {
    expect(isSameOrigin('/files/a.csv', 'http://app.test')).toBe(true);
    expect(isSameOrigin('http://app.test/files/a.csv', 'http://app.test')).toBe(true);
    expect(isSameOrigin('https://bucket.example/a.csv?sig=1', 'http://app.test')).toBe(false);
  });
});
