// The company's portal settings (issue 18): whether its customers' portal is open, which
// products they may see and order, and which of its sections they see (sections.ts). Staff set
// them on the portal setup screen, in one save.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { recordAudit } from '../audit/audit';
import { checkSections, portalSectionsOf, visibleSections, type PortalSections } from './sections';

/** Products one portal may show: a wholesale list, not the whole catalogue of a large company. */
export const MAX_PORTAL_PRODUCTS = 500;

export interface PortalSettings {
  enabled: boolean;
  productIds: string[];
  sections: PortalSections;
}

export interface PortalSettingsInput {
  enabled: boolean;
  productIds: string[];
  /** omitted: the sections stay as they are (a caller from before sections could be chosen) */
  sections?: PortalSections | null;
}

export async function portalSettingsOf(db: Db, companyId: string): Promise<PortalSettings> {
  const [settings] = rowsOf<{ enabled: boolean }>(
    await db.execute(sql`SELECT enabled FROM portal_settings WHERE company_id = ${companyId}`),
  );
  const products = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT product_id::text AS id FROM portal_products WHERE company_id = ${companyId} ORDER BY product_id`),
  );
  return {
    enabled: settings?.enabled ?? false,
    productIds: products.map((p) => p.id),
    sections: await portalSectionsOf(db, companyId),
  };
}

/** Replaces the settings in one transaction; every product must be one of the company's. */
export async function setPortalSettings(ctx: DomainContext, input: PortalSettingsInput): Promise<PortalSettings> {
  const ids = [...new Set(input.productIds.map(String))];
  if (ids.length > MAX_PORTAL_PRODUCTS)
    throw validationError({ productIds: `At most ${MAX_PORTAL_PRODUCTS} products` });
  if (ids.some((id) => !/^\d{1,18}$/.test(id))) throw validationError({ productIds: 'No such product' });
  const chosen = input.sections == null ? null : checkSections(input.sections);
  const { companyId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const before = await portalSettingsOf(tx, companyId);
    if (ids.length) {
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT id::text AS id FROM products WHERE company_id = ${companyId}
            AND id IN (${sql.join(
              ids.map((id) => sql`${id}::bigint`),
              sql`, `,
            )})`),
      );
      const known = new Set(found.map((r) => r.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) throw validationError({ productIds: `No such product: ${missing.join(', ')}` });
    }
    const sections = chosen ?? before.sections;
    await tx.execute(sql`
      INSERT INTO portal_settings (company_id, enabled, show_order, show_orders, show_shipments, show_invoices,
                                   show_statement)
      VALUES (${companyId}, ${input.enabled}, ${sections.order}, ${sections.orders}, ${sections.shipments},
              ${sections.invoices}, ${sections.statement})
      ON CONFLICT (company_id) DO UPDATE SET enabled = excluded.enabled, show_order = excluded.show_order,
        show_orders = excluded.show_orders, show_shipments = excluded.show_shipments,
        show_invoices = excluded.show_invoices, show_statement = excluded.show_statement, updated_at = now()`);
    await tx.execute(sql`DELETE FROM portal_products WHERE company_id = ${companyId}`);
    if (ids.length)
      await tx.execute(sql`
        INSERT INTO portal_products (company_id, product_id)
        SELECT ${companyId}::bigint, unnest(${sql`ARRAY[${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )}]`})`);
    const after = await portalSettingsOf(tx, companyId);
    await recordAudit(tx, ctx.actor, {
      entity: 'portalSettings',
      entityId: companyId,
      event: 'updated',
      // the sections as the list shown, so a change reads as which ones came or went
      before: { ...before, sections: visibleSections(before.sections) },
      after: { ...after, sections: visibleSections(after.sections) },
    });
    return after;
  });
}
