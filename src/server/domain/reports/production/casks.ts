// Casks filled and the angels' share, read from the excise rows on casks (the cask's transaction
// list): a fill is a FillCask or Initial action putting spirit into a cask; the angels' share is
// what a CaskEmpty posts as its loss (the loss categories below) or what an AdjustInventory
// regauge of a cask takes off, against the LAA the cask held just before (its standing rows up
// to the action). Age: the cask's age start (ageFrom, else the fill's age date, else its fill
// date) to the day of the action, in whole years and months (casks/age.ts).
import { sql } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import { strengthOf } from '../../excise/quantities';
import { ageAt } from '../../casks/age';
import type { ReportParams } from '../params';
import type { ReportRun } from '../../../../shared/reports/types';
import { alcoholJoins, alcoholName, centiCell, milli, n3, percent, q3, run, standing } from './common';

/** The categories caskEmpty posts the evaporation under: a loss in prescribed circumstances for
 * spirits, an authorised loss for wine (B265), an adjustment in older rows. Non-excise alcohol's
 * loss shares NonExciseReduction with its destruction, so it is not told apart here. */
const LOSS_CATEGORIES = [
  'SpiritsReductionLossesPrescribed',
  'WineReductionLossesAuthorised',
  'SpiritsAdjustment',
  'WineAdjustment',
  'NonExciseAdjustment',
];

const caskFilters = (ctx: DomainContext, p: ReportParams) => sql`
  t.company_id = ${ctx.actor.companyId} AND t.vessel_type = 'Cask' AND t.date >= ${p.from} AND t.date <= ${p.to}
  AND ${standing('excise_transactions', 't')}
  ${p.siteId ? sql`AND t.site_id = ${p.siteId}` : sql``}
  ${p.spiritId ? sql`AND t.alcohol_id = ${p.spiritId}` : sql``}`;

export async function casksFill(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = await run<{
    day: string;
    cask: string;
    spirit: string | null;
    lot: string | null;
    volume: string;
    laa: string;
  }>(
    ctx,
    sql`
      SELECT to_char(t.date, 'YYYY-MM-DD') AS day, ca.number AS cask, ${alcoholName('t')} AS spirit, t.lot,
             sum(t.volume)::text AS volume, sum(t.laa)::text AS laa
      FROM excise_transactions t
      JOIN casks ca ON ca.company_id = t.company_id AND ca.id = t.vessel_id
      ${alcoholJoins('t')}
      WHERE ${caskFilters(ctx, p)} AND t.volume > 0 AND t.ref_type IN ('FillCask', 'Initial')
      GROUP BY t.ref_id, t.vessel_id, t.date, ca.number, ${alcoholName('t')}, t.lot
      ORDER BY t.date, min(t.id)`,
  );
  const volume = rows.reduce((s, r) => s + milli(r.volume), 0);
  const laa = rows.reduce((s, r) => s + milli(r.laa), 0);
  return {
    rows: rows.map((r) => [
      r.day,
      r.cask,
      r.spirit ?? '',
      r.lot ?? '',
      q3(milli(r.volume)),
      centiCell(strengthOf(milli(r.volume), milli(r.laa))),
      q3(milli(r.laa)),
    ]),
    totals: ['', '', '', '', q3(volume), '', q3(laa)],
  };
}

interface ShareRow {
  day: string;
  kind: string;
  cask: string;
  spirit: string | null;
  lot: string | null;
  loss: string;
  held: string;
  age_from: string | null;
  age_date: string | null;
  date_filled: string | null;
}

export async function angelsShare(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const co = ctx.actor.companyId;
  const before = (alias: string) =>
    sql.raw(`(${alias}.date < ev.date OR (${alias}.date = ev.date AND ${alias}.id < ev.first_id))`);
  const rows = await run<ShareRow>(
    ctx,
    sql`
      WITH ev AS (
        SELECT t.ref_id, t.ref_type, t.vessel_id, t.date, t.alcohol_type, t.alcohol_id, t.lot, t.company_id,
               min(t.id) AS first_id,
               coalesce(sum(-t.laa) FILTER (WHERE t.ref_type = 'AdjustInventory' OR t.excise IN (${sql.join(
                 LOSS_CATEGORIES.map((c) => sql`${c}`),
                 sql`, `,
               )})), 0) AS loss
        FROM excise_transactions t
        WHERE ${caskFilters(ctx, p)} AND t.ref_type IN ('CaskEmpty', 'AdjustInventory')
        GROUP BY t.ref_id, t.ref_type, t.vessel_id, t.date, t.alcohol_type, t.alcohol_id, t.lot, t.company_id)
      SELECT to_char(ev.date, 'YYYY-MM-DD') AS day, ev.ref_type AS kind, ca.number AS cask, ${alcoholName('ev')} AS spirit,
             ev.lot, ev.loss::text AS loss,
             (SELECT coalesce(sum(b.laa), 0) FROM excise_transactions b
               WHERE b.company_id = ${co} AND b.vessel_id = ev.vessel_id AND ${before('b')}
                 AND ${standing('excise_transactions', 'b')})::text AS held,
             to_char(ca.age_from, 'YYYY-MM-DD') AS age_from,
             (SELECT to_char(a.age_date, 'YYYY-MM-DD') FROM excise_transactions a
               WHERE a.company_id = ${co} AND a.vessel_id = ev.vessel_id AND a.age_date IS NOT NULL AND ${before('a')}
                 AND ${standing('excise_transactions', 'a')}
               ORDER BY a.date DESC, a.id DESC LIMIT 1) AS age_date,
             to_char(ca.date_filled, 'YYYY-MM-DD') AS date_filled
      FROM ev
      JOIN casks ca ON ca.company_id = ev.company_id AND ca.id = ev.vessel_id
      ${alcoholJoins('ev')}
      ORDER BY ev.date, ev.first_id`,
  );
  const list = rows.map((r) => {
    const held = milli(r.held);
    const loss = milli(r.loss);
    const start = r.age_from ?? r.age_date ?? r.date_filled;
    const age = start ? ageAt(start, r.day) : null;
    return { r, held, loss, age };
  });
  const held = list.reduce((s, x) => s + x.held, 0);
  const loss = list.reduce((s, x) => s + x.loss, 0);
  // the chart: the share of the LAA held that was lost, by whole years of age
  const byAge = new Map<number, { held: number; loss: number }>();
  for (const x of list) {
    if (!x.age) continue;
    const g = byAge.get(x.age.years) ?? { held: 0, loss: 0 };
    g.held += x.held;
    g.loss += x.loss;
    byAge.set(x.age.years, g);
  }
  const ages = [...byAge.keys()].sort((a, b) => a - b);
  return {
    rows: list.map((x) => [
      x.r.day,
      x.r.cask,
      x.r.spirit ?? '',
      x.r.lot ?? '',
      x.r.kind === 'CaskEmpty' ? 'Emptied' : 'Regauged',
      q3(x.held),
      q3(x.held - x.loss),
      q3(x.loss),
      percent(x.loss, x.held),
      x.age ? String(x.age.years) : '',
      x.age ? String(x.age.months) : '',
    ]),
    totals: ['', '', '', '', '', q3(held), q3(held - loss), q3(loss), percent(loss, held), '', ''],
    charts: [
      {
        key: 'byAge',
        labels: ages.map(String),
        series: [
          { key: 'lossLaa', data: ages.map((a) => n3(byAge.get(a)!.loss)) },
          { key: 'lossPercent', data: ages.map((a) => Number(percent(byAge.get(a)!.loss, byAge.get(a)!.held) || 0)) },
        ],
      },
    ],
  };
}
