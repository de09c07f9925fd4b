import type { Db } from '../../db/connect';

/** Who is acting, in which company, with which permissions: built once per request. */
export interface Actor {
  userId: string;
  companyId: string;
  permissions: string[];
  /** the company's feature flags (allowPO, allowWine, …) */
  features: Record<string, boolean>;
}

export interface DomainContext {
  db: Db;
  actor: Actor;
  /** records imported as history (the demo's past production, an import of past records):
   * saved and checked like any other, but not posted, as their movements are in the ledgers
   * already (seeded or carried over as opening balances) */
  history?: boolean;
}
