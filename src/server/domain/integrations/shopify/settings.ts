// The e-commerce setup page's choices (migration 0029): the web-store customer for orders whose
// e-mail matches no customer, whether orders are imported, and which Shopify location shows each
// site's duty-paid stock. Reading and saving need config.write, inventory.write and selling
// (spec 2.3); saving is one transaction, checked against the company's own records.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError, validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { recordAudit } from '../../audit/audit';
import { addOnFeature } from '../addOns';
import { hasPermission } from '../../../../shared/permissions';

/** spec 2.3: e-commerce integration setup (config.write, inventory.write, selling) */
export const SETUP_PERMISSION = 'config.write&inventory.write&selling';

export interface ShopifySettings {
  webCustomerId: string | null;
  orderSync: boolean;
  ordersPolledAt: string | null;
  siteLocations: { siteId: string; locationId: string }[];
}

export const MAX_SITE_LOCATIONS = 200;
const ID = /^\d{1,18}$/;

export function requireSetupAccess(ctx: DomainContext) {
  const { permissions, features } = ctx.actor;
  if (!hasPermission(permissions, SETUP_PERMISSION))
    throw new AppError('FORBIDDEN', 'The e-commerce setup needs config.write, inventory.write and selling', {});
  const feature = addOnFeature('ecommerce');
  if (!features[feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${feature})`, { feature });
}

export async function settingsOf(db: Db, companyId: string): Promise<ShopifySettings> {
  const [row] = rowsOf<{ web_customer_id: string | null; order_sync: boolean; orders_polled_at: string | null }>(
    await db.execute(sql`SELECT web_customer_id::text, order_sync, orders_polled_at::text
      FROM shopify_settings WHERE company_id = ${companyId}`),
  );
  const sites = rowsOf<{ site_id: string; location_id: string }>(
    await db.execute(sql`SELECT site_id::text, location_id FROM shopify_site_locations
      WHERE company_id = ${companyId} ORDER BY site_id`),
  );
  return {
    webCustomerId: row?.web_customer_id ?? null,
    orderSync: row?.order_sync ?? true,
    ordersPolledAt: row?.orders_polled_at ?? null,
    siteLocations: sites.map((s) => ({ siteId: s.site_id, locationId: s.location_id })),
  };
}

export interface ShopifySettingsInput {
  webCustomerId?: string | null;
  orderSync: boolean;
  siteLocations: { siteId: string; locationId: string }[];
}

export async function saveSettings(ctx: DomainContext, input: ShopifySettingsInput): Promise<ShopifySettings> {
  requireSetupAccess(ctx);
  const { companyId } = ctx.actor;
  const problems: Record<string, string> = {};
  const customer = input.webCustomerId || null;
  if (customer && !ID.test(customer)) problems.webCustomerId = 'Not a customer of this company';
  if (input.siteLocations.length > MAX_SITE_LOCATIONS) problems.siteLocations = `At most ${MAX_SITE_LOCATIONS} sites`;
  const seen = new Set<string>();
  input.siteLocations.slice(0, MAX_SITE_LOCATIONS).forEach((m, i) => {
    if (!ID.test(m.siteId)) problems[`siteLocations.${i}.siteId`] = 'Not a site of this company';
    else if (seen.has(m.siteId)) problems[`siteLocations.${i}.siteId`] = 'This site is mapped twice';
    seen.add(m.siteId);
    if (!ID.test(m.locationId)) problems[`siteLocations.${i}.locationId`] = 'Choose a Shopify location';
  });
  if (Object.keys(problems).length) throw validationError(problems);
  return ctx.db.transaction(async (tx) => {
    if (customer) {
      const found = rowsOf(
        await tx.execute(sql`SELECT 1 FROM customers WHERE company_id = ${companyId} AND id = ${customer} AND active`),
      );
      if (!found.length) throw validationError({ webCustomerId: 'Not a customer of this company' });
    }
    if (input.siteLocations.length) {
      const ids = input.siteLocations.map((m) => sql`${m.siteId}::bigint`);
      const [{ count }] = rowsOf<{ count: number }>(
        await tx.execute(sql`SELECT count(*)::int AS count FROM sites
          WHERE company_id = ${companyId} AND id IN (${sql.join(ids, sql`, `)})`),
      );
      if (count !== input.siteLocations.length) throw validationError({ siteLocations: 'Not a site of this company' });
    }
    const before = await settingsOf(tx, companyId);
    await tx.execute(sql`INSERT INTO shopify_settings (company_id, web_customer_id, order_sync)
      VALUES (${companyId}, ${customer}, ${input.orderSync})
      ON CONFLICT (company_id) DO UPDATE SET web_customer_id = EXCLUDED.web_customer_id,
        order_sync = EXCLUDED.order_sync, updated_at = now()`);
    await tx.execute(sql`DELETE FROM shopify_site_locations WHERE company_id = ${companyId}`);
    for (const m of input.siteLocations)
      await tx.execute(sql`INSERT INTO shopify_site_locations (company_id, site_id, location_id)
        VALUES (${companyId}, ${m.siteId}, ${m.locationId})`);
    const after = await settingsOf(tx, companyId);
    await recordAudit(tx, ctx.actor, {
      entity: 'integration',
      entityId: companyId,
      event: 'updated',
      before: { shopify: before },
      after: { shopify: after },
    });
    return after;
  });
}
