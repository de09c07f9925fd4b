// A cask's fill date and fill count follow the vessel actions that fill it (spec: filling an
// empty cask sets dateFilled and counts one more fill). The excise module calls this after each
// action, inside the action's transaction, so the ledger rows and the cask record commit
// together.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { VesselActionListener } from '../kernel/module';
import type { ActionKind } from '../excise/actions';
import type { PostingResult } from '../excise/run';
import { invalidateCounts } from '../records/countCache';

/** The actions that put alcohol into an empty cask (a fill or an opening inventory). */
const FILLING: ActionKind[] = ['FillCask', 'Initial'];
const isFilling = (m: Moved) => (FILLING as string[]).includes(m.refType);

interface Moved {
  caskId: string;
  date: string;
  /** litres in thousandths moved into (+) or out of (-) the cask by this posting */
  volume: number;
  refType: string;
}

function caskRows(result: PostingResult): Moved[] {
  const out = new Map<string, Moved>();
  for (const t of result.transactions) {
    if (t.vesselType !== 'Cask' || !t.vesselId) continue;
    const m = out.get(t.vesselId) ?? { caskId: t.vesselId, date: t.date, volume: 0, refType: t.refType };
    m.volume += Math.round(t.volume * 1000);
    if (t.volume > 0) m.date = t.date;
    out.set(t.vesselId, m);
  }
  return [...out.values()];
}

async function volumesNow(ctx: DomainContext, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: string; milli: string }>(
    await ctx.db.execute(sql`
      SELECT vessel_id::text AS id, round(volume * 1000)::text AS milli FROM vessel_contents
      WHERE company_id = ${ctx.actor.companyId} AND vessel_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, Number(r.milli)]));
}

/** After a filling action (the ones whose delete recordUnfills undoes): a cask empty before it
 * and holding something now was filled on the action's date. An edited fill (already counted)
 * only moves the date. Other actions (an adjustment, a transfer) do not count as fills. */
async function recordFills(ctx: DomainContext, result: PostingResult, editing: boolean) {
  const moved = caskRows(result).filter((m) => m.volume > 0 && isFilling(m));
  const now = await volumesNow(
    ctx,
    moved.map((m) => m.caskId),
  );
  for (const m of moved) {
    const after = now.get(m.caskId) ?? 0;
    const before = after - m.volume;
    if (before !== 0 || after === 0) continue;
    await ctx.db.execute(sql`
      UPDATE casks SET date_filled = ${m.date}, fill_count = coalesce(fill_count, 0) + ${editing ? 0 : 1}
      WHERE company_id = ${ctx.actor.companyId} AND id = ${m.caskId}`);
  }
  if (moved.length) invalidateCounts(ctx.actor.companyId, 'cask');
}

/** After deleting an action: a fill undone (the cask empty again) takes its count back, and the
 * fill date goes back to the cask's latest fill still standing (none: left as it was). */
async function recordUnfills(ctx: DomainContext, result: PostingResult) {
  const moved = caskRows(result).filter((m) => m.volume < 0 && isFilling(m));
  const now = await volumesNow(
    ctx,
    moved.map((m) => m.caskId),
  );
  for (const m of moved)
    if ((now.get(m.caskId) ?? 0) === 0)
      await ctx.db.execute(sql`
        UPDATE casks SET fill_count = greatest(coalesce(fill_count, 0) - 1, 0),
          date_filled = coalesce((
            SELECT max(t.date) FROM excise_transactions t
            WHERE t.company_id = ${ctx.actor.companyId} AND t.vessel_id = ${m.caskId} AND t.volume > 0
              AND t.ref_type IN ('FillCask', 'Initial') AND t.reverses_id IS NULL
              AND NOT EXISTS (SELECT 1 FROM excise_transactions r WHERE r.company_id = t.company_id AND r.reverses_id = t.id)
          ), date_filled)
        WHERE company_id = ${ctx.actor.companyId} AND id = ${m.caskId}`);
}

/** The casks' bookkeeping of every vessel action (wired as the casks module's vesselActions). */
export const caskFills: VesselActionListener = { afterRun: recordFills, afterDelete: recordUnfills };
