// Products and items as the accounting system's Items, for invoice lines: a product (or item)
// mapped to an income account is pushed once as an Item booking to that account (and to its
// cost account, if mapped) and linked (integration_links), so its lines name it. After that the
// Item is the truth: its changes come back (itemChanges.ts). Without an income account, or
// while that account has no ref yet, the line goes without one.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import type { AccountingApp } from '../apps';
import type { ConnectorTokens } from '../connector';
import { requestIdOf, withTokens } from '../calls';
import { linkOf, saveLink } from '../store';
import { mappedAccountRef, type MappedEntity } from './mappings';

const TABLES: Record<MappedEntity, ReturnType<typeof sql.raw>> = {
  product: sql.raw('products'),
  item: sql.raw('items'),
};

/** A product's price and description go with it, so reading the Item back finds them equal;
 * an item has neither. */
const PRICED: Record<MappedEntity, ReturnType<typeof sql.raw>> = {
  product: sql.raw('price::text AS price, description'),
  item: sql.raw('NULL AS price, NULL AS description'),
};

export async function itemExternalIdOf(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  entityType: MappedEntity,
  entityId: string,
): Promise<string | null> {
  const linked = await linkOf(db, companyId, app.key, entityType, entityId);
  if (linked) return linked;
  const income = await mappedAccountRef(db, companyId, entityType, entityId, 'income');
  if (!income) return null;
  const [record] = rowsOf<{ name: string; sku: string | null; price: string | null; description: string | null }>(
    await db.execute(sql`SELECT name, sku, ${PRICED[entityType]} FROM ${TABLES[entityType]}
      WHERE company_id = ${companyId} AND id = ${entityId}`),
  );
  if (!record) return null;
  const expense = await mappedAccountRef(db, companyId, entityType, entityId, 'cogs');
  const pushed = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.pushItem(
      tokens,
      {
        name: record.name,
        sku: record.sku,
        incomeAccountExternalId: income,
        expenseAccountExternalId: expense,
        unitPrice: record.price,
        description: record.description,
      },
      requestIdOf(companyId, app.key, entityType, entityId),
    ),
  );
  await saveLink(db, companyId, app.key, entityType, entityId, pushed.id);
  // the Item's version as pushed is the read-back's baseline (itemChanges.ts)
  if (pushed.version !== null)
    await db.execute(sql`UPDATE integration_links SET external_version = ${pushed.version}
      WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type = ${entityType}
        AND entity_id = ${entityId} AND external_id = ${pushed.id} AND external_version IS NULL`);
  return pushed.id;
}
