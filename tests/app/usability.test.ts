// Issue 10 points 17, 18, 20 and 21 (client side): the rules of the shared components, with
// expected values from the spec's text (sections 5, 8, 9) or worked by hand.
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/generated/entities';
import type { FieldMeta } from '../../src/shared/meta';
import type { Company } from '../../src/app/company/companies';
import { formatFieldNumber, isPlainInteger, numberDisplayOptions } from '../../src/app/generic/numberDisplay';
import { formatNumber, numberError } from '../../src/app/widgets/numberRules';
import { fieldText } from '../../src/app/generic/recordText';
import { validate, validatorsFor } from '../../src/app/generic/validators';
import { deleteErrorText } from '../../src/app/generic/FormDialogs';
import { isRecordId } from '../../src/app/generic/NotFoundPanel';
import { pageAllowed, pathAllowed, shellMenu, toolAllowed } from '../../src/app/shell/menu';
import { buildRouteTable } from '../../src/app/shell/namedRoutes';
import { filterWithRange, periodKeys, queryFilter, rangeOfFilter } from '../../src/app/generic/periodFilter';
import { dateBoundsFilter, isDateFilterField } from '../../src/app/generic/DateRangeFilters';
import { appEnglish } from '../../src/app/i18n/en';
import { appFrench } from '../../src/app/i18n/fr';

const f = (x: Partial<FieldMeta> & Pick<FieldMeta, 'type' | 'name'>): FieldMeta => ({
  column: x.name,
  label: { en: 'X', fr: 'X' },
  required: false,
  ...x,
});
const company = (permissions: string[], flags: Partial<Company> = {}): Company => ({
  id: '1',
  name: 'Test',
  permissions,
  ...flags,
});
const NBSP = /[\u00a0\u202f]/g;

describe('point 18: years, ids and codes are not quantities; numbers in the locale', () => {
  const vintage = entities.find((e) => e.name === 'wine')!.fields.find((x) => x.name === 'vintage')!;

  it('an integer named vintage, year, *Year, id or *Code is shown without separator', () => {
    expect(isPlainInteger(vintage)).toBe(true);
    for (const name of ['year', 'fiscalYear', 'id', 'code', 'postalCode'])
      expect(isPlainInteger(f({ type: 'integer', name }))).toBe(true);
    // quantities keep their separator: ages in years, counts, days
    for (const name of ['minimumAgeYears', 'bottles', 'caseSize', 'fiscalYearMonth', 'dueDays'])
      expect(isPlainInteger(f({ type: 'integer', name }))).toBe(false);
    // a decimal is always a quantity
    expect(isPlainInteger(f({ type: 'decimal', name: 'year' }))).toBe(false);
  });

  it("shows 2025 as '2025' in both languages, a count as '2,025' / '2 025'", () => {
    expect(formatFieldNumber(2025, vintage, 'en')).toBe('2025');
    expect(formatFieldNumber(2025, vintage, 'fr')).toBe('2025');
    const bottles = f({ type: 'integer', name: 'bottles' });
    expect(formatFieldNumber(2025, bottles, 'en')).toBe('2,025');
    expect(formatFieldNumber(2025, bottles, 'fr').replace(NBSP, ' ')).toBe('2 025');
  });

  it("uses the locale's separators for decimals, at the field's precision", () => {
    const price = f({ type: 'decimal', name: 'price', precision: 2 });
    expect(formatFieldNumber(1234.5, price, 'en')).toBe('1,234.50');
    expect(formatFieldNumber('1234.5', price, 'fr').replace(NBSP, ' ')).toBe('1 234,50');
    const volume = f({ type: 'decimal', name: 'volume', precision: 3 });
    expect(formatFieldNumber(0.5, volume, 'en')).toBe('0.500');
    expect(formatFieldNumber(null, price, 'en')).toBe('');
    expect(numberDisplayOptions(vintage).useGrouping).toBe(false);
  });

  it("the list's expanded row uses the same rule", () => {
    const wine = entities.find((e) => e.name === 'wine')!;
    const t = (k: string) => k;
    expect(fieldText(wine, vintage, 2025, t, {}, 'fr')).toBe('2025');
    const volume = f({ type: 'decimal', name: 'volume', precision: 3, units: 'L' });
    expect(fieldText(wine, volume, 1234.5, t, {}, 'fr').replace(NBSP, ' ')).toBe('1 234,500 L');
    expect(fieldText(wine, volume, 1234.5, t, {}, 'en')).toBe('1,234.500 L');
  });

  it('the number input of a year shows no separator either', () => {
    expect(formatNumber(2025, 0, false)).toBe('2025');
    expect(formatNumber(2025, 0)).toBe('2,025');
  });
});

