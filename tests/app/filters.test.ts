import { describe, expect, it } from 'vitest';
import { toFilters, toFilterValue, toSort } from '../../src/app/data/filters';

describe('toFilters', () => {
  it('maps keys to eq filters with string values and q to the search parameter', () => {
    expect(toFilters({ active: true, type: 'Retail', caseSize: 12, q: ' gin ' })).toEqual({
      filters: [
        { field: 'active', comparator: 'eq', value: 'true' },
        { field: 'type', comparator: 'eq', value: 'Retail' },
        { field: 'caseSize', comparator: 'eq', value: '12' },
      ],
      parameters: { search: 'gin' },
    });
  });
  it('maps _gte / _lte suffixes to ge / le', () => {
    expect(toFilters({ strength_gte: 40, date_lte: '2024-12-31' }).filters).toEqual([
      { field: 'strength', comparator: 'ge', value: '40' },
      { field: 'date', comparator: 'le', value: '2024-12-31' },
    ]);
  });
  it('drops blank values and reads ids of reference objects', () => {
    expect(toFilters({ a: '', b: null, c: undefined, q: '  ', category: { id: 7 } })).toEqual({
      filters: [{ field: 'category', comparator: 'eq', value: '7' }],
    });
  });
  it('refuses list values (the API has no "in")', () => {
    expect(() => toFilters({ id: [1, 2] })).toThrow(/not supported/);
  });
  it('writes dates as yyyy-MM-dd', () => {
    expect(toFilterValue(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    expect(toFilterValue(false)).toBe('false');
  });
});

describe('toSort', () => {
  it('maps the field to sortKey and DESC to reverse', () => {
    expect(toSort({ field: 'name', order: 'ASC' })).toEqual({ sortKey: 'name', reverse: false });
    expect(toSort({ field: 'name', order: 'DESC' })).toEqual({ sortKey: 'name', reverse: true });
    expect(toSort(undefined)).toEqual({});
  });
});
