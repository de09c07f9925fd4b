// Small GraphQL calls of the shell (tasks, alerts, settings, counts) on the main endpoint, or
// the service's one named (spec 7), through the observed authorized fetch. `silent` keeps
// failures off the error banner.
import { graphqlPathOf, type StaffService } from '../../shared/services';
import { readStored, STORAGE_KEYS } from '../storage';
import { SILENT_HEADER } from './apiObserver';

export class GraphQLCallError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GraphQLCallError';
  }
}

export async function gqlCall<T>(
  fetchImpl: typeof fetch,
  query: string,
  variables: Record<string, unknown> = {},
  options: { silent?: boolean; operationName?: string; service?: StaffService } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.silent) headers[SILENT_HEADER] = '1';
  const operationName = options.operationName ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  const response = await fetchImpl(graphqlPathOf(options.service ?? 'main', readStored(STORAGE_KEYS.companyId)), {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
  });
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null;
  if (body?.errors?.length)
    throw new GraphQLCallError(body.errors[0].message, body.errors[0].extensions?.code ?? undefined);
  if (!response.ok || !body?.data) throw new GraphQLCallError(`HTTP ${response.status}`);
  return body.data;
}
