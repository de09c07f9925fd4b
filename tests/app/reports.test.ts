// The reports screens' pure rules (src/app/pages/reports): who sees which report, the catalogue
// search, ReportsView's query string (range presets as the lists write them, ids, `by`), cells
// shown with the locale's separators and their exact decimals, and starred reports as bookmarks
// the drawer shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportMeta } from '../../src/shared/reports/types';
import {
  allowedReports,
  matchesSearch,
  parametersOf,
  queryWith,
  queryWithRange,
  rangeOfQuery,
  viewerPath,
} from '../../src/app/pages/reports/model';
import { setActiveDateSettings } from '../../src/app/widgets/dateDisplay';
import { formatCell, formatNumberText } from '../../src/app/pages/reports/format';
import { toggledBookmarks } from '../../src/app/pages/reports/favourites';
import { REF_TYPE_COLUMNS, refTypeLabel } from '../../src/app/pages/reports/refTypes';
import { bookmarkedEntries, REPORT_BOOKMARK } from '../../src/app/shell/menu';

const meta = (over: Partial<ReportMeta>): ReportMeta => ({
  name: 'X',
  group: 'sales',
  title: { en: 'Sales by customer', fr: 'Ventes par client' },
  shortName: { en: 'By customer', fr: 'Par client' },
  description: { en: 'Invoices of each customer', fr: 'Factures de chaque client' },
  params: ['range'],
  permissions: ['selling'],
  columns: [],
  ...over,
});

// Wednesday 2026-11-18, local midnight
const TODAY = new Date(2026, 10, 18);

describe('which reports a user sees', () => {
  const sales = meta({ name: 'SalesByCustomer' });
  const wine = meta({ name: 'WinesPeriodSummary', permissions: ['inventory'], feature: 'allowWine' });
  const company = (permissions: string[], flags: Record<string, boolean> = {}) => ({
    id: '1',
    name: 'Co',
    permissions,
    ...flags,
  });

  it('needs reports and one of the report’s permissions', () => {
    expect(allowedReports(company(['selling']), [sales])).toEqual([]);
    expect(allowedReports(company(['reports', 'production']), [sales])).toEqual([]);
    expect(allowedReports(company(['reports', 'selling.read']), [sales])).toEqual([sales]);
  });

  it('needs the report’s company feature', () => {
    expect(allowedReports(company(['reports', 'inventory']), [wine])).toEqual([]);
    expect(allowedReports(company(['reports', 'inventory'], { allowWine: true }), [wine])).toEqual([wine]);
  });
});

describe('the catalogue search', () => {
  const m = meta({});
  it('finds by title, short name or description, in either language, without accents or case', () => {
    expect(matchesSearch(m, '')).toBe(true);
    expect(matchesSearch(m, 'sales customer')).toBe(true);
    expect(matchesSearch(m, 'BY CUST')).toBe(true);
    expect(matchesSearch(m, 'invoices')).toBe(true);
    expect(matchesSearch(m, 'ventes')).toBe(true);
    expect(matchesSearch(m, 'factures client')).toBe(true);
    expect(matchesSearch(meta({ title: { en: 'Depot', fr: 'Dépôt' } }), 'depot')).toBe(true);
    expect(matchesSearch(m, 'bottling')).toBe(false);
  });
});

