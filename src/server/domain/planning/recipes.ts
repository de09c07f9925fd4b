// The recipes behind a forecast's bottling (cascadeMath.ts), read in a few grouped queries:
// which formula each product is blended by (the last blend with a formula poured into the tank
// of the product's last bottling, on or before that bottling), the formulas' lines, and the
// processes whose Hearts are a spirit, with their input items and the Hearts LAA of their last
// 12 runs.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import type { FormulaFacts, ProcessFacts } from './cascadeMath';

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
  const processes: ProcessFacts[] = makers.map((m) => ({
    processId: m.id,
    name: m.name,
    spiritId: m.spirit,
    pastRunsLaa: runs.filter((r) => r.process === m.id && r.spirit === m.spirit).map((r) => r.laa),
    inputs: inputs.filter((i) => i.process === m.id).map((i) => ({ itemName: i.item, quantity: i.quantity })),
  }));
  return {
    formulaOf: Object.fromEntries(formulaOf.map((f) => [f.product, f.formula])),
    formulas: [...formulas.values()],
    processes,
  };
}
