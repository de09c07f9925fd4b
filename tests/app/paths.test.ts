import { describe, expect, it } from 'vitest';
import {
  createLinkFor,
  createPathFor,
  editPathFor,
  fillPath,
  listPathFor,
  menuGroups,
  pathParams,
  paramField,
  presetFromParams,
  presetToFormValues,
  routeTable,
} from '../../src/app/routing/paths';
import type { EntityMeta } from '../../src/shared/meta';
import { category, customer, entities } from './fixtures';

/** A list that needs a context: /production/maintenancelog/:equipmentId, and an optional edit id. */
const maintenanceLog: EntityMeta = {
  ...customer,
  name: 'maintenanceLog',
  plural: 'maintenanceLogs',
  area: 'equipment',
  fields: [
    {
      name: 'equipment',
      column: 'equipment_id',
      type: 'ref',
      ref: 'otherEquipment',
      label: { en: 'E', fr: 'E' },
      required: true,
    },
    { name: 'work', column: 'work', type: 'string', label: { en: 'W', fr: 'W' }, required: false },
  ],
  routes: {
    lists: [{ path: 'production/maintenancelog/:equipmentId' }],
    create: 'production/maintenancelog/new',
    edit: 'production/maintenancelog/edit/:maintenanceLogId?',
    idParam: 'maintenanceLogId',
  },
};

describe('path helpers', () => {
  it('reads :params', () => {
    expect(pathParams('inventory/category/:type/:categoryId')).toEqual([
      { name: 'type', optional: false },
      { name: 'categoryId', optional: false },
    ]);
    expect(pathParams('sales/shipments/:shipmentId?')).toEqual([{ name: 'shipmentId', optional: true }]);
  });
  it('fills params, drops missing optional ones, refuses missing required ones', () => {
    expect(fillPath('sales/customers/:customerId', { customerId: 'a b' })).toBe('/sales/customers/a%20b');
    expect(fillPath('sales/shipments/:shipmentId?', {})).toBe('/sales/shipments');
    expect(fillPath('inventory/category/:type/:categoryId', { categoryId: 1 })).toBeNull();
  });
  it('builds edit and create paths from records and presets', () => {
    expect(editPathFor(customer, { id: '12', name: 'A' })).toBe('/sales/customers/12');
    expect(editPathFor(category, { id: '3', type: 'Item' })).toBe('/inventory/category/Item/3');
    expect(createPathFor(category, { type: 'Product' })).toBe('/inventory/category/new/Product');
    expect(createPathFor(customer)).toBe('/sales/customers/new');
  });
  it('finds the list a record belongs to', () => {
    expect(listPathFor(category, { type: 'Customer' })).toBe('/sales/customercategories');
    expect(listPathFor(category, { type: 'Item' })).toBe('/inventory/itemcategories');
    expect(listPathFor(category, {})).toBe('/inventory/itemcategories');
    expect(listPathFor(customer, { name: 'x' })).toBe('/sales/customers');
  });
  it('fills a list path param from the record reference', () => {
    const record = { id: '5', equipment: { id: '77', name: 'Pump' }, work: 'oil' };
    expect(listPathFor(maintenanceLog, record)).toBe('/production/maintenancelog/77');
    expect(editPathFor(maintenanceLog, record)).toBe('/production/maintenancelog/edit/5');
    expect(presetFromParams(maintenanceLog, 'production/maintenancelog/:equipmentId', { equipmentId: '77' })).toEqual({
      equipment: '77',
    });
    expect(presetToFormValues(maintenanceLog, { equipment: '77' })).toEqual({ equipment: { id: '77' } });
    expect(paramField(maintenanceLog, 'equipmentId')?.name).toBe('equipment');
    expect(paramField(maintenanceLog, 'nope')).toBeUndefined();
  });
  it('links Create with the preset in the path, or as ?source= initial values', () => {
    expect(createLinkFor(category, { type: 'Item' })).toBe('/inventory/category/new/Item');
    expect(createLinkFor(customer, undefined)).toBe('/sales/customers/new');
    expect(createLinkFor(maintenanceLog, { equipment: '77' })).toBe(
      `/production/maintenancelog/new?source=${encodeURIComponent('{"equipment":{"id":"77"}}')}`,
    );
  });
  it('reads presets from path params, typed like their field', () => {
    expect(presetFromParams(category, 'inventory/category/new/:type', { type: 'Item' })).toEqual({ type: 'Item' });
    expect(
      presetFromParams(
        category,
        'inventory/category/:type/:categoryId',
        { type: 'Item', categoryId: '3' },
        'categoryId',
      ),
    ).toEqual({ type: 'Item' });
  });
});

describe('route table', () => {
  const table = routeTable(entities);
  it('has a list route per list path (with presets), a create and an edit route per entity', () => {
    expect(table.filter((r) => r.kind === 'list').map((r) => r.path)).toEqual([
      '/inventory/itemcategories',
      '/inventory/productcategories',
      '/sales/customercategories',
      '/sales/customers',
      '/inventory/products',
    ]);
    const itemCategories = table.find((r) => r.path === '/inventory/itemcategories');
    expect(itemCategories).toMatchObject({ kind: 'list', preset: { type: 'Item' } });
    expect(table.find((r) => r.kind === 'edit' && r.entity === category)).toMatchObject({
      path: '/inventory/category/:type/:categoryId',
      idParam: 'categoryId',
    });
    expect(table.find((r) => r.kind === 'create' && r.entity === customer)?.path).toBe('/sales/customers/new');
  });
  it('groups menu entries by area (a preset list by its path) and filters by access', () => {
    const groups = menuGroups(entities, (e) => e !== customer);
    expect(groups.map((g) => [g.group, g.items.map((i) => i.path)])).toEqual([
      ['inventory', ['/inventory/itemcategories', '/inventory/productcategories', '/inventory/products']],
      ['sales', ['/sales/customercategories']],
    ]);
  });
  it('requires the id of an optional-id edit path (the list answers without it)', () => {
    const t = routeTable([maintenanceLog]);
    expect(t.find((r) => r.kind === 'edit')?.path).toBe('/production/maintenancelog/edit/:maintenanceLogId');
  });
  it('leaves lists that need a path param out of the menu', () => {
    expect(menuGroups([maintenanceLog, customer], () => true).map((g) => g.group)).toEqual(['sales']);
  });
  it('orders groups as the spec does', () => {
    const inv = {
      ...customer,
      name: 'x',
      area: 'inventory',
      routes: { ...customer.routes!, lists: [{ path: 'inv/x' }] },
    };
    const prod = {
      ...customer,
      name: 'y',
      area: 'production',
      routes: { ...customer.routes!, lists: [{ path: 'prod/y' }] },
    };
    const settings = {
      ...customer,
      name: 'z',
      area: 'settings',
      routes: { ...customer.routes!, lists: [{ path: 'z' }] },
    };
    expect(menuGroups([settings, customer, inv, prod], () => true).map((g) => g.group)).toEqual([
      'production',
      'inventory',
      'sales',
      'settings',
    ]);
  });
});
