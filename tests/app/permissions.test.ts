import { describe, expect, it } from 'vitest';
import { hasAny, hasPermission, parsePermission } from '../../src/shared/permissions';
import { canRead, canWrite, holdsValues, isVisibleField } from '../../src/app/access';
import { customer, product } from './fixtures';

describe('hasPermission', () => {
  it('a bare requirement is met by the bare, read or write permission', () => {
    expect(hasPermission(['selling'], 'selling')).toBe(true);
    expect(hasPermission(['selling.read'], 'selling')).toBe(true);
    expect(hasPermission(['selling.write'], 'selling')).toBe(true);
    expect(hasPermission(['buying.write'], 'selling')).toBe(false);
  });
  it('read is met by read or write', () => {
    expect(hasPermission(['selling.read'], 'selling.read')).toBe(true);
    expect(hasPermission(['selling.write'], 'selling.read')).toBe(true);
    expect(hasPermission(['selling'], 'selling.read')).toBe(false);
  });
  it('write only by write', () => {
    expect(hasPermission(['selling.write'], 'selling.write')).toBe(true);
    expect(hasPermission(['selling.read', 'selling'], 'selling.write')).toBe(false);
  });
  it('does not match on prefixes', () => {
    expect(hasPermission(['sellingx.write'], 'selling')).toBe(false);
    expect(hasPermission(['values'], 'values')).toBe(true);
  });
  it('hasAny needs one of the list; an empty list needs nothing', () => {
    expect(hasAny(['inventory.read'], ['selling.read', 'inventory.read'])).toBe(true);
    expect(hasAny(['inventory.read'], ['selling.read', 'inventory.write'])).toBe(false);
    expect(hasAny([], [])).toBe(true);
  });
  it('parsePermission', () => {
    expect(parsePermission('selling.write')).toEqual({ area: 'selling', access: 'write' });
    expect(parsePermission('audit')).toEqual({ area: 'audit' });
  });
});

describe('entity access', () => {
  const company = (permissions: string[], flags: Record<string, boolean> = {}) => ({
    id: '1',
    name: 'A',
    permissions,
    ...flags,
  });
  it('reads and writes by the entity permissions', () => {
    expect(canRead(customer, company(['selling.read']))).toBe(true);
    expect(canWrite(customer, company(['selling.read']))).toBe(false);
    expect(canWrite(customer, company(['selling.write']))).toBe(true);
    expect(canRead(customer, null)).toBe(false);
  });
  it('needs the feature flag when the entity names one', () => {
    expect(canRead(product, company(['inventory.write']))).toBe(false);
    expect(canRead(product, company(['inventory.write'], { allowWine: true }))).toBe(true);
  });
  it('hides needsValues fields without the values permission, internal always', () => {
    const credit = customer.fields.find((f) => f.name === 'creditLimit')!;
    const secret = customer.fields.find((f) => f.name === 'secret')!;
    expect(holdsValues(company(['values']))).toBe(true);
    expect(isVisibleField(credit, company(['selling.write']))).toBe(false);
    expect(isVisibleField(credit, company(['selling.write', 'values']))).toBe(true);
    expect(isVisibleField(secret, company(['values']))).toBe(false);
  });
});
