// Which accounts a product or an item books to (accounting setup page): income for its sales,
// asset for its inventory (shown as Inventory), cogs for its cost of goods sold, as QuickBooks
// Online's inventory Item has IncomeAccountRef, AssetAccountRef and ExpenseAccountRef. Each role
// takes only accounts of fitting types, so a sale never books to a bank account. Taxes, payment
// methods and suppliers keep their account on their own record. Table: migration 0028. A
// product or item already in the accounting system as an Item has the Item follow its change
// (queued here; the resolver wakes the job after the commit).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError, validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { recordAudit } from '../../audit/audit';
import { addOnFeature } from '../addOns';
import { accountTypeName } from './accountTypes';
import { queueItemAccounts } from './itemAccounts';

export const MAPPED_ENTITIES = ['product', 'item'] as const;
export type MappedEntity = (typeof MAPPED_ENTITIES)[number];
export const ACCOUNT_ROLES = ['income', 'asset', 'cogs'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The account types each role accepts. */
export const ROLE_TYPES: Record<AccountRole, readonly string[]> = {
  income: ['Income', 'OtherIncome'],
  asset: ['OtherCurrentAsset'],
  cogs: ['CostOfGoodsSold', 'Expense', 'OtherExpense'],
};

const TABLES: Record<MappedEntity, ReturnType<typeof sql.raw>> = {
  product: sql.raw('products'),
  item: sql.raw('items'),
};
/** a page of the setup list; a search narrows it */
const MAX_ROWS = 500;

export interface MappedAccount {
  id: string;
  ref: string | null;
  name: string;
  type: string;
  typeName: string;
  parentRef: string | null;
}

export interface AccountMappingView {
  entityType: MappedEntity;
  entityId: string;
  name: string;
  sku: string | null;
  income: MappedAccount | null;
  asset: MappedAccount | null;
  cogs: MappedAccount | null;
}

function requireAccounting(ctx: DomainContext) {
  const feature = addOnFeature('accounting');
  if (!ctx.actor.features[feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${feature})`, { feature });
}

function entityTypeOf(value: string): MappedEntity {
  if (!(MAPPED_ENTITIES as readonly string[]).includes(value))
    throw validationError({ entityType: `Must be one of ${MAPPED_ENTITIES.join(', ')}` });
  return value as MappedEntity;
}

interface Row {
  entity_id: string;
  name: string;
  sku: string | null;
  role: AccountRole | null;
  account_id: string | null;
  ref: string | null;
  account_name: string | null;
  type: string | null;
  parent_ref: string | null;
}

async function mappingRows(db: Db, companyId: string, entityType: MappedEntity, filter: ReturnType<typeof sql>) {
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT e.id::text AS entity_id, e.name, e.sku, m.role, a.id::text AS account_id, a.ref,
        a.name AS account_name, a.type, a.parent_ref
      FROM (SELECT id, name, sku FROM ${TABLES[entityType]} WHERE company_id = ${companyId} ${filter}
        ORDER BY name, id LIMIT ${MAX_ROWS}) e
      LEFT JOIN accounting_account_mappings m ON m.company_id = ${companyId} AND m.entity_type = ${entityType}
        AND m.entity_id = e.id
      LEFT JOIN accounts a ON a.company_id = m.company_id AND a.id = m.account_id
      ORDER BY e.name, e.id`),
  );
  const views = new Map<string, AccountMappingView>();
  for (const row of rows) {
    let view = views.get(row.entity_id);
    if (!view) {
      view = {
        entityType,
        entityId: row.entity_id,
        name: row.name,
        sku: row.sku,
        income: null,
        asset: null,
        cogs: null,
      };
      views.set(row.entity_id, view);
    }
    if (row.role && row.account_id)
      view[row.role] = {
        id: row.account_id,
        ref: row.ref,
        name: row.account_name ?? '',
        type: row.type ?? '',
        typeName: accountTypeName(row.type ?? ''),
        parentRef: row.parent_ref,
      };
  }
  return [...views.values()];
}

