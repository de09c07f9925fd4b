// The `companies` query. Its answer does not depend on the company in the path (the user's
// own memberships), so it is sent to /graphql/{stored id}, or to /graphql when no id is
// stored yet; a stored id the user lost access to is dropped and the call retried on /graphql.
import { parse } from 'graphql';
import type { ApolloClient } from '@apollo/client';
import type { Company } from './companies';
import { graphqlPath } from '../data/apollo';
import { describeApiError } from '../data/errors';
import { STORAGE_KEYS, writeStored } from '../storage';

export function createCompaniesLoader(client: ApolloClient<unknown>, companiesDocument: string) {
  const query = parse(companiesDocument);
  const run = async (companyId: string | null): Promise<Company[]> => {
    const result = await client.query<{ companies: Company[] }>({
      query,
      fetchPolicy: 'no-cache',
      context: { uri: graphqlPath(companyId) },
    });
    return (result.data?.companies ?? []).map((c) => ({ ...c, id: String(c.id), permissions: c.permissions ?? [] }));
  };
  return async (storedId: string | null): Promise<Company[]> => {
    try {
      return await run(storedId);
    } catch (error) {
      const { status } = describeApiError(error);
      if (storedId && (status === 403 || status === 404)) {
        writeStored(STORAGE_KEYS.companyId, null);
        return run(null);
      }
      throw Object.assign(error as object, { status });
    }
  };
}
