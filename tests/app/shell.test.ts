// The shell's pure logic: menu filtering by permission and feature flag, version change,
// hint order, the error catalogue, chunk timeouts, the route guard.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entities } from '../../src/generated/entities';
import type { Company } from '../../src/app/company/companies';
import { bookmarkedEntries, groupAllowed, shellMenu, tasksAllowed, toolAllowed } from '../../src/app/shell/menu';
import { buildRouteTable, routePath } from '../../src/app/shell/namedRoutes';
import { createVersionMonitor, versionChanged } from '../../src/app/shell/version';
import { HINT_ORDER, nextHint, parseUserSettings, showPopupHint } from '../../src/app/shell/hints';
import { classifyCall, hasMoreInfo, summarizeRequest } from '../../src/app/shell/errorCatalogue';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CSS_CHUNK_LOAD_FAILED,
  isChunkLoadError,
  withChunkTimeout,
} from '../../src/app/shell/chunks';
import { createErrorBanner, ERROR_BANNER_TIMEOUT_MS } from '../../src/app/shell/errorBanner';
import { guardTopLevel } from '../../src/app/shell/routeGuard';
import { createClientErrorReporter } from '../../src/app/shell/clientErrors';
import { isStale, CHECK_INTERVAL_MS } from '../../src/app/shell/polling';
import { workflowSteps } from '../../src/app/shell/workflow';

const company = (permissions: string[], flags: Partial<Company> = {}): Company => ({
  id: '1',
  name: 'Test',
  permissions,
  ...flags,
});

const EVERYTHING = [
  'selling.write',
  'buying.write',
  'production.write',
  'inventory.write',
  'config.write',
  'audit.read',
  'forecasting.write',
  'scheduling.write',
  'reports.read',
  'values.read',
];
const ALL_FLAGS = {
  allowPlanning: true,
  allowWine: true,
  allowPO: true,
  allowAudit: true,
  allowRecurringTransactions: true,
};

const groupsOf = (c: Company) => shellMenu(entities, c).map((g) => g.group);
const keysOf = (c: Company) => shellMenu(entities, c).flatMap((g) => g.entries.map((e) => e.key));

