// The excise ledger as a domain module: vessel actions, transaction lists, contents, and the
// hooks that keep vessels and alcohol records with ledger rows from being deleted.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { entityByName } from '../../../generated/entities';
import { hasAny, hasPermission } from '../../../shared/permissions';
import { VESSEL_TYPES, type VesselType } from '../../../shared/excise/categories';
import type { DomainContext } from '../records/actor';
import type { ApiRecord } from '../records/hydrate';
import type { EntityHooks } from '../records/hooks';
import type { DomainModule, FieldResolver, Resolver } from '../kernel/module';
import { AppError, validationError } from '../kernel/errors';
import type { ActionKind } from './actions';
import { fromMilli, strengthOf } from './quantities';
import { deleteTransactions, getAction, runAction } from './run';
import { exportTransactions, listTransactions, type LedgerKey, type TransactionListArgs } from './transactions';
import {
  ALCOHOL_KINDS,
  VESSEL_KINDS,
  alcoholTypeOfEntity,
  isEmpty,
  kindsOf,
  readVesselsById,
  readVesselsOfType,
  vesselTypeOfEntity,
  type Vessel,
} from './vessels';

/** What a vessel holds as the API answers it (null when empty). */
function contentsOf(ctx: DomainContext, v: Vessel) {
  if (isEmpty(v) || !v.alcoholType || !v.alcoholId) return null;
  return {
    alcoholType: v.alcoholType,
    alcoholId: v.alcoholId,
    alcoholName: v.alcoholName,
    lot: v.lot,
    volume: fromMilli(v.volume),
    strength: strengthOf(v.volume, v.laa) / 100,
    laa: fromMilli(v.laa),
    kg: fromMilli(v.kg),
    value: hasPermission(ctx.actor.permissions, 'values') ? v.value / 100 : null,
    ageDate: v.ageDate,
    fillPercent: v.capacity ? Math.round((v.volume * 1000) / v.capacity) / 10 : null,
    siteId: v.siteId,
  };
}

const stateOf = (ctx: DomainContext, v: Vessel) => ({
  vesselType: v.type,
  vesselId: v.id,
  vesselName: v.name,
  capacity: v.capacity === null ? null : fromMilli(v.capacity),
  contents: contentsOf(ctx, v),
});

const action =
  (kind: ActionKind): Resolver =>
  async (_r, args, ctx) =>
    runAction(await ctx.domain(), kind, (args.input ?? {}) as Record<string, unknown>);

const vesselFields: Record<string, FieldResolver> = {
  contents: async (parent, _args, ctx) => {
    const domain = await ctx.domain();
    const [v] = await readVesselsById(domain.db, domain.actor, [String(parent.id)]);
    return v ? contentsOf(domain, v) : null;
  },
  transactions2: async (parent, args, ctx) =>
    listTransactions(await ctx.domain(), { column: 'vessel_id', id: String(parent.id) }, args as TransactionListArgs),
};

const alcoholFields: Record<string, FieldResolver> = {
  onHand: async (parent, _args, ctx) => {
    const { db, actor } = await ctx.domain();
    const [row] = rowsOf<{ volume: string; laa: string; n: number }>(
      await db.execute(sql`
        SELECT coalesce(sum(volume), 0)::text AS volume, coalesce(sum(laa), 0)::text AS laa, count(*)::int AS n
        FROM vessel_contents WHERE company_id = ${actor.companyId} AND alcohol_id = ${String(parent.id)} AND volume <> 0`),
    );
    return { volume: Number(row.volume), laa: Number(row.laa), vesselCount: row.n };
  },
  transactions2: async (parent, args, ctx) =>
    listTransactions(await ctx.domain(), { column: 'alcohol_id', id: String(parent.id) }, args as TransactionListArgs),
};

