// react-admin dataProvider: ra-data-graphql's buildDataProvider fed the generated schema
// introspection (no introspection round trip) and our buildQuery, wrapped for what one
// GraphQL call per react-admin call cannot do:
//   - getList pages a Relay connection through the cursor memory of paging.ts;
//   - getMany asks getOne per id (the API has no "id in" filter; the lists that call it,
//     reference pickers, ask for a handful of ids);
//   - every failure is mapped by errors.ts to an HttpError react-admin understands.
import buildDataProvider from 'ra-data-graphql';
import { HttpError, type DataProvider, type Identifier } from 'ra-core';
import { parse, type IntrospectionQuery } from 'graphql';
import type { ApolloClient } from '@apollo/client';
import { createBuildQuery, listArguments, type BuildQueryDeps, type ListResponseMeta } from './buildQuery';
import { CursorCache, fetchListPage, listKey, loadAllPages } from './paging';
import { describeApiError } from './errors';

export interface DataProviderDeps extends BuildQueryDeps {
  client: ApolloClient<unknown>;
  introspection: IntrospectionQuery;
}

export interface ExportParams {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

/** A write through the dataProvider, for the client lists that mirror a resource. */
export type WriteEvent =
  | { resource: string; type: 'create' | 'update'; record: Record<string, unknown> & { id: Identifier } }
  | { resource: string; type: 'delete'; ids: Identifier[] };

export interface LoadAllOptions {
  /** rows per request (the spec's lazy-load page size, 100) */
  pageSize?: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  filter?: Record<string, unknown>;
  signal?: AbortSignal;
}

export type AppDataProvider = DataProvider & {
  /** runs the entity's export query; answers the URL of the CSV file */
  exportUrl: (resource: string, params: ExportParams) => Promise<string>;
  /** every row of a connection, in pages of `pageSize`, looping on hasNextPage and endCursor */
  loadAll: <T = Record<string, unknown>>(resource: string, options?: LoadAllOptions) => Promise<T[]>;
  /** called after every successful create, update and delete; answers the unsubscribe */
  onWrite: (listener: (event: WriteEvent) => void) => () => void;
};

export const LAZY_PAGE_SIZE = 100;

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError && (error.body as { errors?: unknown } | undefined)?.errors) return error;
  const d = describeApiError(error);
  return new HttpError(d.message, d.status, d.body);
}

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    throw toHttpError(error);
  }
}

export function createDataProvider(deps: DataProviderDeps): AppDataProvider {
  const buildQuery = createBuildQuery(deps);
  const base = buildDataProvider({
    client: deps.client,
    introspection: { schema: deps.introspection.__schema },
    buildQuery: () => buildQuery,
    query: () => ({ fetchPolicy: 'no-cache' }),
    mutation: () => ({ fetchPolicy: 'no-cache' }),
  });
  const cursors = new CursorCache();
  const byPlural = new Map(deps.entities.map((e) => [e.plural, e]));

  const getList = ((resource: string, params: Parameters<DataProvider['getList']>[1]) =>
    mapped(async () => {
      const key = listKey(resource, listArguments(params));
      const page = params.pagination?.page ?? 1;
      const perPage = params.pagination?.perPage ?? 25;
      const result = await fetchListPage(cursors, key, page, perPage, async (request) => {
        const r = await base.getList(resource, { ...params, meta: { ...params.meta, paging: request } });
        return {
          nodes: r.data,
          cursors: (r.meta as ListResponseMeta).cursors,
          total: r.total ?? 0,
          totalExact: (r.meta as ListResponseMeta).totalExact,
          hasNextPage: !!r.pageInfo?.hasNextPage,
        };
      });
      return result;
    })) as DataProvider['getList'];

  const listeners = new Set<(event: WriteEvent) => void>();
  const emit = (event: WriteEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  };

  const afterWrite = <T>(resource: string, run: () => Promise<T>, event?: (result: T) => WriteEvent | undefined) =>
    mapped(async () => {
      const result = await run();
      cursors.forgetResource(resource);
      const e = event?.(result);
      if (e) emit(e);
      return result;
    });

  const recordEvent =
    (resource: string, type: 'create' | 'update') =>
    (result: { data?: unknown }): WriteEvent | undefined => {
      const record = result?.data as (Record<string, unknown> & { id: Identifier }) | undefined;
      return record && record.id !== undefined && record.id !== null ? { resource, type, record } : undefined;
    };

  return {
    getList,
    getManyReference: (resource, params) =>
      getList(resource, {
        pagination: params.pagination,
        sort: params.sort,
        filter: { ...params.filter, [params.target]: params.id },
        meta: params.meta,
        signal: params.signal,
      }),
    getOne: (resource, params) => mapped(() => base.getOne(resource, params)),
    getMany: (resource, params) =>
      mapped(async () => {
        const ids = [...new Set(params.ids.map(String))] as Identifier[];
        const settled = await Promise.allSettled(ids.map((id) => base.getOne(resource, { id, meta: params.meta, signal: params.signal })));
        const data = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.data] : []));
        const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
        // a reference to a deleted row is shown as missing; only a total failure is an error
        if (failure && data.length === 0) throw failure.reason;
        return { data };
      }),
    create: (resource, params) =>
      afterWrite(resource, () => base.create(resource, params), recordEvent(resource, 'create')),
    update: (resource, params) =>
      afterWrite(resource, () => base.update(resource, params), recordEvent(resource, 'update')),
    updateMany: async () => {
      throw new HttpError('Bulk update is not available', 400);
    },
    delete: (resource, params) =>
      afterWrite(
        resource,
        () => base.delete(resource, params),
        () => ({ resource, type: 'delete', ids: [params.id] }),
      ),
    // answers the deleted ids in `data` and `meta.failures` ({id, error}) for the others
    deleteMany: (resource, params) =>
      afterWrite(
        resource,
        () => base.deleteMany(resource, params),
        (result) => ({ resource, type: 'delete', ids: (result.data ?? []) as Identifier[] }),
      ),
    loadAll: <T,>(resource: string, options: LoadAllOptions = {}) =>
      mapped(() =>
        loadAllPages<T>(async (paging) => {
          const r = await base.getList(resource, {
            pagination: { page: 1, perPage: paging.first ?? LAZY_PAGE_SIZE },
            sort: options.sort ?? { field: 'id', order: 'ASC' },
            filter: options.filter ?? {},
            signal: options.signal,
            meta: { paging },
          });
          return {
            nodes: r.data as T[],
            hasNextPage: !!r.pageInfo?.hasNextPage,
            endCursor: (r.meta as ListResponseMeta | undefined)?.endCursor,
          };
        }, options.pageSize ?? LAZY_PAGE_SIZE),
      ),
    onWrite: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    exportUrl: (resource, params) =>
      mapped(async () => {
        const entity = byPlural.get(resource);
        const text = entity && deps.documents[entity.name]?.export;
        if (!entity || !text) throw new Error(`No export for "${resource}"`);
        const response = await deps.client.query({
          query: parse(text),
          variables: listArguments(params),
          fetchPolicy: 'no-cache',
        });
        const url = (response.data as Record<string, unknown>)[entity.ops.export];
        if (typeof url !== 'string' || !url) throw new Error(`${entity.ops.export} answered no URL`);
        return url;
      }),
  };
}
