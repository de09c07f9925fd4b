// @vitest-environment happy-dom
// /apps: back from a connection's consent, it says in the words of the system that answered
// whether it connected (each app's callback, QuickBooks Online, Shopify, Square, comes back to
// /apps); and where accounting is not the company's, that it comes with the plan.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, type I18nProvider } from 'react-admin';
import { ServicesProvider, type AppServices } from '../../src/app/services';
import { AppsPage } from '../../src/app/pages/apps/AppsPage';
import { appsMessages } from '../../src/app/pages/apps/messages';
import type { Integration } from '../../src/app/pages/apps/integrations';

type Tree = { [key: string]: unknown };
/** react-admin's rules over the page's English texts: %{name} filled in, `_` the default */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], appsMessages.en);
  const text = typeof found === 'string' ? found : typeof options._ === 'string' ? options._ : key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => String(options[name] ?? whole));
};
const i18nProvider: I18nProvider = { translate, changeLocale: () => Promise.resolve(), getLocale: () => 'en' };

const integration = (app: string, provider: string, addOn: string): Integration => ({
  app,
  addOn,
  provider,
  enabled: true,
  status: 'connected',
  lastSyncAt: null,
  connectedAt: null,
  failures: [],
});
const INTEGRATIONS = [
  integration('quickbooks', 'QuickBooks Online', 'accounting'),
  integration('shopify', 'Shopify', 'ecommerce'),
  integration('square', 'Square', 'pointOfSale'),
];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let reads = () => 0;

function renderApps(url: string, companyFlags: Record<string, unknown> = {}) {
  const authFetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const { query } = JSON.parse(String(init?.body)) as { query: string };
    if (query.includes('addOnsWithAlerts')) return json({ data: { addOnsWithAlerts: [] } });
    return json({ data: { integrations: INTEGRATIONS } });
  });
  reads = () => authFetch.mock.calls.filter(([, init]) => String(init?.body).includes('query Integrations')).length;
  const company = {
    id: '1',
    name: 'Distillerie',
    permissions: ['config.write'],
    allowAccounting: true,
    connectedToAccounting: true,
    addOns: ['ecommerce', 'pointOfSale'],
    ...companyFlags,
  };
  const state = { current: company, companies: [company], loading: false };
  const services = {
    authFetch,
    companies: { getState: () => state, subscribe: () => () => undefined },
  } as unknown as AppServices;
  render(
    <MemoryRouter initialEntries={[url]}>
      <ServicesProvider services={services}>
        <AdminContext i18nProvider={i18nProvider}>
          <AppsPage />
          <Notification />
        </AdminContext>
      </ServicesProvider>
    </MemoryRouter>,
  );
}

describe('Apps, back from a connection', () => {
  afterEach(cleanup);

  it("names Shopify when Shopify's callback connected, and says it once", async () => {
    renderApps('/apps?connected=shopify');
    expect(await screen.findByText('Shopify is connected')).toBeTruthy();
    expect(screen.queryByText(/accounting system/)).toBeNull();
    // the integrations read again after it do not say it again
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText('Shopify is connected')).toHaveLength(1);
  });

  it('names Square when access was not granted there', async () => {
    renderApps('/apps?failed=square&reason=declined');
    expect(await screen.findByText('Access was not granted in Square')).toBeTruthy();
  });

  it('names QuickBooks Online when its exchange failed, and for a reason it does not know', async () => {
    renderApps('/apps?failed=quickbooks&reason=exchange');
    expect(await screen.findByText('QuickBooks Online could not complete the connection: try again')).toBeTruthy();
    cleanup();
    renderApps('/apps?failed=quickbooks&reason=somethingNew');
    expect(await screen.findByText('QuickBooks Online could not complete the connection: try again')).toBeTruthy();
  });

  it('says accounting comes with the plan where the company does not have it, and not where it does', async () => {
    renderApps('/apps', { allowAccounting: false, connectedToAccounting: false });
    const card = await screen.findByTestId('app-accounting');
    expect(card.textContent).toContain('Not enabled for this company');
    expect(card.textContent).toContain("The accounting integration comes with the company's plan");
    cleanup();
    renderApps('/apps');
    expect((await screen.findByTestId('app-accounting')).textContent).not.toContain('comes with');
  });
});
