// The bottling arithmetic, worked by hand: LAA into bottles, what leaves the tank and the loss,
// the categories, and the bill of materials scaled for the form (spec 5).
import { describe, expect, it } from 'vitest';
import {
  BOTTLING_GAIN,
  bomQuantities,
  bottledLaa,
  bottledVolume,
  bottlesFor,
  bottlingFigures,
  casesFor,
  packagedCategory,
} from '../../src/server/domain/production/bottling';
import { LOSS_CATEGORY } from '../../src/shared/excise/categories';
import { shareByVolume, washKg } from '../../src/server/domain/production/mash';

describe('LAA into bottles', () => {
  it('is bottles x container size x strength / 100, rounded once to 3 decimals', () => {
    // 120 x 0.750 L = 90.000 L; x 40 / 100 = 36.000 LAA
    expect(bottledVolume(120, 750)).toBe(90_000);
    expect(bottledLaa(120, 750, 4000)).toBe(36_000);
    // 7 x 0.750 = 5.25 L at 40.3 %: 2.11575 -> 2.116 (once, not per bottle: 7 x 0.302 = 2.114)
    expect(bottledLaa(7, 750, 4030)).toBe(2_116);
    // 1 x 0.375 L at 43.3 %: 0.162375 -> 0.162
    expect(bottledLaa(1, 375, 4330)).toBe(162);
    // 3 x 0.050 L at 45 %: 0.0675 -> 0.068 (half away from zero)
    expect(bottledLaa(3, 50, 4500)).toBe(68);
  });
});

describe('what leaves the tank', () => {
  const tank = { volume: 1_000_000, laa: 410_000, kg: 950_000, value: 200_000 };

  it('takes the volume bottled with its share of the tank; tank out = bottles + loss', () => {
    // 90 L of 1000 L at 41 %: 36.900 LAA out, 36.000 in the bottles, 0.900 lost;
    // kg 950 x 90 / 1000 = 85.5; value $2000 x 90 / 1000 = $180.00
    const f = bottlingFigures(tank, 120, 750, 4000);
    expect(f).toEqual({ volume: 90_000, tankLaa: 36_900, bottledLaa: 36_000, loss: 900, kg: 85_500, value: 18_000 });
    expect(f.bottledLaa + f.loss).toBe(f.tankLaa);
  });

  it('answers a negative loss (a gain) when the bottles are stronger than the tank', () => {
    // 18 L of 955 L holding 391.55 LAA: 391.55 x 18 / 955 = 7.380; 18 x 41.5 % = 7.470
    const f = bottlingFigures({ volume: 955_000, laa: 391_550, kg: 0, value: 191_000 }, 24, 750, 4150);
    expect(f).toMatchObject({ tankLaa: 7_380, bottledLaa: 7_470, loss: -90, value: 3_600 });
  });

  it('takes the whole of the tank when the bottles take all of it', () => {
    // 7.5 L holding 3.008 LAA, all bottled at 40 %: 3.000 in bottles, 0.008 lost
    const f = bottlingFigures({ volume: 7_500, laa: 3_008, kg: 7_100, value: 1_234 }, 10, 750, 4000);
    expect(f).toEqual({ volume: 7_500, tankLaa: 3_008, bottledLaa: 3_000, loss: 8, kg: 7_100, value: 1_234 });
  });
});

describe('categories', () => {
  it('packages duty paid at the duty point, in bond into the own warehouse', () => {
    expect(packagedCategory('Spirit', true)).toBe('SpiritsReductionPackagedDutyPaid');
    expect(packagedCategory('Spirit', false)).toBe('SpiritsReductionPackagedToOwnWarehouse');
    expect(packagedCategory('Wine', true)).toBe('WineReductionPackagedDutyPaid');
    expect(packagedCategory('Wine', false)).toBe('WineReductionPackagedToOwnWarehouse');
  });
  it('posts a packaging loss as relieved, a gain as a gauging adjustment', () => {
    expect(LOSS_CATEGORY.Spirit).toBe('SpiritsReductionLossesPrescribed');
    expect(LOSS_CATEGORY.Wine).toBe('WineReductionLossesAuthorised');
    expect(BOTTLING_GAIN.Spirit).toBe('SpiritsAdjustment');
  });
});

