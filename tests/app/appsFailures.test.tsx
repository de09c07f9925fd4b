// @vitest-environment happy-dom
// /apps: an integration's failed records read as people know them ("Bill R-0012"), each a link
// to its screen when the person may open it, and the drawer's Apps entry carries the alert dot
// while an add-on needs attention (addOnsWithAlerts), and not otherwise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ServicesProvider, type AppServices } from '../../src/app/services';
import type { Company } from '../../src/app/company/companies';
import type { EntityMeta } from '../../src/shared/meta';
import { entities as clientEntities } from '../../src/generated/clientEntities';
import { IntegrationCard } from '../../src/app/pages/apps/IntegrationCard';
import type { Integration, IntegrationFailure } from '../../src/app/pages/apps/integrations';
import { appsMessages } from '../../src/app/pages/apps/messages';
import { AppMenu } from '../../src/app/layout/AppMenu';
import { FAILURE_ENTITY_TYPES } from '../../src/shared/integrationFailures';

const entities = clientEntities as unknown as EntityMeta[];
const entityByName = Object.fromEntries(entities.map((e) => [e.name, e]));

const at = (tree: unknown, path: string) =>
  path.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], tree);
/** the apps page's texts, polyglot's %{name} filled in and `_` the default, as the app's provider does */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = at(appsMessages.en, key);
  if (typeof text !== 'string') return typeof options._ === 'string' ? options._ : key;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name]));
};
const i18nProvider: I18nProvider = { translate, changeLocale: () => Promise.resolve(), getLocale: () => 'en' };

const EVERYTHING = ['config.read', 'config.write', 'selling.read', 'buying.read', 'inventory.read', 'reports'];

function renderWith(ui: ReactElement, options: { permissions?: string[]; companyId?: string; fetch?: typeof fetch }) {
  const company = {
    id: options.companyId ?? '1',
    name: 'Distillerie',
    permissions: options.permissions ?? EVERYTHING,
    allowAccounting: true,
  } as Company;
  const state = { current: company, companies: [company], loading: false };
  const services = {
    authFetch: options.fetch ?? vi.fn(),
    companies: { getState: () => state, subscribe: () => () => undefined },
    entities,
    entityByName,
  } as unknown as AppServices;
  return render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>
      </MemoryRouter>
    </ServicesProvider>,
  );
}

const failure = (f: Partial<IntegrationFailure> & Pick<IntegrationFailure, 'entityType' | 'entityId'>) => ({
  attempts: 1,
  error: 'QuickBooks Online refused it',
  at: '2026-11-20T15:00:00Z',
  label: null,
  record: null,
  ...f,
});

const quickbooks = (failures: IntegrationFailure[]): Integration => ({
  app: 'quickbooks',
  addOn: 'accounting',
  provider: 'QuickBooks Online',
  enabled: true,
  status: 'connected',
  lastSyncAt: null,
  connectedAt: '2026-11-01T12:00:00Z',
  failures,
});

const FAILURES = [
  failure({
    entityType: 'bill',
    entityId: '812',
    label: 'R-0012',
    record: { entity: 'inventoryReceipt', id: '812' },
  }),
  failure({ entityType: 'invoice', entityId: '57', label: 'F-0042', record: { entity: 'invoice', id: '57' } }),
  failure({
    entityType: 'excisePayable',
    entityId: '90',
    label: 'B262 2026-10-01 – 2026-10-31',
    record: {
      entity: 'exciseReturn',
      id: '90',
      form: 'B262',
      siteId: '4',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
    },
  }),
  // deleted since: its type and id, no link
  failure({ entityType: 'creditNote', entityId: '77' }),
  // no screen of its own
  failure({ entityType: 'account', entityId: '31', label: 'Sales' }),
];

const lines = () =>
  within(screen.getByTestId('integration-quickbooks'))
    .getAllByRole('listitem')
    .map((li) => {
      const link = li.querySelector('a');
      return {
        text: li.querySelector('.MuiListItemText-primary')?.textContent,
        href: link?.getAttribute('href') ?? null,
      };
    });

describe('/apps: the failed records', () => {
  afterEach(cleanup);

  it('names each record as people know it, with a link to its screen', () => {
    renderWith(<IntegrationCard integration={quickbooks(FAILURES)} canConfigure onChanged={() => undefined} />, {});
    expect(lines()).toEqual([
      { text: 'Bill R-0012', href: '/purchasing/inventoryreceipts/812' },
      { text: 'Invoice F-0042', href: '/sales/invoices/57' },
      {
        text: 'Excise duty payable of return B262 2026-10-01 – 2026-10-31',
        href: '/reports/excisewarehouse?siteId=4&periodStart=2026-10-01&periodEnd=2026-10-31',
      },
      { text: 'Credit note of sales return 77', href: null },
      { text: 'Account Sales', href: null },
    ]);
  });

  it('links only to the screens the person may open', () => {
    // Settings only: no purchasing or sales screens; the excise returns are open to config
    renderWith(<IntegrationCard integration={quickbooks(FAILURES)} canConfigure onChanged={() => undefined} />, {
      permissions: ['config.read', 'config.write'],
    });
    expect(lines().map((l) => l.href)).toEqual([
      null,
      null,
      expect.stringMatching(/^\/reports\/excisewarehouse\?/),
      null,
      null,
    ]);
    expect(lines()[0].text).toBe('Bill R-0012');
  });

  it('has English and French words for every kind of record the syncs log', () => {
    const words = (lang: 'en' | 'fr') => at(appsMessages[lang], 'apps.integration.entity') as Record<string, string>;
    for (const type of FAILURE_ENTITY_TYPES) {
      expect(words('en')[type], type).toBeTruthy();
      expect(words('fr')[type], type).toBeTruthy();
    }
  });
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const answeringAlerts = (addOnsWithAlerts: string[]) =>
  vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    return json({ data: body.query.includes('addOnsWithAlerts') ? { addOnsWithAlerts } : {} });
  });
const badge = () => screen.getByTestId('apps-alert').querySelector('.MuiBadge-badge');

describe('the drawer: the Apps alert dot', () => {
  afterEach(cleanup);

  it('shows while an add-on has an alert', async () => {
    const fetch = answeringAlerts(['accounting']);
    // each company its own: the alerts are kept per company for a few minutes
    renderWith(<AppMenu />, { companyId: '11', fetch });
    await waitFor(() => expect(badge()?.classList.contains('MuiBadge-invisible')).toBe(false));
    expect(fetch).toHaveBeenCalled();
    expect(screen.getByTestId('app-menu').textContent).toContain('widgets.needs_attention');
  });

  it('is not shown when no add-on has one', async () => {
    const fetch = answeringAlerts([]);
    renderWith(<AppMenu />, { companyId: '12', fetch });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    // the answer is in: still no dot
    await new Promise((r) => setTimeout(r, 50));
    expect(badge()?.classList.contains('MuiBadge-invisible')).toBe(true);
    expect(screen.getByTestId('app-menu').textContent).not.toContain('widgets.needs_attention');
  });
});
