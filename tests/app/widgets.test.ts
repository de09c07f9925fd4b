// Rules of the shared widgets (spec 4, 5, 9), tested as pure functions.
import { describe, expect, it } from 'vitest';
import {
  adornmentsFor,
  formatNumber,
  numberError,
  parseNumberText,
  roundTo,
  valueOnChange,
} from '../../src/app/widgets/numberRules';
import { durationPartError, splitMinutes, totalMinutes, parsePart } from '../../src/app/widgets/durationRules';
import {
  ALL,
  DATE_PRESETS,
  displayDate,
  formatDateTime,
  from12h,
  initialRange,
  isDateText,
  joinDateTime,
  presetOf,
  presetRange,
  rangeReducer,
  splitDateTime,
  to12h,
} from '../../src/app/widgets/dateRules';
import { multiLevelError, type LevelOption } from '../../src/app/widgets/selectRules';
import { pictureFileError, BYTES_PER_MB } from '../../src/app/widgets/pictureRules';
import {
  ACCOUNT_TYPES,
  accountDraftErrors,
  accountSelectionError,
  accountTypeKey,
} from '../../src/app/widgets/accountRules';
import { emailListError, splitEmails } from '../../src/app/widgets/emailRules';
import { isSlashShortcut } from '../../src/app/widgets/keys';
import { generatedMessages } from '../../src/generated/i18n';
import { widgetMessages } from '../../src/app/widgets/messages';

describe('decimal number input', () => {
  it('reads a leading dot as a leading zero and empty as 0', () => {
    expect(parseNumberText('.5')).toBe(0.5);
    expect(parseNumberText('-.25')).toBe(-0.25);
    expect(parseNumberText('')).toBe(0);
    expect(parseNumberText('   ')).toBe(0);
    expect(parseNumberText('1,234.5')).toBe(1234.5);
    expect(parseNumberText('$12')).toBe(12);
    expect(parseNumberText('12abc')).toBeNaN();
  });

  it('rounds to precision on change (2 by default; 0 in integer mode)', () => {
    expect(valueOnChange('1.005', {})).toBe(1.01);
    expect(valueOnChange('2.4449', { precision: 3 })).toBe(2.445);
    expect(valueOnChange('7.6', { integer: true })).toBe(8);
    expect(valueOnChange('', {})).toBe(0);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(Object.is(roundTo(-0.001, 2), -0)).toBe(false);
  });

  it('formats en-CA with thousands commas and fixed decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(0.5, 3)).toBe('0.500');
    expect(formatNumber(1234, 0)).toBe('1,234');
    expect(formatNumber(null)).toBe('0.00');
  });

  it('has a minimum of 0 unless no-minimum, and an optional maximum', () => {
    expect(numberError(-1, {})).toEqual({ message: 'app.validation.min', args: { min: 0 } });
    expect(numberError(-1, { noMinimum: true })).toBeUndefined();
    expect(numberError(0, {})).toBeUndefined();
    expect(numberError(5, { min: 10 })).toEqual({ message: 'app.validation.min', args: { min: 10 } });
    expect(numberError(101, { max: 100 })).toEqual({ message: 'app.validation.max', args: { max: 100 } });
    expect(numberError(100, { max: 100 })).toBeUndefined();
    expect(numberError(Number.NaN, {})).toEqual({ message: 'app.validation.number', args: {} });
  });

  it('keeps integers within -2147483648..2147483647 (Out of range)', () => {
    expect(numberError(2147483647, { integer: true })).toBeUndefined();
    expect(numberError(2147483648, { integer: true })).toEqual({ message: 'app.validation.out_of_range', args: {} });
    expect(numberError(-2147483648, { integer: true, noMinimum: true })).toBeUndefined();
    expect(numberError(-2147483649, { integer: true, noMinimum: true })).toEqual({
      message: 'app.validation.out_of_range',
      args: {},
    });
  });

  it("puts the currency prefix '$' first by default, other units after", () => {
    expect(adornmentsFor(undefined, true)).toEqual({ prefix: '$' });
    expect(adornmentsFor('$')).toEqual({ prefix: '$' });
    expect(adornmentsFor('%')).toEqual({ suffix: '%' });
    expect(adornmentsFor(undefined, '€')).toEqual({ prefix: '€' });
    expect(adornmentsFor(undefined)).toEqual({});
  });
});

