// ra-data-graphql's buildQuery: react-admin calls -> the generated operations of
// src/generated/operations.ts. Kept free of React and of the generated modules (they are
// passed in) so it can be tested in node.
import { parse, type DocumentNode } from 'graphql';
import type { EntityMeta } from '../../shared/meta';
import { toFilters, toSort, type ApiFilter, type ListParameters } from './filters';
import { toInput } from './inputs';
import { ApiProblem } from './errors';
import type { PageRequest } from './paging';

export interface EntityDocuments {
  list: string;
  get: string;
  create: string;
  update: string;
  export: string;
}

export interface CommonDocuments {
  objectDelete: string;
  objectsDelete: string;
  companies: string;
}

export interface BuildQueryDeps {
  entities: readonly EntityMeta[];
  /** by entity name */
  documents: Record<string, EntityDocuments>;
  commonDocuments: CommonDocuments;
  /** whether the user holds `values` in the current company */
  holdsValues: () => boolean;
}

export interface BuiltQuery {
  query: DocumentNode;
  variables: Record<string, unknown>;
  parseResponse: (response: { data?: Record<string, unknown> | null }) => unknown;
}

export interface ListVariables {
  first?: number;
  after?: string;
  last?: number;
  filters: ApiFilter[];
  sortKey?: string;
  reverse?: boolean;
  parameters?: ListParameters;
  /** count every matching row, past EXACT_COUNT_LIMIT (the pager's "Count exactly") */
  exactCount?: boolean;
}

/** The version a record was read at (every generated read answers one); none for old data. */
const versionOf = (record: Record<string, unknown> | undefined) =>
  typeof record?.version === 'string' ? record.version : undefined;
const withVersion = (version: string | undefined) => (version ? { expectedVersion: version } : {});

/** What react-admin passes to a dataProvider method (the parts we read). */
export interface QueryParams {
  pagination?: { page: number; perPage: number };
  sort?: { field?: string; order?: string };
  filter?: Record<string, unknown>;
  meta?: { paging?: PageRequest } & Record<string, unknown>;
  id?: string | number;
  ids?: (string | number)[];
  target?: string;
  data?: Record<string, unknown>;
  previousData?: Record<string, unknown>;
}

/** Edge cursors and totals come back in `meta` for the pager (see paging.ts). */
export interface ListResponseMeta {
  cursors: string[];
  /** the connection's pageInfo.endCursor (lazy loading loops on it) */
  endCursor?: string | null;
  /** false: `total` is EXACT_COUNT_LIMIT + 1, "more than the limit" */
  totalExact: boolean;
}

interface Connection {
  totalCount: number;
  totalCountExact?: boolean;
  pageInfo?: { hasNextPage?: boolean; hasPreviousPage?: boolean; endCursor?: string | null };
  edges: { cursor: string; node: Record<string, unknown> }[];
}

interface DeleteResult {
  id: string;
  error?: string | null;
}

/** The list arguments shared by getList, getManyReference and the CSV export. */
export function listArguments(params: {
  filter?: Record<string, unknown>;
  sort?: { field?: string; order?: string };
}): Omit<ListVariables, 'first' | 'after' | 'last'> {
  return { ...toFilters(params.filter), ...toSort(params.sort) };
}