describe('the drawer', () => {
  it('shows a seller only the sales menu (and sales-or-buying settings lists)', () => {
    const seller = company(['selling.write']);
    expect(groupsOf(seller)).toEqual(['sales', 'settings']);
    expect(keysOf(seller)).toContain('SalesCustomers');
    expect(keysOf(seller)).toContain('SalesInvoices');
    // items are readable with selling.read (pickers) but the inventory menu needs inventory or production
    expect(keysOf(seller)).not.toContain('InventoryItems');
    expect(keysOf(seller)).not.toContain('ProductionDistilling');
  });

  it('shows every group, in the spec order, to a user with every permission and flag', () => {
    const all = company(EVERYTHING, ALL_FLAGS);
    expect(groupsOf(all)).toEqual([
      'production',
      'equipment',
      'inventory',
      'sales',
      'purchasing',
      'alcohol',
      'planning',
      // the excise returns are the reports group's first screen
      'reports',
      'settings',
    ]);
    expect(keysOf(all)).toEqual(
      expect.arrayContaining(['ProductionDistilling', 'EquipmentTanks', 'Wine', 'PlanningTasks', 'ReportsExcise']),
    );
  });

  it('hides entries whose feature flag is off, and planning without allowPlanning', () => {
    const noFlags = company(EVERYTHING);
    expect(keysOf(noFlags)).not.toContain('Wine');
    expect(keysOf(noFlags)).not.toContain('ProductionWineFermenting');
    expect(keysOf(noFlags)).not.toContain('PurchasingPurchaseOrders');
    expect(groupsOf(noFlags)).not.toContain('planning');
    expect(groupAllowed('planning', company(['production.write'], { allowPlanning: true }))).toBe(false);
  });

  it('navigates by name: entries carry the named route and its path', () => {
    const entry = shellMenu(entities, company(['selling.read']))
      .flatMap((g) => g.entries)
      .find((e) => e.name === 'SalesCustomers');
    expect(entry?.path).toBe(routePath('SalesCustomers'));
  });

  it('shows bookmarks the user can still open, in their order', () => {
    const groups = shellMenu(entities, company(['selling.write']));
    expect(
      bookmarkedEntries(groups, ['SalesInvoices', 'ProductionDistilling', 'SalesCustomers']).map((e) => e.key),
    ).toEqual(['SalesInvoices', 'SalesCustomers']);
  });

  it('knows which routes are built: tools appear only when their route exists and is allowed', () => {
    const routes = buildRouteTable([{ name: 'Settings', paths: ['/settings/:initialTab?'] }]);
    expect(toolAllowed('Settings', company(['config.read']), routes)).toBe(true);
    expect(toolAllowed('Settings', company(['selling']), routes)).toBe(false);
    expect(toolAllowed('Audit', company(['audit'], { allowAudit: true }), routes)).toBe(false); // not built
    const withAudit = buildRouteTable([{ name: 'Audit', paths: ['/audit'] }]);
    expect(toolAllowed('Audit', company(['audit'], { allowAudit: true }), withAudit)).toBe(true);
    expect(toolAllowed('Audit', company(['audit']), withAudit)).toBe(false);
    expect(routePath('Settings', { initialTab: 4 }, routes)).toBe('/settings/4');
    expect(routePath('Nowhere', {}, routes)).toBeNull();
  });

  it('shows the planning tasks indicator only with allowPlanning and forecasting or scheduling', () => {
    expect(tasksAllowed(company(['scheduling.read'], { allowPlanning: true }))).toBe(true);
    expect(tasksAllowed(company(['forecasting'], { allowPlanning: false }))).toBe(false);
    expect(tasksAllowed(company(['production.write'], { allowPlanning: true }))).toBe(false);
  });

  it('groups the workflow view by step, with only the screens the user can open', () => {
    const steps = workflowSteps(entities, company(['production.read']));
    expect(steps.map((s) => s.step)).toEqual([
      'recipes',
      'mashing',
      'distilling',
      'storage',
      'blending',
      'bottling',
      'stock',
    ]);
    expect(steps.flatMap((s) => s.entries.map((e) => e.name))).not.toContain('ProductionWineFermenting');
    expect(workflowSteps(entities, company(['selling']))).toEqual([]);
  });

  it('shows only the steps the workflow preferences turn on', () => {
    const preferences = {
      sales: true,
      purchasing: true,
      mashing: false,
      distilling: true,
      blending: false,
      wine: false,
      casks: false,
      bulkContainers: true,
    };
    const steps = workflowSteps(entities, company(['production.read']), undefined, preferences);
    const names = steps.flatMap((s) => s.entries.map((e) => e.name));
    // no mashing and no wine: no mash bills, mashes or fermenters; no blending, no casks
    for (const gone of [
      'ProductionMashingMashBills',
      'ProductionMashing',
      'EquipmentFermenters',
      'ProductionBlending',
      'ProductionBlendingFormulas',
      'InventoryCasks',
    ])
      expect(names).not.toContain(gone);
    expect(names).toEqual(
      expect.arrayContaining(['ProductionDistilling', 'EquipmentTanks', 'InventoryBulkContainers']),
    );
    expect(steps.map((s) => s.step)).not.toContain('mashing');
    expect(steps.map((s) => s.step)).not.toContain('blending');
  });
});

describe('the route guard', () => {
  it('allows a top-level route when any one listed permission is held', () => {
    expect(guardTopLevel('ProductionOverview', ['selling.read'])).toBeNull();
    expect(guardTopLevel('ProductionOverview', ['config'])).toBe('app.guard.overview');
    expect(guardTopLevel('Dashboard', [])).toBe('app.guard.dashboard');
    expect(guardTopLevel('Dashboard', ['reports.read'])).toBeNull();
    expect(guardTopLevel('SalesCustomers', [])).toBeNull(); // not top level: the screen says no
  });
});

