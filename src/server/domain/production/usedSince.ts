// Where a production record's outputs went: when editing or deleting the record is refused
// because its reversal no longer fits a vessel or a stock bucket ("This cannot be undone: Tank
// Hearts 4 holds 30.000 L; …"), the refusal names the later record that used what it made (or
// filled what it emptied), so the person knows what to undo first (issue 11: "a record whose
// outputs were already used elsewhere refuses with a message that says where").
//
// The later record is the first standing row from another source on the vessel (or the stock
// bucket: product or item, site, lot, status) the ledger refused, posted after the record's
// own rows there, and moving the other way: out of what the record put in, into what it took
// out of. A refusal the ledgers raise for another reason passes through unchanged.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { AppError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { entityOfRef, refInfos } from '../reports/lot/names';

interface LaterRow {
  ref_type: string;
  ref_id: string;
  day: string;
}

const UNDONE = 'This cannot be undone: ';

/** The later row on the vessel that moved against the record's last row there. */
async function laterOnVessel(ctx: DomainContext, refId: string, vesselId: string): Promise<LaterRow | null> {
  const [row] = rowsOf<LaterRow>(
    await ctx.db.execute(sql`
      WITH own AS (
        SELECT id, volume FROM excise_transactions
        WHERE company_id = ${ctx.actor.companyId} AND ref_id = ${refId} AND vessel_id = ${vesselId}
          AND reverses_id IS NULL
        ORDER BY id DESC LIMIT 1)
      SELECT t.ref_type, t.ref_id::text AS ref_id, to_char(t.date, 'YYYY-MM-DD') AS day
      FROM excise_transactions t, own
      WHERE t.company_id = ${ctx.actor.companyId} AND t.vessel_id = ${vesselId} AND t.id > own.id
        AND t.ref_id <> ${refId} AND sign(t.volume) = -sign(own.volume)
        AND t.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM excise_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id)
      ORDER BY t.id LIMIT 1`),
  );
  return row ?? null;
}

/** The later row in one of the record's buckets of this stock that moved against the record's. */
async function laterInStock(ctx: DomainContext, refId: string, stockId: string): Promise<LaterRow | null> {
  const [row] = rowsOf<LaterRow>(
    await ctx.db.execute(sql`
      WITH own AS (
        SELECT id, site_id, lot, status, quantity FROM inventory_transactions
        WHERE company_id = ${ctx.actor.companyId} AND ref_id = ${refId} AND stock_id = ${stockId}
          AND reverses_id IS NULL)
      SELECT t.ref_type, t.ref_id::text AS ref_id, to_char(t.date, 'YYYY-MM-DD') AS day
      FROM inventory_transactions t JOIN own
        ON t.site_id IS NOT DISTINCT FROM own.site_id AND t.lot IS NOT DISTINCT FROM own.lot
       AND t.status IS NOT DISTINCT FROM own.status AND t.id > own.id AND sign(t.quantity) = -sign(own.quantity)
      WHERE t.company_id = ${ctx.actor.companyId} AND t.stock_id = ${stockId} AND t.ref_id <> ${refId}
        AND t.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM inventory_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id)
      ORDER BY t.id LIMIT 1`),
  );
  return row ?? null;
}

/** "the distillation of 2026-05-09, lot D-005", "the shipment SH-0001 of 2026-05-20",
 * "the transfer to tank transaction 123 of 2026-05-08" (a vessel or stock action). */
async function describe(ctx: DomainContext, later: LaterRow): Promise<string> {
  const entity = entityOfRef(later.ref_type);
  if (!entity) {
    const kind = later.ref_type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return `the ${kind} transaction ${later.ref_id} of ${later.day}`;
  }
  const info = (await refInfos(ctx, [{ refType: later.ref_type, refId: later.ref_id }])).get(
    `${later.ref_type}:${later.ref_id}`,
  );
  const label = entity.label.en.toLowerCase();
  if (info?.number) return `the ${label} ${info.number} of ${later.day}`;
  if (info?.lot) return `the ${label} of ${later.day}, lot ${info.lot}`;
  return `the ${label} of ${later.day} (${entity.label.en} ${later.ref_id})`;
}

/** The ledgers' refusal to reverse the record, naming the later record that stands in the way
 * when there is one; any other error unchanged. */
export async function withWhereUsed(ctx: DomainContext, refId: string, error: unknown): Promise<unknown> {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT' || !error.message.includes(UNDONE)) return error;
  const vesselId = typeof error.info.vesselId === 'string' ? error.info.vesselId : null;
  const stockId = typeof error.info.stockId === 'string' ? error.info.stockId : null;
  const later = vesselId
    ? await laterOnVessel(ctx, refId, vesselId)
    : stockId
      ? await laterInStock(ctx, refId, stockId)
      : null;
  if (!later) return error;
  const where = await describe(ctx, later);
  return new AppError('CONFLICT', `${error.message}: used since by ${where}. Edit or delete that first`, {
    ...error.info,
    usedBy: { refType: later.ref_type, refId: later.ref_id, date: later.day },
  });
}
