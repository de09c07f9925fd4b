// The setup query (spec 7): what the setup wizard needs to tell what is left to do, each part
// only for the permission its check needs (spec 6). Every count is of the actor's company's
// active records.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  bulkContainerTable,
  caskTable,
  companySettingsTable,
  companyTable,
  fermenterTable,
  itemTable,
  productTable,
  siteTable,
  spiritTable,
  stillTable,
  tankTable,
  wineTable,
} from '../../../generated/tables';
import { concurrently, rowsOf } from '../../db/connect';
import { hasPermission } from '../../../shared/permissions';
import type { DomainContext } from '../records/actor';
import { readPreferences } from '../preferences/store';

/** The provider the accounting integration connects to (the company's qboPlan is its plan). */
const ACCOUNTING_PROVIDER = 'QuickBooks Online';

// the tables counted, by the permission their check needs
const INVENTORY_COUNTS = {
  spirits: spiritTable,
  wines: wineTable,
  items: itemTable,
  products: productTable,
  casks: caskTable,
  bulkContainers: bulkContainerTable,
} as const;
const PRODUCTION_COUNTS = { tanks: tankTable, stills: stillTable, fermenters: fermenterTable } as const;

type Counted = PgTable & { companyId: AnyPgColumn; active: AnyPgColumn };

/** The active records of each table, in one statement. */
async function countsOf(ctx: DomainContext, tables: Record<string, Counted>): Promise<Record<string, number>> {
  const keys = Object.keys(tables);
  const columns = keys.map((key) => {
    const t = tables[key];
    return sql`(SELECT count(*) FROM ${t} WHERE ${t.companyId} = ${ctx.actor.companyId} AND ${t.active}) AS ${sql.identifier(key)}`;
  });
  const [row] = rowsOf<Record<string, unknown>>(await ctx.db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`));
  return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)]));
}

async function companyPart(ctx: DomainContext) {
  const [company] = await ctx.db
    .select({
      address: companyTable.address,
      phone: companyTable.phone,
      businessNumber: companyTable.businessNumber,
      connectedToAccounting: companyTable.connectedToAccounting,
    })
    .from(companyTable)
    .where(eq(companyTable.id, ctx.actor.companyId));
  const sites = await ctx.db
    .select({
      id: siteTable.id,
      name: siteTable.name,
      spiritsLicense: siteTable.spiritsLicense,
      warehouseLicense: siteTable.warehouseLicense,
    })
    .from(siteTable)
    .where(and(eq(siteTable.companyId, ctx.actor.companyId), eq(siteTable.active, true)))
    .orderBy(asc(siteTable.name));
  return {
    company: {
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      businessNumber: company?.businessNumber ?? null,
      sites,
    },
    accountingProvider: company?.connectedToAccounting ? ACCOUNTING_PROVIDER : null,
  };
}

async function doneSetupOf(ctx: DomainContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ doneSetup: companySettingsTable.doneSetup })
    .from(companySettingsTable)
    .where(eq(companySettingsTable.companyId, ctx.actor.companyId));
  // a company without a settings row has every setting at its default: not set up
  return row?.doneSetup ?? false;
}

export async function setupState(ctx: DomainContext) {
  const held = ctx.actor.permissions;
  const nulls = (keys: object) => Object.fromEntries(Object.keys(keys).map((k) => [k, null]));
  const counted: Record<string, Counted> = {
    ...(hasPermission(held, 'inventory.write') ? INVENTORY_COUNTS : {}),
    ...(hasPermission(held, 'production.write') ? PRODUCTION_COUNTS : {}),
  };
  const [doneSetup, productionOverviewPreferences, company, counts] = await concurrently(
    ctx.db,
    () => doneSetupOf(ctx),
    () => readPreferences(ctx, 'workflow'),
    () =>
      hasPermission(held, 'config.write')
        ? companyPart(ctx)
        : Promise.resolve({ company: null, accountingProvider: null }),
    () => (Object.keys(counted).length ? countsOf(ctx, counted) : Promise.resolve({})),
  );
  return {
    doneSetup,
    productionOverviewPreferences,
    ...company,
    ...nulls(INVENTORY_COUNTS),
    ...nulls(PRODUCTION_COUNTS),
    ...counts,
  };
}
