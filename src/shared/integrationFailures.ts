// Every kind of record the integrations' sync log (integration_sync_log.entity_type) holds, so
// the server names each failed one (src/server/domain/integrations/failureLabels.ts) and /apps
// has words for each (apps.integration.entity.*). A kind logged by a new sync goes here first:
// the server's table of names then needs it (the type checker says so), and the client's test
// asks for its English and French words.
export const FAILURE_ENTITY_TYPES = [
  // accounting
  'accounts',
  'account',
  'invoice',
  'payment',
  'creditNote',
  'bill',
  'customer',
  'supplier',
  'excisePayable',
  'product',
  'item',
  'itemAccounts',
  'itemChanges',
  // point of sale (Square)
  'squareDay',
  'squareChanges',
  'squareCatalog',
  'squareItem',
  'squareVariation',
  // e-commerce (Shopify)
  'shopifyPoll',
  'shopifyOrder',
  'shopifyStock',
  'shopifyTaxDifference',
  'shopifyDataRequest',
] as const;

export type FailureEntityType = (typeof FAILURE_ENTITY_TYPES)[number];

/** The staff app's screen a failed record opens: a generated entity's edit screen (`entity` is
 * its name in the schema, `id` the record's), or an excise return's screen, found by its form,
 * site and period. */
export interface FailureRecordRef {
  entity: string;
  id: string;
  form?: string | null;
  siteId?: string | null;
  periodStart?: string | null;
  periodEnd?: string | null;
}

/** The `entity` of an excise return's screen (not a generated entity). */
export const EXCISE_RETURN_SCREEN = 'exciseReturn';

/** A record the other system did not take, as /apps lists it (Integration.failures). */
export interface IntegrationFailure {
  entityType: string;
  entityId: string;
  attempts: number;
  error: string | null;
  at: string;
  /** what a person calls the record (its number or name); null: deleted since, or one of a kind */
  label: string | null;
  /** the staff screen that opens it, if any */
  record: FailureRecordRef | null;
}
