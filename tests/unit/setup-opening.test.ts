// Spec 4, setup wizard: it opens on the first section with unfinished work (1 company info or
// excise licences, 2 spirits or wines when wine is enabled, 3 tanks, stills when distilling,
// fermenters when mashing, 4 items, products, casks and bulk containers when used); welcome
// mode always starts at section 0; with nothing left (and not welcoming) it does not show.
import { describe, expect, it } from 'vitest';
import { openingSection, shouldShow } from '../../src/app/pages/setupWizard/rules';
import { completeSetup, freshSetup } from './setup-fixtures';

const done = completeSetup().company!;

describe('the section the setup wizard opens on', () => {
  it('starts at section 0 in welcome mode, whatever is left', () => {
    expect(openingSection(freshSetup(), false, true)).toBe(0);
    expect(openingSection(completeSetup(), false, true)).toBe(0);
    expect(shouldShow(completeSetup(), false, true)).toBe(true);
  });

  it('opens on section 1 while company info or excise licences are missing', () => {
    expect(openingSection(freshSetup(), false, false)).toBe(1);
    // company info complete, but the only site lacks its warehouse licence
    const noWarehouse = { ...done, sites: [{ id: '1', name: 'Main', spiritsLicense: 'SL-1', warehouseLicense: ' ' }] };
    expect(openingSection(completeSetup({ company: noWarehouse }), false, false)).toBe(1);
    // licences complete, phone missing
    expect(openingSection(completeSetup({ company: { ...done, phone: '' } }), false, false)).toBe(1);
  });

  it('skips section 1 for a person without config.write (the company part is not theirs)', () => {
    expect(openingSection(freshSetup({ company: null }), false, false)).toBe(2);
  });

  it('opens on section 2 for spirits, or wines when wine is allowed and chosen', () => {
    expect(openingSection(completeSetup({ spirits: 0 }), false, false)).toBe(2);
    const wineOn = { ...freshSetup().productionOverviewPreferences, wine: true };
    const noWine = completeSetup({ wines: 0, productionOverviewPreferences: wineOn });
    expect(openingSection(noWine, true, false)).toBe(2);
    // chosen but the company may not make wine: not a step
    expect(openingSection(noWine, false, false)).toBeNull();
    // allowed but not chosen
    expect(openingSection(completeSetup({ wines: 0 }), true, false)).toBeNull();
  });

  it('opens on section 3 for tanks, stills when distilling, fermenters when mashing', () => {
    expect(openingSection(completeSetup({ tanks: 0 }), false, false)).toBe(3);
    expect(openingSection(completeSetup({ stills: 0 }), false, false)).toBe(3);
    expect(openingSection(completeSetup({ fermenters: 0 }), false, false)).toBe(3);
    const noStills = { ...freshSetup().productionOverviewPreferences, mashing: false, distilling: false };
    expect(
      openingSection(
        completeSetup({ stills: 0, fermenters: 0, productionOverviewPreferences: noStills }),
        false,
        false,
      ),
    ).toBeNull();
  });

  it('opens on section 4 for items, products, casks when used, bulk containers when used', () => {
    expect(openingSection(completeSetup({ items: 0 }), false, false)).toBe(4);
    expect(openingSection(completeSetup({ products: 0 }), false, false)).toBe(4);
    expect(openingSection(completeSetup({ casks: 0 }), false, false)).toBe(4);
    // bulk containers are off in the fresh workflow: none needed
    expect(openingSection(completeSetup({ bulkContainers: 0 }), false, false)).toBeNull();
    const bulkOn = { ...freshSetup().productionOverviewPreferences, bulkContainers: true };
    expect(
      openingSection(completeSetup({ bulkContainers: 0, productionOverviewPreferences: bulkOn }), false, false),
    ).toBe(4);
  });

  it('takes the first unfinished section when several are', () => {
    expect(openingSection(completeSetup({ spirits: 0, tanks: 0, items: 0 }), false, false)).toBe(2);
    expect(openingSection(completeSetup({ tanks: 0, items: 0 }), false, false)).toBe(3);
  });

  it('does not show when every section is complete and not welcoming (setup is marked done)', () => {
    expect(openingSection(completeSetup(), false, false)).toBeNull();
    expect(shouldShow(completeSetup(), false, false)).toBe(false);
    expect(shouldShow(completeSetup({ items: 0 }), false, false)).toBe(true);
  });
});
