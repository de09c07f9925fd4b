// @vitest-environment happy-dom
// The sync panel of a record's screen follows a push as it happens: a line waiting to be sent
// is read again until it was sent, and a save (a new version) reads the lines again, with no
// reload of the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TestTranslationProvider, type RaRecord } from 'react-admin';
import type { ReactElement } from 'react';
import { ServicesProvider, type AppServices } from '../../src/app/services';
import type { EntityMeta } from '../../src/shared/meta';
import { RecordSyncPanel } from '../../src/app/pages/recordSync/RecordSyncPanel';
import { QUEUED_POLL_MS, type RecordSync } from '../../src/app/pages/recordSync/api';
import { recordSyncMessages } from '../../src/app/pages/recordSync/messages';

const invoice = { name: 'invoice' } as EntityMeta;
const texts = (recordSyncMessages.en as { recordSync: Record<string, string> }).recordSync;
// the app's texts with polyglot's %{name} filled in, as the app's i18n provider does
const translate = (key: string, options?: Record<string, unknown>) =>
  (texts[key.replace(/^recordSync\./, '')] ?? key).replace(/%\{(\w+)\}/g, (_, name: string) => String(options?.[name]));

const line = (status: string, error: string | null = null): RecordSync => ({
  app: 'quickbooks',
  provider: 'QuickBooks Online',
  entityType: 'invoice',
  status,
  error,
  externalId: status === 'succeeded' ? '145' : null,
});

/** A fetch that answers recordSyncs with each status in turn, the last one from then on. */
function answering(...statuses: RecordSync[][]) {
  let call = 0;
  return vi.fn(async () => {
    const recordSyncs = statuses[Math.min(call++, statuses.length - 1)];
    return new Response(JSON.stringify({ data: { recordSyncs } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

function services(authFetch: typeof fetch): AppServices {
  const state = { current: { id: '1', name: 'Distillerie' }, companies: [], loading: false };
  return {
    authFetch,
    companies: { getState: () => state, subscribe: () => () => undefined },
  } as unknown as AppServices;
}

function setup(authFetch: typeof fetch) {
  const queryClient = new QueryClient();
  const panel = (record: RaRecord): ReactElement => (
    <ServicesProvider services={services(authFetch)}>
      <QueryClientProvider client={queryClient}>
        <TestTranslationProvider translate={translate}>
          <RecordSyncPanel entity={invoice} record={record} />
        </TestTranslationProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
  return panel;
}

const syncLine = () => screen.getByTestId('record-sync-quickbooks-invoice');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('record sync panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads a line waiting to be sent again until it was sent, then stops', async () => {
    const fetch = answering([line('queued')], [line('queued')], [line('succeeded')]);
    const panel = setup(fetch);
    render(panel({ id: '7', version: 'v1' }));
    expect(await screen.findByText('Waiting to be sent')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await wait(QUEUED_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(syncLine().textContent).toBe('QuickBooks Online · Invoice: Waiting to be sent');

    await wait(QUEUED_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(syncLine().textContent).toBe('QuickBooks Online · Invoice: Sent');

    // nothing waits any more: no more reads
    await wait(QUEUED_POLL_MS * 5);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reads the lines again when the record is saved, keeping them up meanwhile', async () => {
    const fetch = answering([line('succeeded')], [line('failed', 'Customer is inactive')]);
    const panel = setup(fetch);
    const { rerender } = render(panel({ id: '7', version: 'v1' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    await wait(QUEUED_POLL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(1);

    rerender(panel({ id: '7', version: 'v2' }));
    // the last lines stay up while the new ones are read, not an empty panel
    expect(syncLine().textContent).toBe('QuickBooks Online · Invoice: Sent');
    expect(await screen.findByText('Not sent: Customer is inactive')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("does not show one record's lines on another's screen", async () => {
    const fetch = answering([line('succeeded')], []);
    const panel = setup(fetch);
    const { rerender } = render(panel({ id: '7', version: 'v1' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    rerender(panel({ id: '8', version: 'v1' }));
    expect(screen.queryByTestId('record-sync-quickbooks-invoice')).toBeNull();
    await wait(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('record-sync-quickbooks-invoice')).toBeNull();
  });
});
