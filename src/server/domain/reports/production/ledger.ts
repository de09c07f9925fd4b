// Spirits and wine activity: the excise ledger's standing rows of one alcohol type in the range,
// as the spirit and wine transaction lists show them (same rows, same signs), every spirit (or
// one) across every vessel, with the range's totals and the LAA by month.
import { sql } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import { EXCISE_CATEGORIES, type AlcoholType, type ExciseCategory } from '../../../../shared/excise/categories';
import { REPORT_MAX_ROWS, type ReportRun } from '../../../../shared/reports/types';
import type { ReportParams } from '../params';
import {
  alcoholJoins,
  alcoholName,
  byMonth,
  milli,
  monthsOf,
  q3,
  run,
  standing,
  strengthCell,
  vesselJoins,
  vesselName,
} from './common';

const categoryLabel = (c: string) => EXCISE_CATEGORIES[c as ExciseCategory]?.en ?? c;

async function activity(
  ctx: DomainContext,
  p: ReportParams,
  type: AlcoholType,
  alcoholId?: string,
): Promise<ReportRun> {
  const where = sql`t.company_id = ${ctx.actor.companyId} AND t.alcohol_type = ${type}
    AND t.date >= ${p.from} AND t.date <= ${p.to} AND ${standing('excise_transactions', 't')}
    ${p.siteId ? sql`AND t.site_id = ${p.siteId}` : sql``}
    ${alcoholId ? sql`AND t.alcohol_id = ${alcoholId}` : sql``}`;
  const rows = await run<{
    day: string;
    alcohol: string | null;
    lot: string | null;
    vessel: string | null;
    ref_type: string;
    excise: string;
    description: string | null;
    volume: string;
    laa: string;
    strength: string | null;
  }>(
    ctx,
    sql`
      SELECT to_char(t.date, 'YYYY-MM-DD') AS day, ${alcoholName('t')} AS alcohol, t.lot, ${vesselName('t')} AS vessel,
             t.ref_type, t.excise, t.description, t.volume::text AS volume, t.laa::text AS laa, t.strength::text AS strength
      FROM excise_transactions t
      ${alcoholJoins('t')}
      ${vesselJoins('t')}
      WHERE ${where}
      ORDER BY t.date, t.id
      LIMIT ${REPORT_MAX_ROWS + 1}`,
  );
  // totals and the chart over every row of the range, not only the rows shown
  const months = await run<{ month: string; volume: string; laa: string }>(
    ctx,
    sql`SELECT to_char(t.date, 'YYYY-MM') AS month, sum(t.volume)::text AS volume, sum(t.laa)::text AS laa
      FROM excise_transactions t WHERE ${where} GROUP BY 1 ORDER BY 1`,
  );
  const volume = months.reduce((s, m) => s + milli(m.volume), 0);
  const laa = months.reduce((s, m) => s + milli(m.laa), 0);
  return {
    rows: rows
      .slice(0, REPORT_MAX_ROWS)
      .map((r) => [
        r.day,
        r.alcohol ?? '',
        r.lot ?? '',
        r.vessel ?? '',
        r.ref_type,
        categoryLabel(r.excise),
        r.description ?? '',
        q3(milli(r.volume)),
        q3(milli(r.laa)),
        strengthCell(r.strength),
      ]),
    totals: ['', '', '', '', '', '', '', q3(volume), q3(laa), ''],
    truncated: rows.length > REPORT_MAX_ROWS,
    charts: [
      {
        key: 'byMonth',
        labels: monthsOf(p),
        series: [
          {
            key: 'laa',
            data: byMonth(
              p,
              months.map((m) => ({ day: `${m.month}-01`, value: milli(m.laa) })),
            ),
          },
        ],
      },
    ],
  };
}

export const spiritsActivity = (ctx: DomainContext, p: ReportParams) => activity(ctx, p, 'Spirit', p.spiritId);
export const wineActivity = (ctx: DomainContext, p: ReportParams) => activity(ctx, p, 'Wine', p.wineId);
