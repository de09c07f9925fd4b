// @vitest-environment happy-dom
// The accounting setup page's Taxes tab: each of the company's taxes gets the accounting
// system's tax code it is sent with. A choice is saved at once; a refusal is shown and the
// select goes back to the saved code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, type I18nProvider } from 'react-admin';
import type { ReactElement } from 'react';
import { ServicesProvider, type AppServices } from '../../src/app/services';
import { TaxCodesTable } from '../../src/app/pages/accountingSetup/TaxCodesTable';
import { AccountingSetupPage } from '../../src/app/pages/accountingSetup/AccountingSetupPage';
import type { TaxCodeMapping, TaxCodeMappings } from '../../src/app/pages/accountingSetup/api';
import { accountingSetupMessages } from '../../src/app/pages/accountingSetup/messages';

const texts = accountingSetupMessages.en.app.pages.accountingSetup as Record<string, string>;
const translate = (key: string) => texts[key.replace(/^app\.pages\.accountingSetup\./, '')] ?? key;
const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};

const HST = { ref: '13', name: 'HST ON', salesRates: 'HST ON 13%', purchaseRates: 'HST ON 13%' };
const EXEMPT = { ref: '3', name: 'Exempt', salesRates: 'Exempt 0%', purchaseRates: '' };
const taxCodes = (usesSalesTax: boolean | null): TaxCodeMappings => ({
  usesSalesTax,
  codes: [HST, EXEMPT],
  taxes: [
    { kind: 'tax', taxId: '5', name: 'HST ON', rate: 13, active: true, code: null },
    { kind: 'tax', taxId: '2', name: 'PST BC', rate: 7, active: false, code: null },
    { kind: 'untaxed', taxId: null, name: '', rate: null, active: true, code: EXEMPT },
    { kind: 'stated', taxId: null, name: '', rate: null, active: true, code: null },
  ],
});

type Body = { query: string; variables?: { taxId: string | null; ref: string | null; kind?: string } };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A fetch answering accountingTaxCodes, and accountingTaxCodeSet with `set`. */
function answering(mappings: TaxCodeMappings, set: (v: Body['variables']) => unknown) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Body;
    if (body.query.includes('accountingTaxCodeSet')) return json(set(body.variables));
    if (body.query.includes('accountMappings')) return json({ data: { accountMappings: [] } });
    return json({ data: { accountingTaxCodes: mappings } });
  });
}

function renderTable(authFetch: typeof fetch, screenOf: ReactElement = <TaxCodesTable />) {
  const state = { current: { id: '1', name: 'Distillerie' }, companies: [], loading: false };
  const services = {
    authFetch,
    companies: { getState: () => state, subscribe: () => () => undefined },
  } as unknown as AppServices;
  render(
    <ServicesProvider services={services}>
      <AdminContext i18nProvider={i18nProvider}>
        {screenOf}
        <Notification />
      </AdminContext>
    </ServicesProvider>,
  );
}

/** Opens the row's select and clicks the option, as a person would. */
async function pick(row: HTMLElement, option: string) {
  fireEvent.mouseDown(within(row).getByRole('combobox', { name: 'Tax code' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const selected = (row: HTMLElement) => within(row).getByRole('combobox', { name: 'Tax code' }).textContent;
const calls = (fetch: ReturnType<typeof answering>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Body);

describe('accounting setup: Taxes tab', () => {
  afterEach(cleanup);

  it('lists the taxes with their codes and saves a code chosen for a tax', async () => {
    const fetch = answering(taxCodes(true), (v) => ({
      data: {
        accountingTaxCodeSet: {
          kind: 'tax',
          taxId: v?.taxId ?? null,
          name: 'HST ON',
          rate: 13,
          active: true,
          code: HST,
        } satisfies TaxCodeMapping,
      },
    }));
    renderTable(fetch);
    const hst = await screen.findByTestId('taxcode-5');
    expect(screen.getByText(texts.taxUsed)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tax' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tax code' })).toBeTruthy();
    expect(within(hst).getByText('HST ON — 13%')).toBeTruthy();
    expect(within(hst).queryByText(/no longer in use/)).toBeNull();
    // a tax no longer in use stays (documents issued before carry it), said so
    expect(screen.getByTestId('taxcode-2').textContent).toMatch(/^PST BC — 7% \(no longer in use\)/);
    expect(selected(hst)).toBe('—');
    const none = screen.getByTestId('taxcode-none');
    expect(within(none).getByText('Lines with no tax')).toBeTruthy();
    expect(selected(none)).toBe('Exempt (Exempt 0%)');
    const stated = screen.getByTestId('taxcode-stated');
    expect(within(stated).getByText('Tax as charged by a till')).toBeTruthy();
    expect(selected(stated)).toBe('—');

    await pick(hst, 'HST ON (HST ON 13%)');
    expect(await screen.findByText('Tax code saved')).toBeTruthy();
    const set = calls(fetch).filter((b) => b.query.includes('accountingTaxCodeSet'));
    expect(set.map((b) => b.variables)).toEqual([{ taxId: '5', ref: '13', kind: 'tax' }]);
    expect(selected(screen.getByTestId('taxcode-5'))).toBe('HST ON (HST ON 13%)');
  });

  it('shows a refusal and puts the saved code back', async () => {
    const refusal = 'The code HST ON charges 13%, not the 0% of lines with no tax';
    const fetch = answering(taxCodes(true), () => ({
      data: null,
      errors: [{ message: refusal, extensions: { code: 'CONFLICT' } }],
    }));
    renderTable(fetch);
    const hst = await screen.findByTestId('taxcode-5');
    await pick(hst, 'Exempt (Exempt 0%)');
    expect(await screen.findByText(refusal)).toBeTruthy();
    await waitFor(() => expect(selected(screen.getByTestId('taxcode-5'))).toBe('—'));
    const set = calls(fetch).filter((b) => b.query.includes('accountingTaxCodeSet'));
    expect(set.map((b) => b.variables)).toEqual([{ taxId: '5', ref: '3', kind: 'tax' }]);
  });

  it('says the tax settings are read with the chart until they were', async () => {
    renderTable(answering(taxCodes(null), () => ({})));
    expect(await screen.findByText(texts.taxUnread)).toBeTruthy();
  });

  it('says no tax code is needed when the company over there charges no sales tax, showing the table', async () => {
    renderTable(answering(taxCodes(false), () => ({})));
    expect(await screen.findByText(texts.taxUnused)).toBeTruthy();
    expect(screen.getByTestId('taxcode-5')).toBeTruthy();
  });

  it('is the third tab of the page, with no search box', async () => {
    renderTable(
      answering(taxCodes(true), () => ({})),
      <AccountingSetupPage />,
    );
    expect(await screen.findByRole('searchbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Taxes' }));
    expect(await screen.findByTestId('taxcode-5')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