describe('duration picker', () => {
  it('stores total minutes', () => {
    expect(totalMinutes({ days: 1, hours: 2, minutes: 3 })).toBe(1563);
    expect(splitMinutes(1563)).toEqual({ days: 1, hours: 2, minutes: 3 });
    expect(splitMinutes(null)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(parsePart('')).toBe(0);
  });

  it('limits days 0-30, hours 0-24, minutes 0-59', () => {
    expect(durationPartError('days', 30)).toBeUndefined();
    expect(durationPartError('days', 31)).toEqual({ message: 'app.validation.max', args: { max: 30 } });
    expect(durationPartError('hours', 24)).toBeUndefined();
    expect(durationPartError('hours', 25)).toEqual({ message: 'app.validation.max', args: { max: 24 } });
    expect(durationPartError('minutes', 59)).toBeUndefined();
    expect(durationPartError('minutes', 60)).toEqual({ message: 'app.validation.max', args: { max: 59 } });
    expect(durationPartError('minutes', -1)).toEqual({ message: 'app.validation.min', args: { min: 0 } });
    expect(durationPartError('hours', 1.5)).toEqual({ message: 'app.validation.integer', args: {} });
  });
});

describe('date, time and date range', () => {
  const today = new Date(2026, 10, 21); // Saturday 21 November 2026

  it('uses yyyy-MM-dd and shows TBD for a cleared date', () => {
    expect(isDateText('2026-02-28')).toBe(true);
    expect(isDateText('2026-02-30')).toBe(false);
    expect(isDateText('21/11/2026')).toBe(false);
    expect(displayDate(null)).toBe('TBD');
    expect(displayDate('2026-01-02')).toBe('2026-01-02');
  });

  it('uses a 12-hour clock with am/pm', () => {
    expect(to12h(0)).toEqual({ hour: 12, meridiem: 'am' });
    expect(to12h(12)).toEqual({ hour: 12, meridiem: 'pm' });
    expect(to12h(15)).toEqual({ hour: 3, meridiem: 'pm' });
    expect(from12h(12, 'am')).toBe(0);
    expect(from12h(12, 'pm')).toBe(12);
    expect(from12h(3, 'pm')).toBe(15);
    const iso = joinDateTime('2026-11-21', 3, 5, 'pm')!;
    expect(splitDateTime(iso)).toEqual({ date: '2026-11-21', hour: 3, minute: 5, meridiem: 'pm' });
    expect(formatDateTime(iso)).toBe('2026-11-21 3:05 pm');
    expect(joinDateTime('nope', 1, 0, 'am')).toBeNull();
  });

  it('offers the presets of spec 9', () => {
    expect(DATE_PRESETS).toEqual([
      'last30',
      'last60',
      'last90',
      'last365',
      'thisWeek',
      'thisMonth',
      'thisQuarter',
      'thisYear',
      'lastWeek',
      'lastMonth',
      'lastQuarter',
      'lastYear',
      'today',
      'yesterday',
    ]);
    expect(presetRange('last30', today)).toEqual({ from: '2026-10-22', to: '2026-11-21' });
    expect(presetRange('last365', today)).toEqual({ from: '2025-11-21', to: '2026-11-21' });
    expect(presetRange('thisWeek', today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(presetRange('lastWeek', today)).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('thisQuarter', today)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetRange('lastQuarter', today)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('lastYear', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('today', today)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(presetOf({ from: '2026-11-20', to: '2026-11-20' }, today)).toBe('yesterday');
  });

  it("defaults to 'Last 30 days'; All switches off on a pick and on when from is cleared", () => {
    const start = initialRange({ allowAll: true }, today);
    expect(start).toEqual({ all: false, from: '2026-10-22', to: '2026-11-21' });
    const all = rangeReducer(start, { type: 'preset', preset: ALL });
    expect(all).toEqual({ all: true, from: null, to: null });
    const picked = rangeReducer(all, { type: 'preset', preset: 'today', today });
    expect(picked).toEqual({ all: false, from: '2026-11-21', to: '2026-11-21' });
    const fromSet = rangeReducer(all, { type: 'from', value: '2026-01-01' });
    expect(fromSet.all).toBe(false);
    expect(rangeReducer(picked, { type: 'from', value: null })).toEqual({ all: true, from: null, to: null });
    const toCleared = rangeReducer(picked, { type: 'to', value: null });
    expect(toCleared).toEqual({ all: false, from: '2026-11-21', to: null });
    expect(displayDate(toCleared.to)).toBe('TBD');
    // without All, clearing from leaves an open range
    expect(rangeReducer(picked, { type: 'from', value: null }, false)).toEqual({
      all: false,
      from: null,
      to: '2026-11-21',
    });
    expect(rangeReducer(picked, { type: 'preset', preset: ALL }, false)).toBe(picked);
  });
});

describe('multi-level select', () => {
  const options: LevelOption[] = [
    { id: 'spirits', name: 'Spirits', children: [{ id: 'gin', name: 'Gin' }] },
    { id: 'other', name: 'Other' },
  ];
  it("is required ('Required') unless no-validation or disabled", () => {
    expect(multiLevelError([], options)).toEqual({ message: 'app.validation.required', args: {} });
    expect(multiLevelError(null, options)).toEqual({ message: 'app.validation.required', args: {} });
    expect(multiLevelError([], options, { noValidation: true })).toBeUndefined();
    expect(multiLevelError([], options, { disabled: true })).toBeUndefined();
  });
  it('needs a deeper choice under a parent with a sub-menu', () => {
    expect(multiLevelError(['spirits'], options)?.message).toBe('widgets.multilevel.deeper');
    expect(multiLevelError(['spirits', 'gin'], options)).toBeUndefined();
    expect(multiLevelError(['other'], options)).toBeUndefined();
  });
});

describe('picture picker', () => {
  it('takes image files only, under 1 MB by default', () => {
    expect(pictureFileError({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(pictureFileError({ type: 'application/pdf', size: 1000 })?.message).toBe('widgets.picture.not_image');
    expect(pictureFileError({ type: 'image/jpeg', size: BYTES_PER_MB })).toEqual({
      message: 'widgets.picture.too_large',
      args: { n: 1 },
    });
    expect(pictureFileError({ type: 'image/jpeg', size: BYTES_PER_MB }, 2)).toBeUndefined();
  });
});

describe('account picker', () => {
  it('requires a name of at most 100 and a type of the list', () => {
    expect(accountDraftErrors({ name: ' ', type: 'Bank' })).toEqual({
      name: { message: 'app.validation.required', args: {} },
    });
    expect(accountDraftErrors({ name: 'x'.repeat(101), type: 'Bank' }).name).toEqual({
      message: 'app.validation.max_length',
      args: { n: 100 },
    });
    expect(accountDraftErrors({ name: 'Inventory', type: '' }).type?.message).toBe('app.validation.required');
    expect(accountDraftErrors({ name: 'Inventory', type: 'Nope' }).type?.message).toBe('widgets.account.invalid_type');
    expect(accountDraftErrors({ name: 'Inventory', type: 'OtherCurrentAsset' })).toEqual({});
    expect(ACCOUNT_TYPES).toHaveLength(15);
  });
  it('shows OtherCurrentAsset as Inventory', () => {
    const en = generatedMessages.en as any;
    const key = accountTypeKey('OtherCurrentAsset').split('.');
    expect(key.reduce((o: any, k) => o?.[k], en)).toBe('Inventory');
  });
  it('can require a selection', () => {
    expect(accountSelectionError(null, true)?.message).toBe('app.validation.required');
    expect(accountSelectionError(null, false)).toBeUndefined();
    expect(accountSelectionError('12', true)).toBeUndefined();
  });
});

describe('e-mail addresses', () => {
  it("accepts blank and comma-separated lists, else 'Invalid e-mail'", () => {
    expect(emailListError('')).toBeUndefined();
    expect(emailListError('a@b.ca, c@d.com')).toBeUndefined();
    expect(emailListError('a@b.ca, nope')).toEqual({ message: 'app.validation.email', args: {} });
    expect(splitEmails('a@b.ca, ,c@d.com')).toEqual(['a@b.ca', 'c@d.com']);
  });
});

describe('keys and texts', () => {
  it("takes '/' outside inputs only", () => {
    const base = { key: '/', ctrlKey: false, metaKey: false, altKey: false };
    expect(isSlashShortcut({ ...base, target: { tagName: 'BODY' } as unknown as EventTarget })).toBe(true);
    expect(isSlashShortcut({ ...base, target: { tagName: 'INPUT' } as unknown as EventTarget })).toBe(false);
    expect(isSlashShortcut({ ...base, ctrlKey: true, target: null })).toBe(false);
  });
  it('has the spec texts word for word, and every English key in French', () => {
    const en = widgetMessages.en as any;
    expect(en.widgets.leave.text).toBe('You have unsaved changes that will be lost. Are you sure you want to leave?');
    expect(en.widgets.delete.title).toBe('Are you sure you want to delete %{name}?');
    expect(en.widgets.delete.content).toBe('This action cannot be undone.');
    expect(en.widgets.picture.too_large).toBe('File size must be less than %{n}MB');
    expect(en.widgets.picture.read_error).toBe('Error reading file');
    expect(en.lists.empty).toBe('No %{objects} found');
    expect(en.lists.loading).toBe('Loading %{objects}');
    const keys = (t: any, p = ''): string[] =>
      Object.entries(t).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(widgetMessages.fr).sort()).toEqual(keys(widgetMessages.en).sort());
  });
});
