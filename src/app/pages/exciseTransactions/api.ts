// The calls of the excise transactions list (spec 7: the vessel or contents object by id with
// its name and transactions2; transactionsExportCSV; the delete by refId).
import type { GetListParams } from 'ra-core';
import {
  answerOf,
  callApi,
  createConnectionProvider,
  type ConnectionDataProvider,
} from '../../data/connectionProvider';
import type { PageRequest } from '../../data/paging';
import { toTransactionQuery } from './model';
import { ownerOf, type TransactionsOwner } from './owners';

export const TRANSACTIONS_RESOURCE = 'exciseTransactions';

export interface ExciseTransactionRow {
  id: string;
  date: string;
  lot: string | null;
  refType: string;
  refId: string;
  excise: string;
  description: string | null;
  comments: string | null;
  volume: number;
  litres: number;
  kg: number | null;
  strength: number | null;
  laa: number;
  value: number | null;
  alcoholType: string;
  alcoholId: string;
  alcoholName: string | null;
  vesselType: string | null;
  vesselId: string | null;
  vesselName: string | null;
  siteId: string | null;
  siteName: string | null;
  licence: string | null;
  userName: string | null;
  reversesId: string | null;
  reversed: boolean;
  volumeBalance: number | null;
  litresBalance: number | null;
  laaBalance: number | null;
  kgBalance: number | null;
  valueBalance: number | null;
}

export interface TransactionTotals {
  totalVolume: number;
  totalLitres: number;
  totalLaa: number;
  totalKg: number;
  totalValue: number | null;
  totalCount: number;
}

export interface VesselContents {
  alcoholType: string;
  alcoholId: string;
  alcoholName: string | null;
  lot: string | null;
  volume: number;
  strength: number;
  laa: number;
  kg: number | null;
  value: number | null;
  fillPercent: number | null;
}

export interface OwnerSummary {
  id: string;
  name: string;
  /** vessels: what it holds now (null when empty) */
  contents?: VesselContents | null;
  /** alcohol records: on hand across every vessel */
  onHand?: { volume: number; laa: number; vesselCount: number } | null;
}

export interface TransactionsMeta {
  owner: OwnerSummary | null;
  totals: TransactionTotals | null;
}

const NODE_FIELDS = `id date lot refType refId excise description comments volume litres kg strength laa value
alcoholType alcoholId alcoholName vesselType vesselId vesselName siteId siteName licence userName reversesId reversed
volumeBalance litresBalance laaBalance kgBalance valueBalance`;

const ARGS = `$first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $sortKey: String,
$reverse: Boolean, $parameters: TransactionListParameters`;

const PASS =
  'first: $first, after: $after, last: $last, before: $before, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters';

/** `query TankTransactions($id: ID!, …) { owner: tank(id: $id) { id name contents {…} transactions2(…) {…} } }` */
export function transactionsDocument(owner: TransactionsOwner): string {
  const summary = owner.vessel
    ? 'contents { alcoholType alcoholId alcoholName lot volume strength laa kg value fillPercent }'
    : 'onHand { volume laa vesselCount }';
  return `query ${owner.typeName}Transactions($id: ID!, ${ARGS}) {
  owner: ${owner.kind}(id: $id) {
    id
    title: ${owner.titleField}
    ${summary}
    transactions2(${PASS}) {
      totalCount
      pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
      edges { cursor node { ${NODE_FIELDS} } }
      totals { totalVolume totalLitres totalLaa totalKg totalValue totalCount }
    }
  }
}`;
}

export const EXPORT_DOCUMENT = `query TransactionsExportCSV($id: ID!, $filters: [Filter!], $sortKey: String, $reverse: Boolean,
$parameters: TransactionListParameters) {
  transactionsExportCSV(id: $id, filters: $filters, sortKey: $sortKey, reverse: $reverse, parameters: $parameters)
}`;

export const DELETE_DOCUMENT = `mutation ExciseTransactionDelete($refId: ID!) {
  exciseTransactionDelete(refId: $refId) { refId }
}`;

interface OwnerAnswer {
  owner: {
    id: string;
    title: string | number | null;
    contents?: VesselContents | null;
    onHand?: OwnerSummary['onHand'];
    transactions2: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean };
      edges: { cursor: string; node: ExciseTransactionRow }[];
      totals: TransactionTotals | null;
    };
  } | null;
}

/** What the list passes in `meta`: whose transactions. */
export interface TransactionsListMeta {
  owner: TransactionsOwner;
  id: string;
}

export function createTransactionsProvider(fetchImpl: typeof fetch): ConnectionDataProvider {
  return createConnectionProvider({
    [TRANSACTIONS_RESOURCE]: {
      variables: (params: GetListParams) => {
        const { owner, id } = params.meta as TransactionsListMeta;
        return { kind: owner.kind, id, ...toTransactionQuery(params.filter, params.sort) };
      },
      fetch: async (variables, request: PageRequest) => {
        const { kind, ...rest } = variables;
        const owner = ownerOf(String(kind));
        if (!owner) throw new Error(`No transactions list for "${String(kind)}"`);
        const data = await callApi<OwnerAnswer>(fetchImpl, transactionsDocument(owner), { ...rest, ...request });
        if (!data.owner) {
          const meta: TransactionsMeta = { owner: null, totals: null };
          return { nodes: [], cursors: [], total: 0, hasNextPage: false, meta };
        }
        const { transactions2, title, ...summary } = data.owner;
        const meta: TransactionsMeta = {
          owner: { ...summary, name: title === null || title === undefined ? '' : String(title) },
          totals: transactions2.totals,
        };
        return answerOf(transactions2, meta);
      },
    },
  });
}

/** The URL of the CSV file of the list as filtered and sorted. */
export async function exportTransactions(
  fetchImpl: typeof fetch,
  id: string,
  filter: Record<string, unknown>,
  sort: { field?: string; order?: string },
): Promise<string> {
  const data = await callApi<{ transactionsExportCSV: string }>(fetchImpl, EXPORT_DOCUMENT, {
    id,
    ...toTransactionQuery(filter, sort),
  });
  if (!data.transactionsExportCSV) throw new Error('transactionsExportCSV answered no URL');
  return data.transactionsExportCSV;
}

/** Reverses everything posted under `refId`. */
export async function deleteTransaction(fetchImpl: typeof fetch, refId: string): Promise<void> {
  await callApi(fetchImpl, DELETE_DOCUMENT, { refId });
}
