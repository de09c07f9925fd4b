// The top bar's favourites menu model: the tiles are the user's bookmarks they may still open,
// each in its spec 2.5 group, and the arrow keys move across the grid as it is laid out.
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/entities';
import type { Company } from '../../src/app/company/companies';
import { shellMenu } from '../../src/app/shell/menu';
import {
  columnsOf,
  favouriteTiles,
  nextTileIndex,
  TILE_SIZE,
  withoutFavourite,
} from '../../src/app/shell/favourites/tiles';

const company = (permissions: string[], flags: Partial<Company> = {}): Company => ({
  id: '1',
  name: 'Test',
  permissions,
  ...flags,
});

describe('favourites menu', () => {
  it('has 120 px tiles (spec constants)', () => {
    expect(TILE_SIZE).toBe(120);
  });

  it('shows the favourites the user may open, in the order chosen, with their group', () => {
    const groups = shellMenu(entities, company(['selling.write', 'reports.read']));
    const tiles = favouriteTiles(groups, [
      'SalesInvoices',
      'ProductionDistilling', // no production permission: not shown
      'ReportsView?to=ByCustomer',
      'SalesCustomers',
      'Nowhere',
    ]);
    expect(tiles.map((t) => [t.entry.key, t.group])).toEqual([
      ['SalesInvoices', 'sales'],
      ['ReportsView?to=ByCustomer', 'reports'],
      ['SalesCustomers', 'sales'],
    ]);
  });

  it('hides planning favourites while the allowPlanning flag is off', () => {
    const perms = ['forecasting.write', 'scheduling.write'];
    const off = favouriteTiles(shellMenu(entities, company(perms)), ['PlanningTasks']);
    expect(off).toEqual([]);
    const on = favouriteTiles(shellMenu(entities, company(perms, { allowPlanning: true })), ['PlanningTasks']);
    expect(on.map((t) => t.group)).toEqual(['planning']);
  });

  it('removes one favourite and keeps the others, also those not open to the user today', () => {
    expect(withoutFavourite(['SalesInvoices', 'ProductionDistilling', 'SalesCustomers'], 'SalesInvoices')).toEqual([
      'ProductionDistilling',
      'SalesCustomers',
    ]);
  });

  it('moves with the arrow keys across a grid of 7 tiles, 3 to a row', () => {
    // 0 1 2
    // 3 4 5
    // 6
    expect(nextTileIndex(0, 'ArrowRight', 7, 3)).toBe(1);
    expect(nextTileIndex(2, 'ArrowRight', 7, 3)).toBe(3);
    expect(nextTileIndex(6, 'ArrowRight', 7, 3)).toBeNull();
    expect(nextTileIndex(0, 'ArrowLeft', 7, 3)).toBeNull();
    expect(nextTileIndex(1, 'ArrowDown', 7, 3)).toBe(4);
    expect(nextTileIndex(4, 'ArrowDown', 7, 3)).toBeNull();
    expect(nextTileIndex(5, 'ArrowUp', 7, 3)).toBe(2);
    expect(nextTileIndex(1, 'ArrowUp', 7, 3)).toBeNull();
    expect(nextTileIndex(4, 'Home', 7, 3)).toBe(0);
    expect(nextTileIndex(4, 'End', 7, 3)).toBe(6);
    expect(nextTileIndex(4, 'Enter', 7, 3)).toBeNull();
  });

  it('counts the columns from where the tiles were laid out', () => {
    expect(columnsOf([10, 10, 10, 138, 138])).toBe(3);
    expect(columnsOf([10, 138, 266])).toBe(1);
    expect(columnsOf([10, 10])).toBe(2);
    expect(columnsOf([])).toBe(1);
  });
});
