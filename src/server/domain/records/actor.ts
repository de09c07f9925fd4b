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

/** The actor with `values` lent, for a document the app copies from a saved one (a conversion,
 * a receipt from its purchase order, a recurring copy): its prices come from that source, which
 * someone allowed to set prices saved, not from the person. The caller answers no price beyond
 * what the person may read (the new id, or the record cut to their fields). */
export const lendingValues = (actor: Actor): Actor =>
  actor.permissions.includes('values') ? actor : { ...actor, permissions: [...actor.permissions, 'values'] };
