// The app's long-lived objects (sign-in session, company list, authorized fetch, entity
// metadata), created once in main.tsx and handed to components through context.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { EntityMeta } from '../shared/meta';
import type { OidcSession } from './auth/oidc';
import type { AppConfig } from './config';
import type { Company, CompanyState, CompanyStore } from './company/companies';

export interface AppServices {
  config: AppConfig;
  session: OidcSession;
  companies: CompanyStore;
  /** fetch with the bearer token (downloads) */
  authFetch: typeof fetch;
  entities: readonly EntityMeta[];
  entityByName: Record<string, EntityMeta>;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

export function useCompanyState(): CompanyState {
  const { companies } = useServices();
  return useSyncExternalStore(companies.subscribe, companies.getState);
}

export function useCurrentCompany(): Company | null {
  return useCompanyState().current;
}
