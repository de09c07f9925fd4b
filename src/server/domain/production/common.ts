// What the production records share: the hooks that post a saved record (vessel rows on the
// excise ledger, item movements on the stock ledger), the refusal of a lot already used by
// another record of the same kind, the refusal to undo one whose outputs were used since
// (naming where: usedSince.ts), and the small readers of record fields.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { entityByName } from '../../../generated/entities';
import type { DomainContext } from '../records/actor';
import { dayIn, timeZoneOf } from '../company/timeZone';
import type { EntityHooks } from '../records/hooks';
import type { ApiRecord } from '../records/hydrate';
import { validationError } from '../kernel/errors';
import type { VesselWanted } from '../excise/actions';
import { post, reverse, vesselsOfRef, type Posting } from '../excise/ledger';
import { milliOf, type Milli } from '../excise/quantities';
import { lockVessels, type Vessel } from '../excise/vessels';
import { MICRO, postStock, reverseStock, type StockPosting } from '../inventory/stock';
import { completeTaskOf } from './task';
import { withWhereUsed } from './usedSince';

/** A record's effects once read: vessels to lock, ledger rows planned on them, items used. */
export interface ProductionPlan {
  vessels: VesselWanted[];
  postings(vessels: Map<string, Vessel>): Posting[];
  /** item movements (Consumed out, Produced in) on the stock ledger */
  items: StockPosting[];
}

/** Collects a form's problems by field path ('inputs.0.quantity') and refuses them together. */
export class Problems {
  readonly fields: Record<string, string> = {};
  add(field: string, message: string) {
    this.fields[field] ??= message;
  }
  get any() {
    return Object.keys(this.fields).length > 0;
  }
  check() {
    if (this.any) throw validationError(this.fields);
  }
}

type Ref = { id: string; name?: string } | null | undefined;
export const refOf = (v: unknown): string | null => {
  const r = v as Ref;
  return r && typeof r === 'object' && r.id ? String(r.id) : null;
};
/** Where a record's stock moves: its site, else the company's preferred site, else its only
 * active site; none for a company without sites. A form left without a site then uses the
 * stock of the site people work at, as they expect. */
export async function recordSite(ctx: DomainContext, record: ApiRecord): Promise<string | null> {
  const own = refOf(record.site);
  if (own) return own;
  const sites = rowsOf<{ id: string; preferred: boolean }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, preferred FROM sites WHERE company_id = ${ctx.actor.companyId} AND active
      ORDER BY preferred DESC, id LIMIT 2`),
  );
  return sites[0]?.preferred || sites.length === 1 ? sites[0].id : null;
}

export const nameOf = (v: unknown): string | null => {
  const r = v as Ref;
  return r && typeof r === 'object' && r.name ? String(r.name) : null;
};

/** A decimal field (API number) in thousandths, or null when empty. */
export const milliField = (v: unknown): Milli | null =>
  v === null || v === undefined || v === '' ? null : milliOf(Number(v));
/** A strength field (% ABV) in hundredths, or null when empty. */
export const centiField = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Math.round(Number(v) * 100);

/** An item line consumed by a record: its quantity (3 decimals) leaves the item's stock at the
 * record's site, in the line's lot. */
export function consumed(
  date: string,
  itemId: string,
  siteId: string | null,
  lot: string | null,
  quantity: Milli,
  description: string,
): StockPosting {
  return {
    date,
    kind: 'Item',
    stockId: itemId,
    siteId,
    lot: lot || null,
    status: null,
    quantity: -quantity * (MICRO / 1000),
    value: null,
    category: 'Consumed',
    description,
  };
}

export const linesOf = (record: ApiRecord, field: string): Record<string, unknown>[] =>
  Array.isArray(record[field]) ? (record[field] as Record<string, unknown>[]) : [];

/** A record's date-time as the calendar day it falls on in the company's time zone: the date of
 * its ledger rows. */
export async function recordDay(ctx: DomainContext, dateTime: unknown): Promise<string> {
  const text = String(dateTime ?? '');
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return dayIn(await timeZoneOf(ctx), new Date(text));
}

const LOT_LABEL: Record<string, string> = {
  distillation: 'distillation',
  blend: 'blend',
  wineFermentation: 'wine fermentation',
  bottling: 'bottling',
  mash: 'mash',
  packing: 'mixed-pack packing',
  assembly: 'assembly',
};

/** Refuses a lot another record of the same kind in the company already holds, naming it. */
async function assertLotFree(ctx: DomainContext, entity: string, id: string | null, lot: string) {
  const meta = entityByName[entity];
  // two saves of one lot at once wait for each other here instead of both passing the check
  await ctx.db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`lot:${ctx.actor.companyId}:${entity}:${lot.toLowerCase()}`}))`,
  );
  const [holder] = rowsOf<{ id: string; day: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS day FROM ${sql.identifier(meta.table)}
      WHERE company_id = ${ctx.actor.companyId} AND lower(lot) = lower(${lot})
        ${id ? sql`AND id <> ${id}` : sql``}
      ORDER BY id LIMIT 1`),
  );
  if (holder)
    throw validationError({
      lot: `Lot ${lot} is already used by the ${LOT_LABEL[entity] ?? meta.label.en.toLowerCase()} of ${holder.day} (${meta.label.en} ${holder.id}): choose another lot`,
    });
}

/** The hooks of a production record: a lot used once per company and kind; saving posts the
 * plan (vessel rows and item movements) under the record's id, editing reverses and re-posts,
 * deleting reverses, all in the record's transaction. */
export function productionHooks(
  entity: string,
  plan: (ctx: DomainContext, record: ApiRecord) => Promise<ProductionPlan>,
): EntityHooks {
  return {
    async beforeWrite(ctx, change) {
      const input = change.input as { lot?: unknown };
      const lot = input.lot !== undefined ? input.lot : change.before?.lot;
      if (typeof lot === 'string' && lot.trim())
        await assertLotFree(ctx, entity, change.before ? String(change.before.id) : null, lot.trim());
    },
    async afterWrite(ctx, change) {
      if (change.activityId) await completeTaskOf(ctx, change.activityId);
    },
    async post(ctx, record) {
      const planned = await plan(ctx, record);
      const ref = { refType: entity, refId: String(record.id) };
      if (planned.vessels.length) {
        const vessels = await lockVessels(ctx.db, ctx.actor, planned.vessels);
        await post(ctx, ref, planned.postings(vessels));
      }
      if (planned.items.length) await postStock(ctx, ref, planned.items);
    },
    async unpost(ctx, record) {
      const ref = { refType: entity, refId: String(record.id) };
      try {
        const ids = await vesselsOfRef(ctx.db, ctx.actor.companyId, ref.refId);
        if (ids.length) {
          const vessels = await lockVessels(
            ctx.db,
            ctx.actor,
            ids.map((id) => ({ id, field: 'id' })),
          );
          await reverse(ctx, ref, vessels);
        }
        await reverseStock(ctx, ref);
      } catch (error) {
        // outputs used since: the refusal names the record that used them
        throw await withWhereUsed(ctx, ref.refId, error);
      }
    },
  };
}
