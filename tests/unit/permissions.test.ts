import { describe, expect, it } from 'vitest';
import { hasAny, hasPermission } from '../../src/shared/permissions';

describe('permissions', () => {
  it('reads read/write levels as spec 6 uses them', () => {
    expect(hasPermission(['selling.read'], 'selling')).toBe(true);
    expect(hasPermission(['selling.write'], 'selling.read')).toBe(true);
    expect(hasPermission(['selling.read'], 'selling.write')).toBe(false);
    expect(hasPermission(['buying.write'], 'selling')).toBe(false);
    expect(hasAny(['production.read'], ['inventory.read', 'production.read'])).toBe(true);
  });
  it('needs every part of an & requirement', () => {
    expect(hasPermission(['inventory.write'], 'inventory.write&production.write')).toBe(false);
    expect(hasPermission(['inventory.write', 'production.write'], 'inventory.write&production.write')).toBe(true);
  });
});
