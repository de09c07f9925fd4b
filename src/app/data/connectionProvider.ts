// A react-admin dataProvider for a hand-written connection query (a vessel's transactions2,
// auditEntries2): what the generic dataProvider does for generated entities, for a query it
// does not know. Pages of a Relay connection through the cursor memory of ./paging (first/
// after, last for the last page, walking where no cursor is known), the list's extra answer
// (totals, the owner's name) in the result's `meta`, failures as react-admin HttpErrors.
// A screen puts it in a DataProviderContext around its <List>.
import { HttpError, type DataProvider, type GetListParams } from 'ra-core';
import { ApiProblem, describeApiError, type ErrorCode } from './errors';
import { CursorCache, fetchListPage, listKey, type PageRequest } from './paging';
import { gqlCall, GraphQLCallError } from '../shell/gql';

/** One page of a connection as the fetcher answers it. */
export interface ConnectionAnswer<T, M = unknown> {
  nodes: T[];
  cursors: string[];
  total: number;
  hasNextPage: boolean;
  /** anything else the query answered, handed to the list as `meta` */
  meta?: M;
}

export interface ConnectionSource<T = object, M = unknown> {
  /** the query arguments of a list state, without paging (also the cursor memory's key) */
  variables: (params: GetListParams) => Record<string, unknown>;
  fetch: (variables: Record<string, unknown>, request: PageRequest) => Promise<ConnectionAnswer<T, M>>;
}

export type ConnectionDataProvider = DataProvider & {
  /** forgets the cursors of a resource's lists (after a write moved rows) */
  forget: (resource: string) => void;
};

const notAvailable = (what: string) => () => Promise.reject(new HttpError(`${what} is not available here`, 400));

export function toListError(error: unknown): unknown {
  if ((error as { name?: string })?.name === 'AbortError') return error;
  const d = describeApiError(error);
  return new HttpError(d.message, d.status, d.body);
}

export function createConnectionProvider(sources: Record<string, ConnectionSource>): ConnectionDataProvider {
  const cursors = new CursorCache();
  const getList = (async (resource: string, params: GetListParams) => {
    const source = sources[resource];
    if (!source) throw new HttpError(`Unknown list "${resource}"`, 400);
    try {
      const variables = source.variables(params);
      const key = listKey(resource, variables);
      let meta: unknown;
      const page = await fetchListPage(
        cursors,
        key,
        params.pagination?.page ?? 1,
        params.pagination?.perPage ?? 25,
        async (request) => {
          const answer = await source.fetch(variables, request);
          meta = answer.meta;
          return answer;
        },
      );
      return { ...page, meta };
    } catch (error) {
      throw toListError(error);
    }
  }) as DataProvider['getList'];

  return {
    getList,
    getOne: notAvailable('getOne'),
    getMany: notAvailable('getMany'),
    getManyReference: notAvailable('getManyReference'),
    create: notAvailable('create'),
    update: notAvailable('update'),
    updateMany: notAvailable('updateMany'),
    delete: notAvailable('delete'),
    deleteMany: notAvailable('deleteMany'),
    forget: (resource) => cursors.forgetResource(resource),
  };
}

/**
 * A GraphQL call on the current company's endpoint through the observed authorized fetch (the
 * error banner shows failures); a GraphQL error is thrown shaped like an Apollo error, so
 * describeApiError reads its code.
 */
export async function callApi<T>(
  fetchImpl: typeof fetch,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  try {
    return await gqlCall<T>(fetchImpl, query, variables);
  } catch (error) {
    if (error instanceof GraphQLCallError)
      throw new ApiProblem((error.code ?? 'INTERNAL_SERVER_ERROR') as ErrorCode, error.message);
    throw error;
  }
}

/** Relay connection fields -> ConnectionAnswer. */
export function answerOf<T>(
  connection: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean };
    edges: { cursor: string; node: T }[];
  },
  meta?: unknown,
): ConnectionAnswer<T> {
  return {
    nodes: connection.edges.map((e) => e.node),
    cursors: connection.edges.map((e) => e.cursor),
    total: connection.totalCount,
    hasNextPage: connection.pageInfo.hasNextPage,
    meta,
  };
}
