// Blending, mashing and wine fermenting activity: each record of the range with what its excise
// rows moved (standing rows of its ref type) and the items its stock rows consumed.
import { sql } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import { strengthOf } from '../../excise/quantities';
import type { ReportParams } from '../params';
import type { ReportRun } from '../../../../shared/reports/types';
import {
  alcoholJoins,
  alcoholName,
  centiCell,
  itemsUsed,
  milli,
  q3,
  recordAtSite,
  recordDay,
  recordInRange,
  run,
  standing,
  vesselJoins,
  vesselName,
} from './common';

/** Blends: the inputs drawn (litres, LAA out of their vessels), the blend put into its tank. */
export async function blendingActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = await run<{
    id: string;
    day: string;
    lot: string;
    output: string | null;
    tank: string | null;
    in_volume: string;
    in_laa: string;
    out_volume: string;
    out_laa: string;
  }>(
    ctx,
    sql`
      SELECT b.id::text AS id, ${recordDay(sql`b.date`, p)} AS day, b.lot,
             max(${alcoholName('t')}) FILTER (WHERE t.volume > 0) AS output,
             max(${vesselName('t')}) FILTER (WHERE t.volume > 0) AS tank,
             coalesce(sum(-t.volume) FILTER (WHERE t.volume < 0), 0)::text AS in_volume,
             coalesce(sum(-t.laa) FILTER (WHERE t.volume < 0), 0)::text AS in_laa,
             coalesce(sum(t.volume) FILTER (WHERE t.volume > 0), 0)::text AS out_volume,
             coalesce(sum(t.laa) FILTER (WHERE t.volume > 0), 0)::text AS out_laa
      FROM blends b
      LEFT JOIN excise_transactions t ON t.company_id = b.company_id AND t.ref_type = 'blend' AND t.ref_id = b.id
        AND ${standing('excise_transactions', 't')}
      ${alcoholJoins('t')}
      ${vesselJoins('t')}
      WHERE b.company_id = ${ctx.actor.companyId} AND ${recordInRange(sql`b.date`, p)}
        ${recordAtSite('b', p)}
        ${p.spiritId ? sql`AND b.output_spirit_id = ${p.spiritId}` : sql``}
        ${p.wineId ? sql`AND b.output_wine_id = ${p.wineId}` : sql``}
      GROUP BY b.id, b.date, b.lot
      ORDER BY b.date, b.id`,
  );
  const items = await itemsUsed(
    ctx,
    'blend',
    rows.map((r) => r.id),
  );
  const sum = (k: 'in_volume' | 'in_laa' | 'out_volume' | 'out_laa') => q3(rows.reduce((s, r) => s + milli(r[k]), 0));
  return {
    rows: rows.map((r) => [
      r.day,
      r.lot,
      r.output ?? '',
      r.tank ?? '',
      q3(milli(r.in_volume)),
      q3(milli(r.in_laa)),
      items.get(r.id) ?? '',
      q3(milli(r.out_volume)),
      q3(milli(r.out_laa)),
      milli(r.out_volume) ? centiCell(strengthOf(milli(r.out_volume), milli(r.out_laa))) : '',
    ]),
    totals: ['', '', '', '', sum('in_volume'), sum('in_laa'), '', sum('out_volume'), sum('out_laa'), ''],
  };
}

/** Mashes: the mash bill, the wash put into the fermenters, the items mashed, the gravity. */
export async function mashingActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = await run<{
    id: string;
    day: string;
    lot: string;
    bill: string | null;
    volume: string;
    fermenters: string | null;
    osg: string | null;
  }>(
    ctx,
    sql`
      SELECT m.id::text AS id, ${recordDay(sql`m.date`, p)} AS day, m.lot, mb.name AS bill,
             coalesce(sum(t.volume) FILTER (WHERE t.volume > 0), 0)::text AS volume,
             string_agg(DISTINCT ${vesselName('t')}, ', ' ORDER BY ${vesselName('t')}) AS fermenters,
             m.osg::text AS osg
      FROM mashes m
      LEFT JOIN mash_bills mb ON mb.company_id = m.company_id AND mb.id = m.mash_bill_id
      LEFT JOIN excise_transactions t ON t.company_id = m.company_id AND t.ref_type = 'mash' AND t.ref_id = m.id
        AND ${standing('excise_transactions', 't')}
      ${vesselJoins('t')}
      WHERE m.company_id = ${ctx.actor.companyId} AND ${recordInRange(sql`m.date`, p)}
        ${recordAtSite('m', p)}
      GROUP BY m.id, m.date, m.lot, mb.name, m.osg
      ORDER BY m.date, m.id`,
  );
  const items = await itemsUsed(
    ctx,
    'mash',
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => [
      r.day,
      r.lot,
      r.bill ?? '',
      q3(milli(r.volume)),
      r.fermenters ?? '',
      items.get(r.id) ?? '',
      r.osg ?? '',
    ]),
    totals: ['', '', '', q3(rows.reduce((s, r) => s + milli(r.volume), 0)), '', '', ''],
  };
}

/** Wine fermentations: the wine produced in the fermenter (none yet while it ferments). */
export async function wineFermentingActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = await run<{
    day: string;
    lot: string;
    wine: string | null;
    fermenter: string | null;
    end_date: string | null;
    volume: string;
    laa: string;
  }>(
    ctx,
    sql`
      SELECT ${recordDay(sql`w.date`, p)} AS day, w.lot, wi.name AS wine, fe.name AS fermenter,
             to_char(w.end_date, 'YYYY-MM-DD') AS end_date,
             coalesce(sum(t.volume), 0)::text AS volume, coalesce(sum(t.laa), 0)::text AS laa
      FROM wine_fermentations w
      LEFT JOIN wines wi ON wi.company_id = w.company_id AND wi.id = w.wine_id
      LEFT JOIN fermenters fe ON fe.company_id = w.company_id AND fe.id = w.fermenter_id
      LEFT JOIN excise_transactions t ON t.company_id = w.company_id AND t.ref_type = 'wineFermentation'
        AND t.ref_id = w.id AND t.alcohol_type = 'Wine' AND t.volume > 0 AND ${standing('excise_transactions', 't')}
      WHERE w.company_id = ${ctx.actor.companyId} AND ${recordInRange(sql`w.date`, p)}
        ${recordAtSite('w', p)}
        ${p.wineId ? sql`AND w.wine_id = ${p.wineId}` : sql``}
      GROUP BY w.id, w.date, w.lot, wi.name, fe.name, w.end_date
      ORDER BY w.date, w.id`,
  );
  const sum = (k: 'volume' | 'laa') => q3(rows.reduce((s, r) => s + milli(r[k]), 0));
  return {
    rows: rows.map((r) => {
      const [volume, laa] = [milli(r.volume), milli(r.laa)];
      return [
        r.day,
        r.lot,
        r.wine ?? '',
        r.fermenter ?? '',
        r.end_date ?? '',
        volume ? q3(volume) : '',
        volume ? centiCell(strengthOf(volume, laa)) : '',
        volume ? q3(laa) : '',
      ];
    }),
    totals: ['', '', '', '', '', sum('volume'), '', sum('laa')],
  };
}
