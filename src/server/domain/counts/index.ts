// Counts as a domain module: reconciliations of products, items and vessels (count sheets whose
// differences post as adjustments) and batch moves of products and items (reconciliation.ts,
// batchMove.ts). Resolvers are thin: the SDL (schema/graphql/counts.graphql) authorises.
import type { DomainModule, FieldResolver } from '../kernel/module';
import type { Raw } from '../excise/inputs';
import {
  countSheet,
  deleteReconciliation,
  getReconciliation,
  listReconciliations,
  reconciliationRows,
  saveReconciliation,
  type ListArgs,
  type SheetArgs,
} from './reconciliation';
import {
  batchMoveRows,
  deleteBatchMove,
  getBatchMove,
  listBatchMoves,
  saveBatchMove,
  stockByCode,
  type BatchKind,
} from './batchMove';

const rowsField =
  (read: typeof reconciliationRows, field: 'transactions' | 'exciseTransactions'): FieldResolver =>
  async (parent, _args, ctx) =>
    (await read(await ctx.domain(), String(parent.id)))[field];

export const countsModule: DomainModule = {
  name: 'counts',
  query: {
    countSheet: async (_r, args, ctx) => countSheet(await ctx.domain(), args as unknown as SheetArgs),
    reconciliation: async (_r, args, ctx) => getReconciliation(await ctx.domain(), String(args.id)),
    reconciliations: async (_r, args, ctx) => listReconciliations(await ctx.domain(), args as unknown as ListArgs),
    batchMove: async (_r, args, ctx) => getBatchMove(await ctx.domain(), String(args.id)),
    batchMoves: async (_r, args, ctx) =>
      listBatchMoves(await ctx.domain(), args as unknown as Parameters<typeof listBatchMoves>[1]),
    stockByCode: async (_r, args, ctx) =>
      stockByCode(await ctx.domain(), args.kind as BatchKind, String(args.code ?? '')),
  },
  mutation: {
    reconciliationSave: async (_r, args, ctx) =>
      saveReconciliation(await ctx.domain(), (args.input ?? {}) as Raw, false),
    vesselReconciliationSave: async (_r, args, ctx) =>
      saveReconciliation(await ctx.domain(), (args.input ?? {}) as Raw, true),
    reconciliationDelete: async (_r, args, ctx) => deleteReconciliation(await ctx.domain(), String(args.id)),
    batchMoveSave: async (_r, args, ctx) => saveBatchMove(await ctx.domain(), (args.input ?? {}) as Raw),
    batchMoveDelete: async (_r, args, ctx) => deleteBatchMove(await ctx.domain(), String(args.id)),
  },
  types: {
    Reconciliation: {
      transactions: rowsField(reconciliationRows, 'transactions'),
      exciseTransactions: rowsField(reconciliationRows, 'exciseTransactions'),
    },
    BatchMove: { transactions: rowsField(batchMoveRows, 'transactions') },
  },
};