describe("point 20: strength is 'Strength must be between 0% and 99%' wherever it is validated", () => {
  const strength = f({ type: 'decimal', name: 'strength', precision: 2, minimum: 0, maximum: 99, units: '% ABV' });

  it('the form validators and the decimal input give the spec text', () => {
    const key = { message: 'app.validation.strength', args: {} };
    expect(validate(validatorsFor(strength), 99.5)).toEqual(key);
    expect(validate(validatorsFor(strength), -1)).toEqual(key);
    expect(validate(validatorsFor(strength), 40)).toBeUndefined();
    expect(numberError(120, { precision: 2, min: 0, max: 99, strength: true })).toEqual(key);
    expect(numberError(99, { precision: 2, min: 0, max: 99, strength: true })).toBeUndefined();
    expect(appEnglish.app.validation.strength).toBe('Strength must be between 0% and 99%');
    expect((appFrench as { app: { validation: { strength?: string } } }).app.validation.strength).toBeTruthy();
  });

  it('every strength field of the schema is a % ABV field, so it gets the message', () => {
    const strengths = entities
      .flatMap((e) => e.fields)
      .filter((x) => /strength$/i.test(x.name) && x.type === 'decimal');
    expect(strengths.length).toBeGreaterThan(0);
    for (const s of strengths) expect(s.units).toBe('% ABV');
  });

  it('a failed delete shows its error in the dialog', () => {
    expect(deleteErrorText(new Error('Cannot delete: in use'))).toBe('Cannot delete: in use');
    expect(deleteErrorText(undefined)).toBe('ra.notification.http_error');
  });

  it("the seller's drawer has no entry they cannot open: no Sites (the config settings page), no Apps", () => {
    const pages = [{ paths: ['/settings/:initialTab?', '/settings/4'], permissions: ['config'] }];
    const seller = company(['selling.read', 'selling.write']);
    const keys = shellMenu(entities, seller, undefined, pages).flatMap((g) => g.entries.map((e) => e.path));
    expect(keys).not.toContain('/settings/4');
    expect(keys).toContain('/sales/customers');
    const admin = company(['config.read', 'config.write', 'selling.read']);
    const adminKeys = shellMenu(entities, admin, undefined, pages).flatMap((g) => g.entries.map((e) => e.path));
    expect(adminKeys).toContain('/settings/4');
    expect(pathAllowed('/settings/4', seller, pages)).toBe(false);
    expect(pageAllowed({ permissions: [] }, seller)).toBe(true);
    const routes = buildRouteTable([{ name: 'Apps', paths: ['/apps'] }]);
    expect(toolAllowed('Apps', seller, routes)).toBe(false);
    expect(toolAllowed('Apps', company(['config.read']), routes)).toBe(true);
  });
});

describe('point 17: a URL that names no record', () => {
  it('only a positive integer can be an id', () => {
    expect(isRecordId('999999999')).toBe(true);
    expect(isRecordId('abc')).toBe(false);
    expect(isRecordId('0')).toBe(false);
    expect(isRecordId('-1')).toBe(false);
    expect(isRecordId('1e3')).toBe(false);
    expect(isRecordId(undefined)).toBe(false);
  });
});

describe('point 21: date filters of the generic lists use the date presets', () => {
  // Wednesday 2026-03-18: Last 30 days is 2026-02-16 .. 2026-03-18 (from 30 days before today, dateRules.presetRange)
  const today = new Date(2026, 2, 18);

  it('every date filter of the schema is a date or date-time field', () => {
    const dated = entities.filter((e) =>
      e.filters.some((n) => isDateFilterField(e.fields.find((x) => x.name === n) ?? f({ type: 'string', name: n }))),
    );
    expect(dated.map((e) => e.name)).toContain('salesOrder');
  });

  it('the document date defaults to Last 30 days; other dates to All', () => {
    expect(rangeOfFilter({}, today, 'date')).toEqual({ all: false, from: '2026-02-16', to: '2026-03-18' });
    expect(rangeOfFilter({}, today, 'requiredDate', true)).toEqual({ all: true, from: null, to: null });
    expect(queryFilter({ status: 'Open' }, ['date', 'requiredDate'], today)).toEqual({
      status: 'Open',
      date_gte: '2026-02-16',
      date_lte: '2026-03-18',
    });
  });

  it('All and presets live in the filter by name, and are sent as bounds', () => {
    const all = filterWithRange({ status: 'Open' }, { all: true, from: null, to: null }, today, 'date');
    expect(all).toEqual({ status: 'Open', period: 'all' });
    expect(queryFilter(all, ['date'], today)).toEqual({ status: 'Open' });
    const keys = periodKeys('requiredDate');
    const yesterday = filterWithRange(
      {},
      { all: false, from: '2026-03-17', to: '2026-03-17' },
      today,
      'requiredDate',
      true,
    );
    expect(yesterday).toEqual({ [keys.period]: 'yesterday' });
    expect(queryFilter(yesterday, ['requiredDate'], today)).toEqual({
      requiredDate_gte: '2026-03-17',
      requiredDate_lte: '2026-03-17',
    });
    // the permanent filter of the list: period keys blanked (never sent), bounds set
    expect(dateBoundsFilter({ period: 'all' }, ['date'], today)).toEqual({
      period: undefined,
      date_gte: undefined,
      date_lte: undefined,
    });
  });
});