describe('bill of materials for the form', () => {
  const bom = [
    { name: 'Bottle 750', quantity: 1, per: 'Bottle' as const, units: 'ea' },
    { name: 'Cork', quantity: 1, per: 'Bottle' as const },
    { name: 'Shipper', quantity: 1, per: 'Case' as const },
    { name: 'Tape', quantity: 0.75, per: 'Case' as const, units: 'm', precision: 2 },
    { name: 'Neck tag', quantity: 0.5, per: 'Bottle' as const, lotTracking: true },
  ];
  const items = [
    { id: '11', name: 'bottle 750' },
    { id: '12', name: 'Shipper ' },
  ];

  it('scales per Bottle by cases x case size and per Case by cases, matching items by name', () => {
    // 10 cases of 6: 60 bottles, 60 corks, 10 shippers, 10 x 0.75 = 7.50 m of tape,
    // 60 x 0.5 = 30 neck tags
    expect(bottlesFor(10, 6)).toBe(60);
    expect(bomQuantities(bom, 10, 6, items)).toEqual([
      { item: items[0], name: 'Bottle 750', units: 'ea', precision: 0, lot: null, lotTracking: false, quantity: 60 },
      { item: null, name: 'Cork', units: null, precision: 0, lot: null, lotTracking: false, quantity: 60 },
      { item: items[1], name: 'Shipper', units: null, precision: 0, lot: null, lotTracking: false, quantity: 10 },
      { item: null, name: 'Tape', units: 'm', precision: 2, lot: null, lotTracking: false, quantity: 7.5 },
      { item: null, name: 'Neck tag', units: null, precision: 0, lot: null, lotTracking: true, quantity: 30 },
    ]);
  });

  it('rounds each line to its precision (0 by default)', () => {
    // 3 cases of 12 = 36 bottles; 0.333 per bottle: 11.988 -> 12; per case 0.333 x 3 = 0.999 -> 1
    const scaled = bomQuantities(
      [
        { name: 'Wax', quantity: 0.333, per: 'Bottle' },
        { name: 'Insert', quantity: 0.333, per: 'Case' },
        { name: 'Ribbon', quantity: 0.333, per: 'Bottle', precision: 1 },
      ],
      3,
      12,
    );
    // ribbon: 36 x 0.333 = 11.988 -> 12.0 at one decimal
    expect(scaled.map((l) => l.quantity)).toEqual([12, 1, 12]);
  });

  it('counts a part case as a case', () => {
    // 100 bottles in cases of 12: 8 full cases and 4 bottles: 9 shippers
    expect(casesFor(100, 12)).toBe(9);
    expect(casesFor(96, 12)).toBe(8);
    expect(casesFor(0, 12)).toBe(0);
  });
});

describe('mash arithmetic', () => {
  it('weighs wash at its original gravity, water without one', () => {
    // 1000 L at 1.060: 1060 kg; 333.333 L at 1.055: 351.666315 -> 351.666 kg
    expect(washKg(1_000_000, 1_060)).toBe(1_060_000);
    expect(washKg(333_333, 1_055)).toBe(351_666);
    // water at 20 °C by the OIML R 22 formula (kgOf at 0 %): 998.201 kg for 1000 L
    expect(washKg(1_000_000, null)).toBe(998_201);
  });

  it('shares the ingredients value between fermenters by volume, to the cent', () => {
    // $100.00 over 600 L and 400 L: $60.00 and $40.00
    expect(shareByVolume(10_000, [600_000, 400_000])).toEqual([6_000, 4_000]);
    // $100.00 over three equal fermenters: 33.33, then 66.67 / 2 = 33.335 -> 33.34, then 33.33
    expect(shareByVolume(10_000, [1_000, 1_000, 1_000])).toEqual([3_333, 3_334, 3_333]);
  });
});
