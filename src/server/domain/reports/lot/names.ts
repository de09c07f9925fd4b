// The names the lot trace shows and the screens its nodes open: vessels, alcohol, products and
// items by id; the source records by refType (a production record's lot, a document's number
// and its customer or supplier). Read in a few batched queries once the tree is built, always
// within the actor's company.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connect';
import { entityByName } from '../../../../generated/entities';
import type { DomainContext } from '../../records/actor';

export interface Named {
  name: string;
  /** the stock's units (products and items) */
  unit?: string | null;
}

export interface RefInfo {
  lot: string | null;
  number: string | null;
  /** the customer or supplier the document names */
  party: { kind: 'Customer' | 'Supplier'; id: string; name: string } | null;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The entity a refType names: production records post under their entity name ('bottling'),
 * vessel actions under their kind ('TransferToTank'), which is no entity. */
export const entityOfRef = (refType: string) =>
  entityByName[refType] ?? entityByName[refType.charAt(0).toLowerCase() + refType.slice(1)];

/** The edit screen of a record of an entity, when the entity has one with the id as its only param. */
export function editPath(entityName: string, id: string): string | null {
  const routes = entityByName[entityName]?.routes;
  if (!routes) return null;
  const path = routes.edit.replace(new RegExp(`:${routes.idParam}\\??`), encodeURIComponent(id));
  return path.includes(':') ? null : `/${path.replace(/^\//, '')}`;
}

/** The entity of a holder type: 'BulkContainer' -> 'bulkContainer'. */
export const holderEntity = (holderType: string) => holderType.charAt(0).toLowerCase() + holderType.slice(1);

export async function vesselNames(ctx: DomainContext, ids: string[]): Promise<Map<string, Named>> {
  if (!ids.length) return new Map();
  const c = ctx.actor.companyId;
  const rows = rowsOf<{ id: string; type: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, 'Tank' AS type, name FROM tanks WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, 'Fermenter', name FROM fermenters WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, 'Cask', number FROM casks WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, 'BulkContainer', name FROM bulk_containers WHERE company_id = ${c} AND id IN (${list(ids)})`),
  );
  // the bare name: the node's kind says it is a tank or a cask
  return new Map(rows.map((r) => [r.id, { name: r.name }]));
}

export async function alcoholNames(ctx: DomainContext, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const c = ctx.actor.companyId;
  const rows = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name FROM spirits WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, name FROM wines WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, name FROM non_excises WHERE company_id = ${c} AND id IN (${list(ids)})`),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Products count in their containers (bottles), items in the units they are tracked in, as
 * the stock ledger's own messages say (inventory/stock.ts). */
export async function stockNames(ctx: DomainContext, ids: string[]): Promise<Map<string, Named>> {
  if (!ids.length) return new Map();
  const c = ctx.actor.companyId;
  const rows = rowsOf<{ id: string; name: string; unit: string | null }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, coalesce(name, sku, id::text) AS name, lower(coalesce(container_type, 'unit')) || 's' AS unit
        FROM products WHERE company_id = ${c} AND id IN (${list(ids)})
      UNION ALL SELECT id::text, coalesce(name, sku, id::text), track_units
        FROM items WHERE company_id = ${c} AND id IN (${list(ids)})`),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, unit: r.unit }]));
}

/** Lot or number, and customer or supplier, of the source records, by `${refType}:${refId}`. */
export async function refInfos(
  ctx: DomainContext,
  refs: { refType: string; refId: string }[],
): Promise<Map<string, RefInfo>> {
  const out = new Map<string, RefInfo>();
  const byEntity = new Map<string, string[]>();
  for (const r of refs) {
    const entity = entityOfRef(r.refType);
    if (!entity) continue;
    byEntity.set(entity.name, [...(byEntity.get(entity.name) ?? []), r.refId]);
  }
  for (const [name, ids] of byEntity) {
    const entity = entityByName[name];
    const has = (field: string) => entity.fields.some((f) => f.name === field);
    const party = has('customer') ? 'Customer' : has('supplier') ? 'Supplier' : null;
    const partyTable = party === 'Customer' ? 'customers' : 'suppliers';
    const partyColumn = party === 'Customer' ? 'customer_id' : 'supplier_id';
    const rows = rowsOf<{
      id: string;
      lot: string | null;
      number: string | null;
      party_id: string | null;
      party_name: string | null;
    }>(
      await ctx.db.execute(sql`
        SELECT r.id::text AS id,
               ${has('lot') ? sql`r.lot` : sql`NULL::text`} AS lot,
               ${has('number') ? sql`r.number` : sql`NULL::text`} AS number,
               ${party ? sql`p.id::text` : sql`NULL::text`} AS party_id,
               ${party ? sql`p.name` : sql`NULL::text`} AS party_name
        FROM ${sql.identifier(entity.table)} r
        ${party ? sql`LEFT JOIN ${sql.identifier(partyTable)} p ON p.company_id = r.company_id AND p.id = r.${sql.identifier(partyColumn)}` : sql``}
        WHERE r.company_id = ${ctx.actor.companyId} AND r.id IN (${list([...new Set(ids)])})`),
    );
    for (const r of rows)
      for (const ref of refs.filter((x) => x.refId === r.id && entityOfRef(x.refType)?.name === name))
        out.set(`${ref.refType}:${ref.refId}`, {
          lot: r.lot,
          number: r.number,
          party: party && r.party_id ? { kind: party, id: r.party_id, name: r.party_name ?? r.party_id } : null,
        });
  }
  return out;
}

/** The invoices made from the given shipments: where the bottles were billed. */
export async function invoicesOfShipments(
  ctx: DomainContext,
  shipmentIds: string[],
): Promise<{ id: string; shipmentId: string; number: string; date: string }[]> {
  if (!shipmentIds.length) return [];
  return rowsOf<{ id: string; shipmentId: string; number: string; date: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, shipment_id::text AS "shipmentId", number, to_char(date, 'YYYY-MM-DD') AS date
      FROM invoices WHERE company_id = ${ctx.actor.companyId} AND shipment_id IN (${list(shipmentIds)})
      ORDER BY date, id`),
  );
}
