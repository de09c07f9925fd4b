// The record's sync lines (schema/graphql/integrations.graphql recordSyncs).
export interface RecordSync {
  app: string;
  provider: string;
  entityType: string;
  status: 'queued' | 'succeeded' | 'failed' | string;
  error: string | null;
  externalId: string | null;
}

export const RECORD_SYNCS = `query RecordSyncs($entity: String!, $id: ID!) {
  recordSyncs(entity: $entity, id: $id) { app provider entityType status error externalId }
}`;
