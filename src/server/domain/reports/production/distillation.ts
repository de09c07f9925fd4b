// The distillation reports, read from the distillations and the excise rows they post (ref
// type 'distillation'): the charge is what left the fermenters and tanks (rows out of a vessel),
// the output what the cuts kept put into tanks (rows into one). Yield = LAA out / LAA in.
import { sql } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import { parseScaled, shareOf } from '../../excise/quantities';
import type { ReportParams } from '../params';
import type { ReportRun } from '../../../../shared/reports/types';
import { byMonth, milli, monthsOf, percent, q3, recordAtSite, recordDay, recordInRange, run, standing } from './common';

interface RunRow {
  id: string;
  day: string;
  lot: string;
  still: string | null;
  process_id: string | null;
  process: string | null;
  in_volume: string;
  in_laa: string;
  out_volume: string;
  out_laa: string;
}

/** Each distillation of the range with what it charged and collected (standing rows). */
async function runsOf(ctx: DomainContext, p: ReportParams): Promise<RunRow[]> {
  return run<RunRow>(
    ctx,
    sql`
      SELECT d.id::text AS id, ${recordDay(sql`d.date`, p)} AS day, d.lot, st.name AS still,
             pr.id::text AS process_id, pr.name AS process,
             coalesce(sum(-t.volume) FILTER (WHERE t.volume < 0), 0)::text AS in_volume,
             coalesce(sum(-t.laa) FILTER (WHERE t.volume < 0), 0)::text AS in_laa,
             coalesce(sum(t.volume) FILTER (WHERE t.volume > 0), 0)::text AS out_volume,
             coalesce(sum(t.laa) FILTER (WHERE t.volume > 0), 0)::text AS out_laa
      FROM distillations d
      LEFT JOIN stills st ON st.company_id = d.company_id AND st.id = d.still_id
      LEFT JOIN processes pr ON pr.company_id = d.company_id AND pr.id = d.process_id
      LEFT JOIN excise_transactions t ON t.company_id = d.company_id AND t.ref_type = 'distillation'
        AND t.ref_id = d.id AND ${standing('excise_transactions', 't')}
      WHERE d.company_id = ${ctx.actor.companyId} AND ${recordInRange(sql`d.date`, p)}
        ${recordAtSite('d', p)}
        ${p.processId ? sql`AND d.process_id = ${p.processId}` : sql``}
        ${
          p.spiritId
            ? sql`AND EXISTS (SELECT 1 FROM excise_transactions o WHERE o.company_id = d.company_id
                AND o.ref_type = 'distillation' AND o.ref_id = d.id AND o.volume > 0 AND o.alcohol_id = ${p.spiritId})`
            : sql``
        }
      GROUP BY d.id, d.date, d.lot, st.name, pr.id, pr.name
      ORDER BY d.date, d.id`,
  );
}

export async function distillationActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const runs = await runsOf(ctx, p);
  const sum = (key: keyof RunRow) => runs.reduce((s, r) => s + milli(r[key]), 0);
  const [inV, inL, outV, outL] = [sum('in_volume'), sum('in_laa'), sum('out_volume'), sum('out_laa')];
  return {
    rows: runs.map((r) => [
      r.day,
      r.lot,
      r.still ?? '',
      r.process ?? '',
      q3(milli(r.in_volume)),
      q3(milli(r.in_laa)),
      q3(milli(r.out_volume)),
      q3(milli(r.out_laa)),
      percent(milli(r.out_laa), milli(r.in_laa)),
    ]),
    totals: ['', '', '', '', q3(inV), q3(inL), q3(outV), q3(outL), percent(outL, inL)],
    charts: [
      {
        key: 'byMonth',
        labels: monthsOf(p),
        series: [
          {
            key: 'outVolume',
            data: byMonth(
              p,
              runs.map((r) => ({ day: r.day, value: milli(r.out_volume) })),
            ),
          },
          {
            key: 'outLaa',
            data: byMonth(
              p,
              runs.map((r) => ({ day: r.day, value: milli(r.out_laa) })),
            ),
          },
        ],
      },
    ],
  };
}

export async function processPerformance(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const runs = await runsOf(ctx, p);
  const groups = new Map<string, { name: string; runs: number; inLaa: number; outLaa: number }>();
  for (const r of runs) {
    const key = r.process_id ?? '';
    const g = groups.get(key) ?? { name: r.process ?? '(no process)', runs: 0, inLaa: 0, outLaa: 0 };
    g.runs += 1;
    g.inLaa += milli(r.in_laa);
    g.outLaa += milli(r.out_laa);
    groups.set(key, g);
  }
  const list = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
  const total = list.reduce(
    (t, g) => ({ runs: t.runs + g.runs, inLaa: t.inLaa + g.inLaa, outLaa: t.outLaa + g.outLaa }),
    {
      runs: 0,
      inLaa: 0,
      outLaa: 0,
    },
  );
  return {
    rows: list.map((g) => [g.name, String(g.runs), q3(g.inLaa), q3(g.outLaa), percent(g.outLaa, g.inLaa)]),
    totals: ['', String(total.runs), q3(total.inLaa), q3(total.outLaa), percent(total.outLaa, total.inLaa)],
  };
}

interface Used {
  name: string;
  units: string;
  /** millionths of the item's unit, as the stock ledger keeps them */
  micro: number;
  runs: Set<string>;
  laa: number;
}

