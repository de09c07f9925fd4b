// The excise transactions list and the audit log (issue 9, parts 4 and 5), their pure rules:
// when balances show (spec 5), the filters in the query string and as API arguments (spec 2.5,
// date presets of spec 9), where a row's Details / Trace lot / Audit history lead (spec 2.4),
// the refIds a batch delete reverses, and the routes of spec 2.3. Expected values are worked
// out by hand from the spec text, with 'today' fixed at Sunday 15 March 2026.
import { describe, expect, it } from 'vitest';
import {
  auditPathFor,
  balancesVisible,
  detailsPathFor,
  entityNameOfRefType,
  filterWithRange,
  filterWithReversed,
  isDeletable,
  lotTracePath,
  rangeOfFilter,
  refIdsOf,
  reversalKind,
  showsReversed,
  toTransactionQuery,
} from '../../src/app/pages/exciseTransactions/model';
import {
  ownerFromParams,
  TRANSACTIONS_OWNERS,
  TRANSACTIONS_PATHS,
  transactionsPathFor,
} from '../../src/app/pages/exciseTransactions/owners';
import { auditParamsFromSearch, changeValueText, parseChanges, toAuditQuery } from '../../src/app/pages/audit/model';
import { buildListSearch, parseListSearch } from '../../src/app/generic/listUrl';
import { deleteOutcome } from '../../src/app/generic/deleteOutcome';
import { editPathFor } from '../../src/app/routing/paths';
import { entityByName } from '../../src/generated/entities';
import { customPages } from '../../src/app/pages/registry';
import { buildRouteTable, routePath } from '../../src/app/shell/namedRoutes';
import { toolAllowed } from '../../src/app/shell/menu';
import type { Company } from '../../src/app/company/companies';

const today = new Date(2026, 2, 15); // Sunday 15 March 2026
const byDate = { field: 'date', order: 'DESC' };

describe('running balances (spec 5)', () => {
  // 'Transactions list balances show only with no activity, excise or site filter and with
  // date sorting or no sorting.'
  it('show with no filter and no sort, or sorted by date either way', () => {
    expect(balancesVisible({}, undefined)).toBe(true);
    expect(balancesVisible(undefined, {})).toBe(true);
    expect(balancesVisible({}, { field: 'date', order: 'DESC' })).toBe(true);
    expect(balancesVisible({}, { field: 'date', order: 'ASC' })).toBe(true);
  });
  it('a date range is not one of the hiding filters', () => {
    expect(balancesVisible({ period: 'all' }, byDate)).toBe(true);
    expect(balancesVisible({ period: 'lastYear' }, byDate)).toBe(true);
    expect(balancesVisible({ date_gte: '2026-01-01', date_lte: '2026-01-31' }, byDate)).toBe(true);
  });
  it('hide with an activity, excise or site filter', () => {
    expect(balancesVisible({ refType: 'TransferToTank' }, byDate)).toBe(false);
    expect(balancesVisible({ excise: 'SpiritsReductionLossesPrescribed' }, byDate)).toBe(false);
    expect(balancesVisible({ siteId: '12' }, byDate)).toBe(false);
    expect(balancesVisible({ period: 'all', siteId: '12', refType: 'Proof' }, undefined)).toBe(false);
  });
  it('an emptied filter is no filter', () => {
    expect(balancesVisible({ refType: '', excise: null, siteId: undefined }, byDate)).toBe(true);
  });
  it('hide when sorted by anything but the date', () => {
    expect(balancesVisible({}, { field: 'volume', order: 'ASC' })).toBe(false);
    expect(balancesVisible({}, { field: 'laa', order: 'DESC' })).toBe(false);
    expect(balancesVisible({}, { field: 'refType', order: 'ASC' })).toBe(false);
  });
});

