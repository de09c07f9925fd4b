// Bottling activity and losses, read from the bottlings and the rows they post: the bottles and
// their LAA on the stock ledger (Produced), the litres and LAA out of the tank on the excise
// ledger. A bottling's loss row (or gauging gain) carries no litres; the packaging row carries
// the litres and the LAA that went into the bottles. Expected LAA = what left the tank.
import { sql } from 'drizzle-orm';
import type { DomainContext } from '../../records/actor';
import type { ReportParams } from '../params';
import type { ReportRun } from '../../../../shared/reports/types';
import { byMonth, milli, monthsOf, percent, q3, recordAtSite, recordDay, recordInRange, run, standing } from './common';

interface BottlingRow {
  id: string;
  day: string;
  lot: string;
  product: string;
  tank: string | null;
  duty_paid: boolean;
  bottles: string;
  volume: string;
  tank_laa: string;
  bottled_laa: string;
}

async function bottlingsOf(ctx: DomainContext, p: ReportParams): Promise<BottlingRow[]> {
  return run<BottlingRow>(
    ctx,
    sql`
      SELECT b.id::text AS id, ${recordDay(sql`b.date`, p)} AS day, b.lot, pr.name AS product, tk.name AS tank,
             b.duty_paid,
             (SELECT coalesce(sum(s.quantity), 0) FROM inventory_transactions s
               WHERE s.company_id = b.company_id AND s.ref_type = 'bottling' AND s.ref_id = b.id
                 AND s.stock_kind = 'Product' AND s.category = 'Produced' AND ${standing('inventory_transactions', 's')}
             )::text AS bottles,
             coalesce(sum(-t.volume), 0)::text AS volume,
             coalesce(sum(-t.laa), 0)::text AS tank_laa,
             coalesce(sum(-t.laa) FILTER (WHERE t.volume < 0), 0)::text AS bottled_laa
      FROM bottlings b
      JOIN products pr ON pr.company_id = b.company_id AND pr.id = b.product_id
      LEFT JOIN tanks tk ON tk.company_id = b.company_id AND tk.id = b.tank_id
      LEFT JOIN excise_transactions t ON t.company_id = b.company_id AND t.ref_type = 'bottling' AND t.ref_id = b.id
        AND ${standing('excise_transactions', 't')}
      WHERE b.company_id = ${ctx.actor.companyId} AND ${recordInRange(sql`b.date`, p)}
        ${recordAtSite('b', p)}
        ${p.productId ? sql`AND b.product_id = ${p.productId}` : sql``}
      GROUP BY b.company_id, b.id, b.date, b.lot, pr.name, tk.name, b.duty_paid
      ORDER BY b.date, b.id`,
  );
}

/** Bottles are whole units; the stock ledger keeps 6 decimals. */
const bottlesOf = (text: string) => Math.round(Number(text));

export async function bottlingActivity(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = await bottlingsOf(ctx, p);
  const total = (f: (r: BottlingRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rows: rows.map((r) => [
      r.day,
      r.lot,
      r.product,
      r.tank ?? '',
      r.duty_paid ? 'Duty paid' : 'In bond',
      String(bottlesOf(r.bottles)),
      q3(milli(r.volume)),
      q3(milli(r.bottled_laa)),
    ]),
    totals: [
      '',
      '',
      '',
      '',
      '',
      String(total((r) => bottlesOf(r.bottles))),
      q3(total((r) => milli(r.volume))),
      q3(total((r) => milli(r.bottled_laa))),
    ],
  };
}

export async function bottlingLosses(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const rows = (await bottlingsOf(ctx, p)).map((r) => {
    const expected = milli(r.tank_laa);
    const bottled = milli(r.bottled_laa);
    return { r, expected, bottled, loss: expected - bottled };
  });
  const total = (f: (x: (typeof rows)[number]) => number) => rows.reduce((s, x) => s + f(x), 0);
  const [expected, bottled, loss] = [total((x) => x.expected), total((x) => x.bottled), total((x) => x.loss)];
  return {
    rows: rows.map((x) => [
      x.r.day,
      x.r.lot,
      x.r.product,
      x.r.tank ?? '',
      q3(x.expected),
      q3(x.bottled),
      q3(x.loss),
      percent(x.loss, x.expected),
    ]),
    totals: ['', '', '', '', q3(expected), q3(bottled), q3(loss), percent(loss, expected)],
    charts: [
      {
        key: 'byMonth',
        labels: monthsOf(p),
        series: [
          {
            key: 'lossLaa',
            data: byMonth(
              p,
              rows.map((x) => ({ day: x.r.day, value: x.loss })),
            ),
          },
        ],
      },
    ],
  };
}