describe('ReportsView’s query string', () => {
  const m = meta({
    params: ['range', 'customerId', 'siteId'],
    by: [
      { value: 'customer', label: { en: 'By customer', fr: 'Par client' } },
      { value: 'postalCode', label: { en: 'By postal code', fr: 'Par code postal' } },
    ],
  });

  it('defaults to Last 30 days and the first `by`', () => {
    // last30 of the shared presets: 30 days back from today, 2026-10-19 to 2026-11-18
    expect(parametersOf(m, '?to=X', TODAY)).toEqual({ from: '2026-10-19', to: '2026-11-18', by: 'customer' });
  });

  it('reads a preset, a custom range, ids and `by`, and drops what the report does not take', () => {
    // last month of 2026-11-18: October
    expect(parametersOf(m, '?to=X&period=lastMonth&customerId=12&productId=4&by=postalCode', TODAY)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      customerId: '12',
      by: 'postalCode',
    });
    expect(parametersOf(m, '?to=X&date_gte=2025-01-01&date_lte=2025-03-31&siteId=x1', TODAY)).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      by: 'customer',
    });
    expect(parametersOf(meta({ params: ['asOf'] }), '?to=X&asOf=2025-12-31', TODAY)).toEqual({ asOf: '2025-12-31' });
    // no day asked: today's, as the picker shows it
    expect(parametersOf(meta({ params: ['asOf'] }), '?to=X', TODAY)).toEqual({ asOf: '2026-11-18' });
  });

  describe('without a day given', () => {
    afterEach(() => {
      vi.useRealTimers();
      setActiveDateSettings(null);
    });
    it('takes today in the company’s time zone, not the browser’s', () => {
      // 2026-11-18 12:00 UTC is already 2026-11-19 02:00 in Kiritimati (UTC+14)
      vi.useFakeTimers({ now: new Date('2026-11-18T12:00:00Z') });
      setActiveDateSettings({ timeZone: 'Pacific/Kiritimati' });
      expect(parametersOf(meta({ params: ['asOf'] }), '?to=X')).toEqual({ asOf: '2026-11-19' });
    });
  });

  it('writes a preset by name, a custom range as bounds, the default as nothing; keeps `to` first', () => {
    const q = queryWithRange('?to=X&customerId=3', { all: false, from: '2025-10-01', to: '2025-12-31' }, TODAY);
    expect(q).toBe('?to=X&customerId=3&date_gte=2025-10-01&date_lte=2025-12-31');
    // This year of 2026-11-18: 2026-01-01 to 2026-12-31
    expect(queryWithRange(q, { all: false, from: '2026-01-01', to: '2026-12-31' }, TODAY)).toBe(
      '?to=X&customerId=3&period=thisYear',
    );
    expect(queryWithRange('?to=X&period=thisYear', rangeOfQuery('?to=X', TODAY), TODAY)).toBe('?to=X');
    expect(queryWith('?to=X&customerId=3', 'customerId', '')).toBe('?to=X');
    expect(viewerPath('Lot', { lot: 'L 1' })).toBe('/reportsview?to=Lot&lot=L+1');
  });
});

describe('report cells', () => {
  it('group and localise numbers without losing a decimal', () => {
    expect(formatNumberText('1234567.250', 'en')).toBe('1,234,567.250');
    expect(formatNumberText('-0.005', 'en')).toBe('-0.005');
    // French groups with a narrow no-break space (U+202F, as the printed documents and the
    // document totals do: one groupDecimal, generic/numberDisplay.ts) and writes a decimal comma
    expect(formatNumberText('-1234567.5', 'fr')).toBe('-1\u202f234\u202f567,5');
    expect(formatCell('12.5', 'percent', 'en')).toBe('12.5 %');
    expect(formatCell('2025-01-31', 'date', 'en')).toBe('2025-01-31');
    expect(formatCell('L-1000', 'lot', 'en')).toBe('L-1000');
    expect(formatCell('', 'money', 'en')).toBe('');
  });
});

describe('starred reports', () => {
  it('are bookmarks the drawer shows while the user has the reports group', () => {
    const once = toggledBookmarks(['SalesInvoices'], 'SalesByCustomer');
    expect(once).toEqual(['SalesInvoices', `${REPORT_BOOKMARK}SalesByCustomer`]);
    expect(toggledBookmarks(once, 'SalesByCustomer')).toEqual(['SalesInvoices']);
    const groups = [{ group: 'reports', entries: [{ key: 'Reports', name: 'Reports', path: '/reports' }] }];
    const [entry] = bookmarkedEntries(groups, once);
    expect(entry).toMatchObject({ key: 'ReportsView?to=SalesByCustomer', report: 'SalesByCustomer' });
    expect(entry.path).toBe('/reportsview?to=SalesByCustomer');
    expect(bookmarkedEntries([], once)).toEqual([]);
  });
});

describe('activity cells in the reader’s language', () => {
  it('names a production record by its entity label, in English and French', () => {
    expect(refTypeLabel('Bottling', 'en')).toBe('Bottling');
    expect(refTypeLabel('Bottling', 'fr')).toBe('Embouteillage');
    // stored lower-case by some records, and a document such as a shipment
    expect(refTypeLabel('mash', 'fr')).toBe('Brassage');
    expect(refTypeLabel('shipment', 'en')).toBe('Shipment');
    expect(refTypeLabel('shipment', 'fr')).toBe('Expédition');
  });

  it('names a vessel action as the transaction lists do', () => {
    expect(refTypeLabel('TransferToTank', 'en')).toBe('Transfer to tank');
    expect(refTypeLabel('TransferToTank', 'fr')).toBe('Transfert vers une cuve');
    expect(refTypeLabel('CaskEmpty', 'fr')).toBe('Vider le fût');
  });

  it('spaces out a code it does not know, and leaves an empty cell empty', () => {
    expect(refTypeLabel('SomethingNew', 'fr')).toBe('Something New');
    expect(refTypeLabel('', 'fr')).toBe('');
    expect(REF_TYPE_COLUMNS.has('activity')).toBe(true);
  });
});
