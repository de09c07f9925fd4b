// The browser's schema introspection. ra-data-graphql requires one before it runs a call, but it
// only uses it to guess resources from operation names (`allCustomers`, `createCustomer`…), which
// this API does not follow, and hands the result to the app's buildQuery
// (src/app/data/buildQuery.ts), which ignores it: every react-admin call is answered by the
// generated documents of operations.ts. So the browser gets the root types and nothing else,
// instead of 13 KiB gzipped of types in the first page load that no code reads.
import { BANNER } from './banner';

export function emitClientIntrospection(): string {
  const schema = {
    queryType: { kind: 'OBJECT', name: 'Query' },
    mutationType: { kind: 'OBJECT', name: 'Mutation' },
    subscriptionType: null,
    types: [],
    directives: [],
  };
  return `${BANNER}import type { IntrospectionQuery } from 'graphql';

/** Root types only: see generators/emit/introspection.ts for why no other type is needed. */
export const introspection: IntrospectionQuery = { __schema: ${JSON.stringify(schema)} };
`;
}
