// InventoryAccounts: what the accounting system carries as inventory on the day, by kind, the
// inventory (asset) account each product and item is mapped to on the accounting setup page
// (accounting_account_mappings, role 'asset'; none: blank) and category: packaged products and
// items from the inventory ledger, bulk alcohol in vessels from the excise ledger (no mapping).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import { roundDecimal } from '../../../../shared/money';
import { reportMeta } from '../../../../shared/reports/catalogue';
import type { ReportRun } from '../../../../shared/reports/types';
import type { ReportParams } from '../params';
import { moneyPrecision, q3, totalsOf } from './format';

const KIND: Record<string, string> = {
  Product: 'Products',
  Item: 'Items',
  Spirit: 'Bulk spirits',
  Wine: 'Bulk wine',
  NonExcise: 'Non-excise alcohol',
};

export async function inventoryAccounts(ctx: DomainContext, p: ReportParams): Promise<ReportRun> {
  const { companyId } = ctx.actor;
  const rows = rowsOf<{
    kind: string;
    account: string | null;
    category: string | null;
    n: number;
    laa: string;
    value: string;
  }>(
    await ctx.db.execute(sql`
      WITH held AS (
        SELECT t.stock_kind AS kind, t.stock_id AS id, sum(t.quantity) AS q, sum(t.laa) AS laa, sum(t.value) AS value
        FROM inventory_transactions t WHERE t.company_id = ${companyId} AND t.date <= ${p.asOf}
        GROUP BY t.stock_kind, t.stock_id)
      SELECT h.kind, a.name AS account, c.name AS category, count(*) FILTER (WHERE h.q <> 0)::int AS n,
             sum(h.laa)::text AS laa, sum(h.value)::text AS value
      FROM held h
      LEFT JOIN products pr ON h.kind = 'Product' AND pr.company_id = ${companyId} AND pr.id = h.id
      LEFT JOIN items it ON h.kind = 'Item' AND it.company_id = ${companyId} AND it.id = h.id
      LEFT JOIN categories c ON c.company_id = ${companyId} AND c.id = coalesce(pr.category_id, it.category_id)
      LEFT JOIN accounting_account_mappings m ON m.company_id = ${companyId} AND m.role = 'asset'
        AND m.entity_type = lower(h.kind) AND m.entity_id = h.id
      LEFT JOIN accounts a ON a.company_id = ${companyId} AND a.id = m.account_id
      GROUP BY h.kind, a.name, c.name
      UNION ALL
      SELECT v.kind, NULL, NULL, count(*) FILTER (WHERE v.volume <> 0)::int, sum(v.laa)::text, sum(v.value)::text
      FROM (SELECT t.alcohol_type AS kind, t.vessel_id, sum(t.volume) AS volume, sum(t.laa) AS laa,
                   sum(coalesce(t.value, 0)) AS value
            FROM excise_transactions t WHERE t.company_id = ${companyId} AND t.date <= ${p.asOf}
            GROUP BY t.alcohol_type, t.vessel_id) v
      GROUP BY v.kind`),
  );
  const money = await moneyPrecision(ctx);
  const order = Object.keys(KIND);
  const cells = rows
    .filter((r) => r.n > 0 || Number(r.value) !== 0)
    .sort(
      (a, b) =>
        order.indexOf(a.kind) - order.indexOf(b.kind) ||
        (a.account ?? '').localeCompare(b.account ?? '') ||
        (a.category ?? '').localeCompare(b.category ?? ''),
    )
    .map((r) => [
      KIND[r.kind] ?? r.kind,
      r.account ?? '',
      r.category ?? '',
      String(r.n),
      q3(r.laa),
      roundDecimal(r.value, money),
    ]);
  return { rows: cells, totals: totalsOf(reportMeta('InventoryAccounts')!, cells, money) };
}
