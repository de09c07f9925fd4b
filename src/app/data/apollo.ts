// The Apollo client of the main endpoint: POST /graphql/{companyId}, the company id read from
// localStorage on every request (so a company switch needs no new client).
import { ApolloClient, HttpLink, InMemoryCache, type Operation } from '@apollo/client';
import { readStored, STORAGE_KEYS } from '../storage';
import { graphqlPathOf } from '../../shared/services';

/** `/graphql/{companyId}`, or `/graphql` before any company is known. */
export function graphqlPath(companyId: string | null): string {
  return graphqlPathOf('main', companyId);
}

export function createApolloClient(authFetch: typeof fetch): ApolloClient<unknown> {
  const link = new HttpLink({
    // an operation may pin its endpoint with `context: { uri }` (the companies query does)
    uri: (_operation: Operation) => graphqlPath(readStored(STORAGE_KEYS.companyId)),
    fetch: authFetch,
  });
  return new ApolloClient({
    link,
    cache: new InMemoryCache(),
    // react-admin caches with react-query; Apollo's normalized cache would only go stale
    defaultOptions: {
      query: { fetchPolicy: 'no-cache' },
      watchQuery: { fetchPolicy: 'no-cache' },
      mutate: { fetchPolicy: 'no-cache' },
    },
  });
}
