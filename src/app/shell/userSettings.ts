// The user's settings in the current company (JSON text on the company, spec 3), updated with
// companySetUserSettings, which merges the given keys server-side and answers the whole map.
import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentCompany, useServices } from '../services';
import { gqlCall } from './gql';
import { parseUserSettings, type UserSettings } from './hints';
import { createStore } from './store';

const SET_SETTINGS =
  'mutation CompanySetUserSettings($settings: String!) { companySetUserSettings(settings: $settings) }';

/** answers of the mutation, per company, newer than the loaded company list */
const saved = createStore<Record<string, UserSettings>>({});

export function useUserSettings(): [UserSettings, (patch: UserSettings) => Promise<void>] {
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const all = useSyncExternalStore(saved.subscribe, saved.get);
  const settings = (company && all[company.id]) ?? parseUserSettings(company?.userSettings);
  const update = useCallback(
    async (patch: UserSettings) => {
      if (!company) return;
      const id = company.id;
      // optimistic: the hint goes away at once
      saved.set({ ...saved.get(), [id]: { ...settings, ...patch } });
      const data = await gqlCall<{ companySetUserSettings: string }>(authFetch, SET_SETTINGS, {
        settings: JSON.stringify(patch),
      });
      saved.set({ ...saved.get(), [id]: parseUserSettings(data.companySetUserSettings) });
    },
    [company, authFetch, settings],
  );
  return [settings, update];
}