describe('the date range filter (spec 2.5, 9)', () => {
  it("defaults to 'Last 30 days': 13 February to 15 March", () => {
    expect(rangeOfFilter({}, today)).toEqual({ all: false, from: '2026-02-13', to: '2026-03-15' });
    expect(rangeOfFilter(undefined, today)).toEqual({ all: false, from: '2026-02-13', to: '2026-03-15' });
  });
  it('reads a preset by name, All, or a custom range', () => {
    expect(rangeOfFilter({ period: 'all' }, today)).toEqual({ all: true, from: null, to: null });
    expect(rangeOfFilter({ period: 'lastMonth' }, today)).toEqual({ all: false, from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOfFilter({ period: 'last90' }, today)).toEqual({ all: false, from: '2025-12-15', to: '2026-03-15' });
    expect(rangeOfFilter({ period: 'thisQuarter' }, today)).toEqual({
      all: false,
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(rangeOfFilter({ date_gte: '2026-01-05', date_lte: '2026-01-20' }, today)).toEqual({
      all: false,
      from: '2026-01-05',
      to: '2026-01-20',
    });
    expect(rangeOfFilter({ date_gte: '2026-01-05' }, today)).toEqual({ all: false, from: '2026-01-05', to: null });
    // junk falls back to the default
    expect(rangeOfFilter({ period: 'fortnight' }, today)).toEqual({ all: false, from: '2026-02-13', to: '2026-03-15' });
  });
  it('writes a range back: the default as nothing, a preset by name, All, else the dates', () => {
    const others = { refType: 'Proof' };
    expect(filterWithRange(others, { all: false, from: '2026-02-13', to: '2026-03-15' }, today)).toEqual(others);
    expect(filterWithRange(others, { all: true, from: null, to: null }, today)).toEqual({ ...others, period: 'all' });
    expect(filterWithRange({}, { all: false, from: '2026-01-01', to: '2026-12-31' }, today)).toEqual({
      period: 'thisYear',
    });
    expect(filterWithRange({}, { all: false, from: '2026-03-14', to: '2026-03-14' }, today)).toEqual({
      period: 'yesterday',
    });
    expect(filterWithRange({ period: 'all' }, { all: false, from: '2026-01-05', to: '2026-01-20' }, today)).toEqual({
      date_gte: '2026-01-05',
      date_lte: '2026-01-20',
    });
  });
  it('goes through the query string and back', () => {
    const defaults = { sort: { field: 'date', order: 'DESC' } };
    for (const range of [
      { all: true, from: null, to: null },
      { all: false, from: '2025-10-01', to: '2025-12-31' }, // last quarter
      { all: false, from: '2026-01-05', to: '2026-01-20' },
      { all: false, from: '2026-02-13', to: '2026-03-15' }, // the default
    ]) {
      const filter = filterWithRange({ siteId: '7' }, range, today);
      const search = buildListSearch({ filter, sort: defaults.sort, page: 1 }, defaults);
      const back = parseListSearch(search);
      expect(back?.filter).toEqual(filter);
      expect(rangeOfFilter(back?.filter, today)).toEqual(range);
    }
    expect(buildListSearch({ filter: filterWithRange({}, { all: true, from: null, to: null }, today) }, defaults)).toBe(
      `?filter=${encodeURIComponent('{"period":"all"}')}`,
    );
  });
});

describe('the arguments of transactions2', () => {
  it('default: the last 30 days, by date newest first (the API default, no reverse)', () => {
    expect(toTransactionQuery({}, undefined, today)).toEqual({
      filters: [
        { field: 'date', comparator: 'ge', value: '2026-02-13' },
        { field: 'date', comparator: 'le', value: '2026-03-15' },
      ],
      sortKey: 'date',
      reverse: false,
    });
  });
  it('All sends no date; site, activity and excise are eq filters', () => {
    expect(
      toTransactionQuery(
        { period: 'all', siteId: '7', refType: 'Proof', excise: 'SpiritsTransfer' },
        { field: 'date', order: 'ASC' },
        today,
      ),
    ).toEqual({
      filters: [
        { field: 'siteId', comparator: 'eq', value: '7' },
        { field: 'refType', comparator: 'eq', value: 'Proof' },
        { field: 'excise', comparator: 'eq', value: 'SpiritsTransfer' },
      ],
      sortKey: 'date',
      reverse: true, // oldest first
    });
  });
  it('a custom range sends its bounds; other columns sort ascending unless reversed', () => {
    const q = toTransactionQuery({ date_gte: '2026-01-05' }, { field: 'laa', order: 'DESC' }, today);
    expect(q.filters).toEqual([{ field: 'date', comparator: 'ge', value: '2026-01-05' }]);
    expect(q.sortKey).toBe('laa');
    expect(q.reverse).toBe(true);
    expect(toTransactionQuery({ period: 'all' }, { field: 'volume', order: 'ASC' }, today).reverse).toBe(false);
  });
});

describe('Show reversed (includeReversed)', () => {
  const defaults = { sort: { field: 'date', order: 'DESC' } };

  it('is off unless the filter says includeReversed: true', () => {
    expect(showsReversed(undefined)).toBe(false);
    expect(showsReversed({})).toBe(false);
    expect(showsReversed({ includeReversed: false })).toBe(false);
    expect(showsReversed({ includeReversed: '' })).toBe(false);
    expect(showsReversed({ includeReversed: 1 })).toBe(false);
    expect(showsReversed({ includeReversed: true })).toBe(true);
    // a hand-written ?filter={"includeReversed":"true"}
    expect(showsReversed({ includeReversed: 'true' })).toBe(true);
  });
  it('switching it on adds the key; off removes it, other filters kept', () => {
    expect(filterWithReversed({ refType: 'Proof' }, true)).toEqual({ refType: 'Proof', includeReversed: true });
    expect(filterWithReversed({ refType: 'Proof', includeReversed: true }, false)).toEqual({ refType: 'Proof' });
    expect(filterWithReversed(undefined, false)).toEqual({});
    expect(filterWithReversed({ includeReversed: 'true' }, true)).toEqual({ includeReversed: true });
  });
  it('lives in the query string: on writes it, off leaves the URL clean, a URL loads it', () => {
    const on = filterWithReversed({ period: 'all' }, true);
    const search = buildListSearch({ filter: on, sort: defaults.sort, page: 1 }, defaults);
    expect(search).toBe(`?filter=${encodeURIComponent('{"period":"all","includeReversed":true}')}`);
    const back = parseListSearch(search);
    expect(back?.filter).toEqual(on);
    expect(showsReversed(back?.filter)).toBe(true);
    expect(buildListSearch({ filter: filterWithReversed(on, false), sort: defaults.sort }, defaults)).toBe(
      `?filter=${encodeURIComponent('{"period":"all"}')}`,
    );
    expect(buildListSearch({ filter: filterWithReversed({}, false), sort: defaults.sort }, defaults)).toBe('');
    expect(showsReversed(parseListSearch(`?filter=${encodeURIComponent('{"includeReversed":true}')}`)?.filter)).toBe(
      true,
    );
  });
  it('passes parameters.includeReversed to transactions2 (and the CSV export), not a filter', () => {
    const q = toTransactionQuery({ period: 'all', refType: 'Proof', includeReversed: true }, undefined, today);
    expect(q).toStrictEqual({
      filters: [{ field: 'refType', comparator: 'eq', value: 'Proof' }],
      sortKey: 'date',
      reverse: false,
      parameters: { includeReversed: true },
    });
    // off: no parameters at all, the API default (reversed pairs hidden)
    expect(toTransactionQuery({ period: 'all', includeReversed: false }, undefined, today)).toStrictEqual({
      filters: [],
      sortKey: 'date',
      reverse: false,
    });
    expect('parameters' in toTransactionQuery({ period: 'all' }, undefined, today)).toBe(false);
  });
  it('hides the balances: the API gives none with reversed rows', () => {
    expect(balancesVisible({ includeReversed: true }, byDate)).toBe(false);
    expect(balancesVisible({ includeReversed: true }, undefined)).toBe(false);
    expect(balancesVisible({ includeReversed: false }, byDate)).toBe(true);
  });
  it('marks reversed originals and reversals; neither is deletable', () => {
    expect(reversalKind({ reversed: false, reversesId: null })).toBeNull();
    expect(reversalKind({ reversed: true, reversesId: null })).toBe('reversed');
    expect(reversalKind({ reversed: false, reversesId: '41' })).toBe('reversal');
    expect(isDeletable({ reversed: false, reversesId: null })).toBe(true);
    expect(isDeletable({})).toBe(true);
    expect(isDeletable({ reversed: true, reversesId: null })).toBe(false);
    expect(isDeletable({ reversed: false, reversesId: '41' })).toBe(false);
  });
  it('a batch delete skips reversed rows and reversals (their refId may be posted again)', () => {
    const rows = new Map([
      ['1', { refId: 'a', reversed: true, reversesId: null }],
      ['2', { refId: 'a', reversed: false, reversesId: '1' }],
      ['3', { refId: 'a', reversed: false, reversesId: null }],
      ['4', { refId: 'b', reversed: true, reversesId: null }],
    ]);
    const { refIds, rowsOf } = refIdsOf(['1', '2', '4'], rows);
    expect(refIds).toEqual([]);
    expect(rowsOf.size).toBe(0);
    expect(refIdsOf(['1', '3'], rows).refIds).toEqual(['a']);
  });
});

describe('where a row leads (spec 2.4)', () => {
  const recordPath = (refType: string, refId: string) => {
    const entity = entityByName[entityNameOfRefType(refType)];
    return entity?.routes ? editPathFor(entity, { id: refId }) : null;
  };

  it('Details opens a vessel action at /:transactionId by its refType', () => {
    const row = (refType: string, vesselType = 'Tank') => ({ refType, refId: '55', vesselType });
    expect(detailsPathFor(row('Initial'), recordPath)).toBe('/production/initial/55');
    expect(detailsPathFor(row('TransferToTank'), recordPath)).toBe('/production/transfertotank/55');
    expect(detailsPathFor(row('TransferToBulkContainer', 'BulkContainer'), recordPath)).toBe(
      '/production/transfertobulkcontainer/55',
    );
    expect(detailsPathFor(row('ReduceInventory'), recordPath)).toBe('/production/reduceinventory/55');
    expect(detailsPathFor(row('TransferToWineLicense'), recordPath)).toBe('/production/transfertoWinelicense/55');
    expect(detailsPathFor(row('Proof'), recordPath)).toBe('/production/tanks/proof/55');
    // a fill's row in the cask still opens the tank's action
    expect(detailsPathFor(row('FillCask', 'Cask'), recordPath)).toBe('/production/tanks/fillcask/55');
    expect(detailsPathFor(row('CaskEmpty', 'Cask'), recordPath)).toBe('/inventory/casks/empty/55');
    expect(detailsPathFor(row('CaskSetAge', 'Cask'), recordPath)).toBe('/inventory/casks/setage/55');
  });
  it("a fermenter's reduce inventory and transfer open the fermenter screens", () => {
    // the ledger's refType for a fermenter's reduce inventory
    expect(detailsPathFor({ refType: 'FermenterReduceInventory', refId: '9', vesselType: 'Fermenter' })).toBe(
      '/production/fermenters/reduceinventory/9',
    );
    expect(detailsPathFor({ refType: 'TransferToFermenter', refId: '9', vesselType: 'Fermenter' })).toBe(
      '/production/fermenters/transfertofermenter/9',
    );
  });
  it('a record that posted opens its edit screen; anything else has no further details', () => {
    expect(detailsPathFor({ refType: 'Distillation', refId: '77' }, recordPath)).toBe('/production/distilling/77');
    expect(detailsPathFor({ refType: 'distillation', refId: '77' }, recordPath)).toBe('/production/distilling/77');
    expect(detailsPathFor({ refType: 'Mystery', refId: '77' }, recordPath)).toBeNull();
    expect(detailsPathFor({ refType: 'Mystery', refId: '77' })).toBeNull();
    expect(detailsPathFor({ refType: '', refId: '77' }, recordPath)).toBeNull();
  });
  it('Trace lot: the lot trace report with to=Lot, id, lot, forward=1, only when it is built', () => {
    const row = { alcoholId: '9', lot: 'L 24-01' };
    expect(lotTracePath(row, '/reportsview')).toBe('/reportsview?to=Lot&id=9&lot=L+24-01&forward=1');
    expect(lotTracePath(row, null)).toBeNull();
    expect(lotTracePath({ alcoholId: '9', lot: null }, '/reportsview')).toBeNull();
  });
  it('Audit history: /audit?entityId=<refId>', () => {
    expect(auditPathFor('55', '/audit')).toBe('/audit?entityId=55');
    expect(auditPathFor('55', null)).toBeNull();
  });
});

describe('batch delete', () => {
  it('reverses each refId once; rows not loaded are skipped', () => {
    const rows = new Map([
      ['1', { refId: 'a' }],
      ['2', { refId: 'a' }],
      ['3', { refId: 'b' }],
    ]);
    const { refIds, rowsOf } = refIdsOf([3, '1', 2, 4], rows);
    expect(refIds).toEqual(['b', 'a']);
    expect(rowsOf.get('a')).toEqual(['1', '2']);
    expect(rowsOf.get('b')).toEqual(['3']);
  });
  it("answers 'Deleted {n} of {total}' over refIds", () => {
    expect(deleteOutcome(2, 2)).toEqual({ message: 'app.delete.result', args: { n: 2, total: 2 }, type: 'success' });
    expect(deleteOutcome(2, 1)).toMatchObject({ type: 'warning', suffix: { args: { k: 1 } } });
  });
});

describe('routes (spec 2.3)', () => {
  it('every transactions list is the object’s edit path + /transactions', () => {
    expect(TRANSACTIONS_PATHS).toEqual([
      '/production/tanks/:tankId/transactions',
      '/production/fermenters/:fermenterId/transactions',
      '/inventory/casks/:caskId/transactions',
      '/inventory/bulkcontainers/:bulkContainerId/transactions',
      '/spirits/:spiritId/transactions',
      '/wine/:wineId/transactions',
      '/nonexcises/:nonExciseId/transactions',
    ]);
    for (const owner of TRANSACTIONS_OWNERS) {
      const entity = entityByName[owner.kind];
      expect(`/${entity.routes!.edit}/transactions`).toBe(owner.path);
      expect(entity.titleField).toBe(owner.titleField);
    }
  });
  it('links and params', () => {
    expect(transactionsPathFor('tank', 12)).toBe('/production/tanks/12/transactions');
    expect(transactionsPathFor('nonExcise', '3')).toBe('/nonexcises/3/transactions');
    expect(transactionsPathFor('customer', '3')).toBeNull();
    expect(ownerFromParams({ caskId: '4' })).toMatchObject({ owner: { kind: 'cask', vessel: true }, id: '4' });
    expect(ownerFromParams({ spiritId: '8' })).toMatchObject({ owner: { kind: 'spirit', vessel: false }, id: '8' });
    expect(ownerFromParams({})).toBeNull();
  });
  it('the Audit page is registered, so Tools > Audit log opens /audit with audit and allowAudit', () => {
    const routes = buildRouteTable(customPages);
    expect(routePath('Audit', {}, routes)).toBe('/audit');
    const company = (permissions: string[], flags: Partial<Company> = {}): Company =>
      ({ id: '1', name: 'D', permissions, ...flags }) as Company;
    expect(toolAllowed('Audit', company(['audit'], { allowAudit: true }), routes)).toBe(true);
    expect(toolAllowed('Audit', company(['audit']), routes)).toBe(false);
    expect(toolAllowed('Audit', company(['production'], { allowAudit: true }), routes)).toBe(false);
    const audit = customPages.find((p) => p.name === 'Audit');
    expect(audit).toMatchObject({ paths: ['/audit'], permissions: ['audit'], feature: 'allowAudit' });
  });
});

describe('the audit log', () => {
  it('?entityId= preselects the record over all dates; a written filter wins', () => {
    expect(auditParamsFromSearch('?entityId=55')).toEqual({ filter: { entityId: '55', period: 'all' } });
    const written = `?filter=${encodeURIComponent('{"entityId":"55","event":"reversed"}')}`;
    expect(auditParamsFromSearch(`${written}&entityId=99`)).toEqual({ filter: { entityId: '55', event: 'reversed' } });
    expect(auditParamsFromSearch('')).toEqual({});
  });
  it('asks newest first with its filters', () => {
    expect(toAuditQuery({ entityId: '55', period: 'all', event: 'reversed' }, undefined, today)).toEqual({
      filters: [
        { field: 'entityId', comparator: 'eq', value: '55' },
        { field: 'event', comparator: 'eq', value: 'reversed' },
      ],
      sortKey: 'at',
      reverse: false,
    });
    expect(toAuditQuery({ userId: '3' }, { field: 'at', order: 'ASC' }, today)).toEqual({
      filters: [
        { field: 'at', comparator: 'ge', value: '2026-02-13' },
        { field: 'at', comparator: 'le', value: '2026-03-15' },
        { field: 'userId', comparator: 'eq', value: '3' },
      ],
      sortKey: 'at',
      reverse: true,
    });
  });
  it('reads the changes, before -> after', () => {
    expect(parseChanges('{"volume":[100,50.5],"lot":[null,"L1"]}')).toEqual([
      { field: 'volume', before: 100, after: 50.5 },
      { field: 'lot', before: null, after: 'L1' },
    ]);
    expect(parseChanges('not json')).toEqual([]);
    expect(parseChanges('[1,2]')).toEqual([]);
    expect(changeValueText(null)).toBe('');
    expect(changeValueText({ a: 1 })).toBe('{"a":1}');
    expect(changeValueText(false)).toBe('false');
  });
});
