import { describe, expect, it } from 'vitest';
import { addOnStates } from '../../src/app/pages/apps/addOns';

describe('apps', () => {
  it('reads each add-on from the company and marks the alerting ones', () => {
    const company = {
      id: '1',
      name: 'X',
      permissions: [],
      allowAccounting: true,
      connectedToAccounting: false,
      addOns: ['ecommerce'],
    };
    expect(addOnStates(company, ['accounting'])).toEqual([
      { key: 'accounting', enabled: true, connected: false, alert: true },
      { key: 'ecommerce', enabled: true, connected: null, alert: false },
      { key: 'pointOfSale', enabled: false, connected: null, alert: false },
      { key: 'customerPortal', enabled: false, connected: null, alert: false },
    ]);
  });
});

describe('fields referencing a feature-gated entity', () => {
  it('are hidden while the feature is off', async () => {
    const { isVisibleField } = await import('../../src/app/access');
    const { entityByName } = await import('../../src/generated/entities');
    const wineInput = entityByName.blend.fields.find((f) => f.ref === 'wine')!;
    const base = { id: '1', name: 'X', permissions: [] };
    expect(isVisibleField(wineInput, { ...base, allowWine: false })).toBe(false);
    expect(isVisibleField(wineInput, { ...base, allowWine: true })).toBe(true);
  });
});