/**
 * Items to spirit: for each item, what the range's distillations used of it (charged to the still
 * directly, or mashed into the wash they charged: the mash's items shared by the litres of its wash
 * drawn over the litres it made) and the spirit LAA those runs produced; LAA per unit divides one
 * by the other. A run using two items counts its LAA under both (the grain bill made it together).
 */
export async function itemToSpirit(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const runs = await runsOf(ctx, p);
  if (!runs.length) return { rows: [], totals: ['', '', '', '', '', ''] };
  const co = ctx.actor.companyId;
  const ids = sql.join(
    runs.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const spiritLaa = new Map(
    (
      await run<{ id: string; laa: string }>(
        ctx,
        sql`SELECT t.ref_id::text AS id, sum(t.laa)::text AS laa FROM excise_transactions t
          WHERE t.company_id = ${co} AND t.ref_type = 'distillation' AND t.ref_id IN (${ids})
            AND t.alcohol_type = 'Spirit' AND t.volume > 0 AND ${standing('excise_transactions', 't')}
          GROUP BY t.ref_id`,
      )
    ).map((r) => [r.id, milli(r.laa)]),
  );
  // items charged straight to the still
  const direct = await run<{ ref: string; item: string; name: string; units: string | null; quantity: string }>(
    ctx,
    sql`SELECT t.ref_id::text AS ref, i.id::text AS item, i.name, i.track_units AS units, (-sum(t.quantity))::text AS quantity
      FROM inventory_transactions t JOIN items i ON i.company_id = t.company_id AND i.id = t.stock_id
      WHERE t.company_id = ${co} AND t.ref_type = 'distillation' AND t.ref_id IN (${ids}) AND t.stock_kind = 'Item'
        AND t.category = 'Consumed' AND ${standing('inventory_transactions', 't')}
      GROUP BY t.ref_id, i.id, i.name, i.track_units`,
  );
  // wash drawn from fermenters, by the mash whose lot it carries, with the mash's wash and items
  const fromMash = await run<{
    ref: string;
    drawn: string;
    made: string;
    item: string;
    name: string;
    units: string | null;
    quantity: string;
  }>(
    ctx,
    sql`
      WITH draws AS (
        SELECT t.ref_id, lower(t.lot) AS lot, sum(-t.volume) AS drawn FROM excise_transactions t
        WHERE t.company_id = ${co} AND t.ref_type = 'distillation' AND t.ref_id IN (${ids})
          AND t.vessel_type = 'Fermenter' AND t.volume < 0 AND t.lot IS NOT NULL AND ${standing('excise_transactions', 't')}
        GROUP BY t.ref_id, lower(t.lot)),
      mashes_made AS (
        SELECT m.id, lower(m.lot) AS lot, (SELECT coalesce(sum(w.volume), 0) FROM excise_transactions w
          WHERE w.company_id = m.company_id AND w.ref_type = 'mash' AND w.ref_id = m.id AND w.volume > 0
            AND ${standing('excise_transactions', 'w')}) AS made
        FROM mashes m WHERE m.company_id = ${co} AND lower(m.lot) IN (SELECT lot FROM draws))
      SELECT d.ref_id::text AS ref, d.drawn::text AS drawn, mm.made::text AS made, i.id::text AS item, i.name,
             i.track_units AS units, (-sum(s.quantity))::text AS quantity
      FROM draws d
      JOIN mashes_made mm ON mm.lot = d.lot AND mm.made > 0
      JOIN inventory_transactions s ON s.company_id = ${co} AND s.ref_type = 'mash' AND s.ref_id = mm.id
        AND s.stock_kind = 'Item' AND s.category = 'Consumed' AND ${standing('inventory_transactions', 's')}
      JOIN items i ON i.company_id = s.company_id AND i.id = s.stock_id
      GROUP BY d.ref_id, d.drawn, mm.made, i.id, i.name, i.track_units`,
  );
  const items = new Map<string, Used>();
  const add = (item: string, name: string, units: string | null, ref: string, micro: number) => {
    const u = items.get(item) ?? { name, units: units ?? '', micro: 0, runs: new Set<string>(), laa: 0 };
    u.micro += micro;
    if (!u.runs.has(ref)) {
      u.runs.add(ref);
      u.laa += spiritLaa.get(ref) ?? 0;
    }
    items.set(item, u);
  };
  for (const r of direct) add(r.item, r.name, r.units, r.ref, milliToMicro(r.quantity));
  for (const r of fromMash)
    add(r.item, r.name, r.units, r.ref, shareOf(milliToMicro(r.quantity), milli(r.drawn), milli(r.made)));
  const list = [...items.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    rows: list.map((u) => {
      const quantity = shareOf(u.micro, 1, 1000);
      return [
        u.name,
        u.units,
        q3(quantity),
        String(u.runs.size),
        q3(u.laa),
        // LAA per unit, to 3 decimals: laa (thousandths) x 1000 / quantity (thousandths)
        quantity ? q3(shareOf(u.laa, 1000, quantity)) : '',
      ];
    }),
    totals: ['', '', '', '', '', ''],
  };
}

/** A stock quantity's text (6 decimals) as millionths. */
const milliToMicro = (text: string) => parseScaled(text, 6);
