// The Details reports (ReportsExciseSpiritsDetails, ReportsExciseWarehouseDetails): the ledger
// rows behind one line of a return, or behind one duty line, paged. Each row's quantity is as
// the line counts it (a reduction positive), so the rows of a line add up to the line.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { validationError } from '../kernel/errors';
import { formatScaled, parseScaled } from '../excise/quantities';
import type { Form } from './forms';
import { FORM_DEFS, checkPeriod, frequencyOfSite, readCompany, readSite } from './service';

export interface DetailsArgs {
  form: Form;
  siteId: string;
  periodStart: string;
  periodEnd: string;
  key: string;
  first?: number | null;
  offset?: number | null;
}

const STRENGTH = `coalesce(t.strength, CASE WHEN t.volume <> 0 THEN abs(t.laa) * 100 / abs(t.volume) ELSE 0 END)`;
const CLASS_SQL = sql.raw(
  `CASE WHEN ${STRENGTH} > 7 THEN 'a' WHEN ${STRENGTH} > 1.2 THEN 'b' WHEN ${STRENGTH} > 0.5 THEN 'c' ELSE 'd' END`,
);
const STOCK_DIR = sql.raw(
  `CASE WHEN (CASE WHEN t.laa <> 0 THEN t.laa ELSE t.quantity END >= 0) = (t.reverses_id IS NULL) THEN 1 ELSE -1 END`,
);
const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

export async function returnDetails(ctx: DomainContext, a: DetailsArgs) {
  const company = await readCompany(ctx.db, ctx.actor.companyId);
  const site = await readSite(ctx, a.siteId);
  checkPeriod(company, a.periodStart, a.periodEnd, frequencyOfSite(site));
  const def = FORM_DEFS[a.form];
  const first = Math.min(Math.max(a.first ?? 100, 1), 1000);
  const offset = Math.max(a.offset ?? 0, 0);
  const duty = def.duty.filter((d) => d.key === a.key);
  const lineKey = duty.length ? duty[0].line : a.key;
  const ln = def.lines.find((l) => l.key === lineKey);
  if (!ln) throw validationError({ key: `${a.form} has no line ${a.key}` });
  const excise = def.source === 'excise';
  const cat = excise ? sql`t.excise` : sql`t.category`;
  const conds: SQL[] = [
    sql`t.company_id = ${ctx.actor.companyId}`,
    sql`t.site_id = ${site.id}`,
    excise ? sql`t.alcohol_type = ${def.alcoholType!}` : sql`t.stock_kind = 'Product' AND t.status = 'InBond'`,
  ];
  if (ln.section === 'opening') conds.push(sql`t.date < ${a.periodStart}`);
  else if (ln.section === 'closing') conds.push(sql`t.date <= ${a.periodEnd}`);
  else {
    conds.push(sql`t.date >= ${a.periodStart} AND t.date <= ${a.periodEnd}`);
    conds.push(sql`${cat} IN (${list(ln.categories)})`);
    if (ln.direction) conds.push(sql`${STOCK_DIR} = ${ln.direction}`);
  }
  if (duty.length) {
    const classes = [...new Set(duty.flatMap((d) => d.classes))];
    if (excise) conds.push(sql`${CLASS_SQL} IN (${list(classes)})`);
    if (duty.every((d) => d.importedOnly))
      conds.push(
        sql`EXISTS (SELECT 1 FROM excise_transactions i WHERE i.company_id = t.company_id AND i.alcohol_id = t.alcohol_id AND i.excise = 'SpiritsAdditionImported')`,
      );
  }
  const where = sql.join(conds, sql` AND `);
  const sign = ln.section === 'reduction' ? -1 : 1;
  const qty = excise ? sql`t.litres` : sql`t.laa`;
  const [total] = rowsOf<{ n: number; qty: string | null }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n, sum(${qty})::text AS qty
      FROM ${excise ? sql`excise_transactions` : sql`inventory_transactions`} t WHERE ${where}`),
  );
  const rows = excise
    ? rowsOf<Record<string, string | null>>(
        await ctx.db.execute(sql`
          SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.excise AS category, t.ref_type,
                 t.ref_id::text AS ref_id, t.description, t.lot, t.volume::text AS volume, t.laa::text AS laa,
                 t.litres::text AS qty, t.strength::text AS strength, t.vessel_id::text AS vessel_id,
                 coalesce(tk.name, fe.name, ca.number, bc.name) AS vessel_name, coalesce(sp.name, w.name) AS name
          FROM excise_transactions t
          LEFT JOIN spirits sp ON t.alcohol_type = 'Spirit' AND sp.company_id = t.company_id AND sp.id = t.alcohol_id
          LEFT JOIN wines w ON t.alcohol_type = 'Wine' AND w.company_id = t.company_id AND w.id = t.alcohol_id
          LEFT JOIN tanks tk ON t.vessel_type = 'Tank' AND tk.company_id = t.company_id AND tk.id = t.vessel_id
          LEFT JOIN fermenters fe ON t.vessel_type = 'Fermenter' AND fe.company_id = t.company_id AND fe.id = t.vessel_id
          LEFT JOIN casks ca ON t.vessel_type = 'Cask' AND ca.company_id = t.company_id AND ca.id = t.vessel_id
          LEFT JOIN bulk_containers bc ON t.vessel_type = 'BulkContainer' AND bc.company_id = t.company_id AND bc.id = t.vessel_id
          WHERE ${where} ORDER BY t.date, t.id LIMIT ${first} OFFSET ${offset}`),
      )
    : rowsOf<Record<string, string | null>>(
        await ctx.db.execute(sql`
          SELECT t.id::text AS id, to_char(t.date, 'YYYY-MM-DD') AS date, t.category, t.ref_type,
                 t.ref_id::text AS ref_id, t.description, t.lot, t.quantity::text AS volume, t.laa::text AS laa,
                 t.laa::text AS qty, NULL AS strength, NULL AS vessel_id, NULL AS vessel_name, p.name AS name
          FROM inventory_transactions t
          LEFT JOIN products p ON p.company_id = t.company_id AND p.id = t.stock_id
          WHERE ${where} ORDER BY t.date, t.id LIMIT ${first} OFFSET ${offset}`),
      );
  const n3 = (s: string | null) => (s === null ? null : Number(s));
  return {
    key: a.key,
    label: duty.length ? duty[0].label : ln.label,
    unit: def.unit,
    totalCount: total.n,
    total: Number(formatScaled(sign * parseScaled(total.qty ?? '0', 3), 3)),
    nodes: rows.map((r) => ({
      id: r.id,
      date: r.date,
      category: r.category,
      refType: r.ref_type,
      refId: r.ref_id,
      description: r.description,
      lot: r.lot,
      name: r.name,
      vesselId: r.vessel_id,
      vesselName: r.vessel_name,
      volume: n3(r.volume),
      laa: n3(r.laa),
      strength: n3(r.strength),
      quantity: Number(formatScaled(sign * parseScaled(r.qty ?? '0', 3), 3)),
    })),
  };
}
