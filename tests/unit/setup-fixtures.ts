// A setup query answer to vary in the setup wizard's unit tests: a company with every
// permission, nothing set up yet, and the workflow a signed-up company starts with (spec 9:
// mashing, distilling, blending, casks on; wine and bulk containers off).
import type { SetupState } from '../../src/app/pages/setupWizard/rules';
import { initialPreferences } from '../../src/server/domain/preferences/areas';

export function freshSetup(over: Partial<SetupState> = {}): SetupState {
  return {
    doneSetup: false,
    productionOverviewPreferences: initialPreferences('workflow'),
    company: { address: null, phone: null, businessNumber: null, sites: [] },
    accountingProvider: null,
    fermenters: 0,
    spirits: 0,
    wines: 0,
    tanks: 0,
    stills: 0,
    items: 0,
    products: 0,
    casks: 0,
    bulkContainers: 0,
    ...over,
  };
}

/** Every check of the fresh company done (one of each record, company info and licences). */
export function completeSetup(over: Partial<SetupState> = {}): SetupState {
  return freshSetup({
    company: {
      address: '1 Still Road',
      phone: '555-0100',
      businessNumber: '123456789RT0001',
      sites: [{ id: '1', name: 'Main', spiritsLicense: 'SL-1', warehouseLicense: 'WL-1' }],
    },
    fermenters: 1,
    spirits: 1,
    wines: 1,
    tanks: 1,
    stills: 1,
    items: 1,
    products: 1,
    casks: 1,
    bulkContainers: 1,
    ...over,
  });
}
