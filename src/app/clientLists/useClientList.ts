// useClientList('customer'): the company's customers (products, items), loaded once and kept
// in sync; sorted by name case-insensitively.
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { DataProviderContext } from 'ra-core';
import type { AppDataProvider } from '../data/dataProvider';
import { useCurrentCompany } from '../services';
import { ClientLists, type ClientListName, type ClientListState, type ClientRecord } from './clientLists';

const registries = new WeakMap<object, ClientLists>();

function registryFor(dataProvider: AppDataProvider): ClientLists {
  let registry = registries.get(dataProvider);
  if (!registry) {
    registry = new ClientLists(dataProvider);
    registries.set(dataProvider, registry);
  }
  return registry;
}

const EMPTY: ClientListState = { records: [], status: 'idle' };
const noop = () => () => {};

export function useClientList<T extends ClientRecord = ClientRecord>(name: ClientListName): ClientListState<T> {
  // the raw dataProvider: react-admin's proxy would wrap onWrite's answer as a promise
  const dataProvider = useContext(DataProviderContext) as AppDataProvider | null;
  const company = useCurrentCompany();
  const companyId = company ? String(company.id) : null;
  const usable = dataProvider && typeof dataProvider.loadAll === 'function' ? dataProvider : null;
  const list = companyId && usable ? registryFor(usable).get(companyId, name) : null;
  const state = useSyncExternalStore(list?.subscribe ?? noop, list?.getState ?? (() => EMPTY));
  useEffect(() => {
    if (!list || !companyId || !usable) return;
    registryFor(usable).keepOnly(companyId);
    void list.ensureLoaded();
  }, [list, companyId, usable]);
  return state as ClientListState<T>;
}
