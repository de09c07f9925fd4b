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
