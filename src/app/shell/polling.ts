// Planning task counts and app alerts (spec 7, 9): checked at most every 5 minutes, shared by
// every component that shows them, silent on failure.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useCurrentCompany, useServices } from '../services';
import { gqlCall } from './gql';
import { createStore } from './store';

export const CHECK_INTERVAL_MS = 5 * 60_000;

interface Polled<T> {
  companyId: string | null;
  value: T | undefined;
  fetchedAt: number;
}

/** Whether a value fetched at `fetchedAt` for `companyId` must be fetched again. */
export function isStale(
  entry: Pick<Polled<unknown>, 'companyId' | 'fetchedAt'>,
  companyId: string,
  now: number,
  interval = CHECK_INTERVAL_MS,
): boolean {
  return entry.companyId !== companyId || now - entry.fetchedAt >= interval;
}

function createPoll<T>(query: string, pick: (data: Record<string, unknown>) => T) {
  const store = createStore<Polled<T>>({ companyId: null, value: undefined, fetchedAt: 0 });
  let inFlight: Promise<void> | null = null;
  const load = (fetchImpl: typeof fetch, companyId: string, force = false) => {
    if (inFlight || (!force && !isStale(store.get(), companyId, Date.now()))) return;
    inFlight = gqlCall<Record<string, unknown>>(fetchImpl, query, {}, { silent: true })
      .then((data) => store.set({ companyId, value: pick(data), fetchedAt: Date.now() }))
      .catch(() => store.set({ ...store.get(), companyId, fetchedAt: Date.now() }))
      .finally(() => {
        inFlight = null;
      });
  };
  return function usePoll(enabled: boolean): [T | undefined, () => void] {
    const { authFetch } = useServices();
    const company = useCurrentCompany();
    const state = useSyncExternalStore(store.subscribe, store.get);
    const companyId = company?.id ?? null;
    useEffect(() => {
      if (!enabled || !companyId) return;
      load(authFetch, companyId);
      const timer = setInterval(() => load(authFetch, companyId), CHECK_INTERVAL_MS);
      return () => clearInterval(timer);
    }, [enabled, companyId, authFetch]);
    const refresh = useCallback(() => {
      if (companyId) load(authFetch, companyId, true);
    }, [authFetch, companyId]);
    return [enabled && state.companyId === companyId ? state.value : undefined, refresh];
  };
}

export const useOutstandingTasks = createPoll(
  'query ActivitiesOutstandingForUser { activitiesOutstandingForUser }',
  (d) => Number(d.activitiesOutstandingForUser ?? 0),
);

export const useAddOnsWithAlerts = createPoll('query AddOnsWithAlerts { addOnsWithAlerts }', (d) =>
  Array.isArray(d.addOnsWithAlerts) ? (d.addOnsWithAlerts as string[]) : [],
);
