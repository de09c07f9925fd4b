// The companies the signed-in user belongs to, and the one they work in. The current id is
// kept in localStorage `companyId` (spec 9) and picks the GraphQL endpoint /graphql/{id}.
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { setActiveDateSettings } from '../widgets/dateDisplay';

export const FEATURE_FLAGS = [
  'allowMultipleSites',
  'allowAccounting',
  'allowPO',
  'allowCSVExport',
  'allowWine',
  'allowApprovedFormulation',
  'allowAudit',
  'allowPlanning',
  'allowRecurringTransactions',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** What the `companies` query answers (the fields the client reads). */
export interface Company extends Partial<Record<FeatureFlag, boolean>> {
  id: string;
  name: string;
  status?: string | null;
  /** the signed-in user's permissions in this company */
  permissions: string[];
  /** the signed-in user's settings in this company, JSON text */
  userSettings?: string | null;
  maxUsers?: number | null;
  [other: string]: unknown;
}

/** The stored company when the user still belongs to it, else the first one (or none). */
export function pickCompanyId(companies: readonly Pick<Company, 'id'>[], storedId: string | null): string | null {
  if (storedId && companies.some((c) => c.id === storedId)) return storedId;
  return companies[0]?.id ?? null;
}

/** An entity without a feature flag is always on; otherwise the company's flag decides. */
export function isFeatureOn(company: Company | undefined | null, feature: string | undefined): boolean {
  if (!feature) return true;
  return company?.[feature] === true;
}

export const storedCompanyId = (): string | null => readStored(STORAGE_KEYS.companyId);

type Loader = (storedId: string | null) => Promise<Company[]>;

export interface CompanyState {
  companies: Company[] | null;
  current: Company | null;
}

/** Loads the companies once per sign-in and tells subscribers when they change. */
export class CompanyStore {
  private state: CompanyState = { companies: null, current: null };
  private loading: Promise<CompanyState> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly loader: Loader) {}

  getState = (): CompanyState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Runs the companies query unless already done; stores the chosen company id. */
  ensureLoaded(): Promise<CompanyState> {
    if (this.state.companies) return Promise.resolve(this.state);
    if (!this.loading) {
      this.loading = this.loader(storedCompanyId())
        .then((companies) => {
          const id = pickCompanyId(companies, storedCompanyId());
          writeStored(STORAGE_KEYS.companyId, id);
          this.set({ companies, current: companies.find((c) => c.id === id) ?? null });
          return this.state;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  /** Makes `id` the current company (the caller reloads the screens). */
  select(id: string): void {
    const current = this.state.companies?.find((c) => c.id === id);
    if (!current) return;
    writeStored(STORAGE_KEYS.companyId, id);
    this.set({ ...this.state, current });
  }

  /** Forgets the loaded list (sign-out, lost session); the stored id is kept for next time. */
  reset(): void {
    this.set({ companies: null, current: null });
  }

  permissions(): string[] {
    return this.state.current?.permissions ?? [];
  }

  private set(state: CompanyState): void {
    this.state = state;
    // every date and time on screen follows the current company's formats and zone
    setActiveDateSettings(state.current?.settings as Record<string, unknown> | null | undefined);
    for (const listener of this.listeners) listener();
  }
}