export function createBuildQuery(deps: BuildQueryDeps) {
  const byPlural = new Map(deps.entities.map((e) => [e.plural, e]));
  const parsed = new Map<string, DocumentNode>();
  const doc = (text: string) => {
    let d = parsed.get(text);
    if (!d) {
      d = parse(text);
      parsed.set(text, d);
    }
    return d;
  };

  const entityOf = (resource: string) => {
    const entity = byPlural.get(resource);
    if (!entity) throw new Error(`Unknown resource "${resource}"`);
    return entity;
  };
  const documentsOf = (entity: EntityMeta) => {
    const d = deps.documents[entity.name];
    if (!d) throw new Error(`No generated operations for "${entity.name}"`);
    return d;
  };

  const listQuery = (entity: EntityMeta, params: QueryParams, extraFilter?: Record<string, unknown>): BuiltQuery => {
    const paging: PageRequest = params.meta?.paging ?? { first: params.pagination?.perPage ?? 25 };
    const args = listArguments({ filter: { ...params.filter, ...extraFilter }, sort: params.sort });
    const variables: ListVariables = { ...args, ...paging, ...(params.meta?.exactCount === true && { exactCount: true }) };
    return {
      query: doc(documentsOf(entity).list),
      variables: variables as unknown as Record<string, unknown>,
      parseResponse: (response) => {
        const connection = response.data?.[entity.ops.connection] as Connection | undefined;
        if (!connection) throw new ApiProblem('INTERNAL_SERVER_ERROR', `${entity.ops.connection} answered nothing`);
        const cursors = connection.edges.map((e) => e.cursor);
        const meta: ListResponseMeta = {
          cursors,
          endCursor: connection.pageInfo?.endCursor ?? cursors[cursors.length - 1] ?? null,
          totalExact: connection.totalCountExact !== false,
        };
        return {
          data: connection.edges.map((e) => e.node),
          total: connection.totalCount,
          pageInfo: {
            hasNextPage: !!connection.pageInfo?.hasNextPage,
            hasPreviousPage: !!connection.pageInfo?.hasPreviousPage,
          },
          meta,
        };
      },
    };
  };

  return function buildQuery(raFetchMethod: string, resource: string, params: QueryParams): BuiltQuery {
    switch (raFetchMethod) {
      case 'GET_LIST': {
        return listQuery(entityOf(resource), params);
      }
      case 'GET_MANY_REFERENCE': {
        return listQuery(entityOf(resource), params, { [String(params.target)]: params.id });
      }
      case 'GET_ONE': {
        const entity = entityOf(resource);
        return {
          query: doc(documentsOf(entity).get),
          variables: { id: String(params.id) },
          parseResponse: (response) => {
            const record = response.data?.[entity.ops.get];
            if (!record) throw new ApiProblem('NOT_FOUND', `${entity.label.en} ${params.id} not found`);
            return { data: record };
          },
        };
      }
      case 'CREATE': {
        const entity = entityOf(resource);
        return {
          query: doc(documentsOf(entity).create),
          variables: {
            input: toInput(entity, params.data ?? {}, { holdsValues: deps.holdsValues() }),
            // the task the record was opened from (a production screen's ?activityId=)
            ...(entity.completesTask && params.meta?.activityId ? { activityId: String(params.meta.activityId) } : {}),
          },
          parseResponse: (response) => ({ data: response.data?.[entity.ops.create] }),
        };
      }
      case 'UPDATE': {
        const entity = entityOf(resource);
        return {
          query: doc(documentsOf(entity).update),
          variables: {
            id: String(params.id),
            input: toInput(entity, params.data ?? {}, { holdsValues: deps.holdsValues() }),
            // the version the form loaded: a save over someone else's change answers CONFLICT
            ...withVersion(versionOf(params.previousData) ?? versionOf(params.data)),
          },
          parseResponse: (response) => ({ data: response.data?.[entity.ops.update] }),
        };
      }
      case 'DELETE': {
        entityOf(resource);
        return {
          query: doc(deps.commonDocuments.objectDelete),
          variables: { id: String(params.id) },
          parseResponse: (response) => {
            const result = response.data?.objectDelete as DeleteResult | undefined;
            if (result?.error) throw new ApiProblem('CONFLICT', result.error);
            return { data: params.previousData ?? { id: params.id } };
          },
        };
      }
      case 'DELETE_MANY': {
        entityOf(resource);
        const ids: string[] = (params.ids ?? []).map(String);
        return {
          query: doc(deps.commonDocuments.objectsDelete),
          variables: { ids },
          parseResponse: (response) => {
            const results = (response.data?.objectsDelete ?? []) as DeleteResult[];
            const failures = results.filter((r) => r.error);
            const failed = new Set(failures.map((r) => String(r.id)));
            // one entry per id, or entries only for failures: both read the same way
            const data = (params.ids ?? []).filter((id) => !failed.has(String(id)));
            return { data, meta: { failures } };
          },
        };
      }
      default:
        // GET_MANY is answered by getOne per id (dataProvider.ts); UPDATE_MANY has no operation
        throw new Error(`${raFetchMethod} is not supported for "${resource}"`);
    }
  };
}
