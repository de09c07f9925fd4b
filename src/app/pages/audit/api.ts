// The calls of the audit log page: auditEntries2 (schema/graphql/audit.graphql), and the
// company's members for the user filter when the user may read them.
import type { GetListParams } from 'ra-core';
import {
  answerOf,
  callApi,
  createConnectionProvider,
  type ConnectionDataProvider,
} from '../../data/connectionProvider';
import { toAuditQuery } from './model';

export const AUDIT_RESOURCE = 'auditEntries';

export interface AuditEntryRow {
  id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string;
  event: string;
  changes: string;
}

export const AUDIT_DOCUMENT = `query AuditEntries($first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!],
$sortKey: String, $reverse: Boolean) {
  auditEntries2(first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey,
  reverse: $reverse) {
    totalCount
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges { cursor node { id at userId userName entity entityId event changes } }
  }
}`;

export const MEMBERS_DOCUMENT = `query AuditMembers { companyMembers { id user { id name email } } }`;

interface AuditAnswer {
  auditEntries2: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean };
    edges: { cursor: string; node: AuditEntryRow }[];
  };
}

export function createAuditProvider(fetchImpl: typeof fetch): ConnectionDataProvider {
  return createConnectionProvider({
    [AUDIT_RESOURCE]: {
      variables: (params: GetListParams) => toAuditQuery(params.filter, params.sort),
      fetch: async (variables, request) => {
        const data = await callApi<AuditAnswer>(fetchImpl, AUDIT_DOCUMENT, { ...variables, ...request });
        return answerOf(data.auditEntries2);
      },
    },
  });
}

export interface MemberUser {
  id: string;
  name: string;
}

/** The company's users (needs config.read; an empty list otherwise). */
export async function loadMembers(fetchImpl: typeof fetch): Promise<MemberUser[]> {
  const data = await callApi<{ companyMembers: { user: { id: string; name: string; email: string } }[] }>(
    fetchImpl,
    MEMBERS_DOCUMENT,
  );
  return data.companyMembers.map((m) => ({ id: String(m.user.id), name: m.user.name || m.user.email }));
}
