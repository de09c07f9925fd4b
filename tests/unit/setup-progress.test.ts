// Spec 9 setup progress, spec 5 setup completeness and spec 4's workflow ticks.
import { describe, expect, it } from 'vitest';
import {
  companyInfoDone,
  distillingLocked,
  exciseDone,
  setupProgress,
  setupSteps,
  tickWorkflow,
} from '../../src/app/pages/setupWizard/rules';
import { completeSetup, freshSetup } from './setup-fixtures';

const workflow = freshSetup().productionOverviewPreferences;

describe('setup progress (spec 9)', () => {
  it('counts the base 7 plus distilling, mashing and casks for a fresh signed-up company, done starting at 1', () => {
    // base 7 (workflow, company info, excise, spirits, tanks, items, products) + distilling
    // (stills) + mashing (fermenters) + casks = 10 steps; wine and bulk containers are off.
    // Nothing created yet: only the workflow step is done, 1 of 10 = 10 %.
    expect(setupProgress(freshSetup(), false)).toEqual({ done: 1, total: 10, percent: 10 });
  });

  it('adds wine only when allowed and chosen, and bulk containers when chosen', () => {
    const all = { ...workflow, wine: true, bulkContainers: true };
    // 7 + wine + distilling + mashing + casks + bulk = 12 steps, 1 done: 1/12 = 8.33 % -> 8
    expect(setupProgress(freshSetup({ productionOverviewPreferences: all }), true)).toEqual({
      done: 1,
      total: 12,
      percent: 8,
    });
    // wine chosen but not allowed: 11 steps
    expect(setupProgress(freshSetup({ productionOverviewPreferences: all }), false).total).toBe(11);
  });

  it('leaves out the optional steps the workflow turns off: the base of 7 alone', () => {
    const bare = { ...workflow, mashing: false, distilling: false, casks: false };
    expect(setupProgress(freshSetup({ productionOverviewPreferences: bare }), true).total).toBe(7);
  });

  it('counts what is done; the percent is done over total, rounded down', () => {
    // company info, spirits and tanks done: 1 + 3 = 4 of 10 = 40 %
    const some = freshSetup({
      company: { address: 'A', phone: 'P', businessNumber: 'B', sites: [] },
      spirits: 2,
      tanks: 3,
    });
    expect(setupProgress(some, false)).toEqual({ done: 4, total: 10, percent: 40 });
    // 9 of 10 done (casks missing) = 90 %; all done = 100 %
    expect(setupProgress(completeSetup({ casks: 0 }), false)).toEqual({ done: 9, total: 10, percent: 90 });
    expect(setupProgress(completeSetup(), false)).toEqual({ done: 10, total: 10, percent: 100 });
    // 2 of 3 = 66.67 % shows 66, never 100 before the last step
    const small = freshSetup({
      company: null,
      productionOverviewPreferences: { ...workflow, mashing: false, distilling: false, casks: false },
      tanks: null,
      stills: null,
      fermenters: null,
      items: 1,
      products: 0,
      spirits: null,
    });
    expect(setupProgress(small, false)).toEqual({ done: 2, total: 3, percent: 66 });
  });

  it('counts only the checks the person may do (parts answered null are not theirs)', () => {
    // inventory.write only: workflow + spirits, items, products, casks = 5 steps
    const inventoryOnly = freshSetup({ company: null, tanks: null, stills: null, fermenters: null });
    expect(setupSteps(inventoryOnly, false).map((s) => s.key)).toEqual([
      'workflow',
      'spirits',
      'items',
      'products',
      'casks',
    ]);
  });

  it('links each step to its screen (spec 2.5)', () => {
    const routes = Object.fromEntries(
      setupSteps(freshSetup({ productionOverviewPreferences: { ...workflow, wine: true, bulkContainers: true } }), true)
        .filter((s) => s.route)
        .map((s) => [s.key, s.route]),
    );
    expect(routes).toEqual({
      companyInfo: { name: 'Settings', params: { initialTab: 0 } },
      excise: { name: 'Settings', params: { initialTab: 4 } },
      spirits: { name: 'Spirits' },
      wines: { name: 'Wine' },
      tanks: { name: 'EquipmentTanks' },
      stills: { name: 'EquipmentStills' },
      fermenters: { name: 'EquipmentFermenters' },
      items: { name: 'InventoryItems' },
      products: { name: 'InventoryProducts' },
      casks: { name: 'InventoryCasks' },
      bulkContainers: { name: 'InventoryBulkContainers' },
    });
  });
});

describe('setup completeness (spec 5)', () => {
  const info = { address: '1 Still Road', phone: '555-0100', businessNumber: '123456789RT0001', sites: [] };

  it('has company info done only with address, phone and business number all present', () => {
    expect(companyInfoDone(info)).toBe(true);
    expect(companyInfoDone({ ...info, address: null })).toBe(false);
    expect(companyInfoDone({ ...info, phone: '  ' })).toBe(false);
    expect(companyInfoDone({ ...info, businessNumber: '' })).toBe(false);
  });

  it('has excise done only when every site has both a spirits and a warehouse licence', () => {
    const site = (id: string, spiritsLicense: string | null, warehouseLicense: string | null) => ({
      id,
      name: `Site ${id}`,
      spiritsLicense,
      warehouseLicense,
    });
    expect(exciseDone({ ...info, sites: [site('1', 'SL', 'WL'), site('2', 'SL2', 'WL2')] })).toBe(true);
    expect(exciseDone({ ...info, sites: [site('1', 'SL', 'WL'), site('2', 'SL2', null)] })).toBe(false);
    expect(exciseDone({ ...info, sites: [site('1', '', 'WL')] })).toBe(false);
    // no site: no licence is recorded anywhere yet
    expect(exciseDone({ ...info, sites: [] })).toBe(false);
  });

  it('has the other steps done when their active count is nonzero', () => {
    const done = (over: Parameters<typeof freshSetup>[0]) =>
      Object.fromEntries(setupSteps(freshSetup(over), false).map((s) => [s.key, s.done]));
    expect(done({ spirits: 0 }).spirits).toBe(false);
    expect(done({ spirits: 1 }).spirits).toBe(true);
    expect(done({ stills: 4 }).stills).toBe(true);
  });
});

describe('workflow ticks (spec 4)', () => {
  it('forces distilling on when mashing is ticked, and locks it', () => {
    const off = { ...workflow, mashing: false, distilling: false };
    expect(distillingLocked(off)).toBe(false);
    const on = tickWorkflow(off, 'mashing', true);
    expect(on).toMatchObject({ mashing: true, distilling: true });
    expect(distillingLocked(on)).toBe(true);
    // unticking distilling while mashing stays on keeps it on
    expect(tickWorkflow(on, 'distilling', false).distilling).toBe(true);
    // mashing off: distilling stays as it was, and may now be unticked
    const noMash = tickWorkflow(on, 'mashing', false);
    expect(noMash).toMatchObject({ mashing: false, distilling: true });
    expect(tickWorkflow(noMash, 'distilling', false).distilling).toBe(false);
  });

  it('changes only the tick given otherwise', () => {
    expect(tickWorkflow(workflow, 'bulkContainers', true)).toEqual({ ...workflow, bulkContainers: true });
  });
});
