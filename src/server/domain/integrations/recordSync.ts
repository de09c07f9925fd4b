// How one record stands with the other systems, for its own screen (an invoice, a sales return,
// an inventory receipt, a customer, a supplier, a product, an item): sent, waiting to be sent, or refused and why. Read from the
// sync log (one row per record and app) and the links, for the person who may read the record.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { entityByName } from '../../../generated/entities';
import { hasAny } from '../../../shared/permissions';
import type { DomainContext } from '../records/actor';
import { featureOff, forbidden, validationError } from '../kernel/errors';
import { integrationApp } from './apps';
import { canSeeFailures } from './connections';
import { BILL_ENTITY } from './accounting/bills';
import { CREDIT_NOTE_ENTITY } from './accounting/creditNotes';
import { PAYMENT_ENTITY } from './accounting/payments';
import type { SyncedScreen } from '../../../shared/recordSync';

/** The sync-log and link entity types of a record's screen: an invoice's payment goes with it;
 * a product is an item in the accounting system and one in Square's catalogue (its variation,
 * linked with it, would say the same twice). */
export const SYNCED_ENTITIES: Record<SyncedScreen, readonly string[]> = {
  invoice: ['invoice', PAYMENT_ENTITY],
  salesReturn: [CREDIT_NOTE_ENTITY],
  inventoryReceipt: [BILL_ENTITY],
  customer: ['customer'],
  supplier: ['supplier'],
  product: ['product', 'squareItem'],
  item: ['item'],
};

export interface RecordSync {
  app: string;
  provider: string;
  entityType: string;
  status: string;
  error: string | null;
  at: string;
  externalId: string | null;
}

export async function recordSyncs(ctx: DomainContext, entity: string, id: string): Promise<RecordSync[]> {
  // own keys only: 'constructor' is no entity
  const types = Object.hasOwn(SYNCED_ENTITIES, entity) ? SYNCED_ENTITIES[entity as SyncedScreen] : undefined;
  const meta = Object.hasOwn(entityByName, entity) ? entityByName[entity] : undefined;
  if (!types || !meta) throw validationError({ entity: `must be one of ${Object.keys(SYNCED_ENTITIES).join(', ')}` });
  if (!/^\d{1,18}$/.test(id)) throw validationError({ id: 'must be a record id' });
  if (!hasAny(ctx.actor.permissions, meta.permissions.read))
    throw forbidden(`view ${meta.label.enPlural.toLowerCase()}`);
  if (meta.feature && !ctx.actor.features[meta.feature]) throw featureOff(meta.feature);
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = rowsOf<{
    app: string;
    entity_type: string;
    status: string;
    last_error: string | null;
    at: string;
    external_id: string | null;
  }>(
    // the log's row per app; and a link with none (a customer sent with an invoice): sent
    await ctx.db.execute(sql`SELECT s.app, s.entity_type, s.status, s.last_error,
        to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, l.external_id
      FROM integration_sync_log s
      LEFT JOIN integration_links l ON l.company_id = s.company_id AND l.app = s.app
        AND l.entity_type = s.entity_type AND l.entity_id = s.entity_id
      WHERE s.company_id = ${ctx.actor.companyId} AND s.entity_id = ${id} AND s.entity_type IN (${typeList})
      UNION ALL
      SELECT l.app, l.entity_type, 'succeeded', NULL,
        to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), l.external_id
      FROM integration_links l
      WHERE l.company_id = ${ctx.actor.companyId} AND l.entity_id = ${id} AND l.entity_type IN (${typeList})
        AND NOT EXISTS (SELECT 1 FROM integration_sync_log s WHERE s.company_id = l.company_id AND s.app = l.app
          AND s.entity_type = l.entity_type AND s.entity_id = l.entity_id)
      ORDER BY 1, 2`),
  );
  // the other system's words, as on /apps' More info: for those who set the integrations up
  const errorsShown = canSeeFailures(ctx);
  return rows.map((r) => ({
    app: r.app,
    provider: integrationApp(r.app).connector.provider,
    entityType: r.entity_type,
    status: r.status,
    error: errorsShown ? r.last_error : null,
    at: r.at,
    externalId: r.external_id,
  }));
}