describe('version change', () => {
  it('is a change only when both versions are known and differ', () => {
    expect(versionChanged(null, '1.1')).toBe(false);
    expect(versionChanged('1.0', '1.0')).toBe(false);
    expect(versionChanged('1.0', '')).toBe(false);
    expect(versionChanged('1.0', '1.1')).toBe(true);
  });

  it('stores the new version and announces the change once', () => {
    let stored: string | null = '1.0';
    const onChange = vi.fn();
    const monitor = createVersionMonitor({ read: () => stored, write: (v) => (stored = v), onChange });
    monitor('1.0');
    expect(onChange).not.toHaveBeenCalled();
    monitor('1.1');
    monitor('1.1');
    expect(stored).toBe('1.1');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ previous: '1.0', current: '1.1' });
  });

  it('stores the first version seen without announcing it', () => {
    let stored: string | null = null;
    const onChange = vi.fn();
    createVersionMonitor({ read: () => stored, write: (v) => (stored = v), onChange })('2.0');
    expect(stored).toBe('2.0');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('guided hints', () => {
  const everywhere = () => true;
  it('go in the order workflow, dashboard, help, filter', () => {
    expect(HINT_ORDER).toEqual(['workflow', 'dashboard', 'help', 'filter']);
    expect(nextHint({}, everywhere)).toBe('workflow');
    expect(nextHint({ hint_workflow: true }, everywhere)).toBe('dashboard');
    expect(nextHint({ hint_workflow: true, hint_dashboard: true }, everywhere)).toBe('help');
    expect(nextHint({ hint_workflow: true, hint_dashboard: true, hint_help: true }, everywhere)).toBe('filter');
    expect(
      nextHint({ hint_workflow: true, hint_dashboard: true, hint_help: true, hint_filter: true }, everywhere),
    ).toBeNull();
  });

  it('never skip ahead while an earlier hint is waiting for its anchor', () => {
    const onlyFilter = (h: string) => h === 'filter';
    expect(nextHint({}, onlyFilter, everywhere)).toBeNull();
    // a hint whose anchor this build does not have at all is passed over
    expect(nextHint({ hint_workflow: true, hint_dashboard: true }, onlyFilter, onlyFilter)).toBe('filter');
  });

  it('read the user settings JSON defensively', () => {
    expect(parseUserSettings('{"hint_workflow":true}')).toEqual({ hint_workflow: true });
    expect(parseUserSettings('not json')).toEqual({});
    expect(parseUserSettings('[1]')).toEqual({});
    expect(parseUserSettings(null)).toEqual({});
  });

  it('show the popup hint until Do not show again, never to admins', () => {
    expect(showPopupHint({}, false, false)).toBe(true);
    expect(showPopupHint({}, true, false)).toBe(false);
    expect(showPopupHint({ hint_popup: true }, false, false)).toBe(false);
    expect(showPopupHint({}, false, true)).toBe(false);
  });
});

describe('the error catalogue', () => {
  const gql = (code: string | undefined, message = 'server says', info?: unknown) => ({
    data: null,
    errors: [{ message, ...(code ? { extensions: { code, ...(info ? { info } : {}) } } : {}) }],
  });

  it('signs out on 401, 500 and UNAUTHENTICATED', () => {
    expect(classifyCall(401, null)).toEqual({ kind: 'signOut' });
    expect(classifyCall(500, null)).toEqual({ kind: 'signOut' });
    expect(classifyCall(200, gql('UNAUTHENTICATED'))).toEqual({ kind: 'signOut' });
  });

  it('shows the internal text for VALIDATION_ERROR and SYNTAX_ERROR and reports them', () => {
    expect(classifyCall(200, gql('VALIDATION_ERROR'))).toMatchObject({
      message: 'app.error.internal_validation',
      report: true,
    });
    expect(classifyCall(200, gql('SYNTAX_ERROR'))).toMatchObject({
      message: 'app.error.internal_validation',
      report: true,
    });
    // a document the server could not parse or validate
    expect(classifyCall(400, gql(undefined, 'Syntax Error: Unexpected Name'))).toMatchObject({
      message: 'app.error.internal_validation',
      report: true,
    });
    expect(classifyCall(400, gql('GRAPHQL_VALIDATION_FAILED'))).toMatchObject({ report: true });
  });

  it('keeps per-field validation for the form: invalid form text, nothing reported', () => {
    expect(classifyCall(200, gql('VALIDATION_ERROR', 'x', { fields: { name: 'Required' } }))).toMatchObject({
      message: 'app.error.invalid_form',
      report: false,
    });
  });

  it("shows 'Oops…' for INTERNAL_SERVER_ERROR and the server's message otherwise", () => {
    expect(classifyCall(200, gql('INTERNAL_SERVER_ERROR'))).toMatchObject({
      message: 'app.error.internal',
      report: false,
    });
    expect(classifyCall(200, gql('FORBIDDEN', 'You may not'))).toMatchObject({
      message: 'You may not',
      code: 'FORBIDDEN',
    });
    expect(classifyCall(200, gql('NOT_FOUND', 'No such tank'))).toMatchObject({ message: 'No such tank' });
    expect(classifyCall(200, { data: { ok: true } })).toEqual({ kind: 'ok' });
  });

  it('offers More info for item, product and vessel errors only', () => {
    expect(hasMoreInfo({ itemId: '12' })).toBe(true);
    expect(hasMoreInfo({ type: 'vessel', id: '3' })).toBe(true);
    expect(hasMoreInfo({ product: { id: '1' } })).toBe(true);
    expect(hasMoreInfo({ fields: { name: 'Required' } })).toBe(false);
    expect(hasMoreInfo(undefined)).toBe(false);
  });

  it('summarizes the failed request for the report', () => {
    expect(
      summarizeRequest(JSON.stringify({ query: 'query A { a }', variables: { x: 1 }, operationName: 'A' })),
    ).toEqual({
      query: 'query A { a }',
      variables: '{"x":1}',
      operationName: 'A',
    });
    expect(summarizeRequest(undefined)).toEqual({});
  });
});

describe('the error banner', () => {
  afterEach(() => vi.useRealTimers());

  it('closes after 10 seconds, or on Close', () => {
    vi.useFakeTimers();
    const banner = createErrorBanner(() => Date.now());
    banner.show({ message: 'app.error.internal' });
    expect(banner.get()?.message).toBe('app.error.internal');
    vi.advanceTimersByTime(ERROR_BANNER_TIMEOUT_MS - 1);
    expect(banner.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(banner.get()).toBeNull();
    banner.show({ message: 'again' });
    banner.close();
    expect(banner.get()).toBeNull();
  });

  it('joins the same failure reported twice (API call, then react-admin) into one entry', () => {
    vi.useFakeTimers();
    const banner = createErrorBanner(() => Date.now());
    banner.show({ message: 'No such tank', code: 'NOT_FOUND', info: { tankId: '4' } });
    const id = banner.get()?.id;
    banner.show({ message: 'No such tank' });
    expect(banner.get()).toMatchObject({ id, code: 'NOT_FOUND', info: { tankId: '4' } });
  });
});

describe('client error reports', () => {
  it('are deduplicated and limited', () => {
    const send = vi.fn(() => Promise.resolve(true));
    const report = createClientErrorReporter(send, () => 0);
    expect(report({ message: 'a' })).toBe(true);
    expect(report({ message: 'a' })).toBe(false);
    for (let i = 0; i < 20; i++) report({ message: `m${i}` });
    expect(send).toHaveBeenCalledTimes(10);
  });

  it('are cut to the 20,000 characters the server takes, not lost', () => {
    const send = vi.fn((_input: { query?: string; message: string }) => Promise.resolve(true));
    const report = createClientErrorReporter(send, () => 0);
    report({ message: 'x'.repeat(25_000), query: 'q'.repeat(20_000) });
    const sent = send.mock.calls[0][0];
    expect(sent.message).toHaveLength(20_000);
    expect(sent.message.endsWith('…')).toBe(true);
    expect(sent.query).toHaveLength(20_000);
    expect(sent.query!.endsWith('q')).toBe(true);
  });
});

describe('task and alert checks', () => {
  it('run at most every 5 minutes per company', () => {
    expect(CHECK_INTERVAL_MS).toBe(300_000);
    expect(isStale({ companyId: '1', fetchedAt: 0 }, '1', CHECK_INTERVAL_MS - 1)).toBe(false);
    expect(isStale({ companyId: '1', fetchedAt: 0 }, '1', CHECK_INTERVAL_MS)).toBe(true);
    expect(isStale({ companyId: '1', fetchedAt: 0 }, '2', 1)).toBe(true);
  });
});

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with ChunkLoadError after 120 seconds', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((e: unknown) => e);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('resolves a chunk that arrives in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve(42), 1000)).resolves.toBe(42);
  });

  it('turns import failures into ChunkLoadError, and style chunks into CSS_CHUNK_LOAD_FAILED', async () => {
    const js = await withChunkTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).catch((e: unknown) => e as Error);
    expect(js.name).toBe('ChunkLoadError');
    const css = await withChunkTimeout(() =>
      Promise.reject(new Error('Unable to preload CSS for /assets/a.css')),
    ).catch((e: unknown) => e as Error);
    expect(css.name).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(isChunkLoadError(new Error('plain'))).toBe(false);
  });
});
