// The portal setup's section choice (src/app/pages/portalSetup/sections.ts): the statement lists
// the invoices, so unticking Invoices unticks it, and it stays off until ticked again.
import { describe, expect, it } from 'vitest';
import { withSection } from '../../src/app/pages/portalSetup/sections';

const ALL = { order: true, orders: true, shipments: true, invoices: true, statement: true };

describe('portal setup sections', () => {
  it('unticking Invoices unticks the Statement; ticking Invoices again leaves it to staff', () => {
    const noInvoices = withSection(ALL, 'invoices', false);
    expect(noInvoices).toEqual({ ...ALL, invoices: false, statement: false });
    expect(withSection(noInvoices, 'statement', true)).toEqual(noInvoices);
    const back = withSection(noInvoices, 'invoices', true);
    expect(back).toEqual({ ...ALL, statement: false });
    expect(withSection(back, 'statement', true)).toEqual(ALL);
  });

  it('the other sections come and go alone', () => {
    expect(withSection(ALL, 'orders', false)).toEqual({ ...ALL, orders: false });
    expect(withSection(ALL, 'statement', false)).toEqual({ ...ALL, statement: false });
  });
});
