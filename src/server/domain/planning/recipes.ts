// The recipes behind a forecast's bottling (cascadeMath.ts), read in a few grouped queries:
// which formula each product is blended by (the last blend with a formula poured into the tank
// of the product's last bottling, on or before that bottling), the formulas' lines, and the
// processes whose Hearts are a spirit, with their input items, the Hearts LAA of their last
// 12 runs and the wash those runs charged from fermenters with the mash bill behind it (the last
// mash into the fermenter before the run), the mash bills' items, and the LAA of each spirit in
// tanks now.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { divRound, fromScaled, toScaled } from '../../../shared/money';
import type { FormulaFacts, MashBillFacts, ProcessFacts } from './cascadeMath';

/** past runs an average run is taken over: a year of a small distillery's runs of one process */
export const RUNS_AVERAGED = 12;

export async function recipeFacts(ctx: DomainContext) {
  const company = ctx.actor.companyId;
  const formulaOf = rowsOf<{ product: string; formula: string }>(
    await ctx.db.execute(sql`
      SELECT b.product_id::text AS product, bl.formula_id::text AS formula
      FROM (SELECT DISTINCT ON (product_id) product_id, tank_id, date FROM bottlings
            WHERE company_id = ${company} AND tank_id IS NOT NULL
            ORDER BY product_id, date DESC, id DESC) b
      JOIN LATERAL (SELECT formula_id FROM blends
            WHERE company_id = ${company} AND tank_id = b.tank_id AND formula_id IS NOT NULL AND date <= b.date
            ORDER BY date DESC, id DESC LIMIT 1) bl ON true`),
  );
  const lines = rowsOf<{
    id: string;
    name: string;
    scale_base: string | null;
    type: string;
    spirit_id: string | null;
    spirit_name: string | null;
    item_name: string | null;
    quantity: string | null;
    strength: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT f.id::text AS id, f.name, f.scale_base::text AS scale_base, fi.type, fi.spirit_id::text AS spirit_id,
             s.name AS spirit_name, i.name AS item_name, fi.quantity::text AS quantity, fi.strength::text AS strength
      FROM formulas f
        JOIN formulas_inputs fi ON fi.company_id = f.company_id AND fi.parent_id = f.id
        LEFT JOIN spirits s ON s.company_id = fi.company_id AND s.id = fi.spirit_id
        LEFT JOIN items i ON i.company_id = fi.company_id AND i.id = fi.item_id
      WHERE f.company_id = ${company}
        AND f.id IN (SELECT formula_id FROM blends WHERE company_id = ${company} AND formula_id IS NOT NULL)
      ORDER BY f.id, fi.position`),
  );
  const formulas = new Map<string, FormulaFacts>();
  for (const l of lines) {
    const f = formulas.get(l.id) ?? { formulaId: l.id, name: l.name, scaleBase: l.scale_base, lines: [] };
    formulas.set(l.id, f);
    f.lines.push({
      type: l.type,
      spiritId: l.spirit_id,
      spiritName: l.spirit_name,
      itemName: l.item_name,
      quantity: l.quantity,
      strength: l.strength,
    });
  }
  const makers = rowsOf<{ id: string; name: string; spirit: string }>(
    await ctx.db.execute(sql`
      SELECT DISTINCT p.id::text AS id, p.name, po.spirit_id::text AS spirit, lower(p.name) AS sort
      FROM processes p JOIN processes_outputs po ON po.company_id = p.company_id AND po.parent_id = p.id
      WHERE p.company_id = ${company} AND p.active AND po.cut = 'Hearts' AND po.spirit_id IS NOT NULL
      ORDER BY sort, id`),
  );
  const runs = rowsOf<{ process: string; spirit: string; laa: string }>(
    await ctx.db.execute(sql`
      SELECT process, spirit, laa FROM (
        SELECT d.process_id::text AS process, o.spirit_id::text AS spirit, sum(o.quantity)::text AS laa,
               row_number() OVER (PARTITION BY d.process_id, o.spirit_id ORDER BY d.date DESC, d.id DESC) AS n
        FROM distillations d JOIN distillations_outputs o ON o.company_id = d.company_id AND o.parent_id = d.id
        WHERE d.company_id = ${company} AND d.process_id IS NOT NULL AND o.cut = 'Hearts' AND o.spirit_id IS NOT NULL
        GROUP BY d.process_id, o.spirit_id, d.id, d.date) r
      WHERE n <= ${RUNS_AVERAGED}`),
  );
  const inputs = rowsOf<{ process: string; item: string; quantity: string | null }>(
    await ctx.db.execute(sql`
      SELECT pi.parent_id::text AS process, i.name AS item, pi.quantity::text AS quantity
      FROM processes_inputs pi JOIN items i ON i.company_id = pi.company_id AND i.id = pi.item_id
      WHERE pi.company_id = ${company} ORDER BY pi.parent_id, pi.position`),
  );
  const washes = await washOfRuns(ctx);
  const processes: ProcessFacts[] = makers.map((m) => ({
    processId: m.id,
    name: m.name,
    spiritId: m.spirit,
    pastRunsLaa: runs.filter((r) => r.process === m.id && r.spirit === m.spirit).map((r) => r.laa),
    inputs: inputs.filter((i) => i.process === m.id).map((i) => ({ itemName: i.item, quantity: i.quantity })),
    ...washes.get(m.id),
  }));
  const tanks = rowsOf<{ spirit: string; laa: string }>(
    await ctx.db.execute(sql`
      SELECT alcohol_id::text AS spirit, sum(laa)::text AS laa FROM vessel_contents
      WHERE company_id = ${company} AND vessel_type = 'Tank' AND alcohol_type = 'Spirit' AND alcohol_id IS NOT NULL
      GROUP BY alcohol_id`),
  );
  return {
    formulaOf: Object.fromEntries(formulaOf.map((f) => [f.product, f.formula])),
    formulas: [...formulas.values()],
    processes,
    mashBills: await mashBillFacts(ctx, [...new Set([...washes.values()].map((w) => w.mashBillId))]),
    spiritInTanks: Object.fromEntries(tanks.map((t) => [t.spirit, t.laa])),
  };
}

/** Per process: the litres of wash an average one of its last runs charged from fermenters, and
 * the mash bill of the last mash into each charged fermenter on or before the run (the one most
 * charged; on a tie, the latest). */
async function washOfRuns(ctx: DomainContext): Promise<Map<string, { washPerRun: string; mashBillId: string | null }>> {
  const company = ctx.actor.companyId;
  const charges = rowsOf<{ process: string; run: string; litres: string; bill: string | null }>(
    await ctx.db.execute(sql`
      WITH runs AS (
        SELECT id, process_id, date FROM (
          SELECT d.id, d.process_id, d.date,
                 row_number() OVER (PARTITION BY d.process_id ORDER BY d.date DESC, d.id DESC) AS n
          FROM distillations d
          WHERE d.company_id = ${company} AND d.process_id IS NOT NULL
            AND EXISTS (SELECT 1 FROM distillations_inputs i WHERE i.company_id = d.company_id
                          AND i.parent_id = d.id AND i.fermenter_id IS NOT NULL)) r
        WHERE n <= ${RUNS_AVERAGED})
      SELECT r.process_id::text AS process, r.id::text AS run, i.quantity::text AS litres,
             m.mash_bill_id::text AS bill
      FROM runs r
        JOIN distillations_inputs i ON i.company_id = ${company} AND i.parent_id = r.id AND i.fermenter_id IS NOT NULL
        LEFT JOIN LATERAL (
          SELECT mm.mash_bill_id FROM mashes mm
            JOIN mashes_fermenters mf ON mf.company_id = mm.company_id AND mf.parent_id = mm.id
          WHERE mm.company_id = ${company} AND mf.fermenter_id = i.fermenter_id AND mm.date <= r.date
          ORDER BY mm.date DESC, mm.id DESC LIMIT 1) m ON true
      ORDER BY r.date DESC, r.id DESC`),
  );
  const byProcess = new Map<string, { runs: Set<string>; litres: bigint; bills: Map<string, bigint> }>();
  for (const c of charges) {
    const p = byProcess.get(c.process) ?? { runs: new Set(), litres: 0n, bills: new Map() };
    byProcess.set(c.process, p);
    const litres = toScaled(c.litres ?? 0, 3);
    p.runs.add(c.run);
    p.litres += litres;
    // Map order is first seen, the latest run first: a tie keeps the latest bill
    if (c.bill) p.bills.set(c.bill, (p.bills.get(c.bill) ?? 0n) + litres);
  }
  const washes = new Map<string, { washPerRun: string; mashBillId: string | null }>();
  for (const [process, p] of byProcess) {
    let bill: string | null = null;
    let most = -1n;
    for (const [id, litres] of p.bills)
      if (litres > most) {
        bill = id;
        most = litres;
      }
    washes.set(process, {
      washPerRun: fromScaled(divRound(p.litres, BigInt(p.runs.size)), 3),
      mashBillId: bill,
    });
  }
  return washes;
}

async function mashBillFacts(ctx: DomainContext, ids: (string | null)[]): Promise<MashBillFacts[]> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (!wanted.length) return [];
  const rows = rowsOf<{
    id: string;
    name: string;
    volume: string;
    scalable: boolean;
    item: string | null;
    quantity: string | null;
  }>(
    await ctx.db.execute(sql`
      SELECT b.id::text AS id, b.name, b.volume::text AS volume, b.scalable, i.name AS item,
             bi.quantity::text AS quantity
      FROM mash_bills b
        LEFT JOIN mash_bills_items bi ON bi.company_id = b.company_id AND bi.parent_id = b.id
        LEFT JOIN items i ON i.company_id = bi.company_id AND i.id = bi.item_id
      WHERE b.company_id = ${ctx.actor.companyId} AND b.id IN (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY b.id, bi.position`),
  );
  const bills = new Map<string, MashBillFacts>();
  for (const r of rows) {
    const bill = bills.get(r.id) ?? {
      mashBillId: r.id,
      name: r.name,
      volume: r.volume,
      scalable: r.scalable,
      items: [],
    };
    bills.set(r.id, bill);
    if (r.item) bill.items.push({ itemName: r.item, quantity: r.quantity });
  }
  return [...bills.values()];
}