/** The list a transactions export is of: a vessel or an alcohol record the user may read. */
async function ledgerKeyOf(ctx: DomainContext, id: string): Promise<LedgerKey> {
  const entity = (await kindsOf(ctx.db, ctx.actor, [id])).get(id);
  const meta = entity ? entityByName[entity] : undefined;
  const column =
    entity && vesselTypeOfEntity(entity) ? 'vessel_id' : entity && alcoholTypeOfEntity(entity) ? 'alcohol_id' : null;
  if (!meta || !column) throw new AppError('NOT_FOUND', `No transactions list for ${id}`, { id });
  if (!hasAny(ctx.actor.permissions, meta.permissions.read) || (meta.feature && !ctx.actor.features[meta.feature]))
    throw new AppError('FORBIDDEN', `You don't have permission to view ${meta.label.enPlural.toLowerCase()}`);
  return { column, id };
}

/** Vessels and alcohol records with ledger rows stay: the rows name them. */
function keepWhenPosted(kind: string): EntityHooks {
  return {
    async beforeDelete(ctx: DomainContext, record: ApiRecord) {
      const column = VESSEL_TYPES.some((t) => VESSEL_KINDS[t].entity === kind) ? sql`vessel_id` : sql`alcohol_id`;
      const [row] = rowsOf<{ n: number }>(
        await ctx.db.execute(
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM excise_transactions WHERE company_id = ${ctx.actor.companyId} AND ${column} = ${record.id} LIMIT 1) x`,
        ),
      );
      if (row.n > 0)
        throw new AppError(
          'CONFLICT',
          `${entityByName[kind].label.en} '${String(record[entityByName[kind].titleField] ?? record.id)}' has excise transactions and cannot be deleted: mark it inactive instead`,
          { id: record.id },
        );
    },
  };
}

export const exciseModule: DomainModule = {
  name: 'excise',
  query: {
    vesselContents: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const ids = (args.ids as string[]).map(String);
      if (ids.length > 1000) throw validationError({ ids: 'At most 1000 vessels at once' });
      const vessels = await readVesselsById(domain.db, domain.actor, ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      return vessels.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((v) => stateOf(domain, v));
    },
    vesselsWithContents: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const type = args.vesselType as VesselType;
      return (await readVesselsOfType(domain.db, domain.actor, type, args.siteId as string | null)).map((v) =>
        stateOf(domain, v),
      );
    },
    exciseAction: async (_r, args, ctx) => getAction(await ctx.domain(), String(args.id)),
    transactionsExportCSV: async (_r, args, ctx) => {
      const domain = await ctx.domain();
      const key = await ledgerKeyOf(domain, String(args.id));
      const csv = await exportTransactions(domain, key, args as TransactionListArgs);
      return ctx.files.save(ctx.companyId, ctx.userId, 'transactions.csv', csv);
    },
  },
  mutation: {
    exciseInitial: action('Initial'),
    exciseReduceInventory: action('ReduceInventory'),
    exciseAdjustInventory: action('AdjustInventory'),
    exciseReassignLot: action('ReassignLot'),
    exciseTransferToTank: action('TransferToTank'),
    exciseTransferToBulkContainer: action('TransferToBulkContainer'),
    exciseTransferToUserLicense: action('TransferToUserLicense'),
    exciseTransferToSpiritsLicense: action('TransferToSpiritsLicense'),
    exciseTransferToWineLicense: action('TransferToWineLicense'),
    exciseTransferSite: action('TransferSite'),
    exciseDenature: action('Denature'),
    exciseFortifyWine: action('FortifyWine'),
    tankProof: action('Proof'),
    tankFillCask: action('FillCask'),
    caskEmpty: action('CaskEmpty'),
    caskSetAge: action('CaskSetAge'),
    fermenterTransferToFermenter: action('TransferToFermenter'),
    fermenterReduceInventory: action('FermenterReduceInventory'),
    exciseTransactionDelete: async (_r, args, ctx) => deleteTransactions(await ctx.domain(), String(args.refId)),
  },
  types: {
    Tank: vesselFields,
    Fermenter: vesselFields,
    Cask: vesselFields,
    BulkContainer: vesselFields,
    Spirit: alcoholFields,
    Wine: alcoholFields,
    NonExcise: alcoholFields,
  },
  hooks: Object.fromEntries(
    [...VESSEL_TYPES.map((t) => VESSEL_KINDS[t].entity), ...Object.values(ALCOHOL_KINDS).map((k) => k.entity)].map(
      (e) => [e, keepWhenPosted(e)],
    ),
  ),
};
