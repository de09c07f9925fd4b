// The CSV import rules (spec 4 steps, spec 5 CSV): auto-mapping by header name regardless of
// case, mandatory fields blocking the map step, the defaults step only with schema defaults,
// the cells a batch sends; the server's reading of dates, date-times and cells. Expected values
// are worked by hand from the customer, cask and bottling schema files.
import { describe, expect, it } from 'vitest';
import { entityByName } from '../../src/generated/entities';
import type { FieldMeta } from '../../src/shared/meta';
import {
  autoMap,
  canLeaveUpload,
  columnsOf,
  defaultFields,
  importFields,
  rowCells,
  unmappedMandatory,
} from '../../src/app/pages/csvImport/mapping';
import { parseDateFormat, readDate, readDateTime } from '../../src/server/domain/import/dates';
import { readCell, type DateReader } from '../../src/server/domain/import/cells';

const customer = entityByName.customer;
const customerFields = importFields(customer);
const english = (f: FieldMeta) => [f.label.en];

describe('mapping (spec 5: header names auto-map case-insensitively)', () => {
  it('maps headers to fields by name or label, ignoring case and spaces, one column per field', () => {
    const mapping = autoMap(['  NAME ', 'e-mail', 'Credit Limit', 'phone', 'Name'], customerFields, english);
    expect(mapping).toEqual({
      name: 0,
      type: null,
      currency: null,
      email: 1,
      phone: 3,
      billingAddress: null,
      creditLimit: 2,
      notes: null,
    });
  });

  it('blocks the map step while a mandatory field is unmapped', () => {
    const mapping = autoMap(['email'], customerFields, english);
    expect(unmappedMandatory(customerFields, mapping)).toEqual(['name']);
    expect(unmappedMandatory(customerFields, { ...mapping, name: 0 })).toEqual([]);
    // invoices need number, customer, date and status (invoice.json csv.mandatory)
    expect(unmappedMandatory(importFields(entityByName.invoice), {})).toEqual(['number', 'customer', 'date', 'status']);
  });

  it('blocks upload until a file and a date format exist', () => {
    const file = new File(['name\nA\n'], 'a.csv');
    expect(canLeaveUpload(null, 'yyyy-MM-dd')).toBe(false);
    expect(canLeaveUpload(file, ' ')).toBe(false);
    expect(canLeaveUpload(file, 'yyyy-MM-dd')).toBe(true);
  });

  it('offers the defaults step only for unmapped fields with a schema default', () => {
    // customer.currency defaults to CAD; no other customer import field has a default
    expect(defaultFields(customerFields, { name: 0 }).map((f) => f.field.name)).toEqual(['currency']);
    expect(defaultFields(customerFields, { name: 0, currency: 1 })).toEqual([]);
    // a tax has no defaults at all: no defaults step
    expect(defaultFields(importFields(entityByName.tax), {})).toEqual([]);
  });

  it('sends mapped columns then given defaults, short rows padded with empty cells', () => {
    const mapping = { name: 2, email: 0, currency: null };
    const columns = columnsOf(mapping, { currency: 'USD' });
    expect(columns).toEqual(['name', 'email', 'currency']);
    expect(rowCells(['a@x.ca', 'ignored', 'Acme'], columns, mapping, { currency: 'USD' })).toEqual([
      'Acme',
      'a@x.ca',
      'USD',
    ]);
    expect(rowCells(['b@x.ca'], columns, mapping, { currency: 'USD' })).toEqual(['', 'b@x.ca', 'USD']);
    // a default left empty is not sent: the database default applies
    expect(columnsOf(mapping, { currency: '' })).toEqual(['name', 'email']);
  });
});

describe('dates (spec 5: default yyyy-MM-dd)', () => {
  it('reads the formats offered and refuses impossible days', () => {
    const iso = parseDateFormat('yyyy-MM-dd')!;
    const dmy = parseDateFormat('dd/MM/yyyy')!;
    const mdy = parseDateFormat('M/d/yyyy')!;
    expect(readDate('2025-01-31', iso)).toBe('2025-01-31');
    expect(readDate('31/01/2025', dmy)).toBe('2025-01-31');
    expect(readDate('1/31/2025', mdy)).toBe('2025-01-31');
    expect(readDate('29/02/2024', dmy)).toBe('2024-02-29');
    expect(readDate('29/02/2025', dmy)).toBeNull();
    expect(readDate('31/04/2025', dmy)).toBeNull();
    expect(readDate('2025-13-01', iso)).toBeNull();
    expect(readDate('2025-1-5', iso)).toBeNull();
    expect(readDate('31/01/2025', iso)).toBeNull();
  });

  it('refuses formats it cannot read one way only', () => {
    for (const bad of ['', 'yy-MM-dd', 'yyyy-MM', 'yyyyMMdd', 'dd/MM/yyyy hh', 'MMM d, yyyy', 'x'.repeat(30)])
      expect(parseDateFormat(bad), bad).toBeNull();
  });

  it('reads a date-time on the company clock, across the DST change, or an ISO instant as it is', () => {
    const dmy = parseDateFormat('dd/MM/yyyy')!;
    // Toronto: EST (UTC-5) in January, EDT (UTC-4) in July
    expect(readDateTime('15/01/2025 08:00', dmy, 'America/Toronto')).toBe('2025-01-15T13:00:00.000Z');
    expect(readDateTime('15/07/2025 08:00', dmy, 'America/Toronto')).toBe('2025-07-15T12:00:00.000Z');
    expect(readDateTime('15/07/2025', dmy, 'America/Toronto')).toBe('2025-07-15T04:00:00.000Z');
    // 9 March 2025, the day clocks go forward at 02:00: 03:30 is EDT
    expect(readDateTime('09/03/2025 03:30', dmy, 'America/Toronto')).toBe('2025-03-09T07:30:00.000Z');
    expect(readDateTime('2025-07-15T08:00:00-04:00', dmy, 'America/Toronto')).toBe('2025-07-15T12:00:00.000Z');
    expect(readDateTime('15/07/2025 24:00', dmy, 'America/Toronto')).toBeNull();
  });
});

describe('cells', () => {
  const dates: DateReader = {
    format: 'yyyy-MM-dd',
    date: (c) => readDate(c, parseDateFormat('yyyy-MM-dd')!),
    dateTime: () => null,
  };
  const field = (name: string, entity = customer) => entity.fields.find((f) => f.name === name)!;

  it('reads numbers, booleans, enums and dates, and leaves empty cells to the default', () => {
    expect(readCell(field('creditLimit'), ' 1 500.25 ', dates)).toEqual({ value: 1500.25 });
    expect(readCell(field('creditLimit'), '$20', dates)).toEqual({ value: 20 });
    // a decimal comma is ambiguous (1,5 or 15): passed on for the validator to refuse
    expect(readCell(field('creditLimit'), '1,5', dates)).toEqual({ value: '1,5' });
    expect(readCell(field('type'), 'wholesale', dates)).toEqual({ value: 'Wholesale' });
    expect(readCell(field('type'), 'Other', dates)).toEqual({ value: 'Other' });
    expect(readCell(field('active'), 'Oui', dates)).toEqual({ value: true });
    expect(readCell(field('active'), 'no', dates)).toEqual({ value: false });
    expect(readCell(field('name'), '   ', dates)).toEqual({ value: undefined });
    const cask = entityByName.cask;
    expect(readCell(field('dateFilled', cask), '2025-02-01', dates)).toEqual({ value: '2025-02-01' });
    expect(readCell(field('dateFilled', cask), '01/02/2025', dates)).toEqual({
      error: 'Must be a date (yyyy-MM-dd)',
    });
  });
});
