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
}
