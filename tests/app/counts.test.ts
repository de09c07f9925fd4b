// The reconciliation and batch move routes of spec 2.3: which screen and count a path shows, and
// the links between them.
import { describe, expect, it } from 'vitest';
import {
  editPath,
  listPath,
  newPath,
  screenOf,
  transactionsPath,
  vesselTypeOf,
} from '../../src/app/pages/reconciliation/paths';
import { batchEditPath, batchKindOfPath, batchNewPath } from '../../src/app/pages/batchMove/paths';

describe('reconciliation routes', () => {
  it('reads the screen, the kind and the vessel type from the path', () => {
    expect(screenOf('/inventory/productsreconciliation', {})).toEqual({
      kind: 'Products',
      screen: 'list',
      id: null,
      vesselType: null,
    });
    expect(screenOf('/inventory/itemsreconciliation/new', {})).toMatchObject({ kind: 'Items', screen: 'sheet' });
    expect(screenOf('/inventory/productsreconciliation/edit/12', { id: '12' })).toMatchObject({
      screen: 'sheet',
      id: '12',
    });
    expect(screenOf('/inventory/productsreconciliation/12/transactions', { id: '12' })).toMatchObject({
      screen: 'transactions',
      id: '12',
    });
    expect(screenOf('/production/vesselreconcile/new/bulkcontainer', { type: 'bulkcontainer' })).toMatchObject({
      kind: 'Vessels',
      screen: 'sheet',
      vesselType: 'BulkContainer',
    });
    expect(screenOf('/production/vesselreconcile/casks', { type: 'casks' })).toMatchObject({
      screen: 'list',
      vesselType: 'Cask',
    });
    expect(vesselTypeOf('Tank')).toBe('Tank');
    expect(vesselTypeOf('vat')).toBeNull();
  });

  it('links to the spec paths', () => {
    expect(newPath('Products')).toBe('/inventory/productsreconciliation/new');
    expect(editPath('Items', '7')).toBe('/inventory/itemsreconciliation/edit/7');
    expect(transactionsPath('Products', '7')).toBe('/inventory/productsreconciliation/7/transactions');
    expect(listPath('Vessels', 'Cask')).toBe('/production/vesselreconcile/cask');
    expect(newPath('Vessels', 'Tank')).toBe('/production/vesselreconcile/new/tank');
    expect(editPath('Vessels', '9', 'BulkContainer')).toBe('/production/vesselreconcile/edit/9/bulkcontainer');
    expect(transactionsPath('Vessels', '9')).toBe('/production/vesselreconcile/9/transactions');
    expect(batchNewPath('Products')).toBe('/inventory/productsbatchmove/new');
    expect(batchEditPath('Items', '3')).toBe('/inventory/itemsbatchmove/3');
    expect(batchKindOfPath('/inventory/itemsbatchmove/new')).toBe('Items');
  });
});
