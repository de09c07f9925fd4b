// GraphQL calls of the hand-written settings screens, sent with the bearer token to
// /graphql/{companyId}. A failure is thrown shaped like an Apollo error, so
// describeApiError (data/errors.ts) reads its code and per-field messages.
import { useCallback } from 'react';
import { graphqlPathOf, type StaffService } from '../../../shared/services';
import { describeApiError, type GraphQLErrorLike } from '../../data/errors';
import { useCurrentCompany, useServices } from '../../services';

export class GraphQLCallError extends Error {
  constructor(
    readonly graphQLErrors: GraphQLErrorLike[],
    readonly status?: number,
  ) {
    super(graphQLErrors[0]?.message ?? `HTTP ${status ?? '?'}`);
    this.name = 'GraphQLCallError';
  }
}

export async function callGraphQL<T>(
  fetchImpl: typeof fetch,
  companyId: string | null,
  query: string,
  variables?: Record<string, unknown>,
  service: StaffService = 'main',
): Promise<T> {
  const response = await fetchImpl(graphqlPathOf(service, companyId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  let json: { data?: T; errors?: GraphQLErrorLike[] } = {};
  try {
    json = (await response.json()) as typeof json;
  } catch {
    // not JSON: the status decides below
  }
  if (json.errors?.length) throw new GraphQLCallError(json.errors, response.status);
  if (!response.ok || !json.data) throw new GraphQLCallError([], response.status);
  return json.data;
}

/** The sites a setup page maps (e-commerce locations, the tasting room's site), on main. */
export const SITES_QUERY = `query SetupSites { sites2(first: 200, sortKey: "name") { edges { node { id name } } } }`;

/** Calls the API of the current company, on the service's endpoint (main when not named). */
export function useGraphQL(service: StaffService = 'main') {
  const { authFetch } = useServices();
  const company = useCurrentCompany();
  const companyId = company?.id ?? null;
  return useCallback(
    <T>(query: string, variables?: Record<string, unknown>) =>
      callGraphQL<T>(authFetch, companyId, query, variables, service),
    [authFetch, companyId, service],
  );
}

/**
 * What a form's onSubmit answers for a failed save: the per-field messages of a
 * VALIDATION_ERROR (react-admin shows them under the inputs), else undefined after `notify`.
 */
export function submissionErrors(
  error: unknown,
  notify: (message: string) => void,
  rename: Record<string, string> = {},
): Record<string, string> | undefined {
  const described = describeApiError(error);
  const fields = described.body.errors;
  notify(described.message);
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [rename[k] ?? k, v]));
}