/** The products (or items) with their accounts, by name; `search` matches name or SKU. */
export async function listMappings(ctx: DomainContext, entityTypeText: string, search?: string | null) {
  requireAccounting(ctx);
  const entityType = entityTypeOf(entityTypeText);
  const text = (search ?? '').trim();
  if (text.length > 100) throw validationError({ search: 'Max length 100' });
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filter = text ? sql`AND (name ILIKE ${pattern} OR sku ILIKE ${pattern})` : sql``;
  return mappingRows(ctx.db, ctx.actor.companyId, entityType, filter);
}

export interface MappingInput {
  entityType: string;
  entityId: string;
  income?: string | null;
  asset?: string | null;
  cogs?: string | null;
}

/** Sets the roles given (null clears one, absent leaves it); answers the product or item with
 * its accounts. One transaction, audited. */
export async function setMapping(ctx: DomainContext, input: MappingInput): Promise<AccountMappingView> {
  requireAccounting(ctx);
  const entityType = entityTypeOf(input.entityType);
  const entityId = String(input.entityId);
  if (!/^\d{1,18}$/.test(entityId)) throw validationError({ entityId: 'No such record in this company' });
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const [entity] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id::text FROM ${TABLES[entityType]} WHERE company_id = ${companyId}
        AND id = ${entityId} FOR UPDATE`),
    );
    if (!entity) throw validationError({ entityId: 'No such record in this company' });
    const before = (await mappingRows(tx, companyId, entityType, sql`AND id = ${entityId}`))[0];
    const problems: Record<string, string> = {};
    for (const role of ACCOUNT_ROLES) {
      const accountId = input[role];
      if (accountId === undefined) continue;
      if (accountId === null) {
        await tx.execute(sql`DELETE FROM accounting_account_mappings WHERE company_id = ${companyId}
          AND entity_type = ${entityType} AND entity_id = ${entityId} AND role = ${role}`);
        continue;
      }
      const [account] = /^\d{1,18}$/.test(String(accountId))
        ? rowsOf<{ type: string }>(
            await tx.execute(
              sql`SELECT type FROM accounts WHERE company_id = ${companyId} AND id = ${String(accountId)}`,
            ),
          )
        : [];
      if (!account) {
        problems[role] = 'No such account in this company';
        continue;
      }
      if (!ROLE_TYPES[role].includes(account.type)) {
        problems[role] = `Must be an account of type ${ROLE_TYPES[role].map(accountTypeName).join(', ')}`;
        continue;
      }
      await tx.execute(sql`INSERT INTO accounting_account_mappings (company_id, entity_type, entity_id, role, account_id)
        VALUES (${companyId}, ${entityType}, ${entityId}, ${role}, ${String(accountId)})
        ON CONFLICT (company_id, entity_type, entity_id, role) DO UPDATE SET account_id = EXCLUDED.account_id,
          updated_at = now()`);
    }
    if (Object.keys(problems).length) throw validationError(problems);
    const after = (await mappingRows(tx, companyId, entityType, sql`AND id = ${entityId}`))[0];
    const ids = (v: AccountMappingView) => Object.fromEntries(ACCOUNT_ROLES.map((r) => [r, v[r]?.id ?? null]));
    await recordAudit(tx, ctx.actor, {
      entity: entityType,
      entityId,
      event: 'updated',
      before: { accounts: ids(before) },
      after: { accounts: ids(after) },
    });
    // an Item already over there books to the accounts it was made with: it follows the change
    if (before.income?.id !== after.income?.id || before.cogs?.id !== after.cogs?.id)
      await queueItemAccounts(tx, companyId, entityType, entityId);
    return after;
  });
}

/** The account a product or item books a role to, for the pushes (null: none chosen). */
export async function mappedAccountRef(
  db: Db,
  companyId: string,
  entityType: MappedEntity,
  entityId: string,
  role: AccountRole,
): Promise<string | null> {
  const [row] = rowsOf<{ ref: string | null }>(
    await db.execute(sql`SELECT a.ref FROM accounting_account_mappings m
      JOIN accounts a ON a.company_id = m.company_id AND a.id = m.account_id
      WHERE m.company_id = ${companyId} AND m.entity_type = ${entityType} AND m.entity_id = ${entityId}
        AND m.role = ${role}`),
  );
  return row?.ref ?? null;
}
