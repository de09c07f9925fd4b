// The record's sync lines (schema/graphql/integrations.graphql recordSyncs), read through
// react-admin's query cache so the panel follows a push as it happens.
import { useQuery } from '@tanstack/react-query';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';

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

/** How often a line waiting to be sent is looked at again: the job sends within seconds. */
export const QUEUED_POLL_MS = 3_000;

/** Whether a query key of this hook names the record `[companyId, entity, id]` (at any version). */
const sameRecord = (key: readonly unknown[] | undefined, record: readonly unknown[]) =>
  record.every((part, i) => key?.[i + 1] === part);

const isQueued = (syncs: RecordSync[] | undefined) => syncs?.some((s) => s.status === 'queued') ?? false;

/**
 * The sync lines of one record, read again while one waits to be sent and whenever the record's
 * version changes (a save queues a push).
 */
export function useRecordSyncs(entity: string, id: string | null, version: unknown) {
  const { authFetch } = useServices();
  const companyId = useCurrentCompany()?.id ?? null;
  return useQuery({
    queryKey: ['recordSyncs', companyId, entity, id, version],
    queryFn: () =>
      // silent: a person who may not see it, or a failed read, just sees no panel
      gqlCall<{ recordSyncs: RecordSync[] }>(authFetch, RECORD_SYNCS, { entity, id }, { silent: true }).then(
        (r) => r.recordSyncs,
      ),
    enabled: id !== null,
    // a refusal (no permission, feature off) stays one; a poll that fails tries again on the next tick
    retry: false,
    // a save's new version keeps this record's lines up while they are read again
    placeholderData: (previous, previousQuery) =>
      sameRecord(previousQuery?.queryKey, [companyId, entity, id]) ? previous : undefined,
    refetchInterval: (query) => (isQueued(query.state.data) ? QUEUED_POLL_MS : false),
  });
}
