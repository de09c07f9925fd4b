// A document the next step of the flow points at cannot be deleted from under it: an estimate
// converted to an order, an order with shipments or invoices, a shipment with an invoice, an
// invoice with returns. The refusal names both documents and what to do first.
import { sql } from 'drizzle-orm';
import { entityByName } from '../../../../generated/entities';
import { rowsOf } from '../../../db/connect';
import type { DomainContext } from '../../records/actor';
import type { ApiRecord } from '../../records/hydrate';
import { conflict, lowerLabelOf, titleOf, type SalesDocument } from './documents';

/** Which documents point at each kind, and by which column. */
const DEPENDENTS: Record<string, { entity: SalesDocument; column: string }[]> = {
  estimate: [{ entity: 'salesOrder', column: 'estimate_id' }],
  salesOrder: [
    { entity: 'shipment', column: 'sales_order_id' },
    { entity: 'invoice', column: 'sales_order_id' },
  ],
  shipment: [{ entity: 'invoice', column: 'shipment_id' }],
  invoice: [{ entity: 'salesReturn', column: 'invoice_id' }],
};

/** The first document that depends on this one, if any. */
export async function firstDependent(
  ctx: DomainContext,
  entity: SalesDocument,
  id: string,
): Promise<{ entity: SalesDocument; id: string; number: string } | null> {
  for (const d of DEPENDENTS[entity] ?? []) {
    const [row] = rowsOf<{ id: string; number: string }>(
      await ctx.db.execute(sql`
        SELECT id::text AS id, number FROM ${sql.identifier(entityByName[d.entity].table)}
        WHERE company_id = ${ctx.actor.companyId} AND ${sql.identifier(d.column)} = ${id}
        ORDER BY id LIMIT 1`),
    );
    if (row) return { entity: d.entity, ...row };
  }
  return null;
}

/** "Sales order SO-1001 has shipment SH-1002: delete the shipment first" */
export async function refuseIfDepended(ctx: DomainContext, entity: SalesDocument, record: ApiRecord, verb = 'delete') {
  const dependent = await firstDependent(ctx, entity, String(record.id));
  if (!dependent) return;
  const what = lowerLabelOf(dependent.entity);
  throw conflict(
    `${titleOf(entity, record)} has ${what} ${dependent.number}: delete the ${what} first${verb === 'delete' ? '' : ` to ${verb}`}`,
    { dependentId: dependent.id, dependentEntity: dependent.entity },
  );
}
